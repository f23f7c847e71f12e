import { describe, expect, it } from 'vitest';
import { toLines } from './lines.ts';
import { vatTableGross } from './vat.ts';

const gross = (text: string) => vatTableGross(toLines(text));

describe('vatTableGross', () => {
  it('adds up the gross of every rate row whose VAT and net make the gross', () => {
    expect(gross('Moms% Moms Netto Brutto\n12% 19,00 158,33 177,33\n25% 5,58 22,32 27,90')).toBe(20523);
  });

  it('trusts the summary row of the table when there is one', () => {
    expect(gross('MWST% MWST + Netto = Brutto\nA 7% 0,47 6,69 7,16\nSumme 0,47 6,69 7,16')).toBe(716);
  });

  it('reads rows in any column order and with the rate written with decimals', () => {
    expect(gross('C 7,00% 6,59 0,46 7,05\nD 19,00% 1,50 0,28 1,78')).toBe(883);
  });

  it('ignores rows whose numbers do not add up or whose VAT does not fit the rate', () => {
    expect(gross('Moms 12% 4,71 39,29 45,00')).toBeNull();
    expect(gross('Moms 25% 4,71 39,29 44,00')).toBeNull();
  });

  it('reads rows under a heading that give the rate without a percent sign', () => {
    const table = 'Moms% Moms Netto Brutto\n12,00 115,93 966,07 1 082,00\n25,00 32,80 131,20 164,00';
    expect(gross(table)).toBe(124600);
  });

  it("reads a gross whose printed zeros were read as 8, from its row's VAT and net", () => {
    expect(gross('Moms% Moms Netto Brutto\n12,00 115,93 966,07 1 882,08\n25,00 32,80 131,20 164,08')).toBe(124600);
  });

  it('gives no gross when a row of the table does not add up: the others are not the whole', () => {
    expect(gross('Moms% Moms Netto Brutto\n12,00 246,87 205721 2 304,08\n25,00 32,80 131,20 164,00')).toBeNull();
  });

  it('returns null without a VAT table', () => {
    expect(gross('Kaffe 44,00\nTotalt 44,00')).toBeNull();
  });
});
