import {
  amountWordsToReread,
  medianOf,
  preferAmountReread,
  rowReadAgain,
  rowsToReread,
} from '#shared/domain/receipt-parse/reread.ts';
import type { RowToReread } from '#shared/domain/receipt-parse/reread.ts';
import { readCutOuts } from './crop-reader.ts';
import type { CropReader } from './crop-reader.ts';
import { cropEnlarged, cropWord } from './date-reread.ts';
import type { GreyImage } from './grey-image.ts';
import type { TextLine } from './rows.ts';

// One line of digits, separators and a discount's minus; restored by tesseract.js after the call.
const AMOUNT_PARAMETERS: object = { tessedit_pageseg_mode: '7', tessedit_char_whitelist: '0123456789,.-' };
// One printed row, name and price: any character.
const ROW_PARAMETERS: object = { tessedit_pageseg_mode: '7' };

export type AmountReread = { lines: TextLine[]; reread: number; changed: number };

/** The median height of a line's word boxes: its print, which the line's own box may hold with space around it. */
function printHeightOf(line: TextLine): number | undefined {
  return medianOf((line.words ?? []).map((w) => w.bbox.y1 - w.bbox.y0));
}

/**
 * A band of the page as one row, with a margin of a third of a row's print height on either side and a fifth above
 * and below (more takes in the next row's ink), enlarged so its print stands as tall as a re-read word's; null when
 * empty.
 */
async function cropRow(page: GreyImage, row: RowToReread): Promise<Buffer | null> {
  const mx = Math.round(row.printHeight / 3);
  const my = Math.round(row.printHeight / 5);
  const left = Math.max(0, row.x0 - mx);
  const top = Math.max(0, row.y0 - my);
  const width = Math.min(page.width, row.x1 + mx) - left;
  const height = Math.min(page.height, row.y1 + my) - top;
  if (row.y1 <= row.y0 || width <= 0 || height <= 0) return null;
  return cropEnlarged(page, { left, top, width, height }, row.printHeight);
}

/**
 * The rows among the purchased lines that the reading garbled or dropped (`rowsToReread`), each cut out across the
 * price column, enlarged and read alone as one line; a row that then reads as a purchased line replaces the garbled
 * one or goes in where the row was dropped. Changes `lines` in place; returns how many rows were read and taken.
 */
async function rereadRows(read: CropReader, page: GreyImage, lines: TextLine[]) {
  const placed = lines.map((l) => ({ text: l.text, ...l.bbox, printHeight: printHeightOf(l) }));
  // Bottom to top, so an inserted row leaves the indices of the rows above it as they were.
  const readAgain = await readCutOuts(
    read,
    rowsToReread(placed).reverse(),
    (row) => cropRow(page, row),
    ROW_PARAMETERS,
  );
  let changed = 0;
  for (const { item: row, text: readText } of readAgain) {
    const text = rowReadAgain(readText);
    if (text === null) continue;
    const bbox = { x0: row.x0, y0: row.y0, x1: row.x1, y1: row.y1 };
    if (row.replaces === null) lines.splice(row.before, 0, { text, bbox });
    else lines[row.replaces] = { text, bbox };
    changed += 1;
  }
  return { reread: readAgain.length, changed };
}

/**
 * The price words of the price column read again, each cut out, enlarged and read alone as digits
 * (`amountWordsToReread`), with each word replaced where the re-read reads as one price (`preferAmountReread`);
 * then the purchased rows the reading garbled or dropped, read again whole (`rereadRows`). The lines returned are a
 * second witness of the prices for the parser to vote with, not a correction; `reread` counts words and rows.
 */
export async function rereadAmounts(
  read: CropReader,
  page: GreyImage,
  lines: readonly TextLine[],
): Promise<AmountReread> {
  const words = lines.flatMap((line, index) =>
    (line.words ?? []).map((w) => ({
      word: w.text,
      line: line.text,
      index,
      x0: w.bbox.x0,
      x1: w.bbox.x1,
      bbox: w.bbox,
    })),
  );
  const out: AmountReread = { lines: lines.map((l) => ({ ...l })), reread: 0, changed: 0 };
  const chosen = (words.length === 0 ? [] : amountWordsToReread(words)).filter((w) => out.lines[w.index]);
  const readAgain = await readCutOuts(read, chosen, (w) => cropWord(page, w.bbox), AMOUNT_PARAMETERS);
  for (const { item: w, text } of readAgain) {
    const line = out.lines[w.index] as TextLine;
    const better = preferAmountReread(w.word, text.trim());
    if (better === w.word) continue;
    // Prices stand last on their line: the last occurrence is the word read.
    const at = line.text.lastIndexOf(w.word);
    if (at < 0) continue;
    line.text = line.text.slice(0, at) + better + line.text.slice(at + w.word.length);
    out.changed += 1;
  }
  const rows = await rereadRows(read, page, out.lines);
  out.reread = readAgain.length + rows.reread;
  out.changed += rows.changed;
  return out;
}
