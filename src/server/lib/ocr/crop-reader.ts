import type { Worker } from 'tesseract.js';

/**
 * Reads small cut-outs of a page, each alone with the same parameters, and answers their texts in the order of the
 * cut-outs. A cut-out read alone reads the same on any worker (every worker starts from the same settings and
 * tesseract keeps nothing from one reading to the next), so who reads which does not change a text.
 */
export type CropReader = (crops: readonly Buffer[], parameters: object) => Promise<string[]>;

/** Lends a job another worker of the pool when one is free and nobody waits, else null. */
export type Borrow = (job: (worker: Worker) => Promise<void>) => Promise<void> | null;

const textOf = async (worker: Worker, crop: Buffer, parameters: object) =>
  (await worker.recognize(crop, parameters, { text: true })).data.text;

/**
 * The cut-out of each item (an item without one is left out), all of them read by `read`: the items kept, in their
 * order, each with its text. How every re-read cuts out and reads its words, rows or bands.
 */
export async function readCutOuts<T>(
  read: CropReader,
  items: readonly T[],
  cutOut: (item: T) => Promise<Buffer | null>,
  parameters: object,
): Promise<Array<{ item: T; text: string }>> {
  const cut: Array<{ item: T; crop: Buffer }> = [];
  for (const item of items) {
    const crop = await cutOut(item);
    if (crop) cut.push({ item, crop });
  }
  const texts = await read(
    cut.map((c) => c.crop),
    parameters,
  );
  return cut.map(({ item }, i) => ({ item, text: texts[i] ?? '' }));
}

/** Every cut-out read in turn on one worker. */
export function readOn(worker: Worker): CropReader {
  return async (crops, parameters) => {
    const texts: string[] = [];
    for (const crop of crops) texts.push(await textOf(worker, crop, parameters));
    return texts;
  };
}

/**
 * The cut-outs shared between a job's own worker and, when the pool has one free, a borrowed one: each takes the next
 * cut-out nobody has taken. A cut-out the borrowed worker took and did not answer (it was stopped at its time limit)
 * is read again on the job's own worker.
 */
export function readSpread(own: Worker, borrow: Borrow): CropReader {
  return async (crops, parameters) => {
    const texts: Array<string | undefined> = crops.map(() => undefined);
    let next = 0;
    const take = async (worker: Worker) => {
      for (let i = next++; i < crops.length; i = next++) {
        texts[i] = await textOf(worker, crops[i] as Buffer, parameters);
      }
    };
    const borrowed = crops.length > 1 ? borrow(take) : null;
    await Promise.all([take(own), borrowed?.catch(() => {})]);
    const answered: string[] = [];
    for (const [i, text] of texts.entries()) answered.push(text ?? (await textOf(own, crops[i] as Buffer, parameters)));
    return answered;
  };
}
