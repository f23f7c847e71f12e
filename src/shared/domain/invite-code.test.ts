import { describe, expect, it } from 'vitest';
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  formatInviteCode,
  inviteCodeFromBytes,
  isInviteCodeShape,
  normalizeInviteCode,
} from './invite-code.ts';
import { createPrng, randomInt } from './testing/prng.ts';

const randomBytes = (prng: () => number, n: number) => Uint8Array.from({ length: n }, () => randomInt(prng, 0, 255));

describe('invite code alphabet', () => {
  it('holds no look-alike symbols (0/O, 1/I/L) and no duplicates', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(INVITE_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(INVITE_CODE_ALPHABET).size).toBe(INVITE_CODE_ALPHABET.length);
  });
});

describe('inviteCodeFromBytes', () => {
  it('makes codes of 8 symbols from the alphabet only', () => {
    const prng = createPrng(3);
    for (let round = 0; round < 500; round += 1) {
      const code = inviteCodeFromBytes(randomBytes(prng, 16));
      if (code === null) continue;
      expect(code).toHaveLength(INVITE_CODE_LENGTH);
      expect(isInviteCodeShape(code)).toBe(true);
    }
  });

  it('skips the bytes that would bias the first symbols and answers null when too few usable bytes remain', () => {
    expect(inviteCodeFromBytes(Uint8Array.from([248, 249, 255, 0, 1, 2, 3, 4, 5, 6, 7]))).toBe('ABCDEFGH');
    expect(inviteCodeFromBytes(Uint8Array.from([255, 255, 0, 1, 2, 3, 4, 5, 6]))).toBeNull();
  });

  it('uses every symbol about equally often', () => {
    const prng = createPrng(11);
    const counts = new Map<string, number>();
    let symbols = 0;
    for (let round = 0; round < 4_000; round += 1) {
      for (const symbol of inviteCodeFromBytes(randomBytes(prng, 32)) ?? '') {
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
        symbols += 1;
      }
    }
    const expected = symbols / INVITE_CODE_ALPHABET.length;
    for (const symbol of INVITE_CODE_ALPHABET)
      expect(Math.abs((counts.get(symbol) ?? 0) - expected) / expected).toBeLessThan(0.1);
  });
});

describe('normalizeInviteCode', () => {
  it('upper-cases and drops spaces and hyphens of every kind, so a code typed any way finds the same group', () => {
    expect(normalizeInviteCode('abcd-ef23')).toBe('ABCDEF23');
    expect(normalizeInviteCode('  ab cd ef 23 ')).toBe('ABCDEF23');
    expect(normalizeInviteCode('abcd\u2013ef23')).toBe('ABCDEF23');
    expect(normalizeInviteCode('Ab\tcD\u00a0eF-2-3')).toBe('ABCDEF23');
  });

  it('is idempotent and maps any display form back to its code', () => {
    const prng = createPrng(7);
    for (let round = 0; round < 200; round += 1) {
      const code = inviteCodeFromBytes(randomBytes(prng, 32));
      if (!code) continue;
      expect(normalizeInviteCode(formatInviteCode(code).toLowerCase())).toBe(code);
      expect(normalizeInviteCode(normalizeInviteCode(code))).toBe(code);
    }
  });
});

describe('isInviteCodeShape', () => {
  it('refuses wrong lengths and look-alike symbols', () => {
    expect(isInviteCodeShape('ABCDEF23')).toBe(true);
    expect(isInviteCodeShape('ABCDEF2')).toBe(false);
    expect(isInviteCodeShape('ABCDEF234')).toBe(false);
    expect(isInviteCodeShape('ABCDEF0O')).toBe(false);
  });
});

describe('formatInviteCode', () => {
  it('puts a hyphen before the last 4 characters and leaves codes of 4 or fewer as they are', () => {
    expect(formatInviteCode('ABCDEF23')).toBe('ABCD-EF23');
    expect(formatInviteCode('ABCDE')).toBe('A-BCDE');
    expect(formatInviteCode('ABCD')).toBe('ABCD');
    expect(formatInviteCode('AB')).toBe('AB');
  });
});
