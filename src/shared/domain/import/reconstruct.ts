import type { ImportedExpense, ImportedPayment, PersonAmount } from './model.ts';
import { refuse } from './model.ts';

/** A person's net effect of one row in öre: positive when the row puts the group in their debt. */
export type PersonNet = { person: string; netOre: number };

/** `amount` in `count` parts as equal as whole öre allow, the first ones one öre larger. */
function equalParts(amount: number, count: number): number[] {
  const base = Math.floor(amount / count);
  return Array.from({ length: count }, (_, i) => base + (i < amount - base * count ? 1 : 0));
}

const positive = (amounts: PersonAmount[]) => amounts.filter((entry) => entry.amountOre > 0);

/**
 * Who paid and who shares an expense of `totalOre` whose people's net effects are `nets` (decision 063). Those with
 * a positive net are the payers; what the total leaves beyond their nets is their own part of the cost, split
 * equally between them, and each of them paid their net plus that part. Those with a negative net share exactly
 * that much. Both sides then add up to the total and every person's paid minus share is exactly their net. Null for
 * a row that moves no money (every net zero); refused when the nets do not add up to zero or exceed the total.
 */
export function expenseFromNets(
  fields: Pick<ImportedExpense, 'title' | 'date' | 'category' | 'totalOre'>,
  nets: ReadonlyArray<PersonNet>,
  row: number,
): ImportedExpense | null {
  if (nets.reduce((sum, net) => sum + net.netOre, 0) !== 0) refuse('IMPORT_AMOUNTS_MISMATCH', row);
  const creditors = nets.filter((net) => net.netOre > 0);
  if (creditors.length === 0) return null;
  const owed = creditors.reduce((sum, net) => sum + net.netOre, 0);
  const ownPart = fields.totalOre - owed;
  if (ownPart < 0) refuse('IMPORT_AMOUNTS_MISMATCH', row);
  const parts = equalParts(ownPart, creditors.length);
  const payers = creditors.map((net, i) => ({ person: net.person, amountOre: net.netOre + (parts[i] ?? 0) }));
  const shares = positive([
    ...creditors.map((net, i) => ({ person: net.person, amountOre: parts[i] ?? 0 })),
    ...nets.filter((net) => net.netOre < 0).map((net) => ({ person: net.person, amountOre: -net.netOre })),
  ]);
  return { ...fields, payers, shares };
}

/**
 * Payments that move money as `nets` say: each person with a positive net pays, in column order, those with a
 * negative net until both are even. One payer and one recipient give one payment. Refused when the nets do not add
 * up to zero.
 */
export function paymentsFromNets(nets: ReadonlyArray<PersonNet>, date: string, row: number): ImportedPayment[] {
  if (nets.reduce((sum, net) => sum + net.netOre, 0) !== 0) refuse('IMPORT_AMOUNTS_MISMATCH', row);
  const givers = nets.filter((net) => net.netOre > 0).map((net) => ({ ...net }));
  const takers = nets.filter((net) => net.netOre < 0).map((net) => ({ person: net.person, netOre: -net.netOre }));
  const payments: ImportedPayment[] = [];
  let t = 0;
  for (const giver of givers) {
    while (giver.netOre > 0) {
      const taker = takers[t];
      if (!taker) break;
      const amountOre = Math.min(giver.netOre, taker.netOre);
      payments.push({ from: giver.person, to: taker.person, amountOre, date });
      giver.netOre -= amountOre;
      taker.netOre -= amountOre;
      if (taker.netOre === 0) t += 1;
    }
  }
  return payments;
}

/**
 * An expense whose payers and shares are given, checked: both sides must add up to the total. Nothing is moved
 * to make them fit; a file whose amounts disagree is refused with its row.
 */
export function checkedExpense(expense: ImportedExpense, row: number): ImportedExpense {
  const payers = positive(expense.payers);
  const shares = positive(expense.shares);
  const sum = (amounts: PersonAmount[]) => amounts.reduce((total, entry) => total + entry.amountOre, 0);
  if (expense.totalOre <= 0 || sum(payers) !== expense.totalOre || sum(shares) !== expense.totalOre)
    refuse('IMPORT_AMOUNTS_MISMATCH', row);
  if ([...expense.payers, ...expense.shares].some((entry) => entry.amountOre < 0))
    refuse('IMPORT_AMOUNTS_MISMATCH', row);
  return { ...expense, payers: merged(payers), shares: merged(shares) };
}

/** One entry per person, amounts of the same person added, in first-seen order. */
function merged(amounts: PersonAmount[]): PersonAmount[] {
  const byPerson = new Map<string, number>();
  for (const entry of amounts) byPerson.set(entry.person, (byPerson.get(entry.person) ?? 0) + entry.amountOre);
  return [...byPerson].map(([person, amountOre]) => ({ person, amountOre }));
}

/**
 * Amounts an export rounded one by one (each to whole öre from an unrounded share) brought back to `total`: a
 * difference of at most one öre per person is taken from or given to the largest amounts first, one öre each;
 * `rounded` says whether anything moved. A larger difference is not rounding and refuses the file.
 */
export function fitRounding(
  amounts: PersonAmount[],
  total: number,
  row: number,
): { amounts: PersonAmount[]; rounded: boolean } {
  const difference = total - amounts.reduce((sum, entry) => sum + entry.amountOre, 0);
  if (difference === 0) return { amounts, rounded: false };
  if (Math.abs(difference) > amounts.length) return refuse('IMPORT_AMOUNTS_MISMATCH', row);
  const step = Math.sign(difference);
  const order = amounts
    .map((entry, i) => ({ i, amountOre: entry.amountOre }))
    .sort((a, b) => b.amountOre - a.amountOre);
  const fitted = amounts.map((entry) => ({ ...entry }));
  for (const { i } of order.slice(0, Math.abs(difference))) (fitted[i] as PersonAmount).amountOre += step;
  if (fitted.some((entry) => entry.amountOre < 0)) refuse('IMPORT_AMOUNTS_MISMATCH', row);
  return { amounts: fitted, rounded: true };
}

/** Each person's paid minus share in an expense; what expenseFromNets takes back. */
export function netsOf(payers: ReadonlyArray<PersonAmount>, shares: ReadonlyArray<PersonAmount>): PersonNet[] {
  const nets = new Map<string, number>();
  for (const payer of payers) nets.set(payer.person, (nets.get(payer.person) ?? 0) + payer.amountOre);
  for (const share of shares) nets.set(share.person, (nets.get(share.person) ?? 0) - share.amountOre);
  return [...nets].map(([person, netOre]) => ({ person, netOre }));
}

/**
 * An income (money the group received, a negative amount in the source) as a Kvitt expense: every total and share
 * in Kvitt is above zero, so the row is rebuilt from its people's net effects, the opposite of an expense with the
 * same payers and shares, by expenseFromNets with the sum of the positive nets as its total.
 */
export function expenseFromIncome(
  fields: Pick<ImportedExpense, 'title' | 'date' | 'category'>,
  received: { payers: PersonAmount[]; shares: PersonAmount[] },
  row: number,
): ImportedExpense | null {
  const nets = netsOf(received.payers, received.shares).map((net) => ({ ...net, netOre: -net.netOre }));
  const totalOre = nets.reduce((sum, net) => sum + Math.max(net.netOre, 0), 0);
  return expenseFromNets({ ...fields, totalOre }, nets, row);
}
