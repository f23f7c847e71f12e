// Text layout of a thermal-printer receipt (fixed width, amounts right-aligned), for the receipts tests render.

export const WIDTH = 40;

/** Öre as a receipt prints it: "1 234,50" (Swedish), "1234,50" (German, Finnish) or "1,234.50" (English). */
export function money(ore: number, style: 'sv' | 'de' | 'en' = 'sv'): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const whole = String(Math.trunc(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  if (style === 'de') return `${sign}${whole},${cents}`;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style === 'sv' ? ' ' : ',');
  return `${sign}${grouped}${style === 'sv' ? ',' : '.'}${cents}`;
}

/** A line with `left` at the start and `right` flush with the right edge. */
export function row(left: string, right: string, width = WIDTH): string {
  const gap = Math.max(1, width - left.length - right.length);
  return `${left}${' '.repeat(gap)}${right}`;
}

/** A centred line. */
export function centre(text: string, width = WIDTH): string {
  const pad = Math.max(0, Math.floor((width - text.length) / 2));
  return `${' '.repeat(pad)}${text}`;
}

export const rule = (char = '-', width = WIDTH) => char.repeat(width);

/** VAT of a gross amount at a rate in basis points, rounded to the öre as tills do. */
export function vatOf(grossOre: number, rateBp: number): number {
  return Math.round((grossOre * rateBp) / (10_000 + rateBp));
}
