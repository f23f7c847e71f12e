import type { Worker } from 'tesseract.js';
import { cropEnlarged } from './date-reread.ts';
import type { GreyImage } from './grey-image.ts';
import type { TextLine } from './rows.ts';

// A store's name is often printed larger than the lines under it: the band above the first line read is taken this
// many of that line's heights tall, and enlarged as if its print were this many times the line's height.
const BAND_LINES = 3;
const NAME_SCALE = 1.8;
const LINE_PARAMETERS: object = { tessedit_pageseg_mode: '7' };

// A logo printed white on black (a name in a dark box) above the first line: looked for this many line heights up,
// as a dark region at least this tall and wide (in line heights), filled this much, with letters cut out of it.
const LOGO_LINES = 8;
const LOGO_MIN_HEIGHT = 1.2;
const LOGO_MAX_HEIGHT = 6;
const LOGO_MIN_WIDTH = 1.5;
const LOGO_MIN_FILL = 0.4;
const LOGO_MIN_LETTERS = 0.03;
// Letters take about this share of their box's height.
const LOGO_PRINT_SHARE = 0.5;
const INK = 128;

type Band = { y0: number; y1: number; printHeight: number };
type Rect = { left: number; top: number; width: number; height: number };

/** Every 4-connected region of dark pixels in `rect`, as pixel indices of the page. */
function darkRegions(page: GreyImage, rect: Rect): number[][] {
  const { data, width } = page;
  const seen = new Uint8Array(rect.width * rect.height);
  const regions: number[][] = [];
  const dark = (x: number, y: number) => (data[y * width + x] ?? 255) < INK;
  for (let y0 = 0; y0 < rect.height; y0 += 1) {
    for (let x0 = 0; x0 < rect.width; x0 += 1) {
      if (seen[y0 * rect.width + x0] || !dark(rect.left + x0, rect.top + y0)) continue;
      seen[y0 * rect.width + x0] = 1;
      const region: number[] = [];
      const stack = [y0 * rect.width + x0];
      while (stack.length > 0) {
        const q = stack.pop() as number;
        const [x, y] = [q % rect.width, Math.floor(q / rect.width)];
        region.push((rect.top + y) * width + rect.left + x);
        for (const [nx, ny] of [
          [x - 1, y],
          [x + 1, y],
          [x, y - 1],
          [x, y + 1],
        ] as const) {
          if (nx < 0 || ny < 0 || nx >= rect.width || ny >= rect.height || seen[ny * rect.width + nx]) continue;
          if (!dark(rect.left + nx, rect.top + ny)) continue;
          seen[ny * rect.width + nx] = 1;
          stack.push(ny * rect.width + nx);
        }
      }
      regions.push(region);
    }
  }
  return regions;
}

/**
 * A name printed white on a dark box above the first line, as dark print on white: the box's pixels white, what
 * lies around the box inside its bounding rectangle white, and what the box encloses (the letters) as dark as the
 * box was light. Null when no such box is there.
 */
function logoAbove(
  page: GreyImage,
  firstTop: number,
  lineHeight: number,
): { image: GreyImage; printHeight: number } | null {
  const top = Math.max(0, Math.round(firstTop - LOGO_LINES * lineHeight));
  const rect = { left: 0, top, width: page.width, height: Math.max(0, Math.round(firstTop) - top) };
  if (rect.height < lineHeight) return null;
  let best: { pixels: number[]; box: Rect } | null = null;
  for (const pixels of darkRegions(page, rect)) {
    const xs = pixels.map((p) => p % page.width);
    const ys = pixels.map((p) => Math.floor(p / page.width));
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const box = { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
    const fits =
      box.height >= LOGO_MIN_HEIGHT * lineHeight &&
      box.height <= LOGO_MAX_HEIGHT * lineHeight &&
      box.width >= LOGO_MIN_WIDTH * box.height &&
      pixels.length >= LOGO_MIN_FILL * box.width * box.height;
    if (fits && (!best || pixels.length > best.pixels.length)) best = { pixels, box };
  }
  if (!best) return null;
  const { box } = best;
  const inBox = new Uint8Array(box.width * box.height);
  for (const p of best.pixels)
    inBox[(Math.floor(p / page.width) - box.top) * box.width + (p % page.width) - box.left] = 1;
  // What the box does not enclose is reached from the rectangle's edge without crossing the box.
  const outside = new Uint8Array(inBox.length);
  const stack: number[] = [];
  for (let i = 0; i < inBox.length; i += 1) {
    const [x, y] = [i % box.width, Math.floor(i / box.width)];
    const edge = x === 0 || y === 0 || x === box.width - 1 || y === box.height - 1;
    if (!edge || inBox[i]) continue;
    outside[i] = 1;
    stack.push(i);
  }
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const [x, y] = [i % box.width, Math.floor(i / box.width)];
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      const j = ny * box.width + nx;
      if (nx < 0 || ny < 0 || nx >= box.width || ny >= box.height || inBox[j] || outside[j]) continue;
      outside[j] = 1;
      stack.push(j);
    }
  }
  const data = new Uint8Array(inBox.length).fill(255);
  let letters = 0;
  for (let i = 0; i < data.length; i += 1) {
    if (inBox[i] || outside[i]) continue;
    const v = page.data[(box.top + Math.floor(i / box.width)) * page.width + box.left + (i % box.width)] ?? 0;
    data[i] = 255 - v;
    letters += 1;
  }
  if (letters < LOGO_MIN_LETTERS * data.length) return null;
  return { image: { data, width: box.width, height: box.height }, printHeight: LOGO_PRINT_SHARE * box.height };
}

/** A band of the page, full width, enlarged as `cropEnlarged` does, for print `printHeight` tall. */
async function cropBand(page: GreyImage, band: Band): Promise<Buffer | null> {
  const top = Math.max(0, Math.round(band.y0));
  const height = Math.min(page.height, Math.round(band.y1)) - top;
  if (height < 4 || band.printHeight <= 0) return null;
  return cropEnlarged(page, { left: 0, top, width: page.width, height }, band.printHeight);
}

export type HeaderReread = { text: string; reread: number };

/**
 * The top of a receipt read again, line by line: a logo printed white on black above the first line the page reading
 * found (turned dark on white), the band above that line (where a name printed large and bold was read as nothing)
 * and the first two lines, the last three cut out at full width; each enlarged and read as one line of text. Returns their texts top to bottom, for the parser to look for a chain in;
 * nothing else is taken from them.
 */
export async function rereadHeader(worker: Worker, page: GreyImage, lines: readonly TextLine[]): Promise<HeaderReread> {
  const printed = lines
    .filter((l) => /\p{L}{2}/u.test(l.text) && l.bbox.y1 > l.bbox.y0)
    .sort((a, b) => a.bbox.y0 - b.bbox.y0);
  const [first, second] = printed;
  if (!first) return { text: '', reread: 0 };
  const h = first.bbox.y1 - first.bbox.y0;
  const bands: Band[] = [
    { y0: first.bbox.y0 - BAND_LINES * h, y1: first.bbox.y0, printHeight: NAME_SCALE * h },
    { y0: first.bbox.y0 - 0.3 * h, y1: first.bbox.y1 + 0.3 * h, printHeight: h },
  ];
  if (second) {
    const h2 = second.bbox.y1 - second.bbox.y0;
    bands.push({ y0: second.bbox.y0 - 0.3 * h2, y1: second.bbox.y1 + 0.3 * h2, printHeight: h2 });
  }
  const texts: string[] = [];
  let reread = 0;
  const logo = logoAbove(page, first.bbox.y0, h);
  if (logo) {
    reread += 1;
    const crop = await cropEnlarged(
      logo.image,
      { left: 0, top: 0, width: logo.image.width, height: logo.image.height },
      logo.printHeight,
    );
    const text = (await worker.recognize(crop, LINE_PARAMETERS, { text: true })).data.text.trim();
    if (text !== '') texts.push(text);
  }
  for (const band of bands) {
    const crop = await cropBand(page, band);
    if (!crop) continue;
    reread += 1;
    const text = (await worker.recognize(crop, LINE_PARAMETERS, { text: true })).data.text.trim();
    if (text !== '') texts.push(text);
  }
  return { text: texts.join('\n'), reread };
}
