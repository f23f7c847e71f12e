// The bench typecheck reaches this file without src/server in its program, so it must name the declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./heic-decode.d.ts" />
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { RECEIPT_IMAGE_TYPES } from '#shared/api/image-types.ts';
import type { AcceptedImageType } from '#shared/api/image-types.ts';
import { detectImageType } from './detect.ts';
import type { ImageType } from './detect.ts';
import { ImageError } from './errors.ts';

/**
 * Refuse decompression bombs before decoding: 60 megapixels is above any phone camera Kvitt's users carry (48 MP
 * iPhone photos pass). Every decoder gets it: sharp as limitInputPixels, heic-decode through the HEIF header.
 */
export const MAX_INPUT_PIXELS = 60_000_000;

export type DecodedInput = { image: Sharp; type: ImageType; width: number; height: number };

function checkPixels(width: number, height: number): void {
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ImageError('TOO_MANY_PIXELS', `the image claims ${width}×${height} pixels`);
  }
}

/**
 * HEIC through heic-decode, as the prebuilt libvips has no HEVC decoder. The size comes from the file's header first,
 * and only an image within the limit is decoded. libheif applies the HEIF rotation boxes itself.
 */
async function openHeic(buffer: Uint8Array): Promise<{ image: Sharp; width: number; height: number }> {
  const images = await decodeHeic.all({ buffer });
  try {
    const [primary] = images;
    if (!primary) throw new Error('no image in the HEIF file');
    checkPixels(primary.width, primary.height);
    const { width, height, data } = await primary.decode();
    checkPixels(width, height);
    const raw = { width, height, channels: 4 as const };
    const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    return { image: sharp(pixels, { raw, limitInputPixels: MAX_INPUT_PIXELS }), width, height };
  } finally {
    images.dispose();
  }
}

/**
 * Opens an upload for processing: checks by its magic bytes that it is one of the `accepted` formats (a receipt's by
 * default), refuses more pixels than MAX_INPUT_PIXELS from the header before any decoding, and applies the EXIF
 * orientation. Width and height are those after rotation.
 * Throws ImageError NOT_AN_IMAGE, TOO_MANY_PIXELS or IMAGE_UNREADABLE.
 */
export async function openImage(
  buffer: Uint8Array,
  accepted: readonly AcceptedImageType[] = RECEIPT_IMAGE_TYPES,
): Promise<DecodedInput> {
  const type = detectImageType(buffer);
  if (!type || !(accepted as readonly ImageType[]).includes(type)) {
    throw new ImageError('NOT_AN_IMAGE', `the bytes are ${type ?? 'no known image'}, not one of ${accepted.join(', ')}`);
  }
  try {
    if (type === 'image/heic') return { ...(await openHeic(buffer)), type };
    // The header alone first, so a bomb is named as such; the decoder keeps its own limit as well.
    const meta = await sharp(buffer, { limitInputPixels: false, pages: 1 }).metadata();
    checkPixels(meta.width, meta.height);
    const image = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('no dimensions');
    return { image: image.rotate(), type, width, height };
  } catch (cause) {
    if (cause instanceof ImageError) throw cause;
    throw new ImageError('IMAGE_UNREADABLE', `could not decode the ${type} image`, { cause });
  }
}
