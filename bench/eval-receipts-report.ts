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
  if (r && withText && row.label.items) out.push(...itemLines(row.label.items, r.parsed.items));
  const missed = !row.hits.total || !row.hits.date || !row.hits.merchant;
  if (r && (withText || missed)) {
    out.push('    ----- OCR text -----', ...r.text.split('\n').map((l) => `    | ${l}`), '    --------------------');
  }
  return out.join('\n');
}

const kr = (ore: number) => (ore / 100).toFixed(2);

/**
 * The purchased lines expected beside those read, matched by amount in order (a longest common subsequence), so a
 * line dropped or misread shows as one side alone.
 */
function itemLines(
  expected: readonly { text?: string; amountOre: number }[],
  read: readonly { description: string; amountOre: number }[],
): string[] {
  const sum = (xs: readonly { amountOre: number }[]) => xs.reduce((s, x) => s + x.amountOre, 0);
  const out = [`    items: expected ${expected.length} (${kr(sum(expected))}), read ${read.length} (${kr(sum(read))})`];
  const n = expected.length;
  const m = read.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lcs[i]![j] =
        expected[i]!.amountOre === read[j]!.amountOre
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && expected[i]!.amountOre === read[j]!.amountOre) {
      out.push(`          ${kr(expected[i]!.amountOre).padStart(9)}  ${read[j]!.description}`);
      i += 1;
      j += 1;
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      out.push(`    only expected ${kr(expected[i]!.amountOre).padStart(9)}  ${expected[i]!.text ?? ''}`);
      i += 1;
    } else {
      out.push(`    only read     ${kr(read[j]!.amountOre).padStart(9)}  ${read[j]!.description}`);
      j += 1;
    }
  }
  return out;
}
