import type { GreyImage } from './grey-image.ts';

// Ink is this much darker than the mean of its neighbourhood (Bradley and Roth's adaptive threshold): faded
// thermal print a little darker than the paper still counts, the grain of bare paper does not.
const DARKER_BY = 0.15;
// Below this difference from the neighbourhood nothing is ink, however the ratio falls (JPEG noise in shadow).
const MIN_CONTRAST = 12;

/**
 * Summed-area table of an image, one row and column larger, so any box sum takes four look-ups. In 32-bit integers
 * where the whole image's sum fits them (up to 16.8 million pixels): exact like doubles, half the memory to fill.
 */
function integral(img: GreyImage): Float64Array | Uint32Array {
  const w = img.width + 1;
  const size = w * (img.height + 1);
  const sums = img.width * img.height * 255 < 2 ** 32 ? new Uint32Array(size) : new Float64Array(size);
  const { data } = img;
  for (let y = 0; y < img.height; y += 1) {
    let row = 0;
    const from = y * img.width;
    const above = y * w + 1;
    const here = (y + 1) * w + 1;
    for (let x = 0; x < img.width; x += 1) {
      row += data[from + x] as number;
      sums[here + x] = (sums[above + x] as number) + row;
    }
  }
  return sums;
}

/**
 * Black print on white paper, decided pixel by pixel against the mean of the `window`×`window` square around it,
 * so shadows, tinted paper and a pale table all turn white while faded print stays black. The window should span
 * a few characters.
 */
export function binariseAdaptively(img: GreyImage, window: number): GreyImage {
  const { width, height, data } = img;
  const sums = integral(img);
  const w = width + 1;
  const half = Math.max(1, Math.floor(window / 2));
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    const [top, bottom] = [y0 * w, y1 * w];
    for (let x = 0; x < width; x += 1) {
      const x0 = x > half ? x - half : 0;
      const x1 = x + half + 1 < width ? x + half + 1 : width;
      const sum =
        (sums[bottom + x1] as number) -
        (sums[top + x1] as number) -
        (sums[bottom + x0] as number) +
        (sums[top + x0] as number);
      const mean = sum / ((x1 - x0) * (y1 - y0));
      const v = data[y * width + x] as number;
      out[y * width + x] = v < mean * (1 - DARKER_BY) && mean - v > MIN_CONTRAST ? 0 : 255;
    }
  }
  return { data: out, width, height };
}
