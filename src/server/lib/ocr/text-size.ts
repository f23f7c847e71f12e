import type { GreyImage } from './grey-image.ts';
import { otsuThreshold } from './grey-image.ts';

const MIN_GLYPHS = 20;

/** Heights of the 4-connected dark blobs of a binarised image that are shaped like characters. */
function glyphHeights(img: GreyImage, threshold: number): number[] {
  const { data, width, height } = img;
  const seen = new Uint8Array(data.length);
  const stack: number[] = [];
  const heights: number[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (seen[start] || (data[start] ?? 255) > threshold) continue;
    seen[start] = 1;
    stack.push(start);
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= data.length || seen[q] || (data[q] ?? 255) > threshold) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    const h = y1 - y0 + 1;
    const w = x1 - x0 + 1;
    // Characters: not specks, not barcode bars or rules, not whole logos.
    if (h >= 4 && h <= height / 8 && w <= 3 * h && h <= 8 * w) heights.push(h);
  }
  return heights;
}

/**
 * The typical character height in pixels of a flattened receipt image (the median height of character-shaped
 * blobs), or null when too few are found to tell. Lets preprocessing scale every receipt to the text size
 * tesseract reads best, whatever the camera distance or scan resolution.
 */
export function estimateTextHeight(img: GreyImage): number | null {
  const { threshold } = otsuThreshold(img.data);
  const heights = glyphHeights(img, threshold).sort((a, b) => a - b);
  if (heights.length < MIN_GLYPHS) return null;
  return heights[Math.floor(heights.length / 2)] ?? null;
}
