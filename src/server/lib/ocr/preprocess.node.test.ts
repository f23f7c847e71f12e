import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { icaReceipt } from '#shared/domain/receipt-parse/testing/index.ts';
import { fromPgm } from './grey-image.ts';
import { preprocessForOcr } from './preprocess.ts';
import { renderReceipt } from './testing/render-receipt.ts';

const lines = icaReceipt().lines;

describe('preprocessForOcr', () => {
  it('crops a receipt photographed on a table to the paper', async () => {
    const photo = await renderReceipt(lines, { seed: 4 });
    const { width, height } = await sharp(photo).metadata();
    const prepared = await preprocessForOcr(photo);
    expect(prepared.crop).not.toBeNull();
    const crop = prepared.crop ?? { width: 0, height: 0 };
    expect(crop.width * crop.height).toBeLessThan(0.85 * width * height);
    // The paper itself (the text columns) must survive: at least 70 % of the picture's width is paper.
    expect(crop.width).toBeGreaterThan(0.7 * width);
  });

  it('measures the print size and brings small and large print into the readable range', async () => {
    const small = await preprocessForOcr(await renderReceipt(lines, { seed: 2, fontSize: 12 }));
    const large = await preprocessForOcr(await renderReceipt(lines, { seed: 2, fontSize: 60 }));
    expect(small.textHeight).not.toBeNull();
    expect(large.textHeight).not.toBeNull();
    // Five times the font size: the measured heights must differ by about as much.
    expect((large.textHeight ?? 0) / (small.textHeight ?? 1)).toBeGreaterThan(3.5);
    const smallIn = await sharp(await renderReceipt(lines, { seed: 2, fontSize: 12 })).metadata();
    expect(small.height).toBeGreaterThan(smallIn.height ?? Infinity);
    const largeIn = await sharp(await renderReceipt(lines, { seed: 2, fontSize: 60 })).metadata();
    expect(large.height).toBeLessThan(largeIn.height ?? 0);
  });

  it('evens out a shadow so paper is white on both sides', async () => {
    const width = 800;
    const height = 600;
    const text = Array.from(
      { length: 12 },
      (_, i) =>
        `<text x="40" y="${50 + i * 45}" font-size="28" font-family="DejaVu Sans Mono">Mjölk 18,95 Bröd 34,90 Ost</text>`,
    );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#777"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>${text.join('')}</svg>`;
    const shaded = await sharp(Buffer.from(svg)).jpeg().toBuffer();
    const prepared = await preprocessForOcr(shaded, { crop: false, textHeightRange: [1, 1000] });
    const { data, width: w } = fromPgm(prepared.image);
    // A strip of bare paper between two text lines, at the bright and at the shaded end.
    const at = (x: number, y: number) => data[y * w + x] ?? 0;
    const row = Math.round(prepared.height * (70 / height));
    expect(at(Math.round(w * 0.03), row)).toBeGreaterThan(230);
    expect(at(Math.round(w * 0.97), row)).toBeGreaterThan(200);
  });

  it('refuses print too small to ever be read', async () => {
    const tiny = await sharp(await renderReceipt(lines, { seed: 1, fontSize: 26, blur: 0 }))
      .resize({ width: 120 })
      .jpeg()
      .toBuffer();
    await expect(preprocessForOcr(tiny)).rejects.toMatchObject({ code: 'IMAGE_TOO_SMALL' });
  });

  it('refuses a thumbnail under 300 px across, whose print still measures a few pixels, and keeps a sharp narrow one', async () => {
    const photo = await renderReceipt(lines, { seed: 1, fontSize: 26 });
    const thumbnail = await sharp(photo).resize({ width: 220 }).jpeg().toBuffer();
    await expect(preprocessForOcr(thumbnail)).rejects.toMatchObject({ code: 'IMAGE_TOO_SMALL' });
    const narrow = await sharp(await renderReceipt(lines, { seed: 1, fontSize: 26, blur: 0 }))
      .resize({ width: 380 })
      .png()
      .toBuffer();
    await expect(preprocessForOcr(narrow)).resolves.toMatchObject({ textHeight: expect.any(Number) });
  });
});
