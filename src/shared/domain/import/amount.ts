/**
 * An amount as an export writes it to whole öre, exactly (from its digits, never through a float): "12.50",
 * "-3,33", "1 234,50", "1,234.50", "1.234,50", "+5". Returns null for an empty cell and undefined for text that is
 * not an amount or has more than two decimals that are not zeros.
 */
export function parseAmountOre(text: string): number | null | undefined {
  let value = text.replace(/[\s\u00a0\u202f']/g, '').replace(/^\u2212/, '-');
  if (value === '') return null;
  let sign = 1;
  if (value.startsWith('-') || value.startsWith('+')) {
    if (value.startsWith('-')) sign = -1;
    value = value.slice(1);
  }
  if (!/^[\d.,]+$/.test(value) || !/\d/.test(value)) return undefined;
  const lastDot = value.lastIndexOf('.');
  const lastComma = value.lastIndexOf(',');
  let whole = value;
  let fraction = '';
  const decimalAt = (() => {
    if (lastDot !== -1 && lastComma !== -1) return Math.max(lastDot, lastComma);
    const at = Math.max(lastDot, lastComma);
    if (at === -1) return -1;
    const mark = value[at] as string;
    const marks = value.split(mark).length - 1;
    // One mark followed by one or two digits is a decimal mark; "1,234" and "1.234.567" group thousands.
    return marks === 1 && value.length - at - 1 !== 3 ? at : -1;
  })();
  if (decimalAt !== -1) {
    whole = value.slice(0, decimalAt);
    fraction = value.slice(decimalAt + 1);
  }
  const groupMark = decimalAt === -1 ? /[.,]/g : value[decimalAt] === '.' ? /,/g : /\./g;
  whole = whole.replace(groupMark, '');
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return undefined;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > 2) return undefined;
  const digits = `${whole || '0'}${trimmed.padEnd(2, '0')}`;
  const ore = Number(digits);
  if (!Number.isSafeInteger(ore)) return undefined;
  return sign * ore + 0;
}
