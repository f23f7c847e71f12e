import { fuelReceipt, icaReceipt, restaurantWithTip, taxiReceipt } from '#shared/domain/receipt-parse/testing/index.ts';
import type { SampleReceipt } from '#shared/domain/receipt-parse/testing/index.ts';
import { renderReceipt } from './render-receipt.ts';
import type { RenderOptions } from './render-receipt.ts';

export type RenderedReceipt = { image: Buffer; receipt: SampleReceipt };

const render = async (receipt: SampleReceipt, options?: RenderOptions): Promise<RenderedReceipt> => ({
  image: await renderReceipt(receipt.lines, options),
  receipt,
});

/** A photographed ICA receipt (217,75 kr, 2024-03-15) with what it must be read as. */
export const icaReceiptPhoto = (options?: RenderOptions) => render(icaReceipt(), options);
/** A photographed restaurant bill with tip (715,00 kr, 2024-05-18). */
export const restaurantReceiptPhoto = (options?: RenderOptions) => render(restaurantWithTip(), options);
/** A photographed fuel receipt from Circle K (842,17 kr, 2023-08-07). */
export const fuelReceiptPhoto = (options?: RenderOptions) => render(fuelReceipt(), options);
/** A photographed taxi receipt (389 kr, 2024-02-10). */
export const taxiReceiptPhoto = (options?: RenderOptions) => render(taxiReceipt(), options);
