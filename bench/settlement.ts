// Settlement solver benchmark: time and transfer counts of `settle` against largest-first greedy on seeded
// instances, plus hand-made and searched worst cases at 20 members. Exits 1 when a plan for at most 20 members
// takes more than 50 ms or Kvitt proposes more transfers than greedy anywhere.
import os from 'node:os';
import { EXACT_LIMIT, settle, settleGreedy } from '#shared/domain/settlement.ts';
import type { MemberBalance } from '#shared/domain/settlement.ts';
import { INSTANCE_SHAPES, applyTransfers, generateBalances } from '#shared/domain/settlement-reference.ts';
import type { InstanceShape } from '#shared/domain/settlement-reference.ts';
import { createPrng, randomInt, shuffled } from '#shared/domain/testing/prng.ts';

const LIMIT_MS = 50;
const SIZES = [5, 10, 15, 20, 200];
const PER_SHAPE = { small: 60, large: 6 };
const REPEATS = 3;
// A run this close to the limit is re-timed more often before it counts: the 2 cores are shared with other work.
const BORDERLINE_MS = 0.6 * LIMIT_MS;
const RETRIES = 15;

const failures: string[] = [];

/** Best wall time of several runs in ms: the solver's own cost, without slices lost to other processes. */
function timeSettle(balances: MemberBalance[]): number {
  let best = Infinity;
  const runs = (n: number): void => {
    for (let r = 0; r < n; r += 1) {
      const start = performance.now();
      settle(balances);
      best = Math.min(best, performance.now() - start);
    }
  };
  runs(REPEATS);
  if (best > BORDERLINE_MS) runs(RETRIES);
  return best;
}

type Row = { label: string; times: number[]; kvitt: number; greedy: number; members: number };

function measure(label: string, cases: MemberBalance[][]): Row {
  const row: Row = { label, times: [], kvitt: 0, greedy: 0, members: 0 };
  for (const balances of cases) {
    const members = balances.filter((m) => m.balance !== 0).length;
    const kvitt = settle(balances).length;
    const greedy = settleGreedy(balances).length;
    if (kvitt > greedy) failures.push(`${label}: Kvitt ${kvitt} > greedy ${greedy} transfers`);
    const ms = timeSettle(balances);
    if (members <= EXACT_LIMIT && ms > LIMIT_MS) failures.push(`${label}: ${ms.toFixed(1)} ms > ${LIMIT_MS} ms`);
    row.times.push(ms);
    row.kvitt += kvitt;
    row.greedy += greedy;
    row.members = Math.max(row.members, members);
  }
  return row;
}

function shapesFor(n: number): InstanceShape[] {
  return INSTANCE_SHAPES.filter((s) => s !== 'distinct' || n <= 40);
}

function seeded(n: number, shape: InstanceShape, count: number): MemberBalance[][] {
  const prng = createPrng(n * 1_000 + INSTANCE_SHAPES.indexOf(shape));
  return Array.from({ length: count }, () => generateBalances(prng, n, shape));
}

const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const worst = (values: number[]): number => Math.max(0, ...values);

function printTable(title: string, first: string, rows: Row[]): void {
  console.log(`\n${title}\n`);
  console.log(`| ${first} | instances | median ms | worst ms | Kvitt transfers | greedy transfers | saved |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const saved = r.greedy === 0 ? 0 : (100 * (r.greedy - r.kvitt)) / r.greedy;
    const cells = [r.label, r.times.length, ms(median(r.times)), ms(worst(r.times)), r.kvitt, r.greedy];
    console.log(`| ${cells.join(' | ')} | ${saved.toFixed(1)} % |`);
  }
}

const kr = (values: number[]): MemberBalance[] =>
  values.map((v, i) => ({ memberId: `h${String(i).padStart(2, '0')}`, balance: v * 100 }));
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Alternating signs over 1..k kr, repeated to 20 members, the last one absorbing the rest. */
function cycle(k: number): MemberBalance[] {
  const values = range(0, 18).map((i) => ((i % k) + 1) * (i % 2 === 0 ? 1 : -1));
  return kr([...values, -values.reduce((a, b) => a + b, 0)]);
}

/** Hand-made instances that stress one part of the solver each, all with 20 non-zero members. */
const HAND_MADE: Array<[string, MemberBalance[]]> = [
  ['±1 kr, ten each', kr([...range(1, 10).map(() => 1), ...range(1, 10).map(() => -1)])],
  ['±1..±10 kr, each once', kr([...range(1, 10), ...range(1, 10).map((v) => -v)])],
  ['1, −2, 3, … 7 kr, repeating', cycle(7)],
  ['1, −2, 3, … 9 kr, repeating', cycle(9)],
  [
    'odd kronor owed, even kronor owe',
    kr([...range(0, 9).map((i) => 2 * i + 1), ...range(1, 9).map((i) => -2 * i), -10]),
  ],
  ['1..19 kr owed, one owes 190 kr', kr([...range(1, 19), -190])],
  ['5 owed 10..14 kr, 15 owe 1..9 kr', kr([...range(10, 14), ...range(1, 9).map((v) => -v), -1, -2, -3, -4, -2, -3])],
  ['±2^i öre, no proper zero-sum subset', generateBalances(createPrng(1), 20, 'distinct')],
];

/** The same balances handed to `count` different member ids each time: the id order steers the solver. */
function permutations(balances: MemberBalance[], seed: number, count: number): MemberBalance[][] {
  const prng = createPrng(200 + seed);
  return Array.from({ length: count }, () => {
    const ids = shuffled(
      prng,
      balances.map((m) => m.memberId),
    );
    return balances.map((m, i) => ({ memberId: ids[i] as string, balance: m.balance }));
  });
}

/**
 * Hill climb towards the slowest 20-member instance: move whole kronor between two members and keep the move
 * when the best-of-3 time grows. Starts from the slowest seeded shapes.
 */
function searchSlowest(start: MemberBalance[], seed: number, steps: number): { balances: MemberBalance[]; ms: number } {
  const prng = createPrng(seed);
  let best = { balances: start, ms: timeSettle(start) };
  for (let step = 0; step < steps; step += 1) {
    const i = randomInt(prng, 0, start.length - 1);
    const j = (i + randomInt(prng, 1, start.length - 1)) % start.length;
    const delta = randomInt(prng, 1, 5) * 100;
    const next = best.balances.map((m, k) => ({
      memberId: m.memberId,
      balance: m.balance + (k === i ? delta : k === j ? -delta : 0),
    }));
    if (next.some((m) => m.balance === 0)) continue;
    const time = timeSettle(next);
    if (time > best.ms) best = { balances: next, ms: time };
  }
  return best;
}

/** Share of single proposed transfers after which the plan is exactly the rest of the same plan. */
function stabilityShare(cases: MemberBalance[][]): { stable: number; checked: number } {
  let stable = 0;
  let checked = 0;
  for (const balances of cases) {
    const plan = settle(balances);
    plan.forEach((transfer, i) => {
      const rest = JSON.stringify(plan.filter((_, k) => k !== i));
      checked += 1;
      if (JSON.stringify(settle(applyTransfers(balances, [transfer]))) === rest) stable += 1;
    });
  }
  return { stable, checked };
}

function main(): void {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const coldStart = performance.now();
  settle(cycle(7));
  const coldMs = performance.now() - coldStart;
  for (const balances of seeded(20, 'kronor', 20)) settle(balances);

  const bySize = SIZES.map((n) => {
    const count = n <= EXACT_LIMIT ? PER_SHAPE.small : PER_SHAPE.large;
    return measure(
      String(n),
      shapesFor(n).flatMap((shape) => seeded(n, shape, count)),
    );
  });
  const byShape = shapesFor(20).map((shape) => measure(shape, seeded(20, shape, PER_SHAPE.small)));
  const handMade = HAND_MADE.map(([label, balances], k) => measure(label, permutations(balances, k, 30)));
  const starts: Array<[string, MemberBalance[]]> = [
    ['1, −2, 3, … 7 kr', cycle(7)],
    ['tiny', seeded(20, 'tiny', 1)[0] as MemberBalance[]],
    ['kronor', seeded(20, 'kronor', 1)[0] as MemberBalance[]],
  ];
  const searched = starts.map(([label, start], k) => {
    const found = searchSlowest(start, 100 + k, 120);
    return measure(`searched from ${label}`, [found.balances]);
  });
  const large = shapesFor(200).flatMap((shape) => seeded(200, shape, 1));
  const { stable, checked } = stabilityShare(large);

  console.log(
    `Settlement solver on Node ${process.version}, ${os.cpus().length} cores, load average ${loadAtStart.toFixed(1)} at start.`,
  );
  console.log(
    `Times are the best of ${REPEATS} runs per instance (${REPEATS + RETRIES} above ${BORDERLINE_MS} ms), after warm-up.`,
  );
  console.log(
    `Shapes per size: ${shapesFor(20).join(', ')} (${PER_SHAPE.small} each up to 20 members, ${PER_SHAPE.large} each at 200).`,
  );
  printTable('By number of members with a non-zero balance', 'members', bySize);
  printTable('20 members by shape', 'shape', byShape);
  printTable('20 members, hand-made and searched worst cases', 'instance', [...handMade, ...searched]);
  console.log(`\nFirst call in this process (V8 not yet warmed up), '1, −2, 3, … 7 kr, repeating': ${ms(coldMs)} ms`);
  console.log(
    `Above ${EXACT_LIMIT} members (200, one instance per shape): paying one proposed transfer left exactly the rest of the plan in ${stable} of ${checked} cases.`,
  );
  if (failures.length > 0) {
    console.error(`\nFAILED:\n${failures.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nOK: every plan for at most ${EXACT_LIMIT} members took at most ${LIMIT_MS} ms, and Kvitt never needed more transfers than greedy.`,
    );
  }
}

main();
