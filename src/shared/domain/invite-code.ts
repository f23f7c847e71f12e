/**
 * Group codes are read aloud and typed from a screen, so their alphabet leaves out the look-alikes 0/O and 1/I/L:
 * 31 symbols, 8 of them give about 2^39.6 codes, enough that guessing one under the join rate limit is hopeless.
 */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;

// The largest multiple of 31 below 256: bytes at or above it are skipped so every symbol is equally likely.
const UNBIASED_LIMIT = INVITE_CODE_ALPHABET.length * Math.floor(256 / INVITE_CODE_ALPHABET.length);

/**
 * An 8-symbol code drawn from random bytes by rejection sampling (no modulo bias); null when the bytes run out
 * before 8 usable ones, so the caller draws more. Pure so that the server supplies the randomness.
 */
export function inviteCodeFromBytes(bytes: Uint8Array): string | null {
  let code = '';
  for (const byte of bytes) {
    if (byte >= UNBIASED_LIMIT) continue;
    code += INVITE_CODE_ALPHABET[byte % INVITE_CODE_ALPHABET.length];
    if (code.length === INVITE_CODE_LENGTH) return code;
  }
  return null;
}

/** What a person typed, as the code it means: upper case, spaces and hyphens dropped ("abcd-ef 12" → "ABCDEF12"). */
export function normalizeInviteCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s\-\u2010-\u2015\u2212]/g, '');
}

/** True when the normalized text could be a code at all; anything else is INVALID_CODE without a lookup. */
export function isInviteCodeShape(code: string): boolean {
  return code.length === INVITE_CODE_LENGTH && [...code].every((symbol) => INVITE_CODE_ALPHABET.includes(symbol));
}

/** Shown with a hyphen before the last 4 characters ("ABCD-EF23"); codes of 4 characters or fewer shown as they are. */
export function formatInviteCode(code: string): string {
  return code.length <= 4 ? code : `${code.slice(0, -4)}-${code.slice(-4)}`;
}
