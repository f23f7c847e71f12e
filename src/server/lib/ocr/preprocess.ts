import { ImageError } from '#server/lib/images/errors.ts';
import { openImage } from '#server/lib/images/decode.ts';
import { binariseAdaptively } from './binarise.ts';
import { flattenIllumination } from './flatten.ts';
import { normaliseGrey } from './normalise.ts';
import type { GreyImage } from './grey-image.ts';
import { toPgm } from './grey-image.ts';
import { cutOutPaper, turnUpright } from './photo-stage.ts';
import type { Straightening } from './photo-stage.ts';
import { crop, grey, resized } from './sharp-grey.ts';
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
  /** Map a tilted or foreshortened paper's four corners onto an upright rectangle (default true). */
  warp?: boolean;
  /** Turn tilted print straight (default true). */
  deskew?: boolean;
  /** Turn print that lies on its side or upside down upright (default true). */
  orient?: boolean;
  /**
   * Whether the print lies on its side, when the caller knows better than the measure (a page read as nothing is
   * prepared again with the other answer); default: measured when `orient` is on.
   */
  sideways?: boolean;
  /** Decide how to turn the page on a copy binarised against each pixel's neighbourhood (default true). */
  binarise?: boolean;
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
  /** What the photo stage did: the paper's corners when it was straightened by them, the tilt and turn undone. */
  straightening: Straightening;
};

const DEFAULTS = {
  textHeightRange: [18, 48] as readonly [number, number],
  crop: true,
  flatten: true,
  warp: true,
  deskew: true,
  orient: true,
  // As documented and measured (decision 040): left out here, the server decided the turn on the grey page while
  // every evaluation decided it on the binarised copy.
  binarise: true,
  workingMaxSide: 2400,
  maxOutputPixels: 6_000_000,
  parts: 1,
};
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
// The adaptive threshold's window, as a share of the paper's short side: a few characters of a receipt line.
const BINARY_WINDOW_SHARE = 20;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

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
  const work = await normaliseGrey(await grey(input.image.flatten({ background: '#ffffff' }).resize(fit)));
  const workScale = work.width / input.width;
  const cut = steps.crop ? await cutOutPaper(work, steps) : null;
  const box = cut?.box ?? null;
  const paper = cut?.image ?? work;
  const block = Math.max(16, Math.round(Math.min(paper.width, paper.height) / 12));
  const even = steps.flatten ? flattenIllumination(paper, block) : paper;
  const window = Math.max(15, Math.round(Math.min(even.width, even.height) / BINARY_WINDOW_SHARE));
  // The adaptive threshold decides how to turn the page, where faded print on a pale table fools a global one;
  // tesseract still reads the evenly lit grey page: its own threshold read the real phone photos and scans of
  // the evaluation set better than the binarised page (decision 040).
  const upright = await turnUpright(even, steps.binarise ? binariseAdaptively(even, window) : even, steps);
  const flat = upright.image;
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
    straightening: { box, quad: cut?.quad ?? null, degrees: upright.degrees, turned: upright.turned },
  };
}
