import { describe, expect, it } from 'vitest';
import { repairDigits, toLines } from './lines.ts';

describe('toLines', () => {
  it('drops empty lines and the rules, pipes and quotes OCR leaves at the edges', () => {
    expect(toLines('| ATT BETALA 44,00 |\n\n== ==\n"Kvitto"').map((l) => l.text)).toEqual([
      'ATT BETALA 44,00',
      'Kvitto',
    ]);
  });

  it('keeps the minus of a discount at either end of a line', () => {
    expect(toLines('-22,00\nRabatt 5,00-').map((l) => l.text)).toEqual(['-22,00', 'Rabatt 5,00-']);
  });

  it('folds accents for matching but keeps å, ä and ö apart', () => {
    expect(toLines('Café Öresund').map((l) => l.key)).toEqual(['cafe öresund']);
  });
});

describe('repairDigits', () => {
  it('closes the space OCR puts after a decimal comma and inside dates', () => {
    expect(repairDigits('Bar EUR 6, 47')).toBe('Bar EUR 6,47');
    expect(repairDigits('02. 05. 2020 16:39')).toBe('02.05.2020 16:39');
  });

  it('turns letters back into digits only inside numbers', () => {
    expect(repairDigits('Summa 1O,5O')).toBe('Summa 10,50');
    expect(repairDigits('Olja Oliv 10,00')).toBe('Olja Oliv 10,00');
  });

  it('reads a dollar sign after another currency code as the 5 it was, and leaves a dollar amount alone', () => {
    expect(repairDigits('ATT BETALA SEK $85.75')).toBe('ATT BETALA SEK 585.75');
    expect(repairDigits('Total $85.75')).toBe('Total $85.75');
  });
});
