import { parseOreText } from './money.ts';

/** The longest search text the expense list accepts. */
export const EXPENSE_SEARCH_MAX = 100;

/**
 * What a search in a group's expenses looks for: the text anywhere in the merchant or the note, case-insensitively,
 * and, when the text reads as an amount, expenses whose own total is that amount. An amount typed with decimals
 * ("554,38") matches exactly; a whole amount ("554") matches every total from 554,00 up to 554,99, since people
 * remember the kronor of a receipt, not its öre.
 */
export type ExpenseSearch = {
  text: string;
  /** Totals in öre of the expense's own currency, from `minOre` up to but not including `endOre`. */
  amount: { minOre: number; endOre: number } | null;
};

/** The search a typed text stands for, or null when it is blank. */
export function parseExpenseSearch(raw: string): ExpenseSearch | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  const parsed = parseOreText(text);
  if (!parsed.ok || parsed.value.ore === 0) return { text, amount: null };
  const minOre = parsed.value.ore;
  const hasDecimals = /[.,]\d/.test(text);
  return { text, amount: { minOre, endOre: hasDecimals ? minOre + 1 : minOre + 100 } };
}

/** The text as a LIKE pattern that matches it anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
