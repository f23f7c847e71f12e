import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { ImageError } from '#server/lib/images/errors.ts';
import { openImage } from '#server/lib/images/decode.ts';
import { flattenIllumination } from './flatten.ts';
import type { GreyImage } from './grey-image.ts';
import { toPgm } from './grey-image.ts';
import { findPaper } from './paper.ts';
import type { Box } from './paper.ts';
import { estimateTextHeight } from './text-size.ts';

export type PreprocessOptions = {
  /**
   * Character heights (median blob height, px) left as they are; smaller text is enlarged to the lower bound and
   * larger text reduced to the upper one. Tesseract's LSTM reads about 18–48 px well; scaling what already is
   * readable only costs accuracy (measured: docs/decisions/006).
   */
  textHeightRange?: readonly [number, number];
  /** Crop to the paper when it stands out from its background (default true). */
  crop?: boolean;
  /** Divide out shadows and uneven light (default true). */
  flatten?: boolean;
  /** Long side of the working copy; phone photos are reduced to this before anything else. */
  workingMaxSide?: number;
  /** Upper bound on output pixels, which bounds tesseract's time on full-page scans. */
  maxOutputPixels?: number;
};

export type PreparedForOcr = {
  /** Binary PGM, grey, upright, cropped to the paper, evenly lit, text scaled into `textHeightRange`. */
  image: Buffer;
  width: number;
  height: number;
  /** Estimated character height in the uploaded image's pixels; null when too little text-like ink was found. */
  textHeight: number | null;
  crop: Box | null;
};

const DEFAULTS = {
  textHeightRange: [18, 48] as readonly [number, number],
  crop: true,
  flatten: true,
  workingMaxSide: 2400,
  maxOutputPixels: 6_000_000,
};
const THUMB_SIDE = 256;
const ANALYSIS_MAX_SIDE = 1400;
// Characters smaller than this in the upload cannot be read even after enlarging: ask for a new photo.
const MIN_READABLE_TEXT_PX = 4;
const MIN_PICTURE_SIDE = 300;
const [MIN_SCALE, MAX_SCALE] = [0.25, 3];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

async function grey(image: Sharp): Promise<GreyImage> {
  const { data, info } = await image.greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

const fromGrey = (img: GreyImage) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } });

async function resized(img: GreyImage, width: number, height: number, blur = 0): Promise<GreyImage> {
  const pipeline = fromGrey(img).resize({ width, height, fit: 'fill', kernel: 'lanczos3' });
  return grey(blur > 0 ? pipeline.blur(blur) : pipeline);
}

function crop(img: GreyImage, box: Box): GreyImage {
  const data = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * img.width + box.left;
    data.set(img.data.subarray(from, from + box.width), y * box.width);
  }
  return { data, width: box.width, height: box.height };
}

/**
 * The paper cut out of the working image: its padded bounding box, with everything outside the paper's outline
 * (table, fingers, the corners a tilted receipt leaves) painted white. Null when no paper stands out.
 */
async function cutOutPaper(work: GreyImage): Promise<{ box: Box; image: GreyImage } | null> {
  const f = Math.min(1, THUMB_SIDE / Math.max(work.width, work.height));
  const thumb = await resized(
    work,
    Math.max(1, Math.round(work.width * f)),
    Math.max(1, Math.round(work.height * f)),
    1.5,
  );
  const paper = findPaper(thumb);
  if (!paper) return null;
  const sx = work.width / thumb.width;
  const sy = work.height / thumb.height;
  const pad = Math.round(0.02 * Math.max(work.width, work.height));
  const { box: t, spans } = paper;
  const left = Math.max(0, Math.floor(t.left * sx) - pad);
  const top = Math.max(0, Math.floor(t.top * sy) - pad);
  const box = {
    left,
    top,
    width: Math.min(work.width, Math.ceil((t.left + t.width) * sx) + pad) - left,
    height: Math.min(work.height, Math.ceil((t.top + t.height) * sy) + pad) - top,
  };
  const image = crop(work, box);
  for (let y = 0; y < box.height; y += 1) {
    // The outline of the nearest thumbnail rows, widened by the padding.
    const rows = [
      Math.floor((box.top + y) / sy) - t.top,
      Math.floor((box.top + y) / sy) - t.top + 1,
      Math.floor((box.top + y) / sy) - t.top - 1,
    ];
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const r of rows) {
      if (r < 0 || r >= t.height || (spans[r * 2] ?? -1) < 0) continue;
      x0 = Math.min(x0, (spans[r * 2] ?? 0) * sx - pad - box.left);
      x1 = Math.max(x1, ((spans[r * 2 + 1] ?? 0) + 1) * sx + pad - box.left);
    }
    const row = y * box.width;
    for (let x = 0; x < box.width; x += 1) if (x < x0 || x > x1) image.data[row + x] = 255;
  }
  return { box, image };
}

async function textHeightOf(flat: GreyImage): Promise<number | null> {
  const f = Math.min(1, ANALYSIS_MAX_SIDE / Math.max(flat.width, flat.height));
  const sample = f < 1 ? await resized(flat, Math.round(flat.width * f), Math.round(flat.height * f)) : flat;
  const h = estimateTextHeight(sample);
  return h === null ? null : h / f;
}

/**
 * Prepares an uploaded receipt photo or scan for tesseract: EXIF rotation (and HEIC decoding), greyscale, cropping
 * to the paper when it stands out from its background, flattening of shadows, and scaling when characters are
 * outside `textHeightRange`. Throws ImageError IMAGE_TOO_SMALL when the text is too small to ever read.
 */
export async function preprocessForOcr(buffer: Uint8Array, options: PreprocessOptions = {}): Promise<PreparedForOcr> {
  const { textHeightRange, workingMaxSide, maxOutputPixels, ...steps } = { ...DEFAULTS, ...options };
  const input = await openImage(buffer);
  const fit = { width: workingMaxSide, height: workingMaxSide, fit: 'inside' as const, withoutEnlargement: true };
  const work = await grey(input.image.flatten({ background: '#ffffff' }).resize(fit).normalise());
  const workScale = work.width / input.width;
  const cut = steps.crop ? await cutOutPaper(work) : null;
  const box = cut?.box ?? null;
  const paper = cut?.image ?? work;
  const block = Math.max(16, Math.round(Math.min(paper.width, paper.height) / 12));
  const flat = steps.flatten ? flattenIllumination(paper, block) : paper;
  const workTextHeight = await textHeightOf(flat);
  const textHeight = workTextHeight === null ? null : workTextHeight / workScale;
  if (textHeight !== null && textHeight < MIN_READABLE_TEXT_PX) {
    throw new ImageError('IMAGE_TOO_SMALL', `characters are about ${textHeight.toFixed(1)} px tall`);
  }
  // No character-sized ink at all on a small picture: the print is below what can be measured.
  if (textHeight === null && Math.min(input.width, input.height) < MIN_PICTURE_SIDE) {
    throw new ImageError(
      'IMAGE_TOO_SMALL',
      `the picture is ${input.width}×${input.height} and shows no readable print`,
    );
  }
  const [low, high] = textHeightRange;
  const wanted = workTextHeight === null ? null : Math.min(high, Math.max(low, workTextHeight));
  let scale = wanted === null || workTextHeight === null ? 1 : clamp(wanted / workTextHeight, MIN_SCALE, MAX_SCALE);
  scale = Math.min(scale, Math.sqrt(maxOutputPixels / (flat.width * flat.height)));
  const width = Math.max(1, Math.round(flat.width * scale));
  const height = Math.max(1, Math.round(flat.height * scale));
  const out = scale === 1 ? flat : await resized(flat, width, height);
  return { image: toPgm(out), width: out.width, height: out.height, textHeight, crop: box };
}
