// The bench typecheck reaches this file without src/server in its program, so it must name the declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./heic-decode.d.ts" />
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { detectImageType } from './detect.ts';
import type { ImageType } from './detect.ts';
import { ImageError } from './errors.ts';

// Refuse decompression bombs: 60 megapixels is above any phone camera Kvitt's users carry.
const MAX_INPUT_PIXELS = 60_000_000;

export type DecodedInput = { image: Sharp; type: ImageType; width: number; height: number };

/**
 * Opens an upload for processing: checks the magic bytes, decodes HEIC through heic-decode (the prebuilt libvips has
 * no HEVC decoder), and applies the EXIF orientation. Width and height are those after rotation.
 * Throws ImageError NOT_AN_IMAGE or IMAGE_UNREADABLE.
 */
export async function openImage(buffer: Uint8Array): Promise<DecodedInput> {
  const type = detectImageType(buffer);
  if (!type) throw new ImageError('NOT_AN_IMAGE', 'the bytes are not a JPEG, PNG, WebP, GIF or HEIC image');
  try {
    if (type === 'image/heic') {
      // libheif applies the HEIF rotation boxes itself; the EXIF orientation inside a HEIC is informational.
      const { width, height, data } = await decodeHeic({ buffer });
      const raw = { width, height, channels: 4 as const };
      const image = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw });
      return { image, type, width, height };
    }
    const image = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).rotate();
    const meta = await image.metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('no dimensions');
    return { image, type, width, height };
  } catch (cause) {
    throw new ImageError('IMAGE_UNREADABLE', `could not decode the ${type} image`, { cause });
  }
}
