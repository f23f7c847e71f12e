import { describe, expect, it } from 'vitest';
import { personName } from './person-name.ts';

const messageOf = (value: unknown) => personName.safeParse(value).error?.issues[0]?.message;

describe('personName', () => {
  it('trims the name and keeps letters of any script, emoji and joiners inside it', () => {
    expect(personName.parse('  Åsa Öberg \t')).toBe('Åsa Öberg');
    expect(personName.parse('Zoë 👩‍👩‍👧')).toBe('Zoë 👩‍👩‍👧');
    expect(personName.parse('x'.repeat(100))).toHaveLength(100);
  });

  it('calls a name with nothing visible in it missing, zero-width characters included', () => {
    for (const blank of ['', '   ', '\u200B', '\u200D\u2060', '\u00A0\u3000'])
      expect(messageOf(blank)).toBe('nameRequired');
  });

  it('refuses control characters and lone surrogates anywhere in the name', () => {
    for (const broken of ['Anna\u0000', 'A\u0007B', 'A\u001BB', 'A\u0085B', 'A\nB', 'A\uD800', '\uDC00B']) {
      expect(messageOf(broken)).toBe('textInvalid');
    }
  });

  it('refuses a name of 101 characters after trimming', () => {
    expect(messageOf(`${'x'.repeat(101)} `)).toBe('max100');
  });
});
