// Without zod, so the payment dialog can size and check its inputs without putting the schema library on first load.

export { MAX_TOTAL_ORE, MAX_TRANSFER_THRESHOLD_ORE } from '../domain/limits.ts';

/** How a recorded payment went (decision 059); a transfer marked paid from the proposal says none. */
export const PAYMENT_METHODS = ['swish', 'cash', 'bank', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_NOTE_MAX = 200;
