import type { Box, Paper } from './paper.ts';
import type { Point } from './warp.ts';

// The paper region must fill its quadrilateral nearly whole: a crumpled receipt or one under a hand is no
// quadrilateral, and straightening it by four corners would bend the print.
const MIN_FILL = 0.9;
// Corners within this share of the size of the paper's upright box need no warp: cropping is enough.
const MIN_DEVIATION = 0.012;
// A phone held about 20° off the paper's normal shortens the far side by under a fifth and bends corners by under
// 15°. Looser limits let the corners of a curled receipt running off a real photo through, whose warp sheared the
// print (decision 040).
const MIN_SIDE_RATIO = 0.8;
const MAX_CORNER_COS = Math.cos((75 * Math.PI) / 180);

/** Mean and second moments of the region the outline spans, row by row. */
function moments(paper: Paper) {
  const { box, spans } = paper;
  let [n, sx, sy, sxx, syy, sxy] = [0, 0, 0, 0, 0, 0];
  for (let r = 0; r < box.height; r += 1) {
    const l = spans[r * 2] ?? -1;
    const rt = spans[r * 2 + 1] ?? -1;
    if (l < 0) continue;
    const y = box.top + r;
    const count = rt - l + 1;
    const sumX = ((l + rt) * count) / 2;
    const sumXX = (rt * (rt + 1) * (2 * rt + 1) - (l - 1) * l * (2 * l - 1)) / 6;
    n += count;
    sx += sumX;
    sy += y * count;
    sxx += sumXX;
    syy += y * y * count;
    sxy += y * sumX;
  }
  const mx = sx / n;
  const my = sy / n;
  return { n, mx, my, cxx: sxx / n - mx * mx, cyy: syy / n - my * my, cxy: sxy / n - mx * my };
}

/** The outline's points: both ends of every row of the region. */
function outline(paper: Paper): Point[] {
  const points: Point[] = [];
  for (let r = 0; r < paper.box.height; r += 1) {
    const l = paper.spans[r * 2] ?? -1;
    if (l < 0) continue;
    points.push({ x: l, y: paper.box.top + r }, { x: (paper.spans[r * 2 + 1] ?? l) + 1, y: paper.box.top + r + 1 });
  }
  return points;
}

const cross = (a: Point, b: Point, c: Point) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);

function quadArea(q: readonly Point[]): number {
  const [a, b, c, d] = q as [Point, Point, Point, Point];
  return Math.abs(cross(a, b, c) + cross(a, c, d)) / 2;
}

/**
 * The four corners of the paper (top left, top right, bottom right, bottom left, in the thumbnail's pixels): the
 * outline's extremes along the diagonals of the paper's own axes, which follow its tilt (the region's principal
 * axis, turned to the nearest image axis). Null when the region does not fill the quadrilateral they make.
 */
export function quadrilateralOf(paper: Paper): Point[] | null {
  const m = moments(paper);
  if (m.n === 0) return null;
  let tilt = 0.5 * Math.atan2(2 * m.cxy, m.cxx - m.cyy);
  while (tilt > Math.PI / 4) tilt -= Math.PI / 2;
  while (tilt <= -Math.PI / 4) tilt += Math.PI / 2;
  const [c, s] = [Math.cos(tilt), Math.sin(tilt)];
  const ext = { tl: Infinity, br: -Infinity, tr: -Infinity, bl: Infinity };
  const at: Record<keyof typeof ext, Point> = {
    tl: { x: 0, y: 0 },
    br: { x: 0, y: 0 },
    tr: { x: 0, y: 0 },
    bl: { x: 0, y: 0 },
  };
  for (const p of outline(paper)) {
    const u = (p.x - m.mx) * c + (p.y - m.my) * s;
    const v = -(p.x - m.mx) * s + (p.y - m.my) * c;
    if (u + v < ext.tl) [ext.tl, at.tl] = [u + v, p];
    if (u + v > ext.br) [ext.br, at.br] = [u + v, p];
    if (u - v > ext.tr) [ext.tr, at.tr] = [u - v, p];
    if (u - v < ext.bl) [ext.bl, at.bl] = [u - v, p];
  }
  const quad = [at.tl, at.tr, at.br, at.bl];
  const area = quadArea(quad);
  return area <= 0 || m.n < MIN_FILL * area || m.n > area / MIN_FILL || !sheetLike(quad) ? null : quad;
}

/** How many sides of a `width`×`height` picture the box touches. */
export function bordersTouched(box: Box, width: number, height: number): number {
  const sides = [box.left <= 0, box.top <= 0, box.left + box.width >= width, box.top + box.height >= height];
  return sides.filter(Boolean).length;
}

const length = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Whether four corners can be a sheet seen by a phone: opposite sides of about the same length and corners near
 * right angles. A lit patch of a pale table, which Otsu's threshold may split off, makes no such shape.
 */
function sheetLike(quad: readonly Point[]): boolean {
  const [a, b, c, d] = quad as [Point, Point, Point, Point];
  const ratio = (x: number, y: number) => Math.min(x, y) / Math.max(x, y, 1e-9);
  if (ratio(length(a, b), length(d, c)) < MIN_SIDE_RATIO || ratio(length(a, d), length(b, c)) < MIN_SIDE_RATIO) {
    return false;
  }
  return quad.every((p, i) => {
    const prev = quad[(i + 3) % 4] as Point;
    const next = quad[(i + 1) % 4] as Point;
    const cos =
      ((prev.x - p.x) * (next.x - p.x) + (prev.y - p.y) * (next.y - p.y)) / (length(prev, p) * length(next, p) || 1);
    return Math.abs(cos) < MAX_CORNER_COS;
  });
}

/**
 * The paper's corners when it lies as a tilted or foreshortened quadrilateral; null when it is no quadrilateral,
 * or when its corners sit so close to its upright box that cropping straightens it as well.
 */
export function paperQuad(paper: Paper): Point[] | null {
  const quad = quadrilateralOf(paper);
  if (!quad) return null;
  const { box } = paper;
  const upright = [
    { x: box.left, y: box.top },
    { x: box.left + box.width, y: box.top },
    { x: box.left + box.width, y: box.top + box.height },
    { x: box.left, y: box.top + box.height },
  ];
  const size = Math.max(box.width, box.height);
  const deviation = Math.max(...quad.map((p, i) => Math.hypot(p.x - (upright[i]?.x ?? 0), p.y - (upright[i]?.y ?? 0))));
  return deviation < MIN_DEVIATION * size ? null : quad;
}
