import { z } from 'zod';
import { CATEGORIES, MERCHANT_MAX, isValidIsoDate } from '#shared/api/expenses.ts';
import type { OcrItem, OcrResult } from '#shared/api/receipts.ts';
import { OCR_ITEMS_MAX, OCR_ITEM_DESCRIPTION_MAX } from '#shared/api/receipts.ts';
import { parseOreText } from '#shared/domain/money.ts';
import { ImageError } from '#server/lib/images/errors.ts';
import { prepareUpload } from '#server/lib/images/prepare-upload.ts';
import { OcrError } from './errors.ts';
import type { ReadOptions, ReceiptReader } from './local-reader.ts';
import { isEmptyResult } from './result.ts';
import { RECEIPT_JSON_SCHEMA, receiptPrompt } from './vision-prompt.ts';

export type VisionReaderOptions = {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  /** Long side of the JPEG sent; enough for receipt text, small enough to keep requests quick. */
  maxImageSide?: number;
};

// The model answers with amounts as decimal text, so money never passes through a float on its way to öre.
const visionAnswer = z.object({
  total: z.string().nullable(),
  currency: z.string().nullable(),
  date: z.string().nullable(),
  merchant: z.string().nullable(),
  category: z.string().nullable(),
  items: z.array(z.object({ description: z.string(), amount: z.string() })),
});
type VisionAnswer = z.infer<typeof visionAnswer>;

const chatResponse = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable(), refusal: z.string().nullish() }) }))
    .min(1),
});

/** The model's decimal text as öre (discounts negative); null when it cannot be read for certain (decision 034). */
function oreOf(text: string | null): number | null {
  const parsed = text === null ? null : parseOreText(text, { signed: true });
  return parsed?.ok ? parsed.value.ore : null;
}

/** The model's answer as Kvitt's wire shape; anything implausible becomes null rather than an error. */
export function visionToResult(answer: VisionAnswer, today: string): OcrResult {
  const total = oreOf(answer.total);
  const merchant = answer.merchant?.trim().slice(0, MERCHANT_MAX) || null;
  const category = CATEGORIES.find((c) => c === answer.category?.trim().toLowerCase()) ?? null;
  const currency = answer.currency?.trim().toUpperCase() ?? null;
  const items: OcrItem[] = [];
  for (const item of answer.items.slice(0, OCR_ITEMS_MAX)) {
    const amountOre = oreOf(item.amount);
    const description = item.description.trim().slice(0, OCR_ITEM_DESCRIPTION_MAX);
    if (amountOre !== null && description) items.push({ description, amountOre });
  }
  return {
    totalOre: total !== null && total > 0 ? total : null,
    date: answer.date && isValidIsoDate(answer.date) && answer.date <= today ? answer.date : null,
    merchant,
    category,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    items,
    source: 'vision',
  };
}

/**
 * Reads a receipt with an OpenAI-compatible vision model (chat completions, the image as a data URL, a strict JSON
 * schema for the answer, validated again with zod). The image sent is the stripped upload: no EXIF or GPS leaves.
 * Throws OcrError TIMEOUT, FAILED or UNREADABLE; ImageError for uploads that are no image.
 */
export function createVisionReader(options: VisionReaderOptions): ReceiptReader {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function ask(image: Uint8Array, today: string): Promise<VisionAnswer> {
    const prepared = await prepareUpload(image, { maxSide: options.maxImageSide ?? 1600 });
    const body = {
      model: options.model,
      temperature: 0,
      messages: receiptPrompt(`data:image/jpeg;base64,${prepared.image.toString('base64')}`, today),
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'receipt', strict: true, schema: RECEIPT_JSON_SCHEMA },
      },
    };
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new OcrError('FAILED', `the vision model answered HTTP ${response.status}`);
    const message = chatResponse.parse(await response.json()).choices[0]?.message;
    if (!message?.content)
      throw new OcrError('FAILED', `the vision model gave no answer${message?.refusal ? ' (refused)' : ''}`);
    return visionAnswer.parse(JSON.parse(message.content));
  }

  return {
    async read(image: Uint8Array, { today }: ReadOptions): Promise<OcrResult> {
      let answer: VisionAnswer;
      try {
        answer = await ask(image, today);
      } catch (error) {
        if (error instanceof ImageError || error instanceof OcrError) throw error;
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        if (timedOut)
          throw new OcrError('TIMEOUT', `the vision model took longer than ${timeoutMs} ms`, { cause: error });
        throw new OcrError('FAILED', 'the vision model could not be used', { cause: error });
      }
      const result = visionToResult(answer, today);
      if (isEmptyResult(result)) throw new OcrError('UNREADABLE', 'the vision model found no total, date or merchant');
      return result;
    },
  };
}
