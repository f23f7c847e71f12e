// Merchant names arrive typed by hand or read by OCR: "ICA Maxi", "ica maxi lindhagen", "ICA MAXI AB 4312", "ICA".
// The suggestion compares them as token lists after one fixed normalisation, and grades how closely two names match.

// Legal forms, country and store-type words that OCR and card statements add to a name without changing the shop.
const NOISE_TOKENS = new Set([
  'ab',
  'hb',
  'kb',
  'aktiebolag',
  'publ',
  'sverige',
  'sweden',
  'se',
  'butik',
  'stormarknad',
  'filial',
  'store',
  'www',
  'com',
]);

/**
 * A merchant name as comparable tokens: diacritics dropped (å→a, ä→a, ö→o, é→e), lower case, apostrophes removed,
 * every other non-alphanumeric run a space, then legal-form and store-type words and pure numbers (store numbers)
 * removed unless nothing else is left. Empty for a blank name. Exists so typing habits do not split one shop in two.
 */
export function merchantTokens(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (plain === '') return [];
  const tokens = plain.split(' ');
  const kept = tokens.filter((t) => !NOISE_TOKENS.has(t) && !/^\d+$/.test(t));
  return kept.length > 0 ? kept : tokens;
}

/** How closely two merchant names match, from strongest to none. */
export type MerchantMatch = 'same' | 'branch' | 'chain' | 'none';

function startsWith(long: readonly string[], short: readonly string[]): boolean {
  return short.length <= long.length && short.every((t, i) => long[i] === t);
}

/** True when a and b differ by at most one inserted, deleted, replaced or swapped-adjacent character. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (i === a.length && i === b.length) return true;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Grades two token lists: 'same' for equal names or a one-letter typo in a name of 6+ letters; 'branch' when one
 * name extends the other ("ica maxi" / "ica maxi lindhagen", "ica" / "ica maxi"); 'chain' when only the first word
 * agrees ("ica nara" / "ica maxi"); otherwise 'none'. Symmetric; empty lists never match.
 */
export function compareMerchants(a: readonly string[], b: readonly string[]): MerchantMatch {
  if (a.length === 0 || b.length === 0) return 'none';
  const ka = a.join(' ');
  const kb = b.join(' ');
  if (ka === kb) return 'same';
  if (startsWith(a, b) || startsWith(b, a)) return 'branch';
  if (Math.min(ka.length, kb.length) >= 6 && withinOneEdit(ka, kb)) return 'same';
  if (a[0] === b[0]) return 'chain';
  return 'none';
}
