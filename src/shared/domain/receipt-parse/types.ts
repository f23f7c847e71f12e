import type { Ore } from '../money.ts';

/** The built-in expense categories of the product. */
export type ReceiptCategory = 'mat' | 'transport' | 'logi' | 'nöje' | 'övrigt';
export const RECEIPT_CATEGORIES: readonly ReceiptCategory[] = ['mat', 'transport', 'logi', 'nöje', 'övrigt'];

/** Languages whose receipt vocabulary the parser knows; decides date order and the default currency. */
export type ReceiptLanguage = 'sv' | 'de' | 'fi' | 'en';

/** A discount printed under an article ("Rabatt", "Medlemspris"), negative. */
export type ItemDiscount = { description: string; amountOre: Ore };

/** One purchased line of a receipt. */
export type ReceiptItem = {
  description: string;
  /** What the line costs in the end: its printed price with its discounts and deposit; negative for a lone discount. */
  amountOre: Ore;
  /** The amount printed on the article line. */
  priceOre: Ore;
  /** The quantity or weight as printed ("2 st x 22,00", "0,512 kg x 89,90 kr/kg"), or null. */
  quantity: string | null;
  discounts: ItemDiscount[];
  /** Deposit on bottles and cans ("Pant") printed under the article. */
  depositOre: Ore;
};

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
  /** Whether the items add up to the total (before öresavrundning when the receipt rounds). */
  itemsSumToTotal: boolean;
};

export type ParseOptions = {
  /** The upload date (YYYY-MM-DD): no receipt date may be later. */
  today: string;
};
