import type { GreyImage } from './grey-image.ts';
import { otsuThreshold } from './grey-image.ts';

// A bar is a dark vertical run at least this many character heights long and at most this share of one wide.
// Measured heights of broken thermal print can be half the real one, so the margin over a letter's stroke is wide.
const MIN_BAR_IN_HEIGHTS = 4;
const MAX_BAR_WIDTH_IN_HEIGHTS = 0.5;
// A barcode has dozens of bars of one length side by side, about half of its width ink; the tall strokes of a
// headline's letters are fewer and far sparser.
const MIN_BARS = 12;
const MIN_INK_SHARE = 0.3;
const EDGE_IN_HEIGHTS = 0.1;

type Run = { x: number; y0: number; y1: number };
type Group = { y0: number; y1: number; runs: Run[] };

/**
 * Vertical dark runs of at least `minRun` pixels whose row at mid-height is at most `maxWidth` dark pixels wide,
 * column by column from the left and each column's from the top. The page is walked row by row, each column's open
 * run kept aside, since a column-wise walk strides across the whole image for every pixel.
 */
function barRuns(img: GreyImage, threshold: number, minRun: number, maxWidth: number): Run[] {
  const { data, width, height } = img;
  const dark = (x: number, y: number) => (data[y * width + x] as number) <= threshold;
  const starts = new Int32Array(width).fill(-1);
  const runs: Run[] = [];
  const close = (x: number, y: number) => {
    const start = starts[x] as number;
    starts[x] = -1;
    if (y - start < minRun) return;
    const mid = (start + y) >> 1;
    let left = x;
    while (left > 0 && x - left <= maxWidth && dark(left - 1, mid)) left -= 1;
    let right = x;
    while (right < width - 1 && right - left <= maxWidth && dark(right + 1, mid)) right += 1;
    if (right - left + 1 <= maxWidth) runs.push({ x, y0: start, y1: y - 1 });
  };
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      if ((data[row + x] as number) <= threshold) {
        if ((starts[x] as number) < 0) starts[x] = y;
      } else if ((starts[x] as number) >= 0) close(x, y);
    }
  }
  for (let x = 0; x < width; x += 1) if ((starts[x] as number) >= 0) close(x, height);
  // A column's runs were found top to bottom; runs are grouped in column order.
  return runs.sort((a, b) => a.x - b.x || a.y0 - b.y0);
}

function median(values: number[]): number {
  return values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
}

/** Whether a group of runs is a barcode: enough separate bars (neighbouring columns are one bar), densely set. */
function isBarcode(runs: readonly Run[]): boolean {
  const xs = [...new Set(runs.map((r) => r.x))].sort((a, b) => a - b);
  const bars = xs.filter((x, i) => i === 0 || x - (xs[i - 1] ?? 0) > 1).length;
  const span = (xs.at(-1) ?? 0) - (xs[0] ?? 0) + 1;
  return bars >= MIN_BARS && xs.length >= MIN_INK_SHARE * span;
}

/**
 * Paints barcodes white. Tesseract takes a barcode for a block of text and garbles the line printed against it,
 * which on many receipts is the one with the date and time. Found as many thin vertical bars of one length side by
 * side; `textHeight` is the measured character height in this image's pixels. Returns the image unchanged when
 * there is no barcode.
 */
export function eraseBarcodes(img: GreyImage, textHeight: number): GreyImage {
  const { threshold } = otsuThreshold(img.data);
  const groups: Group[] = [];
  const runs = barRuns(
    img,
    threshold,
    MIN_BAR_IN_HEIGHTS * textHeight,
    Math.max(2, MAX_BAR_WIDTH_IN_HEIGHTS * textHeight),
  );
  for (const run of runs) {
    // Tops agree; a bottom may run on by a text line where a bar touches the digits under it.
    const group = groups.find(
      (g) => Math.abs(g.y0 - run.y0) <= textHeight && Math.abs(g.y1 - run.y1) <= 2 * textHeight,
    );
    if (group) group.runs.push(run);
    else groups.push({ y0: run.y0, y1: run.y1, runs: [run] });
  }
  const barcodes = groups.filter((g) => isBarcode(g.runs));
  if (barcodes.length === 0) return img;
  const data = new Uint8Array(img.data);
  for (const g of barcodes) {
    // The grey edge of the bars would stay as a dotted frame and stick to the digits printed under them.
    const pad = Math.max(2, Math.round(EDGE_IN_HEIGHTS * textHeight));
    const x0 = Math.max(0, Math.min(...g.runs.map((r) => r.x)) - pad);
    const x1 = Math.min(img.width - 1, Math.max(...g.runs.map((r) => r.x)) + pad);
    // The bars' common length: a bar that touches the text below runs on into its digits, which must stay.
    const y0 = Math.max(0, median(g.runs.map((r) => r.y0)) - pad);
    const y1 = Math.min(img.height - 1, median(g.runs.map((r) => r.y1)) + pad);
    for (let y = y0; y <= y1; y += 1) data.fill(255, y * img.width + x0, y * img.width + x1 + 1);
  }
  return { ...img, data };
}
