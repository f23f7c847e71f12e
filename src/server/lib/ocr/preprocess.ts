import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { ImageError } from '#server/lib/images/errors.ts';
import { openImage } from '#server/lib/images/decode.ts';
import { flattenIllumination } from './flatten.ts';
import type { GreyImage } from './grey-image.ts';
import { toPgm } from './grey-image.ts';
import { findPaper } from './paper.ts';
import { splitAtBlankRows } from './split.ts';
import type { Box } from './paper.ts';
import { measurePrint } from './text-size.ts';
import { eraseBarcodes } from './barcode.ts';

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
  /** Strips to cut a tall receipt into, one per tesseract worker that can read at the same time (default 1). */
  parts?: number;
};

export type PreparedForOcr = {
  /** Binary PGM, grey, upright, cropped to the paper, evenly lit, text scaled into `textHeightRange`. */
  image: Buffer;
  /** The same image cut at blank rows into at most `parts` strips, top to bottom, each a binary PGM. */
  parts: Buffer[];
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
  parts: 1,
};
const THUMB_SIDE = 256;
const ANALYSIS_MAX_SIDE = 1400;
const MIN_ANALYSIS_TEXT_PX = 8;
// Characters smaller than this in the upload cannot be read even after enlarging: ask for a new photo.
const MIN_READABLE_TEXT_PX = 4;
// A receipt line holds 32–48 characters: across fewer pixels than this a photo cannot tell them apart, whatever
// the measured print says (a 200 px thumbnail measures 5 px print and reads as garbage).
const MIN_PICTURE_SIDE = 300;
// Cut the paper to its print when that removes at least this share of it (a receipt on a full-page scan).
const MAX_PRINT_SHARE = 0.7;
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

/** Character height and the box holding the print, in the pixels of `flat`. */
async function printOf(flat: GreyImage): Promise<{ height: number; box: Box } | null> {
  let f = Math.min(1, ANALYSIS_MAX_SIDE / Math.max(flat.width, flat.height));
  let sample = f < 1 ? await resized(flat, Math.round(flat.width * f), Math.round(flat.height * f)) : flat;
  let print = measurePrint(sample);
  // Small print on a large page (a receipt on an A4 scan) breaks up in the reduced copy: measure it at full size.
  if (f < 1 && (print === null || print.height < MIN_ANALYSIS_TEXT_PX)) {
    [f, sample] = [1, flat];
    print = measurePrint(flat);
  }
  if (!print) return null;
  const { box } = print;
  const pad = Math.round(2 * print.height + 0.01 * Math.max(sample.width, sample.height));
  const left = Math.max(0, Math.floor((box.left - pad) / f));
  const top = Math.max(0, Math.floor((box.top - pad) / f));
  const right = Math.min(flat.width, Math.ceil((box.left + box.width + pad) / f));
  const bottom = Math.min(flat.height, Math.ceil((box.top + box.height + pad) / f));
  return { height: print.height / f, box: { left, top, width: right - left, height: bottom - top } };
}

/**
 * Prepares an uploaded receipt photo or scan for tesseract: EXIF rotation (and HEIC decoding), greyscale, cropping
 * to the paper when it stands out from its background, flattening of shadows, cutting to the print when it fills
 * little of the paper (a receipt on a page scan), painting barcodes white, and scaling when characters are outside
 * `textHeightRange`. Throws ImageError IMAGE_TOO_SMALL for a picture under 300 px across or print too small to read.
 */
export async function preprocessForOcr(buffer: Uint8Array, options: PreprocessOptions = {}): Promise<PreparedForOcr> {
  const { textHeightRange, workingMaxSide, maxOutputPixels, parts, ...steps } = { ...DEFAULTS, ...options };
  const input = await openImage(buffer);
  if (Math.min(input.width, input.height) < MIN_PICTURE_SIDE) {
    throw new ImageError('IMAGE_TOO_SMALL', `the picture is ${input.width}×${input.height}, too small to read`);
  }
  const fit = { width: workingMaxSide, height: workingMaxSide, fit: 'inside' as const, withoutEnlargement: true };
  const work = await grey(input.image.flatten({ background: '#ffffff' }).resize(fit).normalise());
  const workScale = work.width / input.width;
  const cut = steps.crop ? await cutOutPaper(work) : null;
  const box = cut?.box ?? null;
  const paper = cut?.image ?? work;
  const block = Math.max(16, Math.round(Math.min(paper.width, paper.height) / 12));
  const flat = steps.flatten ? flattenIllumination(paper, block) : paper;
  const print = await printOf(flat);
  const workTextHeight = print?.height ?? null;
  const textHeight = workTextHeight === null ? null : workTextHeight / workScale;
  if (textHeight !== null && textHeight < MIN_READABLE_TEXT_PX) {
    throw new ImageError('IMAGE_TOO_SMALL', `characters are about ${textHeight.toFixed(1)} px tall`);
  }
  const printed =
    print && print.box.width * print.box.height < MAX_PRINT_SHARE * flat.width * flat.height
      ? crop(flat, print.box)
      : flat;
  const clean = workTextHeight === null ? printed : eraseBarcodes(printed, workTextHeight);
  const [low, high] = textHeightRange;
  const wanted = workTextHeight === null ? null : Math.min(high, Math.max(low, workTextHeight));
  let scale = wanted === null || workTextHeight === null ? 1 : clamp(wanted / workTextHeight, MIN_SCALE, MAX_SCALE);
  scale = Math.min(scale, Math.sqrt(maxOutputPixels / (clean.width * clean.height)));
  const width = Math.max(1, Math.round(clean.width * scale));
  const height = Math.max(1, Math.round(clean.height * scale));
  const out = scale === 1 ? clean : await resized(clean, width, height);
  const strips = splitAtBlankRows(out, workTextHeight === null ? null : workTextHeight * scale, parts);
  const image = toPgm(out);
  return {
    image,
    parts: strips.length > 1 ? strips.map(toPgm) : [image],
    width: out.width,
    height: out.height,
    textHeight,
    crop: box,
  };
}
