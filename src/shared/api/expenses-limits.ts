// Without zod, so the web can size and check its inputs without putting the schema library on a page's first load.

/** The built-in categories; any other non-blank text is a free-form category. A new expense starts as mat. */
export const CATEGORIES = ['mat', 'transport', 'logi', 'nöje', 'övrigt'] as const;
export const DEFAULT_CATEGORY = 'mat';

// The numeric limits live with the domain rules that enforce them (decision 036).
export {
  MAX_PARTICIPANTS,
  MAX_RATE_MICROS,
  MAX_EXPENSES_PER_GROUP,
  MAX_SPLIT_VALUE,
  MAX_TOTAL_ORE,
  MIN_RATE_MICROS,
} from '../domain/limits.ts';
export const MERCHANT_MAX = 100;
export const CATEGORY_MAX = 50;
export const NOTE_MAX = 2000;
/** Lines of one expense split "Per rad", and the length of a line's text (as the receipt reader's, decision 058). */
export const ITEMS_MAX = 200;
export const ITEM_TEXT_MAX = 200;
/** Largest receipt image accepted, 10 MB, checked before the image is decoded. */
export const RECEIPT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day between 1900 and 2199 as YYYY-MM-DD (2026-02-30 is refused, not rolled over). */
export const isValidIsoDate = (value: string): boolean => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && /^(19|20|21)/.test(value);
};
