import type { ReceiptCategory } from './types.ts';

/**
 * A shop chain the parser recognises. `aliases` are regex fragments for the folded text, including the ways OCR
 * mangles a logo; `headerOnly` chains have names that are also ordinary words ("Netto", "Max"), so they only
 * count in the first lines of a receipt; `logos` are readings of a graphic logo that count only as a whole
 * header line ("LÖD" for the Lidl disc).
 */
export type Chain = {
  name: string;
  category: ReceiptCategory;
  aliases: readonly string[];
  headerOnly?: boolean;
  logos?: readonly string[];
  /**
   * Store formats as [name, pattern for the folded header text], most specific first: the merchant is the store
   * as printed ("ICA Supermarket", "Stora Coop"), not the bare chain.
   */
  formats?: ReadonlyArray<readonly [string, string]>;
  /** The chain's tills print dotted two-digit dates year first ("18.09.25" for 2018-09-25). */
  dottedYearFirst?: boolean;
};

/** A chain entry; `headerOnly` for names that are everyday words. */
export const chain = (
  name: string,
  category: ReceiptCategory,
  aliases: readonly string[],
  headerOnly = false,
  logos: readonly string[] = [],
  formats: ReadonlyArray<readonly [string, string]> = [],
): Chain => ({ name, category, aliases, headerOnly, logos, formats });
