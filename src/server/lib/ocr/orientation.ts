import type { GreyImage } from './grey-image.ts';
import { inkThreshold } from './grey-image.ts';
import { glyphs } from './text-size.ts';
import type { Glyph } from './text-size.ts';

// Ink of a text line above its core band (capitals, digits, b d f h k l t) outweighs ink below it (g j p q y) in
// upright Latin print, by about two to one on Swedish receipts; turned over, it is the other way round.
// A page is only turned over on clear evidence: turning an upright receipt over loses all of it.
const UPSIDE_DOWN_RATIO = 1.4;
const MIN_LINES = 5;
const MIN_LINE_PX = 6;

type Band = { top: number; bottom: number };

/** Ink per row of a binarised page, and the text lines as runs of rows with ink. */
function textLines(img: GreyImage): { ink: Float64Array; lines: Band[] } {
  const threshold = inkThreshold(img);
  const ink = new Float64Array(img.height);
  for (let y = 0; y < img.height; y += 1) {
    let n = 0;
    for (let x = 0, i = y * img.width; x < img.width; x += 1, i += 1) if ((img.data[i] ?? 255) <= threshold) n += 1;
    ink[y] = n;
  }
  let peak = 0;
  for (const v of ink) peak = Math.max(peak, v);
  const floor = Math.max(1, peak * 0.02);
  const lines: Band[] = [];
  let start = -1;
  for (let y = 0; y <= img.height; y += 1) {
    const on = y < img.height && (ink[y] ?? 0) > floor;
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      if (y - start >= MIN_LINE_PX) lines.push({ top: start, bottom: y - 1 });
      start = -1;
    }
  }
  return { ink, lines };
}

/**
 * Ink above and below the core band of each text line: the core is where a line's rows hold at least half its
 * densest row's ink (the x-height of lower-case print).
 */
function ascendersAndDescenders(ink: Float64Array, lines: readonly Band[]): { above: number; below: number } {
  let [above, below] = [0, 0];
  for (const { top, bottom } of lines) {
    let peak = 0;
    for (let y = top; y <= bottom; y += 1) peak = Math.max(peak, ink[y] ?? 0);
    let coreTop = top;
    while (coreTop < bottom && (ink[coreTop] ?? 0) < peak / 2) coreTop += 1;
    let coreBottom = bottom;
    while (coreBottom > coreTop && (ink[coreBottom] ?? 0) < peak / 2) coreBottom -= 1;
    for (let y = top; y < coreTop; y += 1) above += ink[y] ?? 0;
    for (let y = coreBottom + 1; y <= bottom; y += 1) below += ink[y] ?? 0;
  }
  return { above, below };
}

/** Ink above and below the cores of a page's text lines. */
export function lineInk(img: GreyImage): { above: number; below: number; lines: number } {
  const { ink, lines } = textLines(img);
  return { ...ascendersAndDescenders(ink, lines), lines: lines.length };
}

/** Whether straight, horizontal print is upside down: more ink hangs below its lines' cores than stands above. */
export function isUpsideDown(img: GreyImage): boolean {
  const { above, below, lines } = lineInk(img);
  return lines >= MIN_LINES && below > above * UPSIDE_DOWN_RATIO;
}

// Letters of a word stand closer together than the lines stand apart, so each glyph's nearest neighbour lies along
// its line: mostly left or right of it on an upright page, above or below it on a page lying on its side.
const SIDEWAYS_SHARE = 0.6;
const MIN_GLYPHS = 30;

const centre = (g: Glyph) => ({ x: (g.x0 + g.x1) / 2, y: (g.y0 + g.y1) / 2 });

/** Whether a page's text lines run down it (a receipt photographed on its side), from its glyphs' neighbours. */
export function isSideways(img: GreyImage): boolean {
  const found = glyphs(img, inkThreshold(img));
  if (found.length < MIN_GLYPHS) return false;
  const sizes = found.map((g) => Math.max(g.x1 - g.x0, g.y1 - g.y0) + 1).sort((a, b) => a - b);
  const cell = 3 * (sizes[Math.floor(sizes.length / 2)] ?? 10);
  const grid = new Map<string, { x: number; y: number }[]>();
  const points = found.map(centre);
  for (const p of points) {
    const key = `${Math.floor(p.x / cell)},${Math.floor(p.y / cell)}`;
    grid.set(key, [...(grid.get(key) ?? []), p]);
  }
  let [vertical, counted] = [0, 0];
  for (const p of points) {
    let best: { d: number; dx: number; dy: number } | null = null;
    const [cx, cy] = [Math.floor(p.x / cell), Math.floor(p.y / cell)];
    for (let gx = cx - 1; gx <= cx + 1; gx += 1) {
      for (let gy = cy - 1; gy <= cy + 1; gy += 1) {
        for (const q of grid.get(`${gx},${gy}`) ?? []) {
          const [dx, dy] = [q.x - p.x, q.y - p.y];
          const d = dx * dx + dy * dy;
          if (d > 0 && (!best || d < best.d)) best = { d, dx, dy };
        }
      }
    }
    if (!best) continue;
    counted += 1;
    if (Math.abs(best.dy) > Math.abs(best.dx)) vertical += 1;
  }
  return counted >= MIN_GLYPHS && vertical > SIDEWAYS_SHARE * counted;
}
