import type { Worker } from 'tesseract.js';
import { cropEnlarged } from './date-reread.ts';
import type { GreyImage } from './grey-image.ts';
import type { TextLine } from './rows.ts';

// A store's name is often printed larger than the lines under it: the band above the first line read is taken this
// many of that line's heights tall, and enlarged as if its print were this many times the line's height.
const BAND_LINES = 3;
const NAME_SCALE = 1.8;
const LINE_PARAMETERS: object = { tessedit_pageseg_mode: '7' };

type Band = { y0: number; y1: number; printHeight: number };

/** A band of the page, full width, enlarged as `cropEnlarged` does, for print `printHeight` tall. */
async function cropBand(page: GreyImage, band: Band): Promise<Buffer | null> {
  const top = Math.max(0, Math.round(band.y0));
  const height = Math.min(page.height, Math.round(band.y1)) - top;
  if (height < 4 || band.printHeight <= 0) return null;
  return cropEnlarged(page, { left: 0, top, width: page.width, height }, band.printHeight);
}

export type HeaderReread = { text: string; reread: number };

/**
 * The top of a receipt read again, line by line: the band above the first line the page reading found (where a name
 * printed large and bold was read as nothing) and the first two lines themselves, each cut out at full width,
 * enlarged and read as one line of text. Returns their texts top to bottom, for the parser to look for a chain in;
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
  for (const band of bands) {
    const crop = await cropBand(page, band);
    if (!crop) continue;
    reread += 1;
    const text = (await worker.recognize(crop, LINE_PARAMETERS, { text: true })).data.text.trim();
    if (text !== '') texts.push(text);
  }
  return { text: texts.join('\n'), reread };
}
