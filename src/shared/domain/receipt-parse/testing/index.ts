// Receipts Kvitt's tests print and read back: the parser's unit tests use the text, the OCR tests render it.
import { cinemaReceipt, fuelReceipt, hotelReceipt, restaurantWithTip, taxiReceipt } from './service-receipts.ts';
import { coopReceipt, icaReceipt, willysReceipt } from './sample-receipts.ts';
import type { SampleReceipt } from './sample-receipts.ts';
import { englishReceipt, finnishReceipt, germanReceipt } from './travel-receipts.ts';

export type { Article, Expected, SampleReceipt } from './sample-receipts.ts';
export { icaReceipt, willysReceipt, coopReceipt, swedishGrocery, ICA_ARTICLES } from './sample-receipts.ts';
export { restaurantWithTip, fuelReceipt, taxiReceipt, hotelReceipt, cinemaReceipt } from './service-receipts.ts';
export { germanReceipt, finnishReceipt, englishReceipt } from './travel-receipts.ts';
export { addOcrNoise } from './ocr-noise.ts';

/** Every sample receipt, Swedish first. */
export const allSampleReceipts = (): SampleReceipt[] => [
  icaReceipt(),
  willysReceipt(),
  coopReceipt(),
  restaurantWithTip(),
  fuelReceipt(),
  taxiReceipt(),
  hotelReceipt(),
  cinemaReceipt(),
  germanReceipt(),
  finnishReceipt(),
  englishReceipt(),
];
