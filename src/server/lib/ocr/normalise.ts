// Sharp's `normalise` of a grey page, computed the cheap way. Sharp turns the page into CIE Lab, finds the 1st and
// 99th percentiles of its lightness with libvips' `percent` and stretches the lightness linearly between them: three
// passes over the page in floating point, which took 200 ms of a 1800×2400 phone photo whose decoding took 40.
// Every grey level has one lightness, so the stretch is a table of 256 levels: the percentiles are found here from
// the page's histogram, and the table is what sharp makes of a small image with the same percentiles, so the page
// comes out exactly as sharp would have made it (decision 006).
import type { GreyImage } from './grey-image.ts';
import { levelCounts } from './grey-image.ts';
import { fromGrey, grey } from './sharp-grey.ts';

const LOWER_PERCENT = 1;
const UPPER_PERCENT = 99;
// Pixels of the small image that stands in for the page.
const SAMPLE_PIXELS = 1 << 16;

/** libvips' lightness (0–100) of each grey level. */
let lightnessOfLevel: Promise<Float32Array> | null = null;

function lightnesses(): Promise<Float32Array> {
  lightnessOfLevel ??= (async () => {
    const ramp = Uint8Array.from({ length: 256 }, (_, level) => level);
    const lab = await fromGrey({ data: ramp, width: 256, height: 1 })
      .toColourspace('lab')
      .raw({ depth: 'float' })
      .toBuffer({ resolveWithObject: true });
    const values = new Float32Array(lab.data.buffer, lab.data.byteOffset, lab.data.byteLength / 4);
    return Float32Array.from({ length: 256 }, (_, level) => values[level * lab.info.channels] ?? 0);
  })();
  // A failure is not kept: the next page asks sharp again.
  lightnessOfLevel.catch(() => (lightnessOfLevel = null));
  return lightnessOfLevel;
}

/**
 * libvips' `percent` of a lightness histogram whose bins are whole units: the histogram runs up to its highest
 * occupied bin, its running sum is scaled to that bin's index and truncated, and the threshold is the first bin whose
 * scaled sum exceeds `percent` of the bin count (the bin count when none does).
 */
function vipsPercent(bins: Float64Array, pixels: number, percent: number): number {
  let size = 0;
  for (let bin = 0; bin < bins.length; bin += 1) if ((bins[bin] ?? 0) > 0) size = bin + 1;
  const threshold = (percent / 100) * size;
  // libvips scales in single precision, so the last bin's sum may come out a hair under its index.
  const factor = Math.fround((size - 1) / pixels);
  let sum = 0;
  for (let bin = 0; bin < size; bin += 1) {
    sum += bins[bin] ?? 0;
    if (Math.trunc(Math.fround(factor * sum)) > threshold) return bin;
  }
  return size;
}

/** The lower and upper percentile of the lightness of pixels counted per grey level. */
function percentiles(counts: Float64Array, lightness: Float32Array): [number, number] {
  const bins = new Float64Array(102);
  let pixels = 0;
  for (let level = 0; level < 256; level += 1) {
    const count = counts[level] ?? 0;
    const bin = Math.floor(lightness[level] ?? 0);
    bins[bin] = (bins[bin] ?? 0) + count;
    pixels += count;
  }
  return [vipsPercent(bins, pixels, LOWER_PERCENT), vipsPercent(bins, pixels, UPPER_PERCENT)];
}

/** The page as `sharp(page).normalise()` makes it. */
export async function normaliseGrey(page: GreyImage): Promise<GreyImage> {
  const lightness = await lightnesses();
  const counts = levelCounts(page.data);
  const wanted = percentiles(counts, lightness);
  // A small image with the page's levels in about the page's proportions, every level present at least once.
  const scale = Math.min(1, SAMPLE_PIXELS / page.data.length);
  const sampleCounts = counts.map((count) => (count > 0 ? Math.max(1, Math.round(count * scale)) : 0));
  const found = percentiles(sampleCounts, lightness);
  if (found[0] !== wanted[0] || found[1] !== wanted[1]) {
    // Rounding moved a percentile across a bin: the page itself, the slow way.
    return grey(fromGrey(page).normalise({ lower: LOWER_PERCENT, upper: UPPER_PERCENT }));
  }
  const sample = new Uint8Array(sampleCounts.reduce((sum, count) => sum + count, 0));
  let at = 0;
  sampleCounts.forEach((count, level) => {
    sample.fill(level, at, at + count);
    at += count;
  });
  const stretched = fromGrey({ data: sample, width: sample.length, height: 1 });
  const out = await grey(stretched.normalise({ lower: LOWER_PERCENT, upper: UPPER_PERCENT }));
  const table = new Uint8Array(256);
  for (let i = 0; i < sample.length; i += 1) table[sample[i] ?? 0] = out.data[i] ?? 0;
  const data = new Uint8Array(page.data.length);
  for (let i = 0; i < data.length; i += 1) data[i] = table[page.data[i] ?? 0] ?? 0;
  return { data, width: page.width, height: page.height };
}
