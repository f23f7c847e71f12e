import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { icaReceipt } from '#shared/domain/receipt-parse/testing/index.ts';
import type { GreyImage } from './grey-image.ts';
import { normaliseGrey } from './normalise.ts';
import { fromGrey, grey } from './sharp-grey.ts';
import { openImage } from '#server/lib/images/decode.ts';
import { renderReceipt } from './testing/render-receipt.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../../../../bench/receipts-sample');

const sharpNormalised = (page: GreyImage) => grey(fromGrey(page).normalise());
const greyOf = async (file: Uint8Array) => grey((await openImage(file)).image);

/** A page of `width`×`height` pixels at `paper`, with a share `inkShare` of its rows printed at `ink`. */
function page(width: number, height: number, paper: number, ink: number, inkShare: number): GreyImage {
  const data = new Uint8Array(width * height).fill(paper);
  for (let y = 0; y < height; y += 1) {
    if ((y * 7919) % 1000 >= inkShare * 1000) continue;
    for (let x = y % 3; x < width; x += 3) data[y * width + x] = ink + ((x * y) % 9);
  }
  return { data, width, height };
}

describe('normaliseGrey', () => {
  it.each(['sv_003_flat.jpg', 'sv_003_photo.jpg', 'sv_003_hard.jpg'])(
    'makes the phone photo %s exactly what sharp normalise makes of it',
    async (file) => {
      const photo = await greyOf(await readFile(path.join(SAMPLE, file)));
      expect(
        Buffer.from((await normaliseGrey(photo)).data).equals(Buffer.from((await sharpNormalised(photo)).data)),
      ).toBe(true);
    },
  );

  it('makes a rendered receipt on a table exactly what sharp normalise makes of it', async () => {
    const photo = await greyOf(await renderReceipt(icaReceipt().lines, { seed: 7 }));
    const ours = await normaliseGrey(photo);
    expect(Buffer.from(ours.data).equals(Buffer.from((await sharpNormalised(photo)).data))).toBe(true);
  });

  it.each([
    ['a white page with little print', page(1200, 1700, 255, 20, 0.05)],
    ['a pale, grey scan', page(900, 1300, 200, 120, 0.3)],
    ['a dark photo', page(1000, 800, 90, 10, 0.5)],
    ['a page of one grey', page(300, 300, 128, 128, 0)],
  ])('makes %s exactly what sharp normalise makes of it', async (_, image) => {
    const ours = await normaliseGrey(image);
    expect(ours.width).toBe(image.width);
    expect(Buffer.from(ours.data).equals(Buffer.from((await sharpNormalised(image)).data))).toBe(true);
  });

  it('stretches a pale page to black print on white paper', async () => {
    const pale = page(600, 800, 200, 120, 0.3);
    const { data } = await normaliseGrey(pale);
    let [darkest, lightest] = [255, 0];
    for (const level of data) [darkest, lightest] = [Math.min(darkest, level), Math.max(lightest, level)];
    expect(darkest).toBeLessThan(10);
    expect(lightest).toBeGreaterThan(240);
  });
});
