import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findSkew } from './deskew.ts';
import { fromPgm } from './grey-image.ts';
import { preprocessForOcr } from './preprocess.ts';
import { reducedTo } from './sharp-grey.ts';
import { receiptPhoto } from './testing/photo-set/index.ts';

const PHOTO_STEPS_OFF = { warp: false, deskew: false, orient: false } as const;

/** The tilt left in a prepared page, measured the way the photo stage measures it. */
async function tiltLeft(pgm: Buffer): Promise<number> {
  return findSkew((await reducedTo(fromPgm(pgm), 1000)).image);
}

describe('the photo stage before recognition', () => {
  it('cuts a receipt lying 15° askew on a dark table out by its corners and straightens its lines', async () => {
    const { jpeg, label } = await receiptPhoto(3, 'hard');
    expect(label.photo).toMatchObject({ rotation: -14.6, turned: 0, background: 'dark' });
    const { width = 0, height = 0 } = await sharp(jpeg).metadata();
    const prepared = await preprocessForOcr(jpeg);
    expect(prepared.straightening.quad).toHaveLength(4);
    const box = prepared.straightening.box ?? { width, height };
    expect(box.width * box.height).toBeLessThan(0.6 * width * height);
    expect(Math.abs(await tiltLeft(prepared.image))).toBeLessThan(1);
    // Without the corners and the deskew the same page stays tilted.
    const unstraightened = await preprocessForOcr(jpeg, PHOTO_STEPS_OFF);
    expect(Math.abs(await tiltLeft(unstraightened.image))).toBeGreaterThan(5);
  });

  it('cuts a long receipt running off the top and bottom of a photo out of a checked cloth, and straightens it', async () => {
    const { jpeg, label } = await receiptPhoto(94, 'hard');
    expect(label.photo).toMatchObject({ rotation: 14.6, background: 'cloth', cutOff: true });
    const { width = 0, height = 0 } = await sharp(jpeg).metadata();
    const prepared = await preprocessForOcr(jpeg);
    const box = prepared.straightening.box ?? { width, height };
    expect(box.width).toBeLessThan(0.95 * width);
    // The cloth's squares run straight across the photo: left in, they hold the page at the photo's own angle.
    expect(Math.abs(prepared.straightening.degrees)).toBeGreaterThan(10);
    expect(Math.abs(await tiltLeft(prepared.image))).toBeLessThan(1);
  });

  it('does not take the lit half of a pale table for the paper', async () => {
    const { jpeg, label } = await receiptPhoto(26, 'photo');
    expect(label.photo).toMatchObject({ background: 'light', cutOff: false });
    const prepared = await preprocessForOcr(jpeg);
    expect(prepared.straightening.box).toBeNull();
  });

  it('turns a receipt photographed on its side so that its lines run across', async () => {
    const { jpeg, label } = await receiptPhoto(20, 'hard');
    expect(label.photo).toMatchObject({ turned: 270 });
    const prepared = await preprocessForOcr(jpeg);
    expect(prepared.straightening.turned).toBe(90);
    expect(prepared.height).toBeGreaterThan(prepared.width);
    const sideways = await preprocessForOcr(jpeg, PHOTO_STEPS_OFF);
    expect(sideways.width).toBeGreaterThan(sideways.height);
  });

  it('leaves a clean, straight scan as it is', async () => {
    const { jpeg } = await receiptPhoto(1, 'flat');
    const prepared = await preprocessForOcr(jpeg);
    expect(prepared.straightening).toMatchObject({ quad: null, degrees: 0, turned: 0 });
    const without = await preprocessForOcr(jpeg, PHOTO_STEPS_OFF);
    expect(prepared.image.equals(without.image)).toBe(true);
  });

  it('measures the print of a receipt on a pale, grainy table by its ink, not by the table, and cuts to it', async () => {
    const { jpeg, label } = await receiptPhoto(116, 'hard');
    expect(label.photo).toMatchObject({ background: 'light', turned: 0 });
    const { width = 0, height = 0 } = await sharp(jpeg).metadata();
    const prepared = await preprocessForOcr(jpeg);
    // The paper does not stand out from the table; its characters are about 12–18 px tall in the photo.
    expect(prepared.straightening.box).toBeNull();
    expect(prepared.textHeight).toBeGreaterThan(10);
    expect(prepared.width * prepared.height).toBeLessThan(0.6 * width * height);
  });

  it('turns a page on its side, or leaves it, as the caller says when the measure is known to be wrong', async () => {
    const { jpeg } = await receiptPhoto(1, 'flat');
    const upright = await preprocessForOcr(jpeg, { sideways: false });
    const turned = await preprocessForOcr(jpeg, { sideways: true });
    expect(upright.straightening.turned).toBe(0);
    expect(turned.straightening.turned).toBe(90);
    expect(turned.width).toBeGreaterThan(turned.height);
  });
});
