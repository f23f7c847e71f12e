import type { Currency } from '../currency.ts';
import { headerKey } from './csv-read.ts';
import type { CsvRow } from './csv-read.ts';
import { amountAt, cellAt, fixedColumns, peopleAfter } from './columns.ts';
import type { ImportedExpense, ImportedGroup, ImportedPayment, ImportWarning } from './model.ts';
import { importedBalances, refuse } from './model.ts';
import { expenseFromNets, paymentsFromNets } from './reconstruct.ts';
import { kvittCategory, parseImportDate, readCurrency } from './text.ts';

// Splitwise writes its export in the user's language: the header names in English, German, French, Spanish and Swedish.
const NAMES = {
  date: ['Date', 'Datum', 'Fecha'],
  description: ['Description', 'Beschreibung', 'Descripción', 'Beskrivning'],
  category: ['Category', 'Kategorie', 'Catégorie', 'Categoría', 'Kategori'],
  cost: ['Cost', 'Kosten', 'Coût', 'Costo', 'Coste', 'Kostnad'],
  currency: ['Currency', 'Währung', 'Devise', 'Moneda', 'Valuta'],
};
const PAYMENT_CATEGORIES = new Set(['payment', 'zahlung', 'paiement', 'pago', 'betalning']);
const TOTAL_ROWS = new Set(['total balance', 'gesamtsaldo', 'solde total', 'saldo total', 'totalt saldo']);

export type SplitwiseColumns = Record<keyof typeof NAMES, number>;

/** The columns of a Splitwise header, or null when one of its five fixed columns is missing. */
export const splitwiseColumns = (header: ReadonlyArray<string>): SplitwiseColumns | null => fixedColumns(header, NAMES);

/**
 * Splitwise's group export: "Date,Description,Category,Cost,Currency" and a column per person holding that person's
 * net effect of the row (what they paid minus their share), a blank line and a "Total balance" row with each
 * person's balance. Rows of the category "Payment" are payments between people. Paid and owed are rebuilt from the
 * nets as expenseFromNets says (decision 063); the "Total balance" row, when present, must equal the result.
 */
export function parseSplitwise(rows: CsvRow[], columns: SplitwiseColumns): Omit<ImportedGroup, 'format'> {
  const { body, people } = peopleAfter(rows, columns);
  const expenses: ImportedExpense[] = [];
  const payments: ImportedPayment[] = [];
  const warnings: ImportWarning[] = [];
  let currency: Currency | null = null;
  let skipped = 0;
  let totals: { row: CsvRow; amounts: number[] } | null = null;
  for (const row of body) {
    const nets = people.map((person) => ({ person: person.key, netOre: amountAt(row, Number(person.key)) }));
    if (TOTAL_ROWS.has(headerKey(cellAt(row, columns.description)))) {
      totals = { row, amounts: nets.map((net) => net.netOre) };
      continue;
    }
    if (totals) refuse('IMPORT_BROKEN_FILE', row.line);
    const code = cellAt(row, columns.currency);
    const read = readCurrency(code) ?? refuse('IMPORT_UNKNOWN_CURRENCY', row.line, code);
    if (currency && read.currency !== currency) refuse('IMPORT_SEVERAL_CURRENCIES', row.line, code);
    if (!currency && read.guessed) warnings.push({ kind: 'currencyGuessed', value: code, currency: read.currency });
    currency = read.currency;
    const date = parseImportDate(cellAt(row, columns.date)) ?? refuse('IMPORT_BROKEN_FILE', row.line);
    const category = cellAt(row, columns.category);
    if (PAYMENT_CATEGORIES.has(headerKey(category))) {
      payments.push(...paymentsFromNets(nets, date, row.line));
      continue;
    }
    const totalOre = amountAt(row, columns.cost, false);
    const fields = { title: cellAt(row, columns.description), date, category: kvittCategory(category), totalOre };
    const expense = expenseFromNets(fields, nets, row.line);
    if (expense) expenses.push(expense);
    else skipped += 1;
  }
  if (skipped > 0) warnings.push({ kind: 'skippedRows', count: skipped });
  const group = { name: null, currency: currency ?? refuse('IMPORT_EMPTY'), people, expenses, payments, warnings };
  if (totals) checkTotals(group, totals.amounts, totals.row.line);
  return group;
}

/** The balances the rows give must be the "Total balance" row's, to the öre. */
function checkTotals(group: Omit<ImportedGroup, 'format'>, amounts: number[], line: number): void {
  const balances = importedBalances(group);
  group.people.forEach((person, i) => {
    if (balances.get(person.key) !== amounts[i]) refuse('IMPORT_AMOUNTS_MISMATCH', line);
  });
}
