// Shared pieces of the participant-suggestion simulator: a seeded random source, calendar helpers, the way people
// type merchant names, and the ways a saved participant list differs from who really took part. The three group
// generators (household, trip, office) build on these.
import { createPrng } from '#shared/domain/testing/prng.ts';

/** One recorded expense as the app stores it; amounts in öre, dates YYYY-MM-DD. */
export type SimExpense = {
  merchant: string | null;
  category: string | null;
  amount: number;
  date: string;
  payerId: string;
  participantIds: string[];
};

/** An expense together with the group's member list at the moment it was entered (in join order). */
export type SimEvent = { expense: SimExpense; members: string[] };

export type GroupKind = 'household' | 'trip' | 'office';

export type SimGroup = { kind: GroupKind; label: string; events: SimEvent[] };

export type Rng = {
  next(): number;
  int(lo: number, hi: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  normal(mean: number, sd: number): number;
  shuffle<T>(items: readonly T[]): T[];
  sample<T>(items: readonly T[], n: number): T[];
};

/** A seeded random source with the helpers the generators need; the same seed always gives the same groups. */
export function makeRng(seed: number): Rng {
  const next = createPrng(seed);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick,
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (last === undefined) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    normal: (mean, sd) => {
      const u = Math.max(next(), 1e-12);
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    shuffle,
    sample: (items, n) => shuffle(items).slice(0, Math.max(0, Math.min(n, items.length))),
  };
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) to YYYY-MM-DD. */
export function dayToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Day of the month, 1–31. */
export function dayOfMonth(day: number): number {
  return Number(dayToDate(day).slice(8, 10));
}

/** Month, 1–12. */
export function monthOf(day: number): number {
  return Number(dayToDate(day).slice(5, 7));
}

/** Whole kronor with an öre part the way receipts look (most end in ,00 or ,90 in shops); never below 1 kr. */
export function kronor(rng: Rng, sek: number): number {
  const whole = Math.max(1, Math.round(sek));
  const odd = rng.int(1, 99);
  const ore = rng.weighted([
    [0, 5],
    [90, 2],
    [50, 1],
    [odd, 2],
  ] as const);
  return whole * 100 + ore;
}

const DIACRITIC_FREE: Record<string, string> = { å: 'a', ä: 'a', ö: 'o', Å: 'A', Ä: 'A', Ö: 'O', é: 'e' };
const BRANCHES = [
  'Lindhagen',
  'Hornstull',
  'Centrum',
  'City',
  'Väla',
  'Frölunda',
  'Kungens Kurva',
  'Torget',
  'Station',
];

function typo(rng: Rng, name: string): string {
  if (name.length < 4) return name;
  const i = rng.int(1, name.length - 2);
  return rng.chance(0.5)
    ? name.slice(0, i) + name.slice(i + 1)
    : name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
}

/**
 * How a merchant name ends up in the app: mostly as the group habitually types it, otherwise as OCR reads it
 * (capitals, sometimes with "AB" or a store number), in quick lower case, without Swedish letters, with the branch
 * appended ("ica maxi lindhagen"), shortened to the chain's first word ("ICA"), with stray spaces or punctuation,
 * or with a one-letter typo. A rare expense has no merchant at all.
 */
export function typeMerchant(rng: Rng, name: string): string | null {
  const r = rng.next();
  if (r < 0.6) return name;
  if (r < 0.68)
    return rng.chance(0.5)
      ? name.toUpperCase()
      : `${name.toUpperCase()} ${rng.chance(0.5) ? 'AB' : rng.int(1000, 9999)}`;
  if (r < 0.76) return name.toLowerCase();
  if (r < 0.81) return name.replace(/[åäöÅÄÖé]/g, (c) => DIACRITIC_FREE[c] ?? c);
  if (r < 0.86) return `${name} ${rng.pick(BRANCHES)}`;
  if (r < 0.9) return name.split(' ')[0] ?? name;
  if (r < 0.94) return rng.chance(0.5) ? ` ${name.replace(/ /g, '  ')} ` : `${name.replace(/ /g, '-')}.`;
  if (r < 0.98) return typo(rng, name);
  return null;
}

/** The app preselects "mat"; a share of people never change it for other kinds of expense. */
export function typeCategory(rng: Rng, category: string): string {
  if (category !== 'mat' && rng.chance(0.08)) return 'mat';
  return category;
}

/** Keeps the order of `order`, keeping only ids in `chosen`. */
export function inOrder(order: readonly string[], chosen: Iterable<string>): string[] {
  const set = new Set(chosen);
  return order.filter((id) => set.has(id));
}

/**
 * What gets saved instead of who really took part: 3 % of the time the person entering it leaves "Alla" ticked,
 * 2 % of the time one person is ticked or unticked by mistake. The saved list is both the history and the truth.
 */
export function savedParticipants(rng: Rng, members: readonly string[], truth: readonly string[]): string[] {
  const r = rng.next();
  if (r < 0.03) return [...members];
  if (r < 0.05 && members.length > 1) {
    const flipped = rng.pick(members);
    const next = truth.includes(flipped) ? truth.filter((id) => id !== flipped) : [...truth, flipped];
    if (next.length > 0) return inOrder(members, next);
  }
  return inOrder(members, truth);
}

/** Builds one saved expense from what happened: merchant and category as typed, amount in öre, saved participants. */
export function recordExpense(
  rng: Rng,
  members: readonly string[],
  happened: { day: number; merchant: string; category: string; sek: number; payer: string; who: Iterable<string> },
): SimEvent | null {
  const truth = inOrder(members, happened.who);
  if (truth.length === 0 || !members.includes(happened.payer)) return null;
  return {
    members: [...members],
    expense: {
      merchant: typeMerchant(rng, happened.merchant),
      category: typeCategory(rng, happened.category),
      amount: kronor(rng, happened.sek),
      date: dayToDate(happened.day),
      payerId: happened.payer,
      participantIds: savedParticipants(rng, members, truth),
    },
  };
}
