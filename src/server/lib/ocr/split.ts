import type { GreyImage } from './grey-image.ts';
import { otsuThreshold } from './grey-image.ts';

// Only images taller than this many character heights are cut: below it the second worker saves less than a call
// costs.
const MIN_HEIGHT_IN_TEXT = 60;
// A cut may only run through a band of rows without ink at least this share of a character high.
const MIN_BAND_IN_TEXT = 0.3;
const MAX_COLUMN_SHARE = 0.5;
const MARGIN_IN_TEXT = 1.5;

/**
 * Dark pixels per row, leaving out columns dark in most rows: the table beside the paper, a border or a rule down
 * the receipt, which no cut between two lines of print could avoid.
 */
function rowInk(img: GreyImage): Uint32Array {
  const { threshold } = otsuThreshold(img.data);
  const { width, height, data } = img;
  const columnInk = new Uint32Array(width);
  for (let i = 0; i < data.length; i += 1)
    if ((data[i] ?? 255) <= threshold) columnInk[i % width] = (columnInk[i % width] ?? 0) + 1;
  const ink = new Uint32Array(height);
  for (let y = 0; y < height; y += 1) {
    let n = 0;
    for (let x = 0, i = y * width; x < width; x += 1, i += 1) {
      if ((data[i] ?? 255) <= threshold && (columnInk[x] ?? 0) <= MAX_COLUMN_SHARE * height) n += 1;
    }
    ink[y] = n;
  }
  return ink;
}

/**
 * The row in the middle of the blank band (no more than `noise` dark pixels a row: specks) nearest to `target`,
 * or -1 when none lies within a sixth of the height from it.
 */
function blankRowNear(ink: Uint32Array, target: number, minBand: number, noise: number): number {
  const lo = Math.max(0, target - Math.floor(ink.length / 6));
  const hi = Math.min(ink.length, target + Math.ceil(ink.length / 6));
  let best = -1;
  let start = -1;
  for (let y = lo; y <= hi; y += 1) {
    if (y < hi && (ink[y] ?? 0) <= noise) {
      if (start < 0) start = y;
      continue;
    }
    if (start >= 0 && y - start >= minBand) {
      const mid = (start + y) >> 1;
      if (best < 0 || Math.abs(mid - target) < Math.abs(best - target)) best = mid;
    }
    start = -1;
  }
  return best;
}

/** The first row above which `share` of the ink lies: strips of equal print take tesseract equally long. */
function inkShareRow(ink: Uint32Array, share: number): number {
  let total = 0;
  for (const n of ink) total += n;
  let sum = 0;
  for (let y = 0; y < ink.length; y += 1) {
    sum += ink[y] ?? 0;
    if (sum >= share * total) return y;
  }
  return ink.length - 1;
}

/** Rows `from` to `to` of an image, with `pad` white rows added at each cut edge. */
function rows(img: GreyImage, from: number, to: number, pad: number): GreyImage {
  const top = from > 0 ? pad : 0;
  const bottom = to < img.height ? pad : 0;
  const height = top + (to - from) + bottom;
  const data = new Uint8Array(img.width * height).fill(255);
  data.set(img.data.subarray(from * img.width, to * img.width), top * img.width);
  return { data, width: img.width, height };
}

/**
 * A tall receipt image cut into `parts` strips holding about equal print, at blank bands between printed lines, so
 * that tesseract workers can read the strips side by side; a strip never cuts through a line of print. Returns the whole image when it is
 * short, when `parts` is 1, or when no blank band lies near a cut (a tilted photo).
 */
export function splitAtBlankRows(img: GreyImage, textHeight: number | null, parts: number): GreyImage[] {
  if (parts < 2 || textHeight === null || img.height < MIN_HEIGHT_IN_TEXT * textHeight) return [img];
  const ink = rowInk(img);
  const minBand = Math.max(2, Math.round(MIN_BAND_IN_TEXT * textHeight));
  // Tesseract drops a line that touches the edge of its image: each strip gets a margin of paper at the cut.
  const pad = Math.round(MARGIN_IN_TEXT * textHeight);
  const strips: GreyImage[] = [];
  let from = 0;
  for (let k = 1; k < parts; k += 1) {
    const window = ink.subarray(from);
    const target = inkShareRow(window, 1 / (parts - k + 1));
    const cut = blankRowNear(window, target, minBand, Math.max(1, Math.round(img.width / 500)));
    if (cut <= 0) continue;
    strips.push(rows(img, from, from + cut, pad));
    from += cut;
  }
  strips.push(rows(img, from, img.height, pad));
  return strips;
}
