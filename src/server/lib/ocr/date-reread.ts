import sharp from 'sharp';
import { datesInText } from '#shared/domain/receipt-parse/dates.ts';
import { dateWordsToReread, medianOf, preferReread } from '#shared/domain/receipt-parse/reread.ts';
import type { ReceiptLanguage } from '#shared/domain/receipt-parse/index.ts';
import { readCutOuts } from './crop-reader.ts';
import type { CropReader } from './crop-reader.ts';
import { toPgm } from './grey-image.ts';
import type { GreyImage } from './grey-image.ts';
import type { TextLine } from './rows.ts';

type Box = TextLine['bbox'];

// Tesseract read single dates best at about 40 px character height (tried 32–64 px on misread dates: smaller and
// larger scales gave other wrong digits); a white border because it drops ink touching the image's edge.
const TARGET_HEIGHT = 40;
const BORDER = 10;
// Tesseract variables are accepted per call beside tesseract.js' own options, and restored after it.
const REREAD_PARAMETERS: object = { tessedit_pageseg_mode: '7', tessedit_char_whitelist: '0123456789./-: ' };

/**
 * A rectangle of the page enlarged so that print `printHeight` tall becomes TARGET_HEIGHT, framed in white, as a PGM
 * for tesseract: how every re-read (a date word, a price word, the top of the page) sees its part of the page.
 */
export async function cropEnlarged(
  page: GreyImage,
  rect: { left: number; top: number; width: number; height: number },
  printHeight: number,
): Promise<Buffer> {
  const scale = TARGET_HEIGHT / printHeight;
  const { data, info } = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .extract(rect)
    .resize({ width: Math.max(1, Math.round(rect.width * scale)), kernel: 'lanczos3' })
    .extend({ top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return toPgm({ data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), ...info });
}

/**
 * One word cut out of the page with a margin of half its height, scaled to TARGET_HEIGHT and framed in white, as a
 * PGM for tesseract. Null for a box that is empty or lies outside the page.
 */
export async function cropWord(page: GreyImage, box: Box): Promise<Buffer | null> {
  const h = box.y1 - box.y0;
  if (h <= 0 || box.x1 <= box.x0) return null;
  const mx = Math.round(h / 2);
  const my = Math.round(h * 0.3);
  const left = Math.max(0, box.x0 - mx);
  const top = Math.max(0, box.y0 - my);
  const width = Math.min(page.width, box.x1 + mx) - left;
  const height = Math.min(page.height, box.y1 + my) - top;
  if (width <= 0 || height <= 0) return null;
  return cropEnlarged(page, { left, top, width, height }, h);
}

export type RereadContext = {
  language: ReceiptLanguage | null;
  today: string;
  /** Whether the parser found a date in the first reading; without one, a date line is also read whole. */
  dateFound: boolean;
};

export type Reread = { lines: TextLine[]; reread: number; changed: number };

/**
 * Reads the date-like words of a first reading again, each cut out, enlarged and read as one line of digits and
 * separators, and returns the lines with each word replaced where the re-read is the better witness
 * (`preferReread`). A wrong digit in a date often still makes a real date ("13.04.20"), which no parser rule can
 * catch; tesseract's whole-page reading is what went wrong, so it is asked again about that word alone.
 */
export async function rereadDates(
  read: CropReader,
  page: GreyImage,
  lines: readonly TextLine[],
  context: RereadContext,
): Promise<Reread> {
  const { language, today } = context;
  const words = lines.flatMap((line, index) =>
    (line.words ?? []).map((w) => ({ word: w.text, line: line.text, index, bbox: w.bbox })),
  );
  const out: Reread = { lines: lines.map((l) => ({ ...l })), reread: 0, changed: 0 };
  const chosen = dateWordsToReread(words);
  const readAgain = await readCutOuts(read, chosen, (w) => cropWord(page, w.bbox), REREAD_PARAMETERS);
  out.reread = readAgain.length;
  for (const { item: w, text } of readAgain) {
    const line = out.lines[w.index];
    if (!line) continue;
    const better = preferReread(w.word, text.trim(), language, today);
    if (better === w.word) continue;
    line.text = line.text.replace(w.word, better);
    out.changed += 1;
  }
  const line = chosen[0] ? out.lines[chosen[0].index] : undefined;
  if (context.dateFound || out.changed > 0 || !line || datesInText(line.text, language, today).length > 0) return out;
  // The date may be split over words, one of them garbled by a line above it ("a 04.2020" for "06.04.2020"):
  // read the whole line at the height of its words.
  const crop = await cropWord(page, rowBox(line));
  if (!crop) return out;
  out.reread += 1;
  const [text = ''] = await read([crop], REREAD_PARAMETERS);
  const better = preferReread(line.text, text.trim(), language, today, 'line');
  if (better !== line.text) [line.text, out.changed] = [better, out.changed + 1];
  return out;
}

/** A line's box with the median top and bottom of its words, so that one word merged with the line above is cut. */
function rowBox(line: TextLine): Box {
  const words = line.words ?? [];
  const y0 = medianOf(words.map((w) => w.bbox.y0)) ?? line.bbox.y0;
  const y1 = medianOf(words.map((w) => w.bbox.y1)) ?? line.bbox.y1;
  return { x0: line.bbox.x0, x1: line.bbox.x1, y0, y1 };
}
