import type { Ore } from '../money.ts';

/** The built-in expense categories of the product. */
export type ReceiptCategory = 'mat' | 'transport' | 'logi' | 'nöje' | 'övrigt';
export const RECEIPT_CATEGORIES: readonly ReceiptCategory[] = ['mat', 'transport', 'logi', 'nöje', 'övrigt'];

/** Languages whose receipt vocabulary the parser knows; decides date order and the default currency. */
export type ReceiptLanguage = 'sv' | 'de' | 'fi' | 'en';

export type ReceiptItem = { description: string; amountOre: Ore };

/** Where a total candidate came from; more independent sources agreeing means more trust. */
export type TotalSource =
  'payable' | 'total' | 'vat' | 'card' | 'cash-change' | 'items' | 'rounded' | 'tip' | 'cash' | 'subtotal' | 'largest';

export type ParsedReceipt = {
  /** The amount actually paid, in öre, after öresavrundning; null when no amount could be trusted. */
  totalOre: Ore | null;
  /** Purchase date as YYYY-MM-DD, never after the upload date. */
  date: string | null;
  merchant: string | null;
  /** How the merchant was found: a known chain, a legal-form line, a header line or the org.nr line. */
  merchantSource: 'chain' | 'legal' | 'header' | 'org-nr' | null;
  category: ReceiptCategory | null;
  items: ReceiptItem[];
  /** ISO 4217 code ("SEK", "EUR") when the receipt names or implies one. */
  currency: string | null;
  language: ReceiptLanguage | null;
  /** Swedish organisation number "NNNNNN-NNNN" when printed. */
  orgNumber: string | null;
  /** The sources that agree on totalOre (e.g. ["payable", "card", "vat"]). */
  totalSources: TotalSource[];
};

export type ParseOptions = {
  /** The upload date (YYYY-MM-DD): no receipt date may be later. */
  today: string;
};
