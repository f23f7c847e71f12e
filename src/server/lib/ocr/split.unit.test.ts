import { describe, expect, it } from 'vitest';
import type { GreyImage } from './grey-image.ts';
import { splitAtBlankRows } from './split.ts';

/** A receipt of `lines` printed rows, 20 px characters on a 40 px pitch, with `blank` rows of paper between. */
function receipt(lines: number): GreyImage {
  const width = 400;
  const height = lines * 40 + 40;
  const data = new Uint8Array(width * height).fill(255);
  for (let line = 0; line < lines; line += 1) {
    const top = 20 + line * 40;
    for (let y = top; y < top + 20; y += 1) {
      for (let x = 20; x < 380; x += 1) if (x % 14 < 9) data[y * width + x] = 0;
    }
  }
  return { data, width, height };
}

const inkRows = (img: GreyImage) =>
  Array.from({ length: img.height }, (_, y) => img.data.subarray(y * img.width, (y + 1) * img.width).includes(0));

describe('splitAtBlankRows', () => {
  it('cuts a tall receipt into two strips of about equal print between two printed lines', () => {
    const img = receipt(80);
    const strips = splitAtBlankRows(img, 20, 2);
    expect(strips).toHaveLength(2);
    const [top, bottom] = strips as [GreyImage, GreyImage];
    // Each strip gets a margin of 30 white rows (1.5 character heights) at the cut.
    expect(top.height + bottom.height).toBe(img.height + 60);
    expect(Math.abs(top.height - bottom.height)).toBeLessThan(80);
    // Neither strip starts or ends inside a printed line.
    expect(inkRows(top).at(-1)).toBe(false);
    expect(inkRows(bottom)[0]).toBe(false);
  });

  it('ignores a dark border down the side of the picture', () => {
    const img = receipt(80);
    for (let y = 0; y < img.height; y += 1) img.data.fill(0, y * img.width, y * img.width + 12);
    expect(splitAtBlankRows(img, 20, 2)).toHaveLength(2);
  });

  it('keeps a short receipt, and one without a blank band near the middle, whole', () => {
    expect(splitAtBlankRows(receipt(20), 20, 2)).toHaveLength(1);
    // A tilted photo: the printed lines slope, so every row crosses one of them.
    const tilted = receipt(80);
    const sloped = new Uint8Array(tilted.data.length).fill(255);
    for (let y = 0; y < tilted.height; y += 1) {
      for (let x = 0; x < tilted.width; x += 1) {
        const from = y - Math.round(x * 0.1);
        if (from >= 0) sloped[y * tilted.width + x] = tilted.data[from * tilted.width + x] ?? 255;
      }
    }
    const solid = { ...tilted, data: sloped };
    expect(splitAtBlankRows(solid, 20, 2)).toHaveLength(1);
  });
});
