import { describe, expect, it } from 'vitest';
import { eraseBarcodes } from './barcode.ts';
import type { GreyImage } from './grey-image.ts';

const blank = (width: number, height: number): GreyImage => ({
  data: new Uint8Array(width * height).fill(255),
  width,
  height,
});

function ink(img: GreyImage, x0: number, y0: number, w: number, h: number): void {
  for (let y = y0; y < y0 + h; y += 1) img.data.fill(0, y * img.width + x0, y * img.width + x0 + w);
}

const inkIn = (img: GreyImage, x0: number, y0: number, w: number, h: number) => {
  let n = 0;
  for (let y = y0; y < y0 + h; y += 1)
    for (let x = x0; x < x0 + w; x += 1) n += img.data[y * img.width + x] === 0 ? 1 : 0;
  return n;
};

/** Characters as 12 × 20 px blocks with a 4 px stroke gap, one row of them at `y`. */
function textRow(img: GreyImage, y: number, count: number): void {
  for (let i = 0; i < count; i += 1) {
    ink(img, 20 + i * 18, y, 3, 20);
    ink(img, 29 + i * 18, y, 3, 20);
    ink(img, 20 + i * 18, y + 8, 12, 3);
  }
}

describe('eraseBarcodes', () => {
  it('paints a barcode white and keeps the date printed right under it', () => {
    const img = blank(600, 300);
    // 30 bars of 2–5 px, 120 px tall, every fifth touching the digits below.
    for (let i = 0; i < 30; i += 1) ink(img, 40 + i * 10, 60, 2 + (i % 4), i % 5 === 2 ? 142 : 120);
    textRow(img, 200, 20);
    const clean = eraseBarcodes(img, 20);
    expect(inkIn(clean, 30, 60, 340, 120)).toBe(0);
    expect(inkIn(clean, 0, 205, 600, 15)).toBe(inkIn(img, 0, 205, 600, 15));
  });

  it('leaves a headline whose tall letters stand far apart, and text without any barcode', () => {
    const img = blank(600, 300);
    for (let i = 0; i < 8; i += 1) ink(img, 40 + i * 60, 40, 6, 90);
    textRow(img, 200, 20);
    expect(eraseBarcodes(img, 20).data).toEqual(img.data);
  });
});
