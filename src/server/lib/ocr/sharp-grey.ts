import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { GreyImage } from './grey-image.ts';
import type { Box } from './paper.ts';

/** The first channel of a sharp pipeline as 8-bit grey pixels. */
export async function grey(image: Sharp): Promise<GreyImage> {
  const { data, info } = await image.greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** A sharp pipeline reading a grey image. */
export const fromGrey = (img: GreyImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } });

/** The image resized to exactly `width`×`height` (Lanczos), optionally blurred after. */
export async function resized(img: GreyImage, width: number, height: number, blur = 0): Promise<GreyImage> {
  const pipeline = fromGrey(img).resize({ width, height, fit: 'fill', kernel: 'lanczos3' });
  return grey(blur > 0 ? pipeline.blur(blur) : pipeline);
}

/** The image scaled to at most `maxSide` on its long side (itself when already that small). */
export async function reducedTo(img: GreyImage, maxSide: number): Promise<{ image: GreyImage; factor: number }> {
  const factor = Math.min(1, maxSide / Math.max(img.width, img.height));
  if (factor === 1) return { image: img, factor };
  const width = Math.max(1, Math.round(img.width * factor));
  const height = Math.max(1, Math.round(img.height * factor));
  return { image: await resized(img, width, height), factor };
}

/** The image turned clockwise by `degrees`, what comes into view painted white. */
export async function rotated(img: GreyImage, degrees: number): Promise<GreyImage> {
  return grey(fromGrey(img).rotate(degrees, { background: { r: 255, g: 255, b: 255 } }));
}

/** The pixels inside `box`. */
export function crop(img: GreyImage, box: Box): GreyImage {
  const data = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * img.width + box.left;
    data.set(img.data.subarray(from, from + box.width), y * box.width);
  }
  return { data, width: box.width, height: box.height };
}
