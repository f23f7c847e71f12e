import { GROUP_IMAGE_TYPES } from '#shared/api/image-types.ts';
import { openImage } from './decode.ts';
import { ImageError } from './errors.ts';

const GROUP_IMAGE_SIDE = 512;

/**
 * Turns an uploaded group image (JPEG, PNG or WebP by its bytes, within the pixel limit) into what Kvitt stores: a
 * small square WebP, upright and without metadata such as a GPS position. Throws ImageError like openImage.
 */
export async function prepareGroupImage(buffer: Uint8Array, side = GROUP_IMAGE_SIDE): Promise<Buffer> {
  const input = await openImage(buffer, GROUP_IMAGE_TYPES);
  try {
    return await input.image.resize(side, side, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (cause) {
    throw new ImageError('IMAGE_UNREADABLE', 'could not convert the group image', { cause });
  }
}
