import { CATEGORIES } from '#shared/api/expenses.ts';

const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

/** The answer format sent as `response_format.json_schema` (strict: every key required, nothing else allowed). */
export const RECEIPT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['total', 'currency', 'date', 'merchant', 'category', 'items'],
  properties: {
    total: nullable('string', 'The amount actually paid (after rounding and tip), digits with a point: "123.45".'),
    currency: nullable('string', 'ISO 4217 code, e.g. "SEK".'),
    date: nullable('string', 'Purchase date as YYYY-MM-DD.'),
    merchant: nullable('string', 'The shop or company name as printed in the header, without the address.'),
    category: { type: ['string', 'null'], enum: [...CATEGORIES, null], description: 'Expense category.' },
    items: {
      type: 'array',
      description: 'The purchased articles with their line totals; discounts as negative amounts.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['description', 'amount'],
        properties: { description: { type: 'string' }, amount: { type: 'string', description: 'e.g. "-10.00"' } },
      },
    },
  },
} as const;

const INSTRUCTIONS =
  'You read photographed shop receipts, most of them Swedish. Answer only with JSON in the given schema. ' +
  'The total is the amount paid ("Att betala", "Totalt", "Summa", "Kortköp"; after öresavrundning and tip). ' +
  'Swedish receipts write dates year first (24-03-15 is 2024-03-15). Use null for anything you cannot read; ' +
  `never guess. Categories: mat (food, groceries, restaurants), transport, logi (lodging), nöje (entertainment), övrigt.`;

/** The chat messages of one receipt request: instructions, the upload date and the image as a data URL. */
export function receiptPrompt(imageDataUrl: string, today: string) {
  return [
    { role: 'system', content: INSTRUCTIONS },
    {
      role: 'user',
      content: [
        { type: 'text', text: `The receipt was uploaded on ${today}; its date cannot be later.` },
        { type: 'image_url', image_url: { url: imageDataUrl, detail: 'high' } },
      ],
    },
  ];
}
