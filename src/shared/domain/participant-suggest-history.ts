// Facts about a group's history that the suggestion needs for every query, computed in one pass: each entry's day,
// its distinct participants as small integers, when every id was first and last seen, and whether an entry
// included everyone who was around at the time.

/** One earlier expense of the group, as the suggestion reads it; amount in öre, date YYYY-MM-DD. */
export type SuggestHistoryEntry = {
  merchant: string | null;
  category: string | null;
  amount: number;
  date: string;
  payerId: string;
  participantIds: readonly string[];
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a valid YYYY-MM-DD date, otherwise null; day numbers make recency plain subtraction. */
export function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (m === null) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(ms / DAY_MS);
}

/** The dated part of a history, with every id (payer or participant) numbered in order of appearance. */
export type HistoryFacts = {
  entries: SuggestHistoryEntry[];
  days: number[];
  /** Distinct participant numbers of entry i: `participants[start[i] … start[i + 1])`. */
  participants: Int32Array;
  start: Int32Array;
  idNumber: Map<string, number>;
  firstSeen: number[];
  /** For each entry: did it include every id seen both on or before and on or after its day? */
  everyone: boolean[];
  /** For each entry: how many ids were seen both on or before and on or after its day. */
  around: Int32Array;
  /** For each entry: was the payer among its participants? */
  payerTookPart: boolean[];
  latestDay: number;
};

function countAtMost(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function datedEntries(history: readonly SuggestHistoryEntry[]): { entries: SuggestHistoryEntry[]; days: number[] } {
  const cache = new Map<string, number | null>();
  const entries: SuggestHistoryEntry[] = [];
  const days: number[] = [];
  for (const entry of history) {
    let day = cache.get(entry.date);
    if (day === undefined) {
      day = dayNumber(entry.date);
      cache.set(entry.date, day);
    }
    // An entry that cannot be placed in time cannot be weighed for recency; it is left out.
    if (day === null) continue;
    entries.push(entry);
    days.push(day);
  }
  return { entries, days };
}

/** Prepares the history once per query in O(n log n) over entries plus their participants. */
export function historyFacts(history: readonly SuggestHistoryEntry[]): HistoryFacts {
  const { entries, days } = datedEntries(history);
  const idNumber = new Map<string, number>();
  const firstSeen: number[] = [];
  const lastSeen: number[] = [];
  const stamp: number[] = [];
  const see = (id: string, day: number): number => {
    let n = idNumber.get(id);
    if (n === undefined) {
      n = idNumber.size;
      idNumber.set(id, n);
      firstSeen.push(day);
      lastSeen.push(day);
      stamp.push(-1);
      return n;
    }
    if (day < (firstSeen[n] as number)) firstSeen[n] = day;
    if (day > (lastSeen[n] as number)) lastSeen[n] = day;
    return n;
  };
  const start = new Int32Array(entries.length + 1);
  const flat: number[] = [];
  const payerTookPart: boolean[] = [];
  let latestDay = Number.NEGATIVE_INFINITY;
  entries.forEach((entry, i) => {
    const day = days[i] as number;
    if (day > latestDay) latestDay = day;
    const payer = see(entry.payerId, day);
    start[i] = flat.length;
    for (const id of entry.participantIds) {
      const n = see(id, day);
      if (stamp[n] === i) continue;
      stamp[n] = i;
      flat.push(n);
    }
    payerTookPart.push(stamp[payer] === i);
  });
  start[entries.length] = flat.length;
  const firsts = [...firstSeen].sort((a, b) => a - b);
  const lasts = [...lastSeen].sort((a, b) => a - b);
  const around = new Int32Array(entries.length);
  const everyone = entries.map((_, i) => {
    const day = days[i] as number;
    around[i] = countAtMost(firsts, day) - countAtMost(lasts, day - 1);
    return (start[i + 1] as number) - (start[i] as number) >= (around[i]);
  });
  return {
    entries,
    days,
    participants: Int32Array.from(flat),
    start,
    idNumber,
    firstSeen,
    everyone,
    around,
    payerTookPart,
    latestDay,
  };
}
