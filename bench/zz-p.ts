import { parseReceipt } from '#shared/domain/receipt-parse/index.ts';
const t = process.argv[2]!.replace(/\\n/g, '\n');
const p = parseReceipt(t, { today: '2026-11-25' });
console.log(p.merchant, p.merchantSource, p.totalOre, p.date);
