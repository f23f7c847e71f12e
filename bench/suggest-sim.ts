// Shared pieces of the participant-suggestion simulator: a seeded random source, calendar helpers and the way
// people type merchant names. The three group generators (household, trip, office) build on these.

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

/** mulberry32: small, fast and good enough for simulation; the same seed always gives the same groups. */
export function makeRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

/** YYYY-MM-DD to days since 1970-01-01 (UTC). */
export function dateToDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** 0 = Monday … 6 = Sunday. */
export function weekday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Whole kronor with a random öre part the way receipts look (most end in ,00 or ,90 in shops). */
export function kronor(rng: Rng, sek: number): number {
  const whole = Math.max(1, Math.round(sek));
  const ore = rng.weighted([
    [0, 5],
    [90, 2],
    [50, 1],
    [rng.int(1, 99), 2],
  ] as const);
  return whole * 100 + ore;
}

const DIACRITIC_FREE: Record<string, string> = { å: 'a', ä: 'a', ö: 'o', Å: 'A', Ä: 'A', Ö: 'O', é: 'e' };

/**
 * How a merchant name ends up in the app: mostly as the group habitually types it, sometimes in OCR capitals,
 * lower case from a quick phone entry, without Swedish letters, or with stray spaces.
 */
export function typeMerchant(rng: Rng, name: string): string {
  const r = rng.next();
  if (r < 0.7) return name;
  if (r < 0.8) return name.toUpperCase();
  if (r < 0.88) return name.toLowerCase();
  if (r < 0.94) return name.replace(/[åäöÅÄÖé]/g, (c) => DIACRITIC_FREE[c] ?? c);
  return ` ${name.replace(/ /g, '  ')} `;
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
