import { z } from 'zod';
import type { Currency } from '../currency.ts';
import type { CsvRow } from './csv-read.ts';
import { amountAt, cellAt, fixedColumns, peopleAfter } from './columns.ts';
import type { ImportedExpense, ImportedGroup, ImportedPayment, ImportWarning, PersonAmount } from './model.ts';
import { ImportFailure, refuse, refuseExpense } from './model.ts';
import { checkedExpense, expenseFromIncome, fitRounding } from './reconstruct.ts';
import { spliitShares } from './spliit-shares.ts';
import { kvittCategory, parseImportDate, readCurrency } from './text.ts';

const spliitExport = z.object({
  name: z.string().optional(),
  currency: z.string().optional(),
  currencyCode: z.string().nullish(),
  participants: z.array(z.object({ id: z.string(), name: z.string() })),
  expenses: z.array(
    z.object({
      id: z.string().nullish(),
      expenseDate: z.string(),
      title: z.string(),
      category: z.object({ grouping: z.string().nullish(), name: z.string().nullish() }).nullish(),
      amount: z.number().int(),
      paidById: z.string(),
      paidFor: z.array(z.object({ participantId: z.string(), shares: z.number().int().min(0) })),
      isReimbursement: z.boolean().optional(),
      splitMode: z.enum(['EVENLY', 'BY_SHARES', 'BY_PERCENTAGE', 'BY_AMOUNT']).default('EVENLY'),
    }),
  ),
});

/** True when a parsed JSON value has the shape of Spliit's export: participants and expenses. */
export const looksLikeSpliitJson = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'participants' in value && 'expenses' in value;

function groupCurrency(code: string, warnings: ImportWarning[]): Currency {
  const read = readCurrency(code) ?? refuse('IMPORT_UNKNOWN_CURRENCY', undefined, code);
  if (read.guessed) warnings.push({ kind: 'currencyGuessed', value: code, currency: read.currency });
  return read.currency;
}

/** A reimbursement from one person to one other is a payment; anything else moves money as an expense would. */
function reimbursement(expense: ImportedExpense): ImportedPayment | null {
  const [payer] = expense.payers;
  const [share] = expense.shares;
  if (expense.payers.length !== 1 || expense.shares.length !== 1 || !payer || !share) return null;
  if (payer.person === share.person) return null;
  return { from: payer.person, to: share.person, amountOre: expense.totalOre, date: expense.date };
}

type Collected = { expenses: ImportedExpense[]; payments: ImportedPayment[]; skipped: number };

/** Adds one source row: an income is rebuilt from its nets, a reimbursement becomes a payment when it is one. */
function collect(
  into: Collected,
  fields: Pick<ImportedExpense, 'title' | 'date' | 'category'>,
  amountOre: number,
  sides: { payers: PersonAmount[]; shares: PersonAmount[] },
  isReimbursement: boolean,
  row: number,
): void {
  const expense =
    amountOre > 0
      ? checkedExpense({ ...fields, totalOre: amountOre, ...sides }, row)
      : amountOre < 0
        ? expenseFromIncome(fields, sides, row)
        : null;
  if (!expense) {
    into.skipped += 1;
    return;
  }
  const payment = isReimbursement ? reimbursement(expense) : null;
  if (payment) into.payments.push(payment);
  else into.expenses.push(expense);
}

const negated = (amounts: PersonAmount[]) => amounts.map((entry) => ({ ...entry, amountOre: -entry.amountOre }));

/**
 * Spliit's JSON export (its group with participants and expenses, amounts in cents): each expense keeps its payer and
 * gets the shares Spliit itself computes (spliitShares), so balances are Spliit's to the cent.
 */
export function parseSpliitJson(value: unknown): Omit<ImportedGroup, 'format'> {
  const parsed = spliitExport.safeParse(value);
  if (!parsed.success) {
    const index = parsed.error.issues.find((issue) => issue.path[0] === 'expenses')?.path[1];
    return refuseExpense('IMPORT_BROKEN_FILE', typeof index === 'number' ? index + 1 : undefined);
  }
  const data = parsed.data;
  const warnings: ImportWarning[] = [];
  const currency = groupCurrency(data.currencyCode || data.currency || '', warnings);
  const people = data.participants.map((participant) => ({ key: participant.id, name: participant.name }));
  const known = new Set(people.map((person) => person.key));
  const into: Collected = { expenses: [], payments: [], skipped: 0 };
  data.expenses.forEach((source, index) => {
    const row = index + 1;
    try {
      const ids = [source.paidById, ...source.paidFor.map((entry) => entry.participantId)];
      if (ids.some((id) => !known.has(id))) refuse('IMPORT_BROKEN_FILE');
      const date = parseImportDate(source.expenseDate) ?? refuse('IMPORT_BROKEN_FILE');
      const category = kvittCategory(source.category?.grouping, source.category?.name);
      const shares = [...spliitShares({ ...source, id: source.id ?? null })].map(([person, amountOre]) => ({
        person,
        amountOre,
      }));
      const sides =
        source.amount >= 0
          ? { payers: [{ person: source.paidById, amountOre: source.amount }], shares }
          : { payers: [{ person: source.paidById, amountOre: -source.amount }], shares: negated(shares) };
      collect(
        into,
        { title: source.title, date, category },
        source.amount,
        sides,
        source.isReimbursement ?? false,
        row,
      );
    } catch (error) {
      // A JSON file has no lines: its problems name the expense.
      if (error instanceof ImportFailure) refuseExpense(error.problem.code, row);
      throw error;
    }
  });
  if (into.skipped > 0) warnings.push({ kind: 'skippedRows', count: into.skipped });
  return {
    name: data.name?.trim() || null,
    currency,
    people,
    expenses: into.expenses,
    payments: into.payments,
    warnings,
  };
}

const CSV_NAMES = {
  date: ['Date'],
  description: ['Description'],
  category: ['Category'],
  currency: ['Currency'],
  cost: ['Cost'],
  reimbursement: ['Is Reimbursement'],
  splitMode: ['Split mode'],
};
export type SpliitCsvColumns = Record<keyof typeof CSV_NAMES, number>;

/** The columns of a Spliit CSV header, or null when one of its seven fixed columns is missing. */
export const spliitCsvColumns = (header: ReadonlyArray<string>): SpliitCsvColumns | null =>
  fixedColumns(header, CSV_NAMES);

/**
 * Spliit's CSV export: fixed columns, then one per participant with their share of the row, positive for the payer
 * and negative for the others (both the other way round for an income). Each share there is rounded on its own, so
 * shares that miss the cost by a few öre are brought back by fitRounding and said so. A payer who took no share (as
 * in every reimbursement) shows 0; when more than that one person shows 0 the row cannot say who paid and is refused
 * (the JSON export has it).
 */
export function parseSpliitCsv(rows: CsvRow[], columns: SpliitCsvColumns): Omit<ImportedGroup, 'format'> {
  const { body, people } = peopleAfter(rows, columns);
  const warnings: ImportWarning[] = [];
  const into: Collected = { expenses: [], payments: [], skipped: 0 };
  let currency: Currency | null = null;
  let rounded = 0;
  for (const row of body) {
    const code = cellAt(row, columns.currency);
    if (currency === null) currency = groupCurrency(code, warnings);
    else if (readCurrency(code)?.currency !== currency) refuse('IMPORT_SEVERAL_CURRENCIES', row.line, code);
    const date = parseImportDate(cellAt(row, columns.date)) ?? refuse('IMPORT_BROKEN_FILE', row.line);
    const cost = amountAt(row, columns.cost, false);
    const sign = cost < 0 ? -1 : 1;
    // Seen from the payer: their cell positive, everyone else's negative, whatever the sign of the row.
    const cells = people.map((person) => ({ person: person.key, amountOre: sign * amountAt(row, Number(person.key)) }));
    const payers = cells.filter((cell) => cell.amountOre > 0);
    if (payers.length > 1) refuse('IMPORT_BROKEN_FILE', row.line);
    if (cost === 0 || cells.every((cell) => cell.amountOre === 0)) {
      into.skipped += 1;
      continue;
    }
    // A payer who took no share shows 0 like anyone left out: known only when they are the one person left out.
    const notSharing = cells.filter((cell) => cell.amountOre === 0);
    const payer = payers[0] ?? (notSharing.length === 1 ? notSharing[0] : undefined);
    if (!payer) return refuse('IMPORT_PAYER_UNKNOWN', row.line);
    const owed = cells
      .filter((cell) => cell.amountOre !== 0)
      .map((cell) => ({ person: cell.person, amountOre: Math.abs(cell.amountOre) }));
    const fitted = fitRounding(owed, sign * cost, row.line);
    if (fitted.rounded) rounded += 1;
    const sides = { payers: [{ person: payer.person, amountOre: sign * cost }], shares: fitted.amounts };
    const isReimbursement = /^(yes|ja|true)$/i.test(cellAt(row, columns.reimbursement));
    const title = cellAt(row, columns.description);
    collect(
      into,
      { title, date, category: kvittCategory(cellAt(row, columns.category)) },
      cost,
      sides,
      isReimbursement,
      row.line,
    );
  }
  if (into.skipped > 0) warnings.push({ kind: 'skippedRows', count: into.skipped });
  if (rounded > 0) warnings.push({ kind: 'roundedRows', count: rounded });
  const { expenses, payments } = into;
  return { name: null, currency: currency ?? refuse('IMPORT_EMPTY'), people, expenses, payments, warnings };
}
