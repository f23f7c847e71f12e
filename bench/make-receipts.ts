// Writes Kvitt's generated Swedish receipt photos and their labels.json into a folder, for
// `npm run eval:receipts -- <folder>`. Usage: node bench/make-receipts.ts <folder> [--count 120] [--first 1] [--seed 2026]
// [--conditions flat,photo,hard]. Keep the folder outside the repository: only a small sample belongs there.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONDITIONS, receiptPhoto } from '#server/lib/ocr/testing/photo-set/index.ts';
import type { Condition, PhotoLabel } from '#server/lib/ocr/testing/photo-set/index.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: 'string', default: '120' },
    first: { type: 'string', default: '1' },
    seed: { type: 'string', default: '2026' },
    conditions: { type: 'string', default: CONDITIONS.join(',') },
  },
});
const folder = positionals[0];
if (!folder) {
  console.error('usage: node bench/make-receipts.ts <folder> [--count 120] [--seed 2026]');
  process.exit(2);
}
await mkdir(folder, { recursive: true });
const conditions = values.conditions.split(',') as Condition[];
const labels: PhotoLabel[] = [];
const first = Number(values.first);
for (let index = first; index < first + Number(values.count); index += 1) {
  for (const condition of conditions) {
    const { jpeg, label } = await receiptPhoto(index, condition, Number(values.seed));
    await writeFile(path.join(folder, label.file), jpeg);
    labels.push(label);
  }
  if (index % 10 === 0) console.log(`${index} receipts`);
}
await writeFile(path.join(folder, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
console.log(`${labels.length} photos in ${folder}`);
