import type { GreyImage } from './grey-image.ts';
import { inkThreshold } from './grey-image.ts';
import { glyphs } from './text-size.ts';

// Photos of receipts tilt up to about 15°; a little more is searched so that 15° is not at the edge.
const MAX_DEGREES = 20;

/** The bottom centre of every character-shaped blob: points along the baselines of the text lines. */
export function baselinePoints(img: GreyImage): { xs: Float32Array; ys: Float32Array } {
  const found = glyphs(img, inkThreshold(img));
  const xs = new Float32Array(found.length);
  const ys = new Float32Array(found.length);
  for (const [i, g] of found.entries()) {
    xs[i] = (g.x0 + g.x1) / 2;
    ys[i] = g.y1;
  }
  return { xs, ys };
}

/**
 * How sharply the ink falls into rows when the page is turned by `degrees`: the sum of squared ink counts per row
 * of the turned page, divided by the number of points. Text lines at the right angle give tall, narrow peaks.
 */
export function profileSharpness(xs: Float32Array, ys: Float32Array, degrees: number): number {
  const a = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(a), Math.sin(a)];
  const bins = new Map<number, number>();
  for (let i = 0; i < xs.length; i += 1) {
    const x = xs[i] ?? 0;
    const y = ys[i] ?? 0;
    const row = Math.round(y * c - x * s);
    bins.set(row, (bins.get(row) ?? 0) + 1);
  }
  let sum = 0;
  for (const v of bins.values()) sum += v * v;
  return xs.length === 0 ? 0 : sum / xs.length;
}

/** The angle in [-max, max] degrees whose rows are sharpest: a coarse search by whole degrees, then by tenths. */
function bestAngle(xs: Float32Array, ys: Float32Array): { degrees: number; sharpness: number } {
  let best = { degrees: 0, sharpness: profileSharpness(xs, ys, 0) };
  for (let d = -MAX_DEGREES; d <= MAX_DEGREES; d += 1) {
    const sharpness = profileSharpness(xs, ys, d);
    if (sharpness > best.sharpness) best = { degrees: d, sharpness };
  }
  const coarse = best.degrees;
  for (let d = coarse - 0.9; d <= coarse + 0.9; d += 0.1) {
    const sharpness = profileSharpness(xs, ys, d);
    if (sharpness > best.sharpness) best = { degrees: Math.round(d * 10) / 10, sharpness };
  }
  return best;
}

/**
 * The tilt of a page's text lines in degrees (positive: the lines fall to the right, so turning the page by
 * `-degrees` straightens them), from projection profiles of the characters' baselines (so that a dark table or a logo does not count) at every angle within ±20°.
 */
export function findSkew(img: GreyImage): number {
  const { xs, ys } = baselinePoints(img);
  return bestAngle(xs, ys).degrees;
}
