import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType } from './detect.ts';
import { ImageError } from './errors.ts';
import { prepareUpload } from './prepare-upload.ts';

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
