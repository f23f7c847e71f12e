import type { Currency } from '../currency.ts';
import { headerKey, isBlankRow } from './csv-read.ts';
import type { CsvRow } from './csv-read.ts';
import { amountAt, cellAt, columnOf } from './columns.ts';
import type { ImportedExpense, ImportedGroup, ImportedPayment, ImportWarning, PersonAmount } from './model.ts';
import { refuse } from './model.ts';
import { checkedExpense, expenseFromIncome, fitRounding } from './reconstruct.ts';
import { kvittCategory, parseImportDate, readCurrency } from './text.ts';

// Tricount documents no export format; what is read here is stated in decision 063. Header names are compared
// without case or accents, in English, French, German and Swedish.
const PAID_PREFIXES = ['paid by ', 'paye par ', 'bezahlt von ', 'betalt av '];
const IMPACTED_PREFIXES = ['impacted to ', 'impacte a ', 'betrifft ', 'paverkar '];
const DEFAULT_AMOUNT_PREFIXES = [
  'amount in default currency',
  'montant dans la devise par defaut',
  'betrag in standardwahrung',
  'belopp i standardvaluta',
];
const NAMES = {
  title: ['Title', 'Name', 'Description', 'Titre', 'Titel', 'Beschreibung', 'Beskrivning'],
  amount: ['Amount', 'Montant', 'Betrag', 'Belopp'],
  currency: ['Currency', 'Devise', 'Währung', 'Valuta'],
  type: ['Transaction type', 'Type', 'Type de transaction', 'Typ'],
  paidBy: ['Paid by', 'Payé par', 'Bezahlt von', 'Betalt av'],
  date: ['Date & time', 'Date', 'Date et heure', 'Datum & Uhrzeit', 'Datum', 'Datum och tid'],
  category: ['Category', 'Catégorie', 'Kategorie', 'Kategori'],
};
const TRANSFER =
  /transfer|transfert|uberweisung|overforing|remboursement|reimbursement|erstattung|aterbetalning|balance/;
const INCOME = /income|revenu|einnahme|inkomst/;

type PersonColumn = { index: number; name: string };
export type TricountColumns = {
  fields: Record<keyof typeof NAMES, number>;
  defaultAmount: number;
  paid: PersonColumn[];
  impacted: PersonColumn[];
};

function personColumns(header: ReadonlyArray<string>, prefixes: string[]): PersonColumn[] {
  return header.flatMap((cell, index) => {
    const key = headerKey(cell);
    const prefix = prefixes.find((p) => key.startsWith(p));
    return prefix ? [{ index, name: cell.trim().slice(prefix.length).trim() }] : [];
  });
}

/** The columns of a Tricount header, or null without a column per person ("Impacted to Anna") and an amount. */
export function tricountColumns(header: ReadonlyArray<string>): TricountColumns | null {
  const impacted = personColumns(header, IMPACTED_PREFIXES);
  const fields = Object.fromEntries(
    Object.entries(NAMES).map(([field, names]) => [field, columnOf(header, names)]),
  ) as TricountColumns['fields'];
  const defaultAmount = header.findIndex((cell) => DEFAULT_AMOUNT_PREFIXES.some((p) => headerKey(cell).startsWith(p)));
  if (impacted.length === 0 || (fields.amount === -1 && defaultAmount === -1)) return null;
  return { fields, defaultAmount, paid: personColumns(header, PAID_PREFIXES), impacted };
}

/**
 * Tricount's export as decision 063 reads it: a row per transaction with its title, amount (the one "in default
 * currency" when there is one), type, date, who paid ("Paid by", or a "Paid by <name>" column each) and a column
 * "Impacted to <name>" per person with their share. ";" or "," separated, decimal comma or point. A transfer from
 * one person to one other is a payment; an income (negative amounts) is rebuilt from its nets.
 */
export function parseTricount(rows: CsvRow[], columns: TricountColumns): Omit<ImportedGroup, 'format'> {
  const [header, ...body] = rows.filter((row) => !isBlankRow(row));
  if (!header) return refuse('IMPORT_EMPTY');
  const names = [...columns.impacted, ...columns.paid].map((column) => column.name);
  const people = [...new Map(names.map((name) => [headerKey(name), name])).values()].map((name) => ({
    key: headerKey(name),
    name,
  }));
  const { fields } = columns;
  const amountColumn = columns.defaultAmount !== -1 ? columns.defaultAmount : fields.amount;
  const warnings: ImportWarning[] = [];
  const expenses: ImportedExpense[] = [];
  const payments: ImportedPayment[] = [];
  let currency: Currency | null = null;
  const inHeader = /\(([^)]+)\)/.exec(header.cells[amountColumn] ?? '')?.[1];
  let rounded = 0;
  let skipped = 0;
  for (const row of body) {
    const title = cellAt(row, fields.title);
    const code = inHeader ?? cellAt(row, fields.currency);
    const read = readCurrency(code) ?? refuse('IMPORT_UNKNOWN_CURRENCY', row.line, code);
    if (currency && read.currency !== currency) refuse('IMPORT_SEVERAL_CURRENCIES', row.line, code);
    if (!currency && read.guessed) warnings.push({ kind: 'currencyGuessed', value: code, currency: read.currency });
    currency = read.currency;
    const date = parseImportDate(cellAt(row, fields.date)) ?? refuse('IMPORT_BROKEN_FILE', row.line);
    const amount = amountAt(row, amountColumn, false);
    const type = headerKey(cellAt(row, fields.type));
    const sign = amount < 0 || INCOME.test(type) ? -1 : 1;
    const totalOre = Math.abs(amount);
    const read1 = (list: PersonColumn[]) =>
      list
        .map((column) => ({ person: headerKey(column.name), amountOre: Math.abs(amountAt(row, column.index)) }))
        .filter((entry) => entry.amountOre > 0);
    let payers: PersonAmount[] = read1(columns.paid);
    if (payers.length === 0) {
      const name = headerKey(cellAt(row, fields.paidBy));
      if (!people.some((person) => person.key === name)) refuse('IMPORT_PAYER_UNKNOWN', row.line);
      payers = [{ person: name, amountOre: totalOre }];
    }
    if (totalOre === 0) {
      skipped += 1;
      continue;
    }
    const fittedPayers = fitRounding(payers, totalOre, row.line);
    const fittedShares = fitRounding(read1(columns.impacted), totalOre, row.line);
    if (fittedPayers.rounded || fittedShares.rounded) rounded += 1;
    const fieldsOf = { title, date, category: kvittCategory(cellAt(row, fields.category)) };
    const sides = { payers: fittedPayers.amounts, shares: fittedShares.amounts };
    const expense =
      sign > 0
        ? checkedExpense({ ...fieldsOf, totalOre, ...sides }, row.line)
        : expenseFromIncome(fieldsOf, sides, row.line);
    const [payer] = sides.payers;
    const [share] = sides.shares;
    if (
      sign > 0 &&
      TRANSFER.test(type) &&
      sides.payers.length === 1 &&
      sides.shares.length === 1 &&
      payer &&
      share &&
      payer.person !== share.person
    )
      payments.push({ from: payer.person, to: share.person, amountOre: totalOre, date });
    else if (expense) expenses.push(expense);
    else skipped += 1;
  }
  if (skipped > 0) warnings.push({ kind: 'skippedRows', count: skipped });
  if (rounded > 0) warnings.push({ kind: 'roundedRows', count: rounded });
  return { name: null, currency: currency ?? refuse('IMPORT_EMPTY'), people, expenses, payments, warnings };
}
