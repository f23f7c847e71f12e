import type { GreyImage } from './grey-image.ts';

// Below this share of the paper's brightness a block is table, hand or scanner lid, not shaded paper.
const BACKGROUND_SHARE = 0.35;

/** The grid column of each pixel column: one division per column instead of one per pixel. */
function gridColumns(width: number, block: number, gridWidth: number): Int32Array {
  const columns = new Int32Array(width);
  for (let x = 0; x < width; x += 1) columns[x] = Math.min(gridWidth - 1, Math.floor(x / block));
  return columns;
}

/** Brightest pixel of each block: on paper that is the paper itself, whatever text the block holds. */
function blockMax(img: GreyImage, block: number): GreyImage {
  const width = Math.ceil(img.width / block);
  const height = Math.ceil(img.height / block);
  const data = new Uint8Array(width * height);
  const columns = gridColumns(img.width, block, width);
  for (let y = 0; y < img.height; y += 1) {
    const row = y * img.width;
    const by = Math.floor(y / block) * width;
    for (let x = 0; x < img.width; x += 1) {
      const v = img.data[row + x] as number;
      const b = by + (columns[x] as number);
      if (v > (data[b] as number)) data[b] = v;
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
 * of its block), and whitens whatever is much darker than the paper around it (table, fingers), so tesseract's
 * global threshold sees black text on white everywhere. Block size in pixels; it must exceed a character.
 */
export function flattenIllumination(img: GreyImage, block: number): GreyImage {
  const grid = smooth(blockMax(img, block));
  let paper = 0;
  for (const v of grid.data) paper = Math.max(paper, v);
  const floor = paper * BACKGROUND_SHARE;
  // Every pixel divided by its paper brightness, looked up: row `bg` holds each grey level divided by `bg`.
  const divided = new Uint8Array(256 * 256).fill(255);
  for (let bg = 0; bg < 256; bg += 1) {
    if (bg < floor) continue;
    for (let v = 0; v < 256; v += 1) divided[bg * 256 + v] = Math.min(255, Math.round((v * 255) / Math.max(bg, 1)));
  }
  const columns = gridColumns(img.width, block, grid.width);
  const out = new Uint8Array(img.data.length);
  for (let y = 0; y < img.height; y += 1) {
    const gridRow = Math.min(grid.height - 1, Math.floor(y / block)) * grid.width;
    const row = y * img.width;
    for (let x = 0; x < img.width; x += 1) {
      const bg = grid.data[gridRow + (columns[x] as number)] as number;
      out[row + x] = divided[bg * 256 + (img.data[row + x] as number)] as number;
    }
  }
  return { data: out, width: img.width, height: img.height };
}
