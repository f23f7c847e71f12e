// Is a member around at all today? Someone on a two-week holiday or home sick still has a high share of the
// resembling votes, and a late arrival on a trip has none yet. A two-state hidden Markov model (around / away) over
// the group's active days reads that from whether the member took part in anything on each day.
import type { HistoryFacts } from './participant-suggest-history.ts';

// Chance per active day of going away and of coming back (holidays of weeks, single sick days), and of still turning
// up in an ordinary expense while away (a saving mistake).
const GO_AWAY = 0.02;
const COME_BACK = 0.15;
const IN_WHILE_AWAY = 0.02;
// An entry for everyone or everyone but one, in a group of this many, is a gift or a fund: people away are in it
// too, so it says less (in it: 0.95 when around against 0.5 when away).
const WHOLE_GROUP_FROM = 4;
const IN_WHOLE_WHEN_AWAY = 0.5;
const IN_WHOLE_WHEN_AROUND = 0.95;
// Weight, in days, of a member's overall activity rate in the rate for one weekday.
const WEEKDAY_PRIOR_DAYS = 4;
const MAX_DAY_RATE = 0.98;

/** Per active day (ascending, up to today): who took part in an ordinary entry, and who in a whole-group one. */
type DayLog = { days: number[]; took: Uint8Array[]; whole: Uint8Array[]; hadWhole: boolean[] };

function dayLog(facts: HistoryFacts, memberOf: Int32Array, memberCount: number, today: number): DayLog {
  const log: DayLog = { days: [], took: [], whole: [], hadWhole: [] };
  const order = facts.days
    .map((_, i) => i)
    .filter((i) => facts.everyone[i] !== true && (facts.days[i] as number) <= today);
  order.sort((x, y) => (facts.days[x] as number) - (facts.days[y] as number) || x - y);
  for (const i of order) {
    const day = facts.days[i] as number;
    if (log.days[log.days.length - 1] !== day) {
      log.days.push(day);
      log.took.push(new Uint8Array(memberCount));
      log.whole.push(new Uint8Array(memberCount));
      log.hadWhole.push(false);
    }
    const t = log.days.length - 1;
    const [from, to] = [facts.start[i] as number, facts.start[i + 1] as number];
    const around = facts.around[i] as number;
    const whole = around >= WHOLE_GROUP_FROM && to - from >= around - 1;
    if (whole) log.hadWhole[t] = true;
    const row = (whole ? log.whole : log.took)[t] as Uint8Array;
    for (let k = from; k < to; k += 1) {
      const m = memberOf[facts.participants[k] as number] as number;
      if (m >= 0) row[m] = 1;
    }
  }
  return log;
}

const weekdayOf = (day: number): number => ((day % 7) + 7) % 7;

/** How often the member takes part in something on each weekday they could have, pulled towards their overall rate. */
function weekdayRates(log: DayLog, m: number, firstSeen: number, today: number): number[] | null {
  const took = new Float64Array(7);
  const days = new Float64Array(7);
  log.days.forEach((day, t) => {
    if (day < firstSeen || day === today) return;
    const wd = weekdayOf(day);
    days[wd] = (days[wd] as number) + 1;
    took[wd] = (took[wd] as number) + ((log.took[t] as Uint8Array)[m] as number);
  });
  const total = days.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rate = (took.reduce((a, b) => a + b, 0) + 1) / (total + 2);
  return Array.from(days, (d, wd) =>
    Math.min(MAX_DAY_RATE, ((took[wd] as number) + WEEKDAY_PRIOR_DAYS * rate) / (d + WEEKDAY_PRIOR_DAYS)),
  );
}

/** The forward pass for one member: the chance of being away after the last active day, carried to today. */
function awayChance(log: DayLog, m: number, firstSeen: number, today: number, rates: readonly number[]): number {
  let away = 0;
  log.days.forEach((day, t) => {
    if (day < firstSeen) return;
    away = away * (1 - COME_BACK) + (1 - away) * GO_AWAY;
    const saw = (log.took[t] as Uint8Array)[m] === 1;
    let likelyAway = 1;
    let likelyAround = 1;
    // Today's entries so far are not complete, so not being in one of them yet says nothing.
    if (!(day === today && !saw)) {
      const r = rates[weekdayOf(day)] as number;
      likelyAway = saw ? IN_WHILE_AWAY : 1 - IN_WHILE_AWAY;
      likelyAround = saw ? r : 1 - r;
    }
    const inWhole = (log.whole[t] as Uint8Array)[m] === 1;
    if (log.hadWhole[t] === true && (inWhole || day !== today)) {
      likelyAway *= inWhole ? IN_WHOLE_WHEN_AWAY : 1 - IN_WHOLE_WHEN_AWAY;
      likelyAround *= inWhole ? IN_WHOLE_WHEN_AROUND : 1 - IN_WHOLE_WHEN_AROUND;
    }
    away = (away * likelyAway) / (away * likelyAway + (1 - away) * likelyAround);
  });
  if (log.days[log.days.length - 1] !== today) away = away * (1 - COME_BACK) + (1 - away) * GO_AWAY;
  return away;
}

/**
 * Each member's chance of being around on day `today` (days since 1970), in [0, 1], in member order; 1 without
 * evidence. `memberOf` maps history id numbers to member positions (-1 otherwise). O(entries + days·members).
 */
export function presenceChances(
  facts: HistoryFacts,
  memberOf: Int32Array,
  firstSeen: readonly number[],
  today: number,
): number[] {
  const log = dayLog(facts, memberOf, firstSeen.length, today);
  return firstSeen.map((first, m) => {
    const rates = weekdayRates(log, m, first, today);
    return rates === null ? 1 : 1 - awayChance(log, m, first, today, rates);
  });
}
