// A trip of 6–10 friends over 3–10 days: a ski week in a cabin, a summer house in the archipelago or a city break.
// Written from how such trips go: two friend circles travel together, couples stick together, cars have fixed
// passengers and the driver fills the tank, lodging and cabin groceries are for everyone there, lunches and some
// dinners happen in sub-groups that mostly follow the friend circles, a few people arrive late or leave early, and
// almost every restaurant is new to the group.
import { recordExpense } from './suggest-sim.ts';
import type { Rng, SimEvent, SimGroup } from './suggest-sim.ts';

const NAMES = [
  'alex',
  'bella',
  'calle',
  'disa',
  'ebba',
  'filip',
  'greta',
  'hugo',
  'ida',
  'jonas',
  'klara',
  'ludvig',
  'moa',
  'noah',
];
const PLACES = [
  'Fjällgården',
  'Bryggeriet',
  'Wärdshuset',
  'Bistro Tre Små Rum',
  'Pizzeria Bella',
  'Sushi & Wok',
  'Kebab House',
  'Vinbaren',
  'Le Bistrot',
  'Krogen',
  'Hamnkrogen',
  'Toppstugan',
  'Stora Hotellet',
  'Tavernan',
  'Café Måsen',
  'Rökeriet',
  'Olearys',
  'Max',
  'Husmanskost',
  'Thai Orchid',
  'Grillen',
  'Fiskeboa',
  'Lilla Krogen',
  'Pubben',
];
const FUEL = ['Circle K', 'OKQ8', 'Preem', 'St1', 'Ingo'];
const SHOPS = ['ICA Nära', 'Coop', 'Tempo', 'ICA Supermarket', 'Handlar’n'];

type Kind = 'ski' | 'summer' | 'city';
type Trip = { rng: Rng; kind: Kind; members: string[]; days: number; start: number; events: SimEvent[] };

function add(
  trip: Trip,
  day: number,
  merchant: string,
  category: string,
  sek: number,
  who: readonly string[],
  payer?: string,
): void {
  const present = who.filter((id) => trip.members.includes(id));
  if (present.length === 0) return;
  const paidBy = payer !== undefined && trip.members.includes(payer) ? payer : trip.rng.pick(present);
  const event = recordExpense(trip.rng, trip.members, {
    day: trip.start + day,
    merchant,
    category,
    sek,
    payer: paidBy,
    who,
  });
  if (event !== null) trip.events.push(event);
}

/** Splits units (a couple or a single) into up to `n` groups; most often along the two friend circles. */
function split(rng: Rng, units: string[][], circle: Map<string, number>, n: number): string[][] {
  const groups: string[][] = Array.from({ length: n }, () => []);
  const byCircle = rng.chance(0.7);
  for (const unit of rng.shuffle(units)) {
    const c = Math.min(circle.get(unit[0] as string) ?? 0, n - 1);
    const g = !byCircle ? rng.int(0, n - 1) : n > 2 && rng.chance(0.4) ? rng.int(2, n - 1) : c;
    groups[g]?.push(...unit);
  }
  return groups.filter((g) => g.length > 0);
}

/** Seats units in cars of at most five, friend circle by friend circle, so couples ride together. */
function seatCars(rng: Rng, units: string[][], circle: Map<string, number>, size: number): string[][] {
  const count = size <= 5 ? 1 : size <= 8 ? 2 : 3;
  const target = Math.ceil(size / count);
  const ordered = rng
    .shuffle(units)
    .sort((a, b) => (circle.get(a[0] as string) ?? 0) - (circle.get(b[0] as string) ?? 0));
  const cars: string[][] = [[]];
  for (const unit of ordered) {
    const current = cars[cars.length - 1] as string[];
    if (current.length + unit.length > Math.min(5, target + 1) && cars.length < count + 1) cars.push([...unit]);
    else current.push(...unit);
  }
  return cars.filter((car) => car.length > 0);
}

/** Builds one simulated trip; `index` keeps member ids unique across groups. */
export function simulateTrip(rng: Rng, index: number): SimGroup {
  const size = rng.int(6, 10);
  const ids = rng.sample(NAMES, size).map((n) => `t${index}-${n}`);
  const kind = rng.pick<Kind>(['ski', 'summer', 'city']);
  const days = kind === 'city' ? rng.int(3, 5) : rng.int(4, 10);
  const trip: Trip = { rng, kind, members: [], days, start: 19_900 + rng.int(0, 400), events: [] };

  // Social structure: couples and singles, each in one of two friend circles.
  const units: string[][] = [];
  const pool = [...ids];
  for (let couples = rng.int(0, Math.floor(size / 3)); couples > 0; couples--) units.push(pool.splice(0, 2));
  for (const id of pool) units.push([id]);
  const circle = new Map<string, number>();
  for (const unit of units) {
    const c = rng.int(0, 1);
    for (const id of unit) circle.set(id, c);
  }

  // Arrivals and departures: a single arriving a day or two late, someone leaving early.
  const arrive = new Map<string, number>(ids.map((id) => [id, 0]));
  const leave = new Map<string, number>(ids.map((id) => [id, days - 1]));
  const singles = units.filter((u) => u.length === 1).map((u) => u[0] as string);
  const late = singles.length > 0 && rng.chance(0.35) ? rng.pick(singles) : null;
  if (late !== null) arrive.set(late, rng.int(1, 2));
  if (rng.chance(0.3)) leave.set(rng.pick(ids.filter((id) => id !== late)), days - 2);
  const joinsAppLate = late !== null && rng.chance(0.5);
  trip.members = ids.filter((id) => !(joinsAppLate && id === late));
  const here = (day: number): string[] =>
    ids.filter((id) => (arrive.get(id) ?? 0) <= day && day <= (leave.get(id) ?? 0));

  const places = rng.sample(PLACES, 9);
  const shop = rng.pick(SHOPS);
  const organizer = rng.pick(ids.filter((id) => !(joinsAppLate && id === late)));
  const drinkers = ids.filter(() => rng.chance(0.85));
  const nightOwls = ids.filter(() => rng.chance(0.5));
  const skiers = kind === 'ski' ? ids.filter(() => rng.chance(0.85)) : [];
  const byCar = kind !== 'city' && rng.chance(0.75);
  const cars = byCar ? seatCars(rng, units, circle, size) : [];
  const drivers = cars.map((car) => car[0] as string);

  // Lodging booked before the trip: one place for everyone, or two cabins along the friend circles.
  const cabins = kind !== 'city' && rng.chance(0.3) ? split(rng, units, circle, 2) : [ids];
  for (const cabin of cabins) {
    const name = kind === 'city' ? 'Scandic' : rng.pick(['Airbnb', 'Stuga', 'Booking.com', 'Novasol']);
    add(
      trip,
      0,
      name,
      'logi',
      cabin.length * days * rng.normal(450, 100),
      cabin,
      cabin.includes(organizer) ? organizer : undefined,
    );
  }
  if (!byCar) add(trip, 0, 'SJ', 'transport', size * rng.normal(700, 150), ids, organizer);
  if (kind === 'ski' && skiers.length > 0) add(trip, 0, 'SkiStar', 'nöje', skiers.length * 340 * days, skiers);

  for (let day = 0; day < days; day++) {
    // The late arrival is added to the group in the app when they arrive, not before.
    if (joinsAppLate && late !== null && day === (arrive.get(late) ?? 0)) trip.members = [...trip.members, late];
    const now = here(day);
    if (byCar && (day === 0 || day === days - 1 || rng.chance(0.15))) {
      cars.forEach((car, i) => {
        const riders = car.filter((id) => now.includes(id));
        const driver = drivers[i] as string;
        if (riders.length > 0)
          add(
            trip,
            day,
            rng.pick(FUEL),
            'transport',
            rng.normal(750, 150),
            riders,
            rng.chance(0.8) && riders.includes(driver) ? driver : undefined,
          );
      });
    }
    if (byCar && rng.chance(0.2)) {
      const car = rng.pick(cars).filter((id) => now.includes(id));
      add(trip, day, rng.pick(['EasyPark', 'Parkering', 'Bropassage']), 'transport', rng.normal(120, 40), car);
    }
    for (const cabin of cabins) {
      const inCabin = cabin.filter((id) => now.includes(id));
      if (kind !== 'city' && inCabin.length > 0 && rng.chance(0.6))
        add(trip, day, shop, 'mat', inCabin.length * rng.normal(190, 50), inCabin);
    }
    if (kind !== 'city' && (day === 0 || rng.chance(0.2))) {
      const who = drinkers.filter((id) => now.includes(id));
      add(trip, day, 'Systembolaget', rng.pick(['mat', 'nöje']), who.length * rng.normal(230, 60), who);
    }
    // Lunch in sub-groups (ski groups on the slopes, or whoever walks together), each paid by one of them.
    for (const group of split(rng, units, circle, rng.int(1, 3))) {
      const who = group.filter((id) => now.includes(id));
      if (who.length >= 2 && rng.chance(0.55))
        add(trip, day, rng.pick(places), 'mat', who.length * rng.normal(165, 30), who);
    }
    const dinnerOut = kind === 'city' || rng.chance(0.45);
    if (dinnerOut) {
      const groups = rng.chance(0.65) ? [ids] : split(rng, units, circle, 2);
      for (const group of groups) {
        const who = group.filter((id) => now.includes(id));
        if (who.length > 0) add(trip, day, rng.pick(places), 'mat', who.length * rng.normal(380, 80), who);
      }
    }
    if (rng.chance(0.35)) {
      const who = rng.chance(0.6) ? nightOwls : rng.sample(ids, rng.int(2, 5));
      const out = who.filter((id) => now.includes(id));
      if (out.length >= 2)
        add(
          trip,
          day,
          rng.pick(['Pubben', 'Vinbaren', 'Afterski', 'Nattklubben', 'Olearys']),
          'nöje',
          out.length * rng.normal(260, 80),
          out,
        );
    }
    if (rng.chance(0.25)) {
      const who = rng
        .sample(units, rng.int(1, 3))
        .flat()
        .filter((id) => now.includes(id));
      const activity =
        kind === 'ski'
          ? rng.pick(['Hundspann', 'Spa', 'Skidskola', 'Skoteruthyrning'])
          : rng.pick(['Kajak', 'Bowling', 'Museum', 'Båttur', 'Spa']);
      if (who.length > 0) add(trip, day, activity, 'nöje', who.length * rng.normal(450, 150), who);
    }
    if (kind === 'city' && rng.chance(0.5)) {
      const who = rng.sample(now, rng.int(2, 4));
      add(trip, day, rng.pick(['Taxi Stockholm', 'Uber', 'Bolt']), 'transport', rng.normal(280, 80), who);
    }
  }
  trip.events.sort((a, b) => a.expense.date.localeCompare(b.expense.date));
  return { kind: 'trip', label: `trip ${index} (${kind}, ${size})`, events: trip.events };
}
