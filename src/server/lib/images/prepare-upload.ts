import { openImage } from './decode.ts';
import { ImageError } from './errors.ts';

export type PreparedUpload = {
  /** JPEG, upright, without EXIF/GPS/ICC metadata, long side at most `maxSide`. */
  image: Buffer;
  /** JPEG preview, long side at most `thumbnailSide`. */
  thumbnail: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
};

export type PrepareOptions = { maxSide?: number; thumbnailSide?: number; minSide?: number };

const DEFAULTS = { maxSide: 2400, thumbnailSide: 400, minSide: 64 };

/**
 * Turns an uploaded receipt photo (one of RECEIPT_IMAGE_TYPES by its bytes) into what Kvitt stores: an upright JPEG
 * with all metadata stripped (phones put the GPS position in EXIF), its long side capped, and a thumbnail.
 * Throws ImageError NOT_AN_IMAGE, TOO_MANY_PIXELS, IMAGE_UNREADABLE, or IMAGE_TOO_SMALL below `minSide` pixels.
 */
export async function prepareUpload(buffer: Uint8Array, options: PrepareOptions = {}): Promise<PreparedUpload> {
  const { maxSide, thumbnailSide, minSide } = { ...DEFAULTS, ...options };
  const input = await openImage(buffer);
  if (Math.min(input.width, input.height) < minSide) {
    throw new ImageError('IMAGE_TOO_SMALL', `the image is ${input.width}×${input.height} pixels`);
  }
  try {
    // Flattening drops transparency onto white paper instead of the black JPEG would give it.
    const upright = input.image.flatten({ background: '#ffffff' });
    const fit = { width: maxSide, height: maxSide, fit: 'inside' as const, withoutEnlargement: true };
    const { data: image, info } = await upright
      .clone()
      .resize(fit)
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbFit = { width: thumbnailSide, height: thumbnailSide, fit: 'inside' as const, withoutEnlargement: true };
    const thumbnail = await upright.clone().resize(thumbFit).jpeg({ quality: 75 }).toBuffer();
    return { image, thumbnail, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (cause) {
    throw new ImageError('IMAGE_UNREADABLE', 'could not convert the image', { cause });
  }
}
