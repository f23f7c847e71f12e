// What thermal printers' dotted or slashed zero is read as.
export const ZERO_MISREADS = '689';

/**
 * The amount two readings of one printed amount stand for when they differ only where one shows a 0 and the other
 * a digit a printed zero is misread as ("1 686,30" and "1 086,30", "839,60" and "839,06"): the one with the zeros.
 * Else null. OCR reads a printed zero as 6, 8 or 9 far more often than the other way round.
 */
export function zeroReading(a: number, b: number): number | null {
  const [x, y] = [String(a), String(b)];
  if (a === b || x.length !== y.length) return null;
  let merged = '';
  for (let i = 0; i < x.length; i += 1) {
    const [p, q] = [x[i] as string, y[i] as string];
    if (p === q) merged += p;
    else if ((p === '0' && ZERO_MISREADS.includes(q)) || (q === '0' && ZERO_MISREADS.includes(p))) merged += '0';
    else return null;
  }
  return Number(merged);
}
