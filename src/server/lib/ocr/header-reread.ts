import type { CropReader } from './crop-reader.ts';
import { cropEnlarged } from './date-reread.ts';
import { flood } from './grey-image.ts';
import type { GreyImage } from './grey-image.ts';
import { readsLetters } from './rows.ts';
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

/** Every 4-connected region of dark pixels in `rect`, with its bounding box in the rectangle's own coordinates. */
function darkRegions(page: GreyImage, rect: Rect): Array<{ cells: number[]; box: Rect }> {
  const dark = (i: number) =>
    (page.data[(rect.top + Math.floor(i / rect.width)) * page.width + rect.left + (i % rect.width)] ?? 255) < INK;
  const seen = new Uint8Array(rect.width * rect.height);
  const regions: Array<{ cells: number[]; box: Rect }> = [];
  for (let start = 0; start < seen.length; start += 1) {
    if (seen[start] || !dark(start)) continue;
    const cells = flood(rect.width, rect.height, [start], dark, seen);
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const i of cells) {
      const [x, y] = [i % rect.width, Math.floor(i / rect.width)];
      [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
    }
    regions.push({ cells, box: { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 } });
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
  let best: { cells: number[]; box: Rect } | null = null;
  for (const region of darkRegions(page, rect)) {
    const { box, cells } = region;
    const fits =
      box.height >= LOGO_MIN_HEIGHT * lineHeight &&
      box.height <= LOGO_MAX_HEIGHT * lineHeight &&
      box.width >= LOGO_MIN_WIDTH * box.height &&
      cells.length >= LOGO_MIN_FILL * box.width * box.height;
    if (fits && (!best || cells.length > best.cells.length)) best = region;
  }
  if (!best) return null;
  const box = { ...best.box, left: best.box.left + rect.left, top: best.box.top + rect.top };
  const inBox = new Uint8Array(box.width * box.height);
  for (const i of best.cells) {
    inBox[(Math.floor(i / rect.width) - best.box.top) * box.width + (i % rect.width) - best.box.left] = 1;
  }
  // What the box does not enclose is reached from the rectangle's edge without crossing the box.
  const edge: number[] = [];
  for (let i = 0; i < inBox.length; i += 1) {
    const [x, y] = [i % box.width, Math.floor(i / box.width)];
    if (!inBox[i] && (x === 0 || y === 0 || x === box.width - 1 || y === box.height - 1)) edge.push(i);
  }
  const outside = new Uint8Array(inBox.length);
  flood(box.width, box.height, edge, (i) => !inBox[i], outside);
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
export async function rereadHeader(
  read: CropReader,
  page: GreyImage,
  lines: readonly TextLine[],
): Promise<HeaderReread> {
  const printed = lines.filter((l) => readsLetters(l) && l.bbox.y1 > l.bbox.y0).sort((a, b) => a.bbox.y0 - b.bbox.y0);
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
  const crops: Buffer[] = [];
  const logo = logoAbove(page, first.bbox.y0, h);
  if (logo) {
    const { width, height } = logo.image;
    crops.push(await cropEnlarged(logo.image, { left: 0, top: 0, width, height }, logo.printHeight));
  }
  for (const band of bands) {
    const crop = await cropBand(page, band);
    if (crop) crops.push(crop);
  }
  const texts = (await read(crops, LINE_PARAMETERS)).map((text) => text.trim()).filter((text) => text !== '');
  return { text: texts.join('\n'), reread: crops.length };
}
