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
};

/** A chain entry; `headerOnly` for names that are everyday words. */
export const chain = (
  name: string,
  category: ReceiptCategory,
  aliases: readonly string[],
  headerOnly = false,
  logos: readonly string[] = [],
): Chain => ({ name, category, aliases, headerOnly, logos });
