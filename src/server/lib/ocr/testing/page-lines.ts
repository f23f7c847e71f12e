import type { TesseractPool } from '../pool.ts';
import type { TextLine } from '../rows.ts';

type Blocks = Array<{ paragraphs: Array<{ lines: TextLine[] }> }>;

/** A prepared page read by tesseract with its line boxes, as the reader's page readings give them. */
export async function readPageLines(pool: TesseractPool, image: Buffer, parameters: object = {}): Promise<TextLine[]> {
  const read = await pool.run((worker) => worker.recognize(image, parameters, { blocks: true }));
  return (read.data.blocks as Blocks).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
}

/** The lines as if the page reading had read `from` as `to`, in the lines' text and in their words. */
export function misreadLines(lines: readonly TextLine[], from: string, to: string): TextLine[] {
  return lines.map((line) => ({
    ...line,
    text: line.text.replace(from, to),
    words: (line.words ?? []).map((w) => ({ ...w, text: w.text.replace(from, to) })),
  }));
}
