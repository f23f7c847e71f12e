import type { Worker } from 'tesseract.js';
import { amountWordsToReread, preferAmountReread } from '#shared/domain/receipt-parse/reread.ts';
import { cropWord } from './date-reread.ts';
import type { GreyImage } from './grey-image.ts';
import type { TextLine } from './rows.ts';

// One line of digits, separators and a discount's minus; restored by tesseract.js after the call.
const AMOUNT_PARAMETERS: object = { tessedit_pageseg_mode: '7', tessedit_char_whitelist: '0123456789,.-' };

export type AmountReread = { lines: TextLine[]; reread: number; changed: number };

/**
 * The price words of the price column read again, each cut out, enlarged and read alone as digits
 * (`amountWordsToReread`), with each word replaced where the re-read reads as one price (`preferAmountReread`).
 * The lines returned are a second witness of the prices for the parser to vote with, not a correction.
 */
export async function rereadAmounts(
  worker: Worker,
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
  if (words.length === 0) return out;
  for (const w of amountWordsToReread(words)) {
    const crop = await cropWord(page, w.bbox);
    const line = out.lines[w.index];
    if (!crop || !line) continue;
    out.reread += 1;
    const text = (await worker.recognize(crop, AMOUNT_PARAMETERS, { text: true })).data.text.trim();
    const better = preferAmountReread(w.word, text);
    if (better === w.word) continue;
    // Prices stand last on their line: the last occurrence is the word read.
    const at = line.text.lastIndexOf(w.word);
    if (at < 0) continue;
    line.text = line.text.slice(0, at) + better + line.text.slice(at + w.word.length);
    out.changed += 1;
  }
  return out;
}
