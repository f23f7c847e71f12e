// Fits the learned combination of the participant suggestion on simulator seed 1 (never on the held-out seed):
// replays every group in time order as the evaluation does, takes each member's feature row before every expense
// (groups of five or more, with history) labelled with whether they were saved as a participant, fits a logistic
// regression to them (Newton's method, L2 penalty 1 on every weight), then picks the threshold with the best overall
// F1 on the same seed. Prints src/shared/domain/participant-suggest-weights.ts; --write writes it.
//   node bench/suggest-fit.ts [--write]
import { writeFileSync } from 'node:fs';
import { DEFAULT_SUGGEST_TUNING, participationFeatures } from '#shared/domain/participant-suggest.ts';
import type { SuggestCombination } from '#shared/domain/participant-suggest.ts';
import { overallF1, simulate, TUNING_SEED } from './eval-suggest.ts';
import type { SimExpense, SimGroup } from './suggest-sim.ts';

const L2 = 1;
const THRESHOLDS = [0.3, 0.325, 0.35, 0.375, 0.4, 0.425, 0.45, 0.475, 0.5];
const OUT = new URL('../src/shared/domain/participant-suggest-weights.ts', import.meta.url);

type Sample = { rows: number[][]; labels: number[] };

function samples(groups: readonly SimGroup[]): Sample {
  const out: Sample = { rows: [], labels: [] };
  for (const group of groups) {
    const history: SimExpense[] = [];
    for (const { expense, members } of group.events) {
      if (expense.merchant !== null && expense.category !== null) {
        const { merchant, category, amount, payerId, date } = expense;
        const query = { merchant, category, amount, payerId, date };
        const rows = participationFeatures(history, members, query, DEFAULT_SUGGEST_TUNING);
        rows?.forEach((row, m) => {
          out.rows.push(row);
          out.labels.push(expense.participantIds.includes(members[m] as string) ? 1 : 0);
        });
      }
      history.push(expense);
    }
  }
  return out;
}

/** Gradient and Hessian of the penalised log-likelihood at `w`, as one augmented matrix [H | g]. */
function newtonSystem(data: Sample, w: readonly number[]): number[][] {
  const d = w.length;
  const system = Array.from({ length: d }, () => new Array<number>(d + 1).fill(0));
  data.rows.forEach((x, i) => {
    const p = 1 / (1 + Math.exp(-x.reduce((z, v, j) => z + v * (w[j] as number), 0)));
    const [r, s] = [(data.labels[i] as number) - p, p * (1 - p)];
    for (let j = 0; j < d; j += 1) {
      const row = system[j] as number[];
      row[d] = (row[d] as number) + r * (x[j] as number);
      for (let k = 0; k <= j; k += 1) row[k] = (row[k] as number) + s * (x[j] as number) * (x[k] as number);
    }
  });
  for (let j = 0; j < d; j += 1) {
    const row = system[j] as number[];
    for (let k = j + 1; k < d; k += 1) row[k] = (system[k] as number[])[j] as number;
    row[j] = (row[j] as number) + L2;
    row[d] = (row[d] as number) - L2 * (w[j] as number);
  }
  return system;
}

/** Solves [A | b] by Gauss–Jordan elimination with partial pivoting. */
function solve(system: number[][]): number[] {
  const d = system.length;
  for (let c = 0; c < d; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < d; r += 1)
      if (Math.abs((system[r] as number[])[c] as number) > Math.abs((system[pivot] as number[])[c] as number))
        pivot = r;
    [system[c], system[pivot]] = [system[pivot] as number[], system[c] as number[]];
    const top = system[c] as number[];
    for (let r = 0; r < d; r += 1) {
      const row = system[r] as number[];
      if (r === c) continue;
      const f = (row[c] as number) / (top[c] as number);
      for (let k = c; k <= d; k += 1) row[k] = (row[k] as number) - f * (top[k] as number);
    }
  }
  return system.map((row, j) => (row[d] as number) / (row[j] as number));
}

function fitLogistic(data: Sample): number[] {
  let w = new Array<number>((data.rows[0] as number[]).length).fill(0);
  for (let step = 0; step < 30; step += 1) {
    const delta = solve(newtonSystem(data, w));
    w = w.map((v, j) => v + (delta[j] as number));
    if (Math.max(...delta.map(Math.abs)) < 1e-7) break;
  }
  return w.map((v) => Math.round(v * 10_000) / 10_000);
}

// The columns of a feature row, in the order memberFeatures builds them (see participant-suggest-features.ts).
const FEATURES = [
  'vote chance (logit)',
  'around today (log chance)',
  'is the payer',
  'never seen',
  'in something today',
  'in something today without the payer',
  'in something today with the payer',
  'rate with the payer',
  'recent rate',
  'overall rate',
  'category rate over overall',
  'weekday rate over category',
  'merchant rate over category',
  'in another category today',
  'at the other table today',
  'paid less than the payer',
  'everyone-prior (logit)',
];
const COLUMNS = ['constant', ...FEATURES, 'young history', ...FEATURES.map((f) => `${f} × young`)];

const lines = (weights: readonly number[]): string =>
  weights.map((w, j) => `    ${w}, // ${COLUMNS[j] ?? '?'}`).join('\n');

function main(): void {
  const groups = simulate(TUNING_SEED);
  const data = samples(groups);
  if ((data.rows[0] as number[]).length !== COLUMNS.length) throw new Error('the feature names are out of date');
  const weights = fitLogistic(data);
  let best: SuggestCombination = { weights, threshold: THRESHOLDS[0] as number };
  let bestF1 = Number.NEGATIVE_INFINITY;
  for (const threshold of THRESHOLDS) {
    const f1 = overallF1(groups, { ...DEFAULT_SUGGEST_TUNING, combination: { weights, threshold } });
    console.error(`threshold ${threshold}: overall F1 ${f1.toFixed(4)}`);
    if (f1 > bestF1) [best, bestF1] = [{ weights, threshold }, f1];
  }
  const text = `// Written by bench/suggest-fit.ts: a logistic regression over the rows of participationFeatures, fitted on
// simulator seed ${TUNING_SEED} (${data.rows.length} member rows from groups of five or more, L2 penalty ${L2}), and the threshold with
// the best overall F1 on that seed (${bestF1.toFixed(4)}). The held-out seed was not used. Run it again after changing a feature.
import type { SuggestCombination } from './participant-suggest.ts';

export const FITTED_COMBINATION: SuggestCombination = {
  weights: [
${lines(best.weights)}
  ],
  threshold: ${best.threshold},
};
`;
  if (process.argv.includes('--write')) writeFileSync(OUT, text);
  else console.log(text);
}

main();
