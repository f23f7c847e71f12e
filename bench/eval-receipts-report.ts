// Per-image detail of the receipt-reading evaluation: what the label expects next to what was read.
import type { DetailedReading } from '#server/lib/ocr/local-reader.ts';
import { labelTotalOre } from './eval-receipts-score.ts';
import type { FieldHits, ReceiptLabel } from './eval-receipts-score.ts';

/** One evaluated image. */
export type Row = {
  label: ReceiptLabel;
  ms: number;
  cpuMs: number;
  hits: FieldHits;
  swedishChainsMerchant: boolean;
  reading: DetailedReading | null;
  error: string | null;
};

const field = (name: string, ok: boolean, expected: unknown, read: unknown) =>
  `    ${ok ? 'ok  ' : 'MISS'} ${name.padEnd(8)} expected ${String(expected).padEnd(28)} read ${read === null || read === undefined ? '–' : JSON.stringify(read)}`;

/**
 * Expected against read for total, date and merchant, the CPU time per stage, and the OCR text when a field
 * was missed (or always, with `withText`), indented so the summary lines stay easy to scan.
 */
export function describeRow(row: Row, withText: boolean): string {
  const r = row.reading;
  const out = [
    field('total', row.hits.total, labelTotalOre(row.label), r?.result.totalOre),
    field('date', row.hits.date, row.label.date, r?.result.date),
    field('merchant', row.hits.merchant, row.label.merchant, r?.result.merchant),
  ];
  if (r) {
    out.push(
      `    sources [${r.parsed.totalSources.join(',')}], language ${r.parsed.language ?? '–'}, second look ${r.secondLook}, ` +
        `cpu ms preprocess ${Math.round(r.cpuMs.preprocess)} recognize ${Math.round(r.cpuMs.recognize)}`,
    );
  }
  const missed = !row.hits.total || !row.hits.date || !row.hits.merchant;
  if (r && (withText || missed)) {
    out.push('    ----- OCR text -----', ...r.text.split('\n').map((l) => `    | ${l}`), '    --------------------');
  }
  return out.join('\n');
}
