// A household of 2–4 over most of a year: a couple, a couple with a flatmate, or flatmates. Written from how such
// homes split costs: fixed bills shared by everyone living there, groceries by whoever eats together (a couple keeps
// its own food, a flatshare may or may not run a shared pantry), takeaway and outings by whoever was in, a car owned
// by the couple, people away on trips, and flatmates moving out and in.
import { dayOfMonth, recordExpense } from './suggest-sim.ts';
import type { Rng, SimEvent, SimGroup } from './suggest-sim.ts';

const NAMES = ['anna', 'erik', 'sara', 'johan', 'emma', 'oskar', 'lina', 'karl', 'maja', 'nils', 'elin', 'viktor'];
const STORES = ['ICA Maxi', 'ICA Nära', 'ICA Kvantum', 'Coop', 'Stora Coop', 'Willys', 'Lidl', 'Hemköp', 'City Gross'];
const TAKEAWAY = ['Foodora', 'Wolt', 'Max', 'Pizzeria Napoli', 'Sushi Yama', 'Thai Take Away', 'Burger King'];
const HOME = ['IKEA', 'Clas Ohlson', 'Jula', 'Rusta', 'Åhléns', 'Biltema', 'Normal'];
const FUN = ['Filmstaden', 'Ticketmaster', 'Tickster', 'Bowlinghallen', 'Liseberg', 'Skansen'];
const FUEL = ['Circle K', 'OKQ8', 'Preem', 'St1', 'Ingo'];
const FOR_OTHER = ['Apotek Hjärtat', 'Apoteket', 'PostNord', 'Kronans Apotek', 'Systembolaget'];

type Home = {
  rng: Rng;
  label: string;
  members: string[];
  couple: string[];
  holder: string;
  away: Map<string, Set<number>>;
  events: SimEvent[];
};

function present(home: Home, day: number): string[] {
  return home.members.filter((m) => !home.away.get(m)?.has(day));
}

function add(
  home: Home,
  day: number,
  merchant: string,
  category: string,
  sek: number,
  payer: string,
  who: Iterable<string>,
): void {
  const event = recordExpense(home.rng, home.members, { day, merchant, category, sek, payer, who });
  if (event !== null) home.events.push(event);
}

function planAbsences(home: Home, from: number, to: number): void {
  for (const m of home.members) {
    const days = home.away.get(m) ?? new Set<number>();
    for (let trips = home.rng.int(1, 3); trips > 0; trips--) {
      const start = home.rng.int(from, to);
      for (let d = start; d < start + home.rng.int(3, 10); d++) days.add(d);
    }
    home.away.set(m, days);
  }
}

/** Builds one simulated household; `index` keeps member ids unique across groups. */
export function simulateHousehold(rng: Rng, index: number): SimGroup {
  const size = rng.weighted([
    [2, 4],
    [3, 3.5],
    [4, 2.5],
  ] as const);
  const names = rng.sample(NAMES, size + 1);
  const ids = names.map((n) => `h${index}-${n}`);
  const members = ids.slice(0, size);
  const hasCouple = size === 2 ? rng.chance(0.85) : rng.chance(size === 3 ? 0.5 : 0.35);
  const couple = hasCouple ? members.slice(0, 2) : [];
  const kind = !hasCouple ? 'flatshare' : size === 2 ? 'couple' : 'couple and flatmates';
  const home: Home = {
    rng,
    label: `household ${index} (${kind}, ${size})`,
    members,
    couple,
    holder: rng.pick(members),
    away: new Map(),
    events: [],
  };
  const start = 19_800 + rng.int(0, 300);
  const end = start + rng.int(200, 365);
  planAbsences(home, start, end);

  // Habits fixed for the whole year: what gets logged in Kvitt at all, and which shops and names are used.
  const sharedPantry = hasCouple ? false : rng.chance(0.5);
  const logsRent = size > 2 || rng.chance(0.6);
  const rentName = rng.pick(['Hyra', 'Hyra', 'Hyran', 'Stockholmshem', 'Heimstaden', 'Wallenstam']);
  const rentCategory = rng.pick(['logi', 'logi', 'övrigt']);
  const rentDay = rng.pick([25, 27, 28, 1]);
  const power = rng.pick(['Vattenfall', 'Ellevio', 'Tibber', 'E.ON', 'Fortum']);
  const net = rng.chance(0.7) ? rng.pick(['Telia', 'Bahnhof', 'Bredband2', 'Telenor', 'Tele2']) : null;
  const stores = rng.sample(STORES, 3);
  const takeaway = rng.sample(TAKEAWAY, 3);
  const streams = rng.sample(['Netflix', 'Spotify', 'HBO Max', 'Viaplay'], rng.int(0, 2)).map((name) => {
    const subset = hasCouple && rng.chance(0.6) ? couple : rng.sample(members, rng.int(2, size));
    return { name, subset, payer: rng.pick(subset) };
  });
  const car = hasCouple && rng.chance(0.4) ? couple : null;
  const drinksCategory = rng.pick(['mat', 'nöje', 'övrigt']);
  const mover = !hasCouple && size >= 3 && rng.chance(0.5) ? rng.pick(members.filter((m) => m !== home.holder)) : null;
  const moveOutDay = rng.int(start + 60, end - 60);
  const newcomer = ids[size] as string;
  const moveInDay = moveOutDay + rng.int(0, 10);

  const weeklyShopper = (who: string[]): string => rng.pick(who);
  for (let day = start; day <= end; day++) {
    if (mover !== null && day === moveOutDay) home.members = home.members.filter((m) => m !== mover);
    if (mover !== null && day === moveInDay) home.members = [...home.members, newcomer];
    const here = present(home, day);
    const dom = dayOfMonth(day);
    const everyone = home.members;
    const holder = everyone.includes(home.holder) ? home.holder : (everyone[0] as string);

    if (logsRent && dom === rentDay)
      add(home, day, rentName, rentCategory, size * 4800 + rng.int(0, 3) * 500, holder, everyone);
    if (dom === 3) add(home, day, power, 'övrigt', rng.normal(180, 60) * size + 200, holder, everyone);
    if (net !== null && dom === 12) add(home, day, net, 'övrigt', 399, holder, everyone);
    for (const s of streams) {
      if (dom === 18 && s.subset.every((m) => everyone.includes(m)))
        add(home, day, s.name, 'nöje', 169, s.payer, s.subset);
    }

    const eaters = (hasCouple ? couple : sharedPantry ? everyone : []).filter((m) => here.includes(m));
    if (eaters.length > 0 && rng.chance(0.22)) {
      const store = rng.weighted([
        [stores[0] as string, 6],
        [stores[1] as string, 3],
        [stores[2] as string, 1],
      ] as const);
      add(home, day, store, 'mat', rng.normal(320, 110) * eaters.length + 150, weeklyShopper(eaters), eaters);
    }
    if (eaters.length > 0 && rng.chance(0.15)) {
      add(home, day, rng.pick(stores), 'mat', rng.normal(110, 50) + 40, rng.pick(eaters), eaters);
    }
    if (rng.chance(hasCouple ? 0.05 : 0.09) && here.length > 0) {
      // Shared basics for the whole flat: toilet paper, coffee, detergent.
      add(home, day, rng.pick(stores), rng.pick(['mat', 'övrigt']), rng.normal(190, 70) + 40, rng.pick(here), everyone);
    }
    if (rng.chance(0.12) && here.length >= 2) {
      const who =
        hasCouple && couple.every((m) => here.includes(m)) && rng.chance(0.7)
          ? couple
          : rng.sample(here, rng.int(2, here.length));
      add(home, day, rng.pick(takeaway), 'mat', rng.normal(160, 40) * who.length, rng.pick(who), who);
    }
    if (rng.chance(0.035))
      add(home, day, rng.pick(HOME), 'övrigt', rng.normal(450, 300) + 100, rng.pick(everyone), everyone);
    if (rng.chance(0.04) && here.length >= 2) {
      const who = rng.sample(here, rng.int(2, here.length));
      add(home, day, 'Systembolaget', drinksCategory, rng.normal(150, 60) * who.length + 100, rng.pick(who), who);
    }
    if (car !== null && rng.chance(0.07))
      add(home, day, rng.pick(FUEL), 'transport', rng.normal(650, 150), rng.pick(car), car);
    if (car !== null && rng.chance(0.03))
      add(home, day, 'EasyPark', 'transport', rng.normal(60, 30) + 10, rng.pick(car), car);
    if (rng.chance(0.03) && here.length >= 2) {
      const who =
        hasCouple && rng.chance(0.6)
          ? couple.filter((m) => here.includes(m))
          : rng.sample(here, rng.int(2, here.length));
      if (who.length > 0) add(home, day, rng.pick(FUN), 'nöje', rng.normal(190, 60) * who.length, rng.pick(who), who);
    }
    if (rng.chance(0.012) && everyone.length >= 2) {
      // Bought something for one other member, who pays it back through the app.
      const [payer, other] = rng.sample(everyone, 2) as [string, string];
      add(home, day, rng.pick(FOR_OTHER), 'övrigt', rng.normal(150, 80) + 30, payer, [other]);
    }
  }
  return { kind: 'household', label: home.label, events: home.events };
}
