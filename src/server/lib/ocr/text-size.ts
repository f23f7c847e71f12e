import type { GreyImage } from './grey-image.ts';
import { flood, inkThreshold, otsuThreshold } from './grey-image.ts';
import type { Box } from './paper.ts';

const MIN_GLYPHS = 20;
// Columns of marks set apart from the rest by an empty band wider than this many character heights, and holding
// fewer than MIN_SHARE of the characters, are not the receipt (punch holes, a scanner's stamp beside it). A price
// column holds far more than that, so a receipt is never cut in two.
const GAP_IN_HEIGHTS = 3;
const MIN_SHARE = 0.03;

export type Glyph = { x0: number; y0: number; x1: number; y1: number };

/** The 4-connected dark blobs of a binarised image that are shaped like characters. */
export function glyphs(img: GreyImage, threshold: number): Glyph[] {
  const { data, width, height } = img;
  const seen = new Uint8Array(data.length);
  const dark = (i: number) => (data[i] as number) <= threshold;
  const found: Glyph[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (seen[start] || !dark(start)) continue;
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    for (const p of flood(width, height, [start], dark, seen)) {
      const x = p % width;
      const y = (p - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const h = y1 - y0 + 1;
    const w = x1 - x0 + 1;
    // Characters: not specks, not barcode bars or rules, not whole logos.
    if (h >= 4 && h <= height / 8 && w <= 3 * h && h <= 8 * w) found.push({ x0, y0, x1, y1 });
  }
  return found;
}

/** The horizontal span of the glyph columns that hold at least MIN_SHARE of all glyphs. */
function printColumns(found: readonly Glyph[], gap: number): [number, number] {
  const sorted = [...found].sort((a, b) => a.x0 - b.x0);
  const clusters: Array<{ left: number; right: number; count: number }> = [];
  for (const g of sorted) {
    const last = clusters.at(-1);
    if (last && g.x0 - last.right <= gap) {
      last.right = Math.max(last.right, g.x1);
      last.count += 1;
    } else clusters.push({ left: g.x0, right: g.x1, count: 1 });
  }
  const kept = clusters.filter((c) => c.count >= MIN_SHARE * found.length);
  const use = kept.length > 0 ? kept : clusters;
  return [Math.min(...use.map((c) => c.left)), Math.max(...use.map((c) => c.right))];
}

/** Character height and print box of the glyphs at or below `threshold`, or null when too few show. */
function printAt(img: GreyImage, threshold: number): { height: number; box: Box } | null {
  const found = glyphs(img, threshold);
  if (found.length < MIN_GLYPHS) return null;
  const heights = found.map((g) => g.y1 - g.y0 + 1).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)] ?? 0;
  const [left, right] = printColumns(found, GAP_IN_HEIGHTS * height);
  const inside = found.filter((g) => g.x0 >= left && g.x1 <= right);
  const top = Math.min(...inside.map((g) => g.y0));
  const bottom = Math.max(...inside.map((g) => g.y1));
  return { height, box: { left, top, width: right - left + 1, height: bottom - top + 1 } };
}

/**
 * The typical character height in pixels of a flattened receipt image (the median height of character-shaped
 * blobs) and the box that holds the print, or null when too few characters are found to tell. The height lets
 * preprocessing scale every receipt to the text size tesseract reads best; the box lets it cut a small receipt
 * out of a full-page scan, where no paper edge stands out from the white scanner page.
 *
 * Measured at Otsu's threshold and, when that lies above the ink level, at the ink level too; the taller print
 * wins. A pale, grainy table left in the picture falls below Otsu's threshold as specks that outnumber the
 * characters, while faint thermal print breaks into pieces at the ink level: each measure fails where the other
 * holds, and both fail towards small heights.
 */
export function measurePrint(img: GreyImage): { height: number; box: Box } | null {
  const { threshold } = otsuThreshold(img.data);
  const atOtsu = printAt(img, threshold);
  const ink = inkThreshold(img);
  if (ink === threshold) return atOtsu;
  const atInk = printAt(img, ink);
  if (atOtsu === null || atInk === null) return atOtsu ?? atInk;
  return atInk.height > atOtsu.height ? atInk : atOtsu;
}

/** The typical character height in pixels of a flattened receipt image, or null when too few characters show. */
export function estimateTextHeight(img: GreyImage): number | null {
  return measurePrint(img)?.height ?? null;
}
