import { describe, expect, it } from 'vitest';
import { hasVisibleCharacter, isCleanText, multilineText, nameText, rawText, singleLineText } from './text.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('clean text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', '\u0007'],
    ['an escape sequence', '\u001b[31m'],
    ['DEL', '\u007f'],
    ['a C1 control (next line)', 'a\u0085b'],
    ['the last C1 control', '\u009f'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00b'],
    ['two high surrogates', '\udbff\udbff'],
  ])('refuses %s in any text', (_name, value) => {
    expect(isCleanText(value)).toBe(false);
    expect(isCleanText(value, true)).toBe(false);
  });

  it('keeps line breaks and tabs out of one-line text and allows them in multi-line text', () => {
    for (const value of ['rad ett\nrad två', 'a\r\nb', 'a\tb']) {
      expect(isCleanText(value)).toBe(false);
      expect(isCleanText(value, true)).toBe(true);
    }
  });

  it('accepts what people type: Swedish letters, emoji built from surrogate pairs and joiners, right-to-left names', () => {
    for (const value of ['Räksmörgås', '👍🏽', '👨‍👩‍👧', 'سارة', 'e\u0301', 'Ω']) expect(isCleanText(value)).toBe(true);
  });
});

describe('visible characters', () => {
  it('finds none in spaces, zero-width characters, format characters and fillers', () => {
    for (const value of [
      '',
      '   ',
      '\u200b',
      '\u200d\u200c',
      '\ufeff',
      '\u00ad',
      '\u2060',
      '\u3164',
      '\u180e',
      '\u3000',
    ])
      expect(hasVisibleCharacter(value)).toBe(false);
  });

  it('finds one in any letter, digit, mark or emoji among invisible characters', () => {
    for (const value of ['\u200ba', '1', '\u200d👍', '·']) expect(hasVisibleCharacter(value)).toBe(true);
  });
});

describe('the text schemas', () => {
  const name = nameText('nameRequired', 5, 'max10');

  it('refuses a name of only zero-width characters with the blank-name key', () => {
    expect(firstMessage(name.safeParse('\u200b\u200d'))).toBe('nameRequired');
    expect(firstMessage(name.safeParse('  '))).toBe('nameRequired');
    expect(firstMessage(name.safeParse(undefined))).toBe('nameRequired');
  });

  it('names a control character before any other problem of the same value', () => {
    expect(firstMessage(name.safeParse('\u0000'))).toBe('textInvalid');
    expect(firstMessage(name.safeParse('abcdef\u0000'))).toBe('textInvalid');
  });

  it('normalises to NFC before trimming and counting, so a decomposed é is one character', () => {
    expect(name.parse(' Cafe\u0301 ')).toBe('Café');
    expect(singleLineText().max(4).safeParse('Cafe\u0301').success).toBe(true);
    expect(multilineText().parse('  e\u0301\nrad två ')).toBe('é\nrad två');
  });

  it('leaves raw text (ids, cursors) exactly as sent', () => {
    expect(rawText().parse(' a\u0301 ')).toBe(' a\u0301 ');
    expect(firstMessage(rawText().safeParse('\ud800'))).toBe('textInvalid');
  });
});
