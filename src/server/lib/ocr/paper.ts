import type { GreyImage } from './grey-image.ts';
import { flood, otsuThreshold } from './grey-image.ts';
import { bordersTouched, quadrilateralOf } from './paper-quad.ts';

export type Box = { left: number; top: number; width: number; height: number };

/** The paper's bounding box and, per row of the box, the leftmost and rightmost paper pixel (-1 when none). */
export type Paper = { box: Box; spans: Int32Array };

// Paper must be clearly brighter than what lies around it, and big enough to be the receipt, not a reflection.
const MIN_SEPARATION = 35;
const MIN_AREA_SHARE = 0.04;
const MAX_ROUNDS = 3;
// What is cut away must be background: little of it as bright as paper, and far less detail (edges) in it than on
// the paper, since the shaded half of a crumpled receipt is dark but as full of text as the rest.
const MAX_BRIGHT_OUTSIDE = 0.2;
const MAX_EDGES_OUTSIDE = 0.8;
const EDGE_MARGIN = 4;
// A sheet's edge against a cloth, seen in the blurred thumbnail: brightness falls by at least this much from a few
// pixels inside the outline to as far outside.
const EDGE_REACH = 3;
const MIN_SHEET_STEP = 60;

type Region = { box: Box; cells: number[] };

/** The largest 4-connected region of pixels above `threshold` inside `region`: its pixels and bounding box. */
function largestBrightRegion(img: GreyImage, region: Box, threshold: number): Region | null {
  const { data, width } = img;
  const right = region.left + region.width;
  const bottom = region.top + region.height;
  const passes = (i: number) => {
    const [x, y] = [i % width, Math.floor(i / width)];
    return x >= region.left && x < right && y >= region.top && y < bottom && (data[i] ?? 0) > threshold;
  };
  const seen = new Uint8Array(data.length);
  let best: number[] | null = null;
  for (let y = region.top; y < bottom; y += 1) {
    for (let x = region.left; x < right; x += 1) {
      const start = y * width + x;
      if (seen[start] || (data[start] ?? 0) <= threshold) continue;
      const cells = flood(width, img.height, [start], passes, seen);
      if (!best || cells.length > best.length) best = cells;
    }
  }
  if (!best) return null;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const i of best) {
    const [x, y] = [i % width, Math.floor(i / width)];
    [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
  }
  return { box: { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }, cells: best };
}

/**
 * Outside `inner` (grown by a margin that leaves out the paper's own border): the share of pixels as bright as
 * paper, and the density of edges relative to the density inside.
 */
function outsideShares(img: GreyImage, region: Box, inner: Box, threshold: number): { bright: number; edges: number } {
  const at = (x: number, y: number) => img.data[y * img.width + x] ?? 0;
  const m = EDGE_MARGIN;
  let [bright, count, edgesOut, edgesAll] = [0, 0, 0, 0];
  for (let y = region.top; y < region.top + region.height - 1; y += 1) {
    for (let x = region.left; x < region.left + region.width - 1; x += 1) {
      const edge = Math.abs(at(x + 1, y) - at(x, y)) + Math.abs(at(x, y + 1) - at(x, y));
      edgesAll += edge;
      const inside =
        x >= inner.left - m &&
        x < inner.left + inner.width + m &&
        y >= inner.top - m &&
        y < inner.top + inner.height + m;
      if (inside) continue;
      count += 1;
      edgesOut += edge;
      if (at(x, y) > threshold) bright += 1;
    }
  }
  const area = (region.width - 1) * (region.height - 1);
  const densityOut = count === 0 ? 0 : edgesOut / count;
  const densityIn = area === count ? 0 : (edgesAll - edgesOut) / (area - count);
  return { bright: count === 0 ? 0 : bright / count, edges: densityIn === 0 ? 1 : densityOut / densityIn };
}

/** The region as a mask of the picture (1 where paper). */
function maskOf(img: GreyImage, region: Region): Uint8Array {
  const mask = new Uint8Array(img.data.length);
  for (const i of region.cells) mask[i] = 1;
  return mask;
}

/** Per row of the region's box, the outermost pixels of the region (the paper's outline; -1 when none). */
function spansOf(img: GreyImage, box: Box, mask: Uint8Array): Int32Array {
  const spans = new Int32Array(box.height * 2).fill(-1);
  for (let y = box.top; y < box.top + box.height; y += 1) {
    const row = (y - box.top) * 2;
    for (let x = box.left; x < box.left + box.width; x += 1) {
      if (!mask[y * img.width + x]) continue;
      if (spans[row] === -1) spans[row] = x;
      spans[row + 1] = x;
    }
  }
  return spans;
}

/**
 * How sharply the region stands out where it ends inside the picture: the median drop in brightness from
 * `EDGE_REACH` pixels inside its outline to as far outside. A sheet's cut edge is a step; where light fades across a
 * pale table or a receipt's shaded half the drop is a few grey levels.
 */
function outlineStep(img: GreyImage, box: Box, mask: Uint8Array): number {
  const { data, width, height } = img;
  const at = (x: number, y: number) =>
    data[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 0;
  const drops: number[] = [];
  // The outline along the picture's own edges is not where the region ends.
  for (let y = Math.max(1, box.top); y < Math.min(height - 1, box.top + box.height); y += 1) {
    for (let x = Math.max(1, box.left); x < Math.min(width - 1, box.left + box.width); x += 1) {
      const p = y * width + x;
      if (!mask[p]) continue;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        if (mask[p + dy * width + dx]) continue;
        drops.push(
          at(x - dx * EDGE_REACH, y - dy * EDGE_REACH) - at(x + dx * (EDGE_REACH + 1), y + dy * (EDGE_REACH + 1)),
        );
      }
    }
  }
  drops.sort((a, b) => a - b);
  return drops.length === 0 ? 0 : (drops[Math.floor(drops.length / 2)] ?? 0);
}

function pixelsOf(img: GreyImage, box: Box): Uint8Array {
  const out = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    const from = (box.top + y) * img.width + box.left;
    out.set(img.data.subarray(from, from + box.width), y * box.width);
  }
  return out;
}

/**
 * A patterned cloth or wood has edges too: a region shaped like a sheet of paper, cut out of the whole photo, is paper
 * all the same when it touches at most two of its sides, or three (a long receipt running off the top and bottom)
 * where its outline is a sharp step. The lit part of a receipt that fills the photo, whose shaded part is as full of
 * edges as a cloth, touches three or four, and light fades across it.
 */
function onCloth(thumb: GreyImage, round: number, found: Paper, mask: Uint8Array): boolean {
  if (round !== 0 || quadrilateralOf(found) === null) return false;
  const borders = bordersTouched(found.box, thumb.width, thumb.height);
  return borders <= 2 || (borders === 3 && outlineStep(thumb, found.box, mask) >= MIN_SHEET_STEP);
}

/**
 * Where the receipt paper lies in a small, blurred thumbnail: the largest region clearly brighter than its
 * surroundings, refined again inside that region (a receipt on grey card on a dark scanner lid), with its outline
 * row by row. Null when the whole picture is paper or nothing stands out, so the caller keeps the full image.
 */
export function findPaper(thumb: GreyImage): Paper | null {
  const full: Box = { left: 0, top: 0, width: thumb.width, height: thumb.height };
  let current = full;
  let paper: Paper | null = null;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const { threshold, separation } = otsuThreshold(pixelsOf(thumb, current));
    if (separation < MIN_SEPARATION) break;
    const region = largestBrightRegion(thumb, current, threshold);
    if (!region || region.cells.length < MIN_AREA_SHARE * thumb.width * thumb.height) break;
    const currentArea = current.width * current.height;
    const shrink = (region.box.width * region.box.height) / currentArea;
    // A tilted receipt across the whole photo has a box as large as the photo, but dark corners; inside the paper
    // (later rounds) a box that hardly shrinks is the paper itself.
    if (shrink > 0.9 && (round > 0 || region.cells.length > 0.8 * currentArea)) break;
    const sameBox = (['left', 'top', 'width', 'height'] as const).every((k) => region.box[k] === current[k]);
    if (sameBox) break;
    const mask = maskOf(thumb, region);
    const found = { box: region.box, spans: spansOf(thumb, region.box, mask) };
    const outside = outsideShares(thumb, current, region.box, threshold);
    if (outside.bright > MAX_BRIGHT_OUTSIDE) break;
    if (outside.edges > MAX_EDGES_OUTSIDE && !onCloth(thumb, round, found, mask)) break;
    current = region.box;
    paper = found;
  }
  return paper;
}
