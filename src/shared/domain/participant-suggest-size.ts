// How many took part is often written in the amount: a lunch bill is about the price of a lunch times the people at
// the table. These helpers turn that into a likelihood over head counts and fold it into the per-member chances.

/** A log-normal fit of the amount per participant (natural log of öre) among resembling earlier expenses. */
export type PerHeadFit = { mean: number; variance: number };

/**
 * Weighted mean and variance of log(amount per participant), the variance pulled towards `priorVariance` with the
 * weight of `priorWeight` expenses so a handful of look-alikes cannot claim certainty. Null without any evidence.
 */
export function fitPerHead(
  logPerHead: ArrayLike<number>,
  weights: ArrayLike<number>,
  priorWeight: number,
  priorVariance: number,
): PerHeadFit | null {
  let total = 0;
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) {
    total += weights[i] as number;
    sum += (weights[i] as number) * (logPerHead[i] as number);
  }
  if (!(total > 0)) return null;
  const mean = sum / total;
  let spread = 0;
  for (let i = 0; i < weights.length; i += 1) {
    const d = (logPerHead[i] as number) - mean;
    spread += (weights[i] as number) * d * d;
  }
  return { mean, variance: (spread + priorWeight * priorVariance) / (total + priorWeight) };
}

/** Relative likelihood of 1…maxSize participants given the amount (index = head count; index 0 is always 0). */
export function headcountLikelihood(fit: PerHeadFit, logAmount: number, maxSize: number): Float64Array {
  const out = new Float64Array(maxSize + 1);
  for (let k = 1; k <= maxSize; k += 1) {
    const z = logAmount - Math.log(k) - fit.mean;
    out[k] = Math.exp((-0.5 * z * z) / fit.variance);
  }
  return out;
}

/** Distribution of the number of successes among independent chances `p` (Poisson binomial), by dynamic programming. */
function countDistribution(p: readonly number[], skip: number): Float64Array {
  const f = new Float64Array(p.length + 1);
  f[0] = 1;
  let n = 0;
  p.forEach((pi, i) => {
    if (i === skip) return;
    n += 1;
    for (let k = n; k >= 1; k -= 1) f[k] = (f[k] as number) * (1 - pi) + (f[k - 1] as number) * pi;
    f[0] = (f[0] as number) * (1 - pi);
  });
  return f;
}

/**
 * Per-member chances after also believing the head-count likelihood: treats the chances as independent, weighs each
 * total by its likelihood (at least one participant), and returns each member's chance of being among them. O(n³),
 * so callers skip it for very large groups.
 */
export function conditionOnHeadcount(p: readonly number[], likelihood: ArrayLike<number>): number[] {
  const all = countDistribution(p, -1);
  let norm = 0;
  for (let k = 1; k <= p.length; k += 1) norm += (all[k] as number) * ((likelihood[k] as number) ?? 0);
  if (!(norm > 0)) return [...p];
  return p.map((pi, m) => {
    const rest = countDistribution(p, m);
    let inside = 0;
    for (let k = 1; k <= p.length; k += 1) inside += (likelihood[k] as number) * pi * (rest[k - 1] as number);
    return inside / norm;
  });
}
