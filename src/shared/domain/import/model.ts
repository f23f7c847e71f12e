import type { Currency } from '../currency.ts';

/** The exports Kvitt reads (decision 063). */
export const IMPORT_FORMATS = ['splitwise', 'tricount', 'spliit-json', 'spliit-csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Why a file cannot be imported; each is an error code with its Swedish text, `row` and `value` say where. */
export const IMPORT_PROBLEMS = [
  'IMPORT_UNKNOWN_FORMAT',
  'IMPORT_BROKEN_FILE',
  'IMPORT_AMOUNTS_MISMATCH',
  'IMPORT_UNKNOWN_CURRENCY',
  'IMPORT_SEVERAL_CURRENCIES',
  'IMPORT_PAYER_UNKNOWN',
  'IMPORT_TOO_LARGE',
  'IMPORT_EMPTY',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEMS)[number];

/**
 * Where the problem is: `row` the line of a CSV file (1 = the first line), `expense` the place of an expense in a
 * JSON file's list (1 = the first), `value` the text at fault (a currency) or what is too large.
 */
export type ImportProblem = { code: ImportProblemCode; row?: number; expense?: number; value?: string };

/** A person of the source group: `key` is stable within one file (its column or id), `name` as the file spells it. */
export type ImportedPerson = { key: string; name: string };

/** An amount a person paid or owes in an expense, whole öre, always above zero. */
export type PersonAmount = { person: string; amountOre: number };

/**
 * One expense as Kvitt will save it: in the group currency, paid by one or more people whose amounts add up to the
 * total, shared by people whose shares add up to the total.
 */
export type ImportedExpense = {
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  /** One of Kvitt's categories. */
  category: string;
  totalOre: number;
  payers: PersonAmount[];
  shares: PersonAmount[];
};

/** Money that moved from one person to another (a payment, reimbursement or transfer in the source). */
export type ImportedPayment = { from: string; to: string; amountOre: number; date: string };

/** Something the preview says about the file without refusing it. */
export type ImportWarning =
  | { kind: 'skippedRows'; count: number }
  | { kind: 'roundedRows'; count: number }
  | { kind: 'currencyGuessed'; value: string; currency: Currency }
  | { kind: 'namesChanged'; count: number };

export type ImportedGroup = {
  format: ImportFormat;
  /** The group's name when the file names it (Spliit JSON); otherwise null. */
  name: string | null;
  currency: Currency;
  people: ImportedPerson[];
  expenses: ImportedExpense[];
  payments: ImportedPayment[];
  warnings: ImportWarning[];
};

/** What reading a file gives: the group it describes, or the one reason it cannot be imported. */
export type ImportResult = { ok: true; group: ImportedGroup } | { ok: false; problem: ImportProblem };

/** Thrown inside a parser and caught by parseImportFile, so a parser reads top to bottom. */
export class ImportFailure extends Error {
  readonly problem: ImportProblem;
  constructor(problem: ImportProblem) {
    super(problem.code);
    this.problem = problem;
  }
}

export function refuse(code: ImportProblemCode, row?: number, value?: string): never {
  throw new ImportFailure({ code, ...(row === undefined ? {} : { row }), ...(value === undefined ? {} : { value }) });
}

/** As refuse, for the `expense`-th expense of a JSON file. */
export function refuseExpense(code: ImportProblemCode, expense?: number): never {
  throw new ImportFailure({ code, ...(expense === undefined ? {} : { expense }) });
}

/**
 * Each person's balance in öre: what they paid minus their shares, plus payments made minus payments received.
 * Positive means the group owes them. In the people's order.
 */
export function importedBalances(group: Pick<ImportedGroup, 'people' | 'expenses' | 'payments'>): Map<string, number> {
  const sums = new Map(group.people.map((person) => [person.key, 0]));
  const add = (key: string, amount: number) => sums.set(key, (sums.get(key) ?? 0) + amount);
  for (const expense of group.expenses) {
    for (const payer of expense.payers) add(payer.person, payer.amountOre);
    for (const share of expense.shares) add(share.person, -share.amountOre);
  }
  for (const payment of group.payments) {
    add(payment.from, payment.amountOre);
    add(payment.to, -payment.amountOre);
  }
  return sums;
}
