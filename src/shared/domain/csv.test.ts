import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvFileName, toCsv } from './csv.ts';
import { createPrng, randomInt } from './testing/prng.ts';

/** A minimal reader of our own dialect, to check that what we write reads back to the same cells. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i] as string;
    const next = body[i + 1];
    if (quoted && ch === '"' && next === '"') {
      cell += '"';
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ';') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && next === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += ch;
    }
  }
  return rows;
}

describe('csvCell', () => {
  it('keeps text that a spreadsheet would run as a formula as text', () => {
    for (const attack of ['=HYPERLINK("http://x";"klick")', '+46701234567', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(attack).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('ICA Maxi')).toBe('ICA Maxi');
    expect(csvCell('Kaffe = gott')).toBe('Kaffe = gott');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('Anna; Bo')).toBe('"Anna; Bo"');
    expect(csvCell('Restaurang "Sjön"')).toBe('"Restaurang ""Sjön"""');
    expect(csvCell('rad 1\nrad 2')).toBe('"rad 1\nrad 2"');
  });
});

describe('toCsv', () => {
  it('starts with a BOM, separates with semicolons and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['Datum', 'Butik'],
        ['2026-11-20', 'Nöje & Co'],
      ]),
    ).toBe('\uFEFFDatum;Butik\r\n2026-11-20;Nöje & Co\r\n');
  });

  it('reads back to the same cells for random texts, apart from the apostrophe that disarms formulas', () => {
    const prng = createPrng(5);
    const alphabet = ['a', 'ö', ';', '"', '\n', '\r', ' ', '=', '-', '+', '@', '\t', ',', "'"];
    for (let round = 0; round < 300; round += 1) {
      const rows = Array.from({ length: randomInt(prng, 1, 4) }, () =>
        Array.from({ length: 3 }, () =>
          Array.from({ length: randomInt(prng, 0, 6) }, () => alphabet[randomInt(prng, 0, alphabet.length - 1)]).join(
            '',
          ),
        ),
      );
      const expected = rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
      expect(readCsv(toCsv(rows))).toEqual(expected);
    }
  });
});

describe('csvAmount', () => {
  it('writes öre with a decimal comma and no grouping', () => {
    expect(csvAmount(123_450)).toBe('1234,50');
    expect(csvAmount(5)).toBe('0,05');
    expect(csvAmount(100_000_000_000)).toBe('1000000000,00');
    expect(csvAmount(-1250)).toBe('-12,50');
  });
});

describe('csvFileName', () => {
  it('names the file after the group without characters file systems refuse', () => {
    expect(csvFileName('Fjällresa 2026')).toBe('Fjällresa 2026.csv');
    expect(csvFileName('Mat/Dryck: "vår" <grupp>?')).toBe('Mat Dryck vår grupp.csv');
    expect(csvFileName('Resa\u0000till\nÅre')).toBe('Resa till Åre.csv');
    expect(csvFileName('..')).toBe('kvitt.csv');
    expect(csvFileName('   ')).toBe('kvitt.csv');
    expect(csvFileName('x'.repeat(300))).toHaveLength(104);
  });
});
