// The photo stage before recognition (decision 040): find the paper and cut it out, straighten its perspective
// by its four corners, and turn the print upright (tilt, 90° and 180°). A clean scan passes through unchanged.
import type { GreyImage } from './grey-image.ts';
import { findSkew } from './deskew.ts';
import { isSideways } from './orientation.ts';
import { findPaper } from './paper.ts';
import type { Box, Paper } from './paper.ts';
import { bordersTouched, paperQuad, quadrilateralOf } from './paper-quad.ts';
import { crop, reducedTo, resized, rotated } from './sharp-grey.ts';
import { homography, warp } from './warp.ts';
import type { Point } from './warp.ts';

const THUMB_SIDE = 256;
const ANALYSIS_SIDE = 1000;
// Tilts below this are left to tesseract, which straightens a degree or so itself: turning the page resamples every
// character, and on an unevenly whitened photo a turn of half a degree upset the print measure.
const MIN_TILT_DEGREES = 1;

export type PhotoSteps = {
  crop: boolean;
  warp: boolean;
  deskew: boolean;
  orient: boolean;
  /** Whether the print lies on its side, when already known; else it is measured (with `orient`). */
  sideways?: boolean;
};

/** What the photo stage did, for logs, tests and the evaluation. */
export type Straightening = { box: Box | null; quad: Point[] | null; degrees: number; turned: 0 | 90 | 180 | 270 };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The paper's quadrilateral mapped onto an upright rectangle of about the same size. */
function warpQuad(work: GreyImage, quad: readonly Point[]): GreyImage {
  const [tl, tr, br, bl] = quad as [Point, Point, Point, Point];
  const width = Math.max(1, Math.round((distance(tl, tr) + distance(bl, br)) / 2));
  const height = Math.max(1, Math.round((distance(tl, bl) + distance(tr, br)) / 2));
  const rect = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const toWork = homography(rect, quad);
  if (!toWork) return work;
  const { data } = warp({ ...work, channels: 1 }, toWork, width, height, [255]);
  return { data, width, height };
}

/** Everything outside the paper's outline (table, fingers, a tilted receipt's corners) painted white. */
function maskOutside(work: GreyImage, paper: Paper, sx: number, sy: number, box: Box, pad: number): GreyImage {
  const { box: t, spans } = paper;
  const image = crop(work, box);
  for (let y = 0; y < box.height; y += 1) {
    const r0 = Math.floor((box.top + y) / sy) - t.top;
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const r of [r0 - 1, r0, r0 + 1]) {
      if (r < 0 || r >= t.height || (spans[r * 2] ?? -1) < 0) continue;
      x0 = Math.min(x0, (spans[r * 2] ?? 0) * sx - pad - box.left);
      x1 = Math.max(x1, ((spans[r * 2 + 1] ?? 0) + 1) * sx + pad - box.left);
    }
    // Whole columns left of x0 and right of x1, filled as two runs.
    const row = y * box.width;
    const inside = (x: number) => Math.min(box.width, Math.max(0, x));
    image.data.fill(255, row, row + inside(Math.ceil(x0)));
    image.data.fill(255, row + inside(Math.floor(x1) + 1), row + box.width);
  }
  return image;
}

/**
 * The paper cut out of the working image. When it lies as a tilted or foreshortened quadrilateral, its four
 * corners are mapped onto an upright rectangle; otherwise its padded box is cut out with everything outside its
 * outline painted white. Null when no paper stands out from a background (a scan, a receipt filling the photo).
 */
export async function cutOutPaper(
  work: GreyImage,
  steps: Pick<PhotoSteps, 'warp'>,
): Promise<{ box: Box; quad: Point[] | null; image: GreyImage } | null> {
  const f = Math.min(1, THUMB_SIDE / Math.max(work.width, work.height));
  const thumbW = Math.max(1, Math.round(work.width * f));
  const thumbH = Math.max(1, Math.round(work.height * f));
  const paper = findPaper(await resized(work, thumbW, thumbH, 1.5));
  if (!paper) return null;
  const sx = work.width / thumbW;
  const sy = work.height / thumbH;
  const pad = Math.round(0.02 * Math.max(work.width, work.height));
  const { box: t } = paper;
  const left = Math.max(0, Math.floor(t.left * sx) - pad);
  const top = Math.max(0, Math.floor(t.top * sy) - pad);
  const box = {
    left,
    top,
    width: Math.min(work.width, Math.ceil((t.left + t.width) * sx) + pad) - left,
    height: Math.min(work.height, Math.ceil((t.top + t.height) * sy) + pad) - top,
  };
  // A receipt running off the photo has no corners where it leaves it: the outline's extremes there are points along
  // the frame, and mapping them onto a rectangle shears the print (real phone photos of long receipts); such paper
  // is cut out by its outline and only deskewed.
  const inside = bordersTouched(paper.box, thumbW, thumbH) === 0;
  const corners = steps.warp && inside ? paperQuad(paper) : null;
  // A region against two sides of the photo that is no sheet is a lit patch of a pale table, not the paper.
  if (steps.warp && !corners && bordersTouched(paper.box, thumbW, thumbH) >= 2 && !quadrilateralOf(paper)) {
    return null;
  }
  if (corners) {
    const quad = corners.map((p) => ({ x: p.x * sx, y: p.y * sy }));
    return { box, quad, image: warpQuad(work, quad) };
  }
  return { box, quad: null, image: maskOutside(work, paper, sx, sy, box, pad) };
}

/**
 * The print turned upright: a page whose text lines run down it is turned a quarter, and a tilt of 1° or more is
 * turned back (measured by projection profiles on a reduced copy). Whether print is upside down the reader finds
 * out by reading (a page that reads as nothing is read again turned over), since no cheap measure of the ink told
 * it reliably on receipts. The decisions are made on `analysis` (the page binarised), the turns applied to `page`;
 * both are evenly lit (dark print on white); what comes into view is white.
 */
export async function turnUpright(
  page: GreyImage,
  analysis: GreyImage,
  steps: Pick<PhotoSteps, 'deskew' | 'orient' | 'sideways'>,
): Promise<{ image: GreyImage; degrees: number; turned: 0 | 90 | 180 | 270 }> {
  let image = page;
  let small = (await reducedTo(analysis, ANALYSIS_SIDE)).image;
  let turned: 0 | 90 | 180 | 270 = 0;
  let degrees = 0;
  if (steps.sideways ?? (steps.orient && isSideways(small))) {
    image = await rotated(image, 90);
    small = await rotated(small, 90);
    turned = 90;
  }
  if (steps.deskew) {
    const skew = findSkew(small);
    if (Math.abs(skew) >= MIN_TILT_DEGREES) {
      degrees = skew;
      image = await rotated(image, -degrees);
    }
  }
  return { image, degrees, turned };
}
