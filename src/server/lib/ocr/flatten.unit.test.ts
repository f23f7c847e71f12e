import { describe, expect, it } from 'vitest';
import { flattenIllumination } from './flatten.ts';
import type { GreyImage } from './grey-image.ts';

/** Bare paper under light falling off from left to right, with some pixel noise. */
function shadedPaper(width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1)
      data[y * width + x] = Math.round(240 - (110 * x) / width - ((x * 7 + y * 13) % 5));
  }
  return { data, width, height };
}

describe('flattenIllumination', () => {
  it('lights bare paper evenly, with no step where one block of the light estimate meets the next', () => {
    const img = shadedPaper(400, 200);
    const flat = flattenIllumination(img, 40);
    // Along a row, the flattened paper changes by the noise at most: a piecewise constant estimate of the light
    // jumps by a block's worth of the gradient (about 11 levels here) at every block edge.
    let largestStep = 0;
    for (let x = 1; x < flat.width; x += 1) {
      const row = 100 * flat.width;
      largestStep = Math.max(largestStep, Math.abs((flat.data[row + x] ?? 0) - (flat.data[row + x - 1] ?? 0)));
    }
    expect(largestStep).toBeLessThanOrEqual(8);
    const levels = [...flat.data];
    expect(Math.min(...levels)).toBeGreaterThan(200);
  });
});
