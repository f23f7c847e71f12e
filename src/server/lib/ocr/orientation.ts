import type { GreyImage } from './grey-image.ts';
import { inkThreshold } from './grey-image.ts';
import { glyphs } from './text-size.ts';
import type { Glyph } from './text-size.ts';

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
