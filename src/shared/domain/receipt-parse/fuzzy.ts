/** True when `a` can be turned into `b` with at most `max` single-letter edits (Levenshtein), computed lazily. */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return false;
    previous = current;
  }
  return (previous[b.length] ?? Infinity) <= max;
}

/** Edits tolerated for a keyword of this length: none below 5 letters, where one edit makes another word. */
export const toleratedEdits = (keyword: string): number => (keyword.length >= 9 ? 2 : keyword.length >= 5 ? 1 : 0);

/**
 * The words of a folded line and each pair of neighbours, spaced and joined, so "att betaia" can be compared with
 * "att betala" and a word OCR broke in two ("rückge ld") with "rückgeld".
 */
export function wordWindows(key: string): string[] {
  const tokens = key.match(/\p{L}+/gu) ?? [];
  const windows = [...tokens];
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    windows.push(`${tokens[i]} ${tokens[i + 1]}`, `${tokens[i]}${tokens[i + 1]}`);
  }
  return windows;
}
