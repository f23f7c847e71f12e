import type { GreyImage } from './grey-image.ts';

// Below this share of the paper's brightness a block is table, hand or scanner lid, not shaded paper.
const BACKGROUND_SHARE = 0.35;

/** Brightest pixel of each block: on paper that is the paper itself, whatever text the block holds. */
function blockMax(img: GreyImage, block: number): GreyImage {
  const width = Math.ceil(img.width / block);
  const height = Math.ceil(img.height / block);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < img.height; y += 1) {
    const row = y * img.width;
    const by = Math.floor(y / block) * width;
    for (let x = 0; x < img.width; x += 1) {
      const v = img.data[row + x] ?? 0;
      const b = by + Math.floor(x / block);
      if (v > (data[b] ?? 0)) data[b] = v;
    }
  }
  return { data, width, height };
}

/** 3×3 mean of a small grid, so one dark block (a logo) does not punch a hole into the paper estimate. */
function smooth(grid: GreyImage): GreyImage {
  const data = new Uint8Array(grid.data.length);
  for (let y = 0; y < grid.height; y += 1) {
    for (let x = 0; x < grid.width; x += 1) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= grid.height || xx >= grid.width) continue;
          sum += grid.data[yy * grid.width + xx] ?? 0;
          n += 1;
        }
      }
      data[y * grid.width + x] = Math.round(sum / n);
    }
  }
  return { ...grid, data };
}

/**
 * Evens out shadows and uneven lighting by dividing every pixel by the local paper brightness (the smoothed maximum
 * of the blocks, interpolated between block centres so the estimate has no steps at block edges: a step turns into
 * a straight edge across the page that tesseract's global threshold can split into dark rectangles), and whitens
 * whatever is much darker than the paper around it (table, fingers), so the threshold sees black text on white
 * everywhere. Block size in pixels; it must exceed a character.
 */
export function flattenIllumination(img: GreyImage, block: number): GreyImage {
  const grid = smooth(blockMax(img, block));
  let paper = 0;
  for (const v of grid.data) paper = Math.max(paper, v);
  const floor = paper * BACKGROUND_SHARE;
  const at = (gx: number, gy: number) => grid.data[gy * grid.width + gx] ?? 0;
  // Per column: the left block centre and the weight of the right one.
  const columns = Array.from({ length: img.width }, (_, x) => centres((x + 0.5) / block - 0.5, grid.width));
  const out = new Uint8Array(img.data.length);
  for (let y = 0; y < img.height; y += 1) {
    const [gy, fy] = centres((y + 0.5) / block - 0.5, grid.height);
    const gy1 = Math.min(grid.height - 1, gy + 1);
    for (let x = 0; x < img.width; x += 1) {
      const [gx, fx] = columns[x] as [number, number];
      const gx1 = Math.min(grid.width - 1, gx + 1);
      const top = at(gx, gy) * (1 - fx) + at(gx1, gy) * fx;
      const bottom = at(gx, gy1) * (1 - fx) + at(gx1, gy1) * fx;
      const bg = top * (1 - fy) + bottom * fy;
      const i = y * img.width + x;
      out[i] = bg < floor ? 255 : Math.min(255, Math.round(((img.data[i] ?? 0) * 255) / Math.max(bg, 1)));
    }
  }
  return { data: out, width: img.width, height: img.height };
}

/** A position in block units as the block centre at or before it and the weight of the next, within the grid. */
function centres(position: number, size: number): [number, number] {
  const clamped = Math.min(size - 1, Math.max(0, position));
  const index = Math.min(size - 1, Math.floor(clamped));
  return [index, clamped - index];
}
