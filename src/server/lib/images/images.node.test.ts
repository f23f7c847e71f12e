import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GROUP_IMAGE_TYPES } from '#shared/api/image-types.ts';
import { MAX_INPUT_PIXELS, openImage } from './decode.ts';
import { detectImageType } from './detect.ts';
import { ImageError } from './errors.ts';
import { prepareGroupImage } from './group-image.ts';
import { prepareUpload } from './prepare-upload.ts';
import { heicClaiming, heicPhoto, plainImage, pngClaiming, svgDrawing } from '../../testing/images/samples.ts';

// A landscape photo whose EXIF says "rotate 90° clockwise to view", with a GPS position, like a phone writes it.
async function phonePhoto(): Promise<Buffer> {
  const left = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
    .extract({ left: 0, top: 0, width: 150, height: 200 })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .withExif({ IFD0: { Make: 'KvittPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);
const plain = (format: 'png' | 'webp' | 'gif' | 'jpeg', size = 120) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#808080' } })
    .toFormat(format)
    .toBuffer();

async function errorCode(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error instanceof ImageError ? error.code : 'untyped';
  }
}

describe('detectImageType', () => {
  it('names each accepted format by its magic bytes', async () => {
    expect(detectImageType(await plain('jpeg'))).toBe('image/jpeg');
    expect(detectImageType(await plain('png'))).toBe('image/png');
    expect(detectImageType(await plain('webp'))).toBe('image/webp');
    expect(detectImageType(await plain('gif'))).toBe('image/gif');
    const heicHeader = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1');
    expect(detectImageType(heicHeader)).toBe('image/heic');
  });

  it('tells AVIF from HEIC by the brands of the file type box, also when AVIF is only a compatible brand', async () => {
    expect(detectImageType(await plainImage('avif'))).toBe('image/avif');
    const genericAvif = Buffer.from('\0\0\0\x1cftypmif1\0\0\0\0mif1avifmiaf', 'latin1');
    expect(detectImageType(genericAvif)).toBe('image/avif');
    expect(detectImageType(heicPhoto())).toBe('image/heic');
  });

  it('knows no SVG, TIFF or BMP, whatever sharp could decode', async () => {
    expect(detectImageType(svgDrawing())).toBeNull();
    expect(detectImageType(await plainImage('tiff'))).toBeNull();
    expect(detectImageType(Buffer.from('BM6\0\0\0\0\0\0\x006\0\0\0(\0', 'latin1'))).toBeNull();
  });

  it('rejects text, PDFs and truncated files whatever their name says', () => {
    expect(detectImageType(Buffer.from('Kvitto: 44,00 kr\n'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('prepareUpload', () => {
  it('turns the photo upright by its EXIF orientation', async () => {
    const prepared = await prepareUpload(await phonePhoto());
    expect([prepared.width, prepared.height]).toEqual([200, 300]);
    // The red left half of the landscape picture ends up on top once rotated clockwise.
    const { data } = await sharp(prepared.image)
      .extract({ left: 100, top: 20, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('strips EXIF and the GPS position from the stored image and the thumbnail', async () => {
    const input = await phonePhoto();
    expect((await sharp(input).metadata()).exif?.includes(GPS_IFD_TAG)).toBe(true);
    const prepared = await prepareUpload(input);
    for (const output of [prepared.image, prepared.thumbnail]) {
      const meta = await sharp(output).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(output.includes(GPS_IFD_TAG) && output.includes(Buffer.from('KvittPhone'))).toBe(false);
    }
  });

  it('caps the long side and makes a small thumbnail, never enlarging', async () => {
    const big = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const prepared = await prepareUpload(big, { maxSide: 2400, thumbnailSide: 400 });
    expect([prepared.width, prepared.height]).toEqual([2400, 960]);
    expect((await sharp(prepared.thumbnail).metadata()).width).toBe(400);
    const small = await prepareUpload(await plain('png', 150));
    expect([small.width, small.height]).toEqual([150, 150]);
    expect(small.contentType).toBe('image/jpeg');
  });

  it('reads PNG, WebP and GIF uploads into JPEG', async () => {
    for (const format of ['png', 'webp', 'gif'] as const) {
      const prepared = await prepareUpload(await plain(format));
      expect(detectImageType(prepared.image)).toBe('image/jpeg');
    }
  });

  it('answers with typed errors for non-images, tiny images and corrupt files', async () => {
    expect(await errorCode(prepareUpload(Buffer.from('not an image at all')))).toBe('NOT_AN_IMAGE');
    expect(await errorCode(prepareUpload(await plain('png', 40)))).toBe('IMAGE_TOO_SMALL');
    const jpeg = await plain('jpeg');
    expect(await errorCode(prepareUpload(jpeg.subarray(0, 40)))).toBe('IMAGE_UNREADABLE');
    const fakeHeic = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    expect(await errorCode(prepareUpload(fakeHeic))).toBe('IMAGE_UNREADABLE');
  });
});

describe('the formats each upload accepts', () => {
  it('reads an iPhone HEIC photo into an upright JPEG of the same picture', async () => {
    const prepared = await prepareUpload(heicPhoto());
    expect([prepared.width, prepared.height, detectImageType(prepared.image)]).toEqual([320, 240, 'image/jpeg']);
    const { data } = await sharp(prepared.image).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 320 + x) * 3, (y * 320 + x) * 3 + 3)];
    expect(pixel(40, 120)[0]).toBeGreaterThan(150);
    expect(pixel(280, 120)[2]).toBeGreaterThan(150);
  });

  it('refuses AVIF, SVG and TIFF receipts by their bytes, and takes GIF', async () => {
    for (const bytes of [await plainImage('avif'), svgDrawing(), await plainImage('tiff')]) {
      expect(await errorCode(prepareUpload(bytes))).toBe('NOT_AN_IMAGE');
    }
    expect((await prepareUpload(await plainImage('gif'))).contentType).toBe('image/jpeg');
  });

  it('takes only JPEG, PNG and WebP as the group image and stores a 512 px WebP square', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const meta = await sharp(await prepareGroupImage(await plainImage(format))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    }
    for (const bytes of [await plainImage('gif'), await plainImage('avif'), svgDrawing(), heicPhoto()]) {
      expect(await errorCode(prepareGroupImage(bytes))).toBe('NOT_AN_IMAGE');
    }
    expect(await errorCode(openImage(heicPhoto(), GROUP_IMAGE_TYPES))).toBe('NOT_AN_IMAGE');
  });
});

describe('the pixel limit', () => {
  it('refuses a PNG whose header claims 15 000 × 15 000 pixels, under the default limit of sharp, before decoding', async () => {
    expect(await errorCode(prepareUpload(pngClaiming(15_000, 15_000)))).toBe('TOO_MANY_PIXELS');
    expect(await errorCode(prepareGroupImage(pngClaiming(15_000, 15_000)))).toBe('TOO_MANY_PIXELS');
  });

  it('refuses a HEIC whose header claims more pixels than the limit, from the header alone', async () => {
    expect(await errorCode(prepareUpload(heicClaiming(20_000, 20_000)))).toBe('TOO_MANY_PIXELS');
    // Just within the limit, the header passes and the real 320 × 240 pixels do not match it: unreadable, not a bomb.
    const side = Math.floor(Math.sqrt(MAX_INPUT_PIXELS));
    expect(await errorCode(prepareUpload(heicClaiming(side, side)))).not.toBe('TOO_MANY_PIXELS');
  });

  it('lets a 48-megapixel photo through the limit', async () => {
    const input = await openImage(pngClaiming(8064, 6048));
    expect([input.width, input.height]).toEqual([8064, 6048]);
  });
});
