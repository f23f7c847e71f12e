import { describe, expect, it } from 'vitest';
import type { GreyImage } from './grey-image.ts';
import { measurePrint } from './text-size.ts';

function page(width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height).fill(250);
  return { data, width, height };
}

function block(img: GreyImage, x0: number, y0: number, w: number, h: number): void {
  for (let y = y0; y < y0 + h; y += 1) img.data.fill(10, y * img.width + x0, y * img.width + x0 + w);
}

describe('measurePrint', () => {
  it('finds the receipt on a full page and leaves out punch holes and a stamp beside it', () => {
    const img = page(1000, 1400);
    // The receipt: 40 rows of characters, 10 × 16 px, from x = 200 to 520, with a price column at the right.
    for (let row = 0; row < 40; row += 1) {
      for (let i = 0; i < 12; i += 1) block(img, 200 + i * 14, 100 + row * 28, 10, 16);
      for (let i = 0; i < 4; i += 1) block(img, 460 + i * 14, 100 + row * 28, 10, 16);
    }
    block(img, 60, 300, 22, 22);
    block(img, 60, 900, 22, 22);
    for (let i = 0; i < 8; i += 1) block(img, 700 + i * 14, 1300, 10, 16);
    const print = measurePrint(img);
    expect(print?.height).toBe(16);
    expect(print?.box).toEqual({ left: 200, top: 100, width: 312, height: 1108 });
  });
});
