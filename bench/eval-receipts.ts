// Runs Kvitt's whole local receipt pipeline (the preprocessing, tesseract pool and parser the server uses) over a
// folder of receipt images described by labels.json, and prints accuracy per field, time per image and peak memory.
// Usage: npm run eval:receipts -- <folder> [--workers 2] [--concurrency 1] [--today YYYY-MM-DD] [--only a,b]
//        [--dump <folder for OCR texts>] [--languages swe+eng] [--param name=value] [--text-range 18,48]
//        [--no-crop] [--no-flatten] [--no-warp] [--no-deskew] [--no-orient] [--no-reorient]
//        [--no-threshold-retry] [--no-amount-reread] [--no-header-reread]
//        [--no-binarise] [--timeout ms] [--layout rows|tesseract] [--no-second-look] [--always-second-look]
//        [--split] [--no-reread] [--one-worker-per-image] [--verbose] [--texts <folder of dumped OCR texts>]
//        [--every N]. The last line of output is one JSON object with the figures; `byCondition` and
//        `itemsSumToTotal` appear for labels that say how the receipt was photographed and what its lines add up to
//        (Kvitt's generated set, bench/make-receipts.ts). --every N reads every Nth image only.
// --verbose prints, per image, what was expected and what was read, and the OCR text of every image with a miss
// (of every image with --only). --texts skips the OCR and parses the texts an earlier --dump wrote, to try parser
// changes in seconds; a dump made with --always-second-look holds both readings of every image.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  SWEDISH_CHAINS,
  combineReadings,
  isUncertain,
  parseReceipt,
  withChainReadAgain,
  withLinesReadAgain,
} from '#shared/domain/receipt-parse/index.ts';
import {
  HEADER_READ_AGAIN,
  PRICES_READ_AGAIN,
  createOcrPool,
  needsBlockLook,
  needsHeaderReadAgain,
  needsPricesReadAgain,
  readsAsNothing,
} from '#server/lib/ocr/local-reader.ts';
import type { DetailedReading } from '#server/lib/ocr/local-reader.ts';
import { toOcrResult } from '#server/lib/ocr/result.ts';
import { closeImageThreads } from '#server/lib/image-threads/pool.ts';
import { describeRow } from './eval-receipts-report.ts';
import type { Row } from './eval-receipts-report.ts';
import { accuracy, percentile, score } from './eval-receipts-score.ts';
import type { ReceiptLabel } from './eval-receipts-score.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    workers: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '1' },
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    only: { type: 'string' },
    dump: { type: 'string' },
    languages: { type: 'string', default: 'swe+eng' },
    'text-range': { type: 'string' },
    'no-crop': { type: 'boolean', default: false },
    'no-flatten': { type: 'boolean', default: false },
    'no-warp': { type: 'boolean', default: false },
    'no-deskew': { type: 'boolean', default: false },
    'no-orient': { type: 'boolean', default: false },
    'no-reorient': { type: 'boolean', default: false },
    'no-threshold-retry': { type: 'boolean', default: false },
    'no-amount-reread': { type: 'boolean', default: false },
    'no-header-reread': { type: 'boolean', default: false },
    'no-binarise': { type: 'boolean', default: false },
    param: { type: 'string', multiple: true, default: [] },
    // Generous: on a shared machine a job can wait long for CPU; the server's own limit is OCR_TIMEOUT_MS.
    timeout: { type: 'string', default: '300000' },
    layout: { type: 'string', default: 'rows' },
    'no-second-look': { type: 'boolean', default: false },
    'second-look-psm': { type: 'string', default: '4' },
    'block-look-psm': { type: 'string', default: '6' },
    'no-block-look': { type: 'boolean', default: false },
    'always-second-look': { type: 'boolean', default: false },
    split: { type: 'boolean', default: false },
    'no-reread': { type: 'boolean', default: false },
    'one-worker-per-image': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    texts: { type: 'string' },
    every: { type: 'string', default: '1' },
  },
});
const folder = positionals[0];
if (!folder) {
  console.error('usage: npm run eval:receipts -- <folder with labels.json> [--workers N] [--concurrency N]');
  process.exit(2);
}

const labels = (JSON.parse(await readFile(path.join(folder, 'labels.json'), 'utf8')) as ReceiptLabel[])
  .filter((l) => !values.only || values.only.split(',').some((part) => l.file.includes(part)))
  .filter((_, i) => i % Number(values.every) === 0);
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
const parameters = Object.fromEntries(values.param.map((p) => p.split('=') as [string, string]));
const pool = values.texts
  ? null
  : await createOcrPool({
      workers: Number(values.workers),
      timeoutMs: Number(values.timeout),
      layout: values.layout === 'tesseract' ? 'tesseract' : 'rows',
      secondLookPsm: values['no-second-look'] ? null : values['second-look-psm'],
      blockLookPsm: values['no-block-look'] ? null : values['block-look-psm'],
      alwaysSecondLook: values['always-second-look'],
      splitAcrossWorkers: values.split,
      rereadDates: !values['no-reread'],
      turnOverUnread: !values['no-orient'],
      reorientUnread: !values['no-orient'] && !values['no-reorient'],
      otherThresholdUnread: !values['no-threshold-retry'],
      rereadAmounts: !values['no-amount-reread'],
      rereadHeader: !values['no-header-reread'],
      secondLookAlongside: !values['one-worker-per-image'],
      languages: values.languages,
      parameters,
      preprocess: {
        crop: !values['no-crop'],
        flatten: !values['no-flatten'],
        warp: !values['no-warp'],
        deskew: !values['no-deskew'],
        orient: !values['no-orient'],
        binarise: !values['no-binarise'],
        ...(values['text-range']
          ? { textHeightRange: values['text-range'].split(',').map(Number) as [number, number] }
          : {}),
      },
    });
if (values.dump) await mkdir(values.dump, { recursive: true });

/** A reading rebuilt from dumped OCR texts, combined the way the pool combines a first and a second look. */
async function fromTexts(label: ReceiptLabel, today: string): Promise<DetailedReading> {
  const text = await readFile(path.join(values.texts as string, `${label.file}.txt`), 'utf8');
  const sections = text.split('\n\f\n');
  // The top of the page and the price words read again come last, marked, when they were.
  const headerAgain = sections.at(-1)?.startsWith(HEADER_READ_AGAIN) ? sections.pop() : undefined;
  const pricesAgain = sections.at(-1)?.startsWith(PRICES_READ_AGAIN) ? sections.pop() : undefined;
  const first = sections[0] ?? '';
  let parsed = parseReceipt(first, { today });
  // A dump holds the first reading, the second look when the first was uncertain, and the block reading when one
  // ran: with two sections, the second is the second look exactly when the first reading was uncertain.
  const [second, block] =
    sections.length >= 3 || isUncertain(parsed) ? [sections[1], sections[2]] : [undefined, sections[1]];
  const secondLook =
    second !== undefined && !values['no-second-look'] && (values['always-second-look'] || isUncertain(parsed));
  if (secondLook) parsed = combineReadings(parsed, parseReceipt(second, { today }));
  // The block reading also runs on a page read without total or lines that shows a date or a chain (decision 055).
  const blockLook =
    block !== undefined && !values['no-block-look'] && (needsBlockLook(parsed) || readsAsNothing(parsed));
  if (blockLook) parsed = combineReadings(parsed, parseReceipt(block, { today }));
  if (pricesAgain !== undefined && !values['no-amount-reread'] && needsPricesReadAgain(parsed)) {
    const againText = pricesAgain.slice(PRICES_READ_AGAIN.length + 1);
    parsed = withLinesReadAgain(parsed, parseReceipt(againText, { today }));
  }
  if (headerAgain !== undefined && !values['no-header-reread'] && needsHeaderReadAgain(parsed)) {
    const top = headerAgain.slice(HEADER_READ_AGAIN.length + 1);
    parsed = withChainReadAgain(parsed, parseReceipt(`${top}\n${first}`, { today }));
  }
  const ms = { preprocess: 0, recognize: 0, parse: 0 };
  const cpuMs = { preprocess: 0, recognize: 0 };
  // A dump already holds the first reading with its re-read dates in place.
  return {
    result: toOcrResult(parsed, 'local'),
    parsed,
    text,
    ms,
    cpuMs,
    secondLook,
    secondLookAlongside: false,
    rereads: 0,
    turnedOver: false,
    thresholdRetry: false,
    reoriented: false,
    blockLook,
    amountRereads: 0,
    headerRereads: 0,
  };
}

async function evaluate(label: ReceiptLabel): Promise<Row> {
  const image = pool ? await readFile(path.join(folder as string, label.file)) : new Uint8Array();
  const start = performance.now();
  const cpu = process.cpuUsage();
  const cpuMs = () => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000;
  };
  try {
    const reading = pool
      ? await pool.readDetailed(image, { today: values.today })
      : await fromTexts(label, values.today);
    const ms = performance.now() - start;
    const cpuTime = cpuMs();
    if (values.dump) await writeFile(path.join(values.dump, `${label.file}.txt`), reading.text);
    const swedishOnly = parseReceipt(reading.text, { today: values.today, chains: SWEDISH_CHAINS });
    const hits = score(reading.result, label);
    return {
      label,
      ms,
      cpuMs: cpuTime,
      hits,
      swedishChainsMerchant: score(swedishOnly, label).merchant,
      reading,
      error: null,
    };
  } catch (error) {
    const ms = performance.now() - start;
    const cpuTime = cpuMs();
    const code = (error as { code?: string }).code ?? String(error);
    return {
      label,
      ms,
      cpuMs: cpuTime,
      hits: score(null, label),
      swedishChainsMerchant: false,
      reading: null,
      error: code,
    };
  }
}

const rows: Row[] = [];
const queue = [...labels];
await Promise.all(
  Array.from({ length: Number(values.concurrency) }, async () => {
    for (let label = queue.shift(); label; label = queue.shift()) {
      const row = await evaluate(label);
      rows.push(row);
      const mark = (ok: boolean, c: string) => (ok ? c : '·');
      const r = row.reading?.result;
      console.log(
        `${mark(row.hits.total, 'T')}${mark(row.hits.date, 'D')}${mark(row.hits.merchant, 'M')}${row.hits.items === null ? '' : mark(row.hits.items, 'I')} ${label.file.padEnd(42)} ${String(Math.round(row.ms)).padStart(6)} ms ${String(Math.round(row.cpuMs)).padStart(6)} cpu ms  ` +
          (row.error
            ? `error ${row.error}`
            : `${r?.totalOre ?? '–'} ${r?.date ?? '–'} ${r?.merchant ?? '–'} [${row.reading?.parsed.totalSources.join(',')}]`),
      );
      if (values.verbose) console.log(describeRow(row, Boolean(values.only)));
    }
  }),
);
clearInterval(sampler);
await pool?.close();
await closeImageThreads();

const maxRssMb = Math.max(peakRss / 2 ** 20, process.resourceUsage().maxRSS / 1024);
const times = rows.map((r) => r.ms);
const overall = accuracy(rows.map((r) => r.hits));
/** Accuracy and median time of the rows grouped by `key` (language, or condition in the generated set). */
function groupedBy(key: (row: Row) => string | undefined) {
  const groups = [...new Set(rows.map(key).filter((k) => k !== undefined))].sort();
  return Object.fromEntries(
    groups.map((group) => {
      const subset = rows.filter((r) => key(r) === group);
      const median = (values: number[]) => Math.round(percentile(values, 0.5));
      return [
        group,
        {
          ...accuracy(subset.map((r) => r.hits)),
          medianMs: median(subset.map((r) => r.ms)),
          medianCpuMs: median(subset.map((r) => r.cpuMs)),
        },
      ];
    }),
  );
}
const byLanguage = groupedBy((r) => r.label.language);
const byCondition = groupedBy((r) => r.label.condition);
const swedishChains = rows.filter((r) => r.swedishChainsMerchant).length / Math.max(1, rows.length);

const secondLooks = rows.filter((r) => r.reading?.secondLook).length;
const alongside = rows.filter((r) => r.reading?.secondLookAlongside).length;
const rereads = rows.reduce((sum, r) => sum + (r.reading?.rereads ?? 0), 0);
const turnedOver = rows.filter((r) => r.reading?.turnedOver).length;
const reoriented = rows.filter((r) => r.reading?.reoriented).length;
const thresholdRetries = rows.filter((r) => r.reading?.thresholdRetry).length;
const blockLooks = rows.filter((r) => r.reading?.blockLook).length;
const amountRereads = rows.reduce((n, r) => n + (r.reading?.amountRereads ?? 0), 0);
const pricesReadAgain = rows.filter((r) => (r.reading?.amountRereads ?? 0) > 0).length;
const topsReadAgain = rows.filter((r) => (r.reading?.headerRereads ?? 0) > 0).length;
const stageCpu = (stage: 'preprocess' | 'recognize') =>
  Math.round(
    percentile(
      rows.map((r) => r.reading?.cpuMs[stage] ?? 0),
      0.5,
    ),
  );
console.log('');
console.log(
  `images ${overall.n}, errors ${rows.filter((r) => r.error).length}, second looks ${secondLooks} (${alongside} read alongside the first), date words re-read ${rereads}, read turned over ${turnedOver}, read with the tiled threshold ${thresholdRetries}, prepared again on or off its side ${reoriented}, read as one block ${blockLooks}, price words re-read ${amountRereads} (on ${pricesReadAgain} images), top of the page re-read on ${topsReadAgain} images, workers ${values.workers}, concurrency ${values.concurrency}`,
);
const pct = (v: number | null) => (v === null ? '      –' : `${(v * 100).toFixed(1)}%`.padStart(7));
console.log('group         n   total    date  merchant  merchant(strict)  items add up  median ms');
for (const [group, a] of Object.entries({
  all: { ...overall, medianMs: Math.round(percentile(times, 0.5)) },
  ...byLanguage,
  ...byCondition,
})) {
  console.log(
    `${group.padEnd(10)} ${String(a.n).padStart(4)} ${pct(a.total)} ${pct(a.date)} ${pct(a.merchant)}   ${pct(a.merchantStrict)}           ${pct(a.itemsSumToTotal)}     ${String(a.medianMs).padStart(6)}`,
  );
}
console.log(`merchant with the Swedish chain list only: ${(swedishChains * 100).toFixed(1)}%`);
const cpuTimes = rows.map((r) => r.cpuMs);
console.log(
  `CPU time per image (all threads of the process, so a second look read alongside on the other worker counts too): median ${Math.round(percentile(cpuTimes, 0.5))} ms, p95 ${Math.round(percentile(cpuTimes, 0.95))} ms`,
);
console.log(
  `CPU time per stage: median preprocessing ${stageCpu('preprocess')} ms, median recognition ${stageCpu('recognize')} ms`,
);
console.log(
  `time per image: median ${Math.round(percentile(times, 0.5))} ms, p95 ${Math.round(percentile(times, 0.95))} ms; peak RSS ${Math.round(maxRssMb)} MB`,
);
console.log(
  JSON.stringify({
    total: overall.total,
    date: overall.date,
    merchant: overall.merchant,
    medianMs: Math.round(percentile(times, 0.5)),
    p95Ms: Math.round(percentile(times, 0.95)),
    peakMb: Math.round(maxRssMb),
    medianCpuMs: Math.round(percentile(cpuTimes, 0.5)),
    p95CpuMs: Math.round(percentile(cpuTimes, 0.95)),
    merchantStrict: overall.merchantStrict,
    itemsSumToTotal: overall.itemsSumToTotal,
    merchantSwedishChainsOnly: Math.round(swedishChains * 1000) / 1000,
    images: overall.n,
    secondLooks,
    secondLooksAlongside: alongside,
    rereads,
    turnedOver,
    thresholdRetries,
    reoriented,
    blockLooks,
    amountRereads,
    topsReadAgain,
    byLanguage,
    byCondition,
  }),
);
// Something left running after the report (seen: a run that printed its figures and then spun on a core for an hour)
// must not outlive it: this is a command, and its work is done.
process.exit(0);
