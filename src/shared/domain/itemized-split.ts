import { MAX_TOTAL_ORE } from './limits.ts';
import { ore, sumOre } from './money.ts';
import type { Ore } from './money.ts';
import { apportion } from './apportion.ts';

/** One line of a receipt as the split reads it: what it costs in öre (negative for a lone discount) and who took it. */
export type ItemLine = { amountOre: number; memberIds: readonly string[] };

export type ItemizedError = 'NO_PARTICIPANTS' | 'NO_ITEMS' | 'ITEM_UNASSIGNED' | 'INVALID_SHARE';

/** One person's part: the sum of their lines, their part of the difference, and the two together. */
export type ItemizedShare = { memberId: string; linesOre: Ore; differenceOre: Ore; amount: Ore };

export type ItemizedResult = {
  /** One entry per participant, in participant order; sum of `amount` is the total whenever `problem` is null. */
  shares: ItemizedShare[];
  /** Sum of the lines' amounts. */
  linesOre: Ore;
  /** total − linesOre: rounding, öresavrundning or lines not read, shared in proportion to each person's lines. */
  differenceOre: Ore;
  /** Indexes of lines nobody (among the participants) takes. */
  unassigned: number[];
  problem: ItemizedError | null;
};

const isLineAmount = (amount: number) => Number.isSafeInteger(amount) && Math.abs(amount) <= MAX_TOTAL_ORE;

/** Splits a signed amount in whole öre over weights by largest remainder; a negative amount is split as its size. */
function apportionSigned(amount: number, weights: Array<{ key: string; weight: number }>, seed: string): number[] {
  const parts = apportion({ total: Math.abs(amount), weights, seed });
  return amount < 0 ? parts.map((part) => -part) : parts;
}

/**
 * The itemized split ("Per rad", decision 058), in whole öre of the expense's currency: each line is split equally
 * between the people who took it (largest remainder, tie-break seeded per line), and the difference between the
 * lines and the total is shared in proportion to each person's line sum, so the shares add up exactly to the total.
 * People on a line who are not participants are ignored; a line left with nobody blocks the split. Pure and total:
 * the same answer on the web's preview and on the server.
 */
export function splitByItems(input: {
  total: Ore;
  participants: readonly string[];
  lines: readonly ItemLine[];
  seed: string;
}): ItemizedResult {
  const { total, participants, lines, seed } = input;
  const index = new Map(participants.map((memberId, i) => [memberId, i]));
  const linesSum = new Array<number>(participants.length).fill(0);
  const unassigned: number[] = [];
  let invalid = new Set(participants).size !== participants.length || !Number.isSafeInteger(total) || total <= 0;

  lines.forEach((line, lineIndex) => {
    const takers = [...new Set(line.memberIds)].filter((memberId) => index.has(memberId));
    if (takers.length === 0) unassigned.push(lineIndex);
    if (!isLineAmount(line.amountOre)) invalid = true;
    if (takers.length === 0 || !isLineAmount(line.amountOre)) return;
    const equal = takers.map((key) => ({ key, weight: 1 }));
    const parts = apportionSigned(line.amountOre, equal, `${seed}\u0000${lineIndex}`);
    takers.forEach((memberId, i) => {
      const at = index.get(memberId) as number;
      linesSum[at] = (linesSum[at] ?? 0) + (parts[i] ?? 0);
    });
  });

  const linesOre = sumOre(lines.map((line) => (isLineAmount(line.amountOre) ? line.amountOre : 0)));
  const safeTotal = Number.isSafeInteger(total) ? total : 0;
  const differenceOre = ore(safeTotal - linesOre);
  // The difference follows what each person took; with nothing positive to follow it cannot be shared.
  const weights = participants.map((key, i) => ({ key, weight: Math.max(0, linesSum[i] ?? 0) }));
  const canShare = differenceOre === 0 || weights.some((w) => w.weight > 0);
  const differences = canShare ? apportionSigned(differenceOre, weights, seed) : weights.map(() => 0);
  const shares = participants.map((memberId, i) => {
    const own = linesSum[i] ?? 0;
    const difference = differences[i] ?? 0;
    return { memberId, linesOre: ore(own), differenceOre: ore(difference), amount: ore(own + difference) };
  });
  if (!canShare || shares.some((share) => share.amount < 0)) invalid = true;

  let problem: ItemizedError | null = null;
  if (participants.length === 0) problem = 'NO_PARTICIPANTS';
  else if (lines.length === 0) problem = 'NO_ITEMS';
  else if (unassigned.length > 0) problem = 'ITEM_UNASSIGNED';
  else if (invalid || sumOre(shares.map((s) => s.amount)) !== total) problem = 'INVALID_SHARE';
  return { shares, linesOre, differenceOre, unassigned, problem };
}
