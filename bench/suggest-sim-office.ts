// An office lunch group of 5–12 colleagues over 4–10 months of working days. Written from how such groups run:
// most weekdays a rotating subset goes to lunch and one of them pays for the table; each person has their own
// appetite for going out, fixed days at home, a long summer holiday and the odd sick day; a weekly team day brings
// nearly everyone; some avoid a place they dislike; new lunch spots are tried now and then; Friday buns are for
// whoever is in; a shared fruit or coffee fund covers everyone; after-work draws the same regulars; a birthday
// gift is for everyone but the one whose birthday it is; a fixed padel four books a court; people are hired and leave.
import { dayOfMonth, monthOf, recordExpense, weekday } from './suggest-sim.ts';
import type { Rng, SimEvent, SimGroup } from './suggest-sim.ts';

const NAMES = [
  'amir',
  'beata',
  'cornelia',
  'david',
  'elsa',
  'fredrik',
  'gustav',
  'hanna',
  'isak',
  'julia',
  'kevin',
  'linnea',
  'mohammed',
  'nora',
  'olle',
  'petra',
  'rasmus',
  'sofia',
  'tove',
  'ulf',
];
const LUNCH = [
  'Vapiano',
  'Restaurang Kajen',
  'Thai Garden',
  'Burgers & Co',
  'Salladsbaren',
  'Sushibaren',
  'Bistro Norr',
  'Indian Curry House',
  'Husman i City',
  'Poke Bowl',
  'Pastabaren',
  'Falafelkungen',
  'Ramen Ya',
  'Texas Longhorn',
];
const ONE_OFF = [
  'Nya Krogen',
  'Food Truck Tacos',
  'Mässhallen',
  'Kvarterskrogen',
  'Libanesiska Köket',
  'Koreanska BBQ',
  'Streetfood Market',
  'Grekiska Tavernan',
  'Dumpling House',
  'Vegobaren',
  'Ölhallen',
  'Pho Saigon',
  'Brasserie Sjöstaden',
];
const BAKERY = ['Bageri Petrus', 'Pressbyrån', 'Espresso House', 'Lidl', 'Konditori Valand', 'ICA Nära'];
const BARS = ['Pubben', 'Vinbaren', 'Ölkaféet', 'Takbaren', 'O’Learys'];
const GIFTS = ['Åhléns', 'Interflora', 'Systembolaget', 'Bokus', 'Presentkort.se'];

type Person = {
  id: string;
  goesOut: number;
  homeDays: Set<number>;
  dislikes: Set<string>;
  afterwork: number;
  away: Set<number>;
  birthday: number;
  joined: number;
};

type Office = {
  rng: Rng;
  members: string[];
  people: Map<string, Person>;
  events: SimEvent[];
  paid: Map<string, number>;
};

function person(rng: Rng, id: string, start: number, end: number, joined: number, regulars: readonly string[]): Person {
  const homeDays = new Set(
    rng.sample(
      [0, 1, 2, 3, 4],
      rng.weighted([
        [0, 3],
        [1, 4],
        [2, 2],
      ] as const),
    ),
  );
  const away = new Set<number>();
  let july = start;
  while (july <= end && !(monthOf(july) === 7 && dayOfMonth(july) === 1)) july++;
  const holiday = july <= end ? july + rng.int(-14, 21) : rng.int(start, end);
  for (let d = holiday; d < holiday + rng.int(14, 32); d++) away.add(d);
  for (let d = start; d <= end; d++) if (rng.chance(0.02)) away.add(d);
  const dislikes = new Set(
    rng.sample(
      regulars,
      rng.weighted([
        [0, 5],
        [1, 3],
        [2, 1],
      ] as const),
    ),
  );
  const goesOut = 0.3 + 0.65 * rng.next();
  return {
    id,
    goesOut,
    homeDays,
    dislikes,
    afterwork: 0.1 + 0.8 * rng.next(),
    away,
    birthday: start + rng.int(0, 364),
    joined,
  };
}

function add(
  office: Office,
  day: number,
  merchant: string,
  category: string,
  sek: number,
  payer: string,
  who: Iterable<string>,
): void {
  const event = recordExpense(office.rng, office.members, { day, merchant, category, sek, payer, who });
  if (event === null) return;
  office.events.push(event);
  office.paid.set(payer, (office.paid.get(payer) ?? 0) + sek);
}

function inOffice(office: Office, day: number): Person[] {
  const out: Person[] = [];
  for (const id of office.members) {
    const p = office.people.get(id);
    if (p === undefined || p.away.has(day)) continue;
    if (p.homeDays.has(weekday(day)) && !office.rng.chance(0.1)) continue;
    out.push(p);
  }
  return out;
}

/** Whoever has paid least so far usually takes the bill, the way a lunch group keeps it even. */
function tablePayer(office: Office, who: readonly string[]): string {
  if (office.rng.chance(0.4)) return office.rng.pick(who);
  return [...who].sort((a, b) => (office.paid.get(a) ?? 0) - (office.paid.get(b) ?? 0))[0] as string;
}

function lunch(
  office: Office,
  day: number,
  here: readonly Person[],
  regulars: readonly string[],
  teamDay: number,
): void {
  const { rng } = office;
  const place = rng.chance(0.12) ? rng.pick(ONE_OFF) : rng.weighted(regulars.map((r, i) => [r, 1 / (i + 1)] as const));
  const second = rng.chance(0.15) ? rng.pick(regulars.filter((r) => r !== place)) : null;
  const tables = new Map<string, string[]>([[place, []]]);
  if (second !== null) tables.set(second, []);
  for (const p of here) {
    const fresh = day - p.joined < 28;
    const rate = weekday(day) === teamDay ? 0.95 : fresh ? 0.9 : p.goesOut;
    if (!rng.chance(rate)) continue;
    const options = [...tables.keys()].filter((t) => !p.dislikes.has(t));
    if (options.length === 0 && !rng.chance(0.15)) continue;
    tables.get(options.length > 0 ? rng.pick(options) : place)?.push(p.id);
  }
  for (const [name, who] of tables) {
    if (who.length >= 2)
      add(
        office,
        day,
        name,
        'mat',
        who.length * rng.normal(128, 14) + (rng.chance(0.2) ? rng.normal(60, 20) : 0),
        tablePayer(office, who),
        who,
      );
  }
}

/** Builds one simulated office lunch group; `index` keeps member ids unique across groups. */
export function simulateOffice(rng: Rng, index: number): SimGroup {
  const size = rng.int(5, 12);
  const hires = rng.weighted([
    [0, 3],
    [1, 3],
    [2, 1],
  ] as const);
  const ids = rng.sample(NAMES, size + hires).map((n) => `o${index}-${n}`);
  const start = 19_700 + rng.int(0, 400);
  const end = start + rng.int(120, 300);
  const regulars = rng.sample(LUNCH, rng.int(5, 8));
  const office: Office = { rng, members: ids.slice(0, size), people: new Map(), events: [], paid: new Map() };
  const hireDays = ids.slice(size).map(() => rng.int(start + 30, end - 30));
  ids.forEach((id, i) =>
    office.people.set(
      id,
      person(rng, id, start, end, i < size ? start - 400 : (hireDays[i - size] as number), regulars),
    ),
  );
  const leaver = rng.chance(0.4) ? rng.pick(office.members) : null;
  const leaveDay = rng.int(start + 40, end - 20);
  const teamDay = rng.int(0, 4);
  const fund = rng.chance(0.6)
    ? { name: rng.pick(['Fruktbudet', 'Kaffekompaniet', 'Arla Foodservice']), payer: rng.pick(office.members) }
    : null;
  const padel = size >= 6 && rng.chance(0.4) ? { four: rng.sample(office.members, 4), day: rng.int(0, 4) } : null;
  const afterworkEvery = rng.int(14, 35);
  let nextAfterwork = start + rng.int(7, afterworkEvery);
  let fundMonth = 0;
  const celebrated = new Set<string>();

  for (let day = start; day <= end; day++) {
    const wd = weekday(day);
    ids.slice(size).forEach((id, i) => {
      if (day === hireDays[i]) office.members = [...office.members, id];
    });
    if (leaver !== null && day === leaveDay) office.members = office.members.filter((id) => id !== leaver);
    if (wd > 4) continue;
    const here = inOffice(office, day);
    const hereIds = here.map((p) => p.id);
    if (fund !== null && monthOf(day) !== fundMonth && office.members.includes(fund.payer)) {
      fundMonth = monthOf(day);
      add(office, day, fund.name, rng.pick(['mat', 'övrigt']), 90 * office.members.length, fund.payer, office.members);
    }
    if (rng.chance(0.85)) lunch(office, day, here, regulars, teamDay);
    if (wd === 4 && here.length > 0 && rng.chance(0.35)) {
      add(
        office,
        day,
        rng.pick(BAKERY),
        rng.pick(['mat', 'mat', 'övrigt']),
        here.length * rng.normal(38, 6),
        rng.pick(hereIds),
        hereIds,
      );
    }
    if (day >= nextAfterwork && wd >= 3) {
      nextAfterwork = day + afterworkEvery + rng.int(-5, 5);
      const who = here.filter((p) => rng.chance(p.afterwork)).map((p) => p.id);
      if (who.length >= 2)
        add(office, day, rng.pick(BARS), 'nöje', who.length * rng.normal(240, 70), rng.pick(who), who);
    }
    for (const id of office.members) {
      const p = office.people.get(id);
      if (p === undefined || day < p.birthday || celebrated.has(id)) continue;
      celebrated.add(id);
      if (p.birthday < p.joined || !rng.chance(0.7)) continue;
      const givers = office.members.filter((m) => m !== id);
      if (givers.length > 0)
        add(office, day, rng.pick(GIFTS), 'övrigt', 60 * givers.length + rng.normal(100, 50), rng.pick(givers), givers);
    }
    if (padel !== null && wd === padel.day && rng.chance(0.75)) {
      const players = padel.four.filter((id) => hereIds.includes(id));
      const subs = rng.shuffle(hereIds.filter((id) => !players.includes(id)));
      const four = [...players, ...subs].slice(0, 4);
      if (four.length === 4)
        add(
          office,
          day,
          rng.pick(['Matchi', 'PDL Center', 'Padel Zenter']),
          'nöje',
          4 * rng.normal(110, 10),
          rng.pick(four),
          four,
        );
    }
  }
  return { kind: 'office', label: `office ${index} (${size}${hires > 0 ? `+${hires}` : ''})`, events: office.events };
}
