import type { Worker } from 'tesseract.js';
import type { OcrResult } from '#shared/api/receipts.ts';
import {
  combineReadings,
  isUncertain,
  parseReceipt,
  withChainReadAgain,
  withLinesReadAgain,
} from '#shared/domain/receipt-parse/index.ts';
import type { ParsedReceipt } from '#shared/domain/receipt-parse/index.ts';
import { rereadAmounts } from './amount-reread.ts';
import type { AmountReread } from './amount-reread.ts';
import { readOn, readSpread } from './crop-reader.ts';
import type { CropReader } from './crop-reader.ts';
import { rereadDates } from './date-reread.ts';
import { rereadHeader } from './header-reread.ts';
import type { HeaderReread } from './header-reread.ts';
import type { Reread, RereadContext } from './date-reread.ts';
import { OcrError } from './errors.ts';
import { fromPgm } from './grey-image.ts';
import type { GreyImage } from './grey-image.ts';
import { createTesseractPool } from './pool.ts';
import type { TesseractPoolOptions } from './pool.ts';
import { preprocessInThread, turnOverInThread } from '../image-threads/pool.ts';
import type { PreparedForOcr, PreprocessOptions } from './preprocess.ts';
import { isEmptyResult, toOcrResult } from './result.ts';
import { joinRows, readsLetters } from './rows.ts';
import type { TextLine } from './rows.ts';

export type ReadOptions = { /** Upload date YYYY-MM-DD; no receipt date may be later. */ today: string };

export type ReceiptReader = { read(image: Uint8Array, options: ReadOptions): Promise<OcrResult> };

/** Everything one local reading produced, for the evaluation and for logs. */
export type DetailedReading = {
  result: OcrResult;
  parsed: ParsedReceipt;
  text: string;
  ms: { preprocess: number; recognize: number; parse: number };
  /** CPU time of the stages (all threads of the process; meaningful when one image is read at a time). */
  cpuMs: { preprocess: number; recognize: number };
  /** Whether the uncertain first reading got a second look with another page layout. */
  secondLook: boolean;
  /** Whether that second look was read by another worker at the same time as the first (`secondLookAlongside`). */
  secondLookAlongside: boolean;
  /** Date-like words read again alone (`rereadDates`). */
  rereads: number;
  /** Whether the page was read turned over because the first reading found nothing (`turnOverUnread`). */
  turnedOver: boolean;
  /** Whether the page was read again with tesseract's tiled threshold because it read as nothing (`otherThresholdUnread`). */
  thresholdRetry: boolean;
  /** Whether the page was prepared again with the other answer to "on its side?" (`reorientUnread`). */
  reoriented: boolean;
  /** Whether the page was read once more as one block because the total or the lines stayed unconfirmed. */
  blockLook: boolean;
  /** Price words read again alone because the lines did not add up (`rereadAmounts`). */
  amountRereads: number;
  /** Bands of the top of the page read again because no chain was found (`rereadHeader`). */
  headerRereads: number;
};

export type OcrPool = ReceiptReader & {
  readDetailed(image: Uint8Array, options: ReadOptions): Promise<DetailedReading>;
  close(): Promise<void>;
};

export type OcrPoolOptions = TesseractPoolOptions & {
  preprocess?: PreprocessOptions;
  /** 'rows' rebuilds printed rows from line positions (default); 'tesseract' keeps tesseract's reading order. */
  layout?: 'rows' | 'tesseract';
  /**
   * Page segmentation mode of a second reading when the first leaves the total unconfirmed or the date missing
   * (default '4', one column of text); null switches the second look off.
   */
  secondLookPsm?: string | null;
  /**
   * Page segmentation mode of one more reading when, after the first (and second) look, the total is still
   * unconfirmed or a Swedish receipt's purchased lines do not add up to it (default '6', one uniform block: the automatic layouts
   * drop the price column of some blocky thermal prints, which one block reads; decision 043); null switches it off.
   */
  blockLookPsm?: string | null;
  /** Give every image the second look, not only uncertain ones (the evaluation uses it to keep both texts). */
  alwaysSecondLook?: boolean;
  /**
   * Start the second look on a worker nobody else needs while the first reading runs, so that an uncertain reading
   * does not wait for it (default true). It is never queued: with every worker busy the second look, when needed,
   * follows the first on the same worker. The readings are the same either way; only the waiting differs.
   */
  secondLookAlongside?: boolean;
  /**
   * Cut a straight, tall receipt into one strip per worker, read at the same time (default false): an image alone
   * in the queue takes 30 % less wall time, but tesseract then reads each strip with its own threshold and layout,
   * which cost 3 to 5 points of accuracy on the evaluation set (docs/decisions/006).
   */
  splitAcrossWorkers?: boolean;
  /** Read date-like words of the first reading again, enlarged and as digits only (default true). */
  rereadDates?: boolean;
  /**
   * Read the price words again, enlarged and as digits only, when a Swedish receipt's lines do not add up to its
   * total after every other reading (default true); the lines are then voted on with both readings.
   */
  rereadAmounts?: boolean;
  /**
   * Read the top of the page again, band by band and enlarged, when a receipt with a total or a date names no known
   * chain (default true): a store name printed large and bold is often read as nothing or as noise.
   */
  rereadHeader?: boolean;
  /**
   * Read a page again turned over when the first reading found neither total nor date (default true): a receipt
   * photographed upside down reads as nothing, and no cheap measure of the ink told upside down from upright.
   */
  turnOverUnread?: boolean;
  /**
   * Prepare a page once more with the other answer to "does the print lie on its side?" when it read as nothing
   * either way up (default true): blurred print on a pale table merges into word blobs, which fool the measure.
   */
  reorientUnread?: boolean;
  /**
   * Read a page once more with tesseract's tiled threshold when it read as nothing either way up (default true): on
   * some clean pages its global threshold leaves the automatic layout with no text at all.
   */
  otherThresholdUnread?: boolean;
};

/** The text of a reading, and its lines with their boxes when one image was read whole in rows layout. */
type Reading = { text: string; lines: TextLine[] | null };
type Recognize = (strips: readonly Buffer[], parameters: object) => Promise<Reading>;
type RereadDates = (page: GreyImage, lines: readonly TextLine[], context: RereadContext) => Promise<Reread>;
type RereadAmounts = (read: CropReader, page: GreyImage, lines: readonly TextLine[]) => Promise<AmountReread>;
type RereadHeader = (read: CropReader, page: GreyImage, lines: readonly TextLine[]) => Promise<HeaderReread>;
/** How a job reads cut-outs: on its own worker, with another one when free (`own`), or on another one only (`aside`). */
type CropReaders = {
  own: CropReader;
  aside: <T>(job: (read: CropReader) => Promise<T>) => Promise<T> | null;
};
/** Starts a reading on another worker if one is free, else null. */
type Alongside = (strips: readonly Buffer[], parameters: object) => Promise<Reading> | null;

type Recognized = { data: { text: string; blocks?: Array<{ paragraphs: Array<{ lines: TextLine[] }> }> | null } };

function readingOf({ data }: Recognized, layout: OcrPoolOptions['layout']): Reading {
  if (layout === 'tesseract' || !data.blocks) return { text: data.text, lines: null };
  const lines = data.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  return { text: joinRows(lines), lines };
}

/** How many of total, date and merchant a reading holds. */
const found = (p: ParsedReceipt) => [p.totalOre, p.date, p.merchant].filter((v) => v !== null).length;

/** Strips of a page turned by 180°: each turned over, the bottom one now first. */
const turnStrips = async (strips: readonly Buffer[]) => (await Promise.all(strips.map(turnOverInThread))).reverse();

/** The whole page, for the re-reads, turned as its strips were: the one strip itself, or the page turned over. */
const turnedPage = async (page: Buffer, turned: readonly Buffer[]) =>
  turned.length === 1 && turned[0] ? turned[0] : turnOverInThread(page);

/** A binary PGM turned by 180°: the same header, the pixels in reverse order. */
export function turnedOverPgm(pgm: Buffer): Buffer {
  const { data } = fromPgm(pgm);
  const header = pgm.subarray(0, pgm.length - data.length);
  return Buffer.concat([header, Buffer.from(data).reverse()]);
}

/**
 * A reading that found a total or purchased lines, but a total with fewer than two witnesses, no date or, on a Swedish
 * receipt, lines that do not add up to it (or no lines at all: the price column dropped), is worth reading as one
 * block. Only Swedish lines: the lines of other receipts rarely
 * add up as the parser reads them (decision 041), and reading 48 of the 60 real receipts again doubled the median CPU
 * time for one merchant more. A page where nothing was found is not: it has had its second chance turned
 * over, and one block of noise can take tesseract longer than the time limit.
 */
export const needsBlockLook = (p: ParsedReceipt) =>
  (p.totalOre !== null || p.items.length > 0) &&
  (p.totalSources.filter((s) => s !== 'largest').length < 2 ||
    p.date === null ||
    (p.language === 'sv' && !p.itemsSumToTotal));

/**
 * A reading with neither a total nor a purchased line that still shows a receipt: a date or a known chain was read
 * (the price column dropped by the automatic layouts). A page of noise shows neither, and its block reading can take
 * tesseract past the time limit (decision 055).
 */
export const readsAsNothing = (p: ParsedReceipt) =>
  p.totalOre === null && p.items.length === 0 && (p.date !== null || p.merchantSource === 'chain');

/**
 * Whether a reading of a page read as nothing before shows a receipt: noise read from a page on its side or
 * thresholded another way holds a largest amount and a header line, so it must show a witnessed total or a date.
 */
const shows = (p: ParsedReceipt) => p.date !== null || p.totalSources.some((source) => source !== 'largest');

/** Whether a retry of a page read as nothing is worth taking over what was read before. */
const readsMore = (again: ParsedReceipt, before: ParsedReceipt) => shows(again) && found(again) > found(before);

/** A Swedish receipt with a total and purchased lines that do not add up to it: its prices are worth reading again. */
export const needsPricesReadAgain = (p: ParsedReceipt) =>
  p.language === 'sv' && p.totalOre !== null && p.items.length > 0 && !p.itemsSumToTotal;

/** Marks the text of a reading with price words read again, after the page's other readings in a dump. */
export const PRICES_READ_AGAIN = '#prices-read-again';

/** A receipt (a total or a date read) whose merchant is no known chain: the top of its page is worth reading again. */
export const needsHeaderReadAgain = (p: ParsedReceipt) =>
  p.merchantSource !== 'chain' && (p.totalOre !== null || p.date !== null);

/** Marks the text of the top of the page read again, last in a dump. */
export const HEADER_READ_AGAIN = '#header-read-again';

/**
 * Tesseract's tiled (adaptive) Otsu threshold instead of its global one. As the only threshold it read far fewer
 * fields of phone photos; but on some evenly lit, clearly printed pages the global one leaves the automatic layout
 * with no text at all, and the tiled one reads them (decision 006).
 */
const OTHER_THRESHOLD = { thresholding_method: '1' };

const cpuSpent = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) => (to.user - from.user + to.system - from.system) / 1000;

/**
 * Kvitt's own receipt reader: preprocessing with sharp, tesseract.js (Swedish + English, local data, no network)
 * in a pool of workers started here, and the pure Swedish receipt parser. Create it once at start-up;
 * `read` throws ImageError for bad uploads and OcrError for timeouts, a full queue or an unreadable picture.
 */
export async function createOcrPool(options: OcrPoolOptions = {}): Promise<OcrPool> {
  const pool = await createTesseractPool(options);
  const secondLookPsm = options.secondLookPsm === undefined ? '4' : options.secondLookPsm;
  const blockLookPsm = options.blockLookPsm === undefined ? '6' : options.blockLookPsm;
  const output = { text: true, blocks: options.layout !== 'tesseract' };
  const layout = options.layout;
  const stripCount = options.splitAcrossWorkers === true ? (options.workers ?? 2) : 1;

  const recognizeOn =
    (worker: Worker): Recognize =>
    async (strips, parameters) => {
      const readings: Reading[] = [];
      for (const strip of strips) {
        readings.push(readingOf(await worker.recognize(strip, parameters, output), layout));
      }
      const text = readings.map((r) => r.text).join('\n');
      return { text, lines: readings.length === 1 ? (readings[0]?.lines ?? null) : null };
    };
  /** Each strip read by whichever worker is free, as its own job in the queue; texts joined top to bottom. */
  const recognizeAcross: Recognize = async (strips, parameters) => {
    const readings = await Promise.all(
      strips.map((strip) => pool.run((worker) => recognizeOn(worker)([strip], parameters))),
    );
    // Word boxes are per strip, so the strips' words are not re-read.
    return { text: readings.map((r) => r.text).join('\n'), lines: null };
  };

  /**
   * A job's cut-outs are shared with the other worker when it is free (decision 083); without reading alongside,
   * every cut-out is read on the job's own worker, as each job once read all of its own.
   */
  function readersFor(worker: Worker): CropReaders {
    if (options.secondLookAlongside === false) return { own: readOn(worker), aside: () => null };
    return {
      own: readSpread(worker, (job) => pool.runIfIdle(job)),
      aside: (job) => pool.runIfIdle((other) => job(readOn(other))),
    };
  }

  async function readWith(
    image: Uint8Array,
    today: string,
    prepare: (sideways?: boolean) => Promise<PreparedForOcr>,
    recognize: Recognize,
    reread: RereadDates | null,
    rereadPrices: RereadAmounts | null,
    rereadTop: RereadHeader | null,
    alongside: Alongside | null,
    readers: CropReaders | null,
  ): Promise<DetailedReading> {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const prepared = await prepare();
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    const secondParameters = { tessedit_pageseg_mode: secondLookPsm };
    let ahead = secondLookPsm === null ? null : (alongside?.(prepared.parts, secondParameters) ?? null);
    // Unused when the first reading is certain: its failure must not go unhandled then.
    ahead?.catch(() => {});
    let first = await recognize(prepared.parts, {});
    let text = first.text;
    let parsed = parseReceipt(text, { today });
    let turnedOver = false;
    if (options.turnOverUnread !== false && parsed.totalOre === null && parsed.date === null) {
      // Pixel work runs in the image threads, off the event loop (decision 068).
      const over = await turnStrips(prepared.parts);
      const second = await recognize(over, {});
      const again = parseReceipt(second.text, { today });
      if ((again.totalOre !== null || again.date !== null) && found(again) > found(parsed)) {
        [first, text, parsed, turnedOver] = [second, second.text, again, true];
        prepared.parts = over;
        prepared.image = await turnedPage(prepared.image, over);
        // The reading started alongside saw the page the wrong way up.
        ahead = null;
      }
    }
    let thresholdRetry = false;
    if (options.otherThresholdUnread !== false && parsed.totalOre === null && parsed.date === null) {
      const reading = await recognize(prepared.parts, OTHER_THRESHOLD);
      const again = parseReceipt(reading.text, { today });
      if (readsMore(again, parsed)) {
        [first, text, parsed, thresholdRetry] = [reading, reading.text, again, true];
        ahead = null;
      }
    }
    let reoriented = false;
    const mayReorient = options.reorientUnread !== false && options.preprocess?.orient !== false;
    if (mayReorient && parsed.totalOre === null && parsed.date === null) {
      const other = await prepare(prepared.straightening.turned === 0);
      for (const over of [false, true]) {
        const parts = over ? await turnStrips(other.parts) : other.parts;
        const reading = await recognize(parts, {});
        const again = parseReceipt(reading.text, { today });
        if (readsMore(again, parsed)) {
          [first, text, parsed, reoriented] = [reading, reading.text, again, true];
          turnedOver = over;
          Object.assign(prepared, other, { parts, image: over ? await turnedPage(other.image, parts) : other.image });
          ahead = null;
          break;
        }
      }
    }
    let rereads = 0;
    if (reread && first.lines) {
      const page = fromPgm(prepared.image);
      const context = { language: parsed.language, today, dateFound: parsed.date !== null };
      const patched = await reread(page, first.lines, context);
      rereads = patched.reread;
      if (patched.changed > 0) {
        text = joinRows(patched.lines);
        parsed = parseReceipt(text, { today });
      }
    }
    let secondLookAlongside = false;
    // The words the later re-reads find their place by: the first reading's, or the second look's where the first
    // read no line of letters (a page the automatic layout read as nothing).
    let pageLines = first.lines;
    const secondLook = secondLookPsm !== null && (options.alwaysSecondLook === true || isUncertain(parsed));
    if (secondLook) {
      // Parameters given to one recognize call are restored afterwards, so the worker keeps its own mode.
      // Read alongside when that worked; after a failure there (its worker timed out, say), here.
      const readAlongside = ahead
        ? await ahead.then(
            (reading) => reading,
            () => null,
          )
        : null;
      secondLookAlongside = readAlongside !== null;
      const second = readAlongside ?? (await recognize(prepared.parts, secondParameters));
      parsed = combineReadings(parsed, parseReceipt(second.text, { today }));
      text = `${text}\n\f\n${second.text}`;
      if (!first.lines?.some(readsLetters) && second.lines?.some(readsLetters)) pageLines = second.lines;
    }
    // A page read without total or lines, upright and turned over, that shows a receipt (a date or a chain read, its
    // print measured) is read as one block too: folds and shaded bands across a photo can make the automatic
    // layouts drop the whole price column (decision 055).
    const blockLook =
      blockLookPsm !== null && (needsBlockLook(parsed) || (readsAsNothing(parsed) && prepared.textHeight !== null));
    // The price words and the top of the page are read on the other worker while this one reads the block, where the
    // reading so far wants them: they are read from the page and its words alone, so what is read there is what
    // would be read below, and it is taken only where the combined reading still wants it (decision 083).
    const page = fromPgm(prepared.image);
    const wantPrices = rereadPrices !== null && needsPricesReadAgain(parsed);
    const wantTop = rereadTop !== null && needsHeaderReadAgain(parsed);
    const early =
      blockLook && pageLines && readers && (wantPrices || wantTop)
        ? readers.aside(async (read) => ({
            prices: wantPrices ? await rereadPrices(read, page, pageLines) : null,
            top: wantTop ? await rereadTop(read, page, pageLines) : null,
          }))
        : null;
    // Unused when the block reading settles the receipt: its failure must not go unhandled then.
    early?.catch(() => {});
    if (blockLook) {
      const blockText = (await recognize(prepared.parts, { tessedit_pageseg_mode: blockLookPsm })).text;
      parsed = combineReadings(parsed, parseReceipt(blockText, { today }));
      text = `${text}\n\f\n${blockText}`;
    }
    const readEarly = early ? await early.catch(() => null) : null;
    let amountRereads = 0;
    if (rereadPrices && readers && pageLines && needsPricesReadAgain(parsed)) {
      const again = readEarly?.prices ?? (await rereadPrices(readers.own, page, pageLines));
      amountRereads = again.reread;
      if (again.changed > 0) {
        const againText = joinRows(again.lines);
        parsed = withLinesReadAgain(parsed, parseReceipt(againText, { today }));
        text = `${text}\n\f\n${PRICES_READ_AGAIN}\n${againText}`;
      }
    }
    let headerRereads = 0;
    if (rereadTop && readers && pageLines && needsHeaderReadAgain(parsed)) {
      const again = readEarly?.top ?? (await rereadTop(readers.own, page, pageLines));
      headerRereads = again.reread;
      if (again.text !== '') {
        // Above the first reading (its dates re-read), where the dump and the evaluation find it too.
        const firstText = text.split('\n\f\n')[0] ?? '';
        parsed = withChainReadAgain(parsed, parseReceipt(`${again.text}\n${firstText}`, { today }));
        text = `${text}\n\f\n${HEADER_READ_AGAIN}\n${again.text}`;
      }
    }
    const t2 = performance.now();
    const result = toOcrResult(parsed, 'local');
    const ms = { preprocess: t1 - t0, recognize: t2 - t1, parse: performance.now() - t2 };
    const cpuMs = { preprocess: cpuSpent(c0, c1), recognize: cpuSpent(c1, process.cpuUsage()) };
    return {
      result,
      parsed,
      text,
      ms,
      cpuMs,
      secondLook,
      secondLookAlongside,
      rereads,
      turnedOver,
      thresholdRetry,
      reoriented,
      blockLook,
      amountRereads,
      headerRereads,
    };
  }

  async function readDetailed(image: Uint8Array, { today }: ReadOptions): Promise<DetailedReading> {
    const preprocess = { ...options.preprocess, parts: stripCount };
    // One job holds one worker from decoding to the last reading, within one time limit.
    if (stripCount === 1) {
      return pool.run((worker) => {
        const readers = readersFor(worker);
        return readWith(
          image,
          today,
          (sideways) => preprocessInThread(image, { ...preprocess, sideways }),
          recognizeOn(worker),
          options.rereadDates === false ? null : (...args) => rereadDates(readers.own, ...args),
          options.rereadAmounts === false ? null : rereadAmounts,
          options.rereadHeader === false ? null : rereadHeader,
          options.secondLookAlongside === false
            ? null
            : (strips, parameters) => pool.runIfIdle((other) => recognizeOn(other)(strips, parameters)),
          readers,
        );
      });
    }
    // Prepared while holding a worker, so that a full queue still bounds how many images are decoded at once.
    return readWith(
      image,
      today,
      (sideways) => pool.run(() => preprocessInThread(image, { ...preprocess, sideways })),
      recognizeAcross,
      null,
      null,
      null,
      null,
      null,
    );
  }

  return {
    readDetailed,
    async read(image, options) {
      const { result } = await readDetailed(image, options);
      if (isEmptyResult(result)) throw new OcrError('UNREADABLE', 'no total, date or merchant could be read');
      return result;
    },
    close: () => pool.close(),
  };
}
