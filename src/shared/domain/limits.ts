// The numeric limits of Kvitt, chosen so that every figure derived from them stays a safe integer (decision 036).
// No imports: split, currency checks, the API schemas and the web form all read these numbers.

/** 1 000 000,00 in any currency: the most one expense may be, in its own currency and converted to the group's. */
export const MAX_TOTAL_ORE = 100_000_000;

/** Lowest and highest exchange rate, ×1 000 000: 0,001 and 1 000, about 85× beyond any SEK/EUR/USD pair since 1999. */
export const MIN_RATE_MICROS = 1_000;
export const MAX_RATE_MICROS = 1_000_000_000;

/** The largest entry per person in a split, in hundredths: a weight of 1 000 000 or 1 000 000,00 in exact amounts. */
export const MAX_SPLIT_VALUE = MAX_TOTAL_ORE;

/** People sharing one expense. */
export const MAX_PARTICIPANTS = 500;

/** Expenses one group may hold: its sums then stay below 100 000 × 1 000 000,00. */
export const MAX_EXPENSES_PER_GROUP = 100_000;

/** Groups one person may be an active member of: statistics add up every one of them. */
export const MAX_GROUPS_PER_USER = 500;

/**
 * Payments one group may hold, marked paid or recorded by hand. A recorded payment may be any amount up to
 * MAX_TOTAL_ORE, so this count bounds what payments can add to a balance (decision 059).
 */
export const MAX_PAYMENTS_PER_GROUP = 100_000;

/** The highest "leave out transfers below" a group may set: 100,00, far above small change (decision 059). */
export const MAX_TRANSFER_THRESHOLD_ORE = 10_000;
