import { describe, expect, it } from 'vitest';
import { findAmounts, lastAmount } from './amounts.ts';

const values = (text: string) => findAmounts(text).map((a) => a.ore);

describe('findAmounts', () => {
  it('reads decimal commas and points to the öre', () => {
    expect(values('KAFFE 44.00')).toEqual([4400]);
    expect(values('Rotfrukter 28,50 C')).toEqual([2850]);
  });

  it('reads thousands groups with space, point or comma, but never the same mark as the decimals', () => {
    expect(values('Summa 1 234,50')).toEqual([123450]);
    expect(values('Summe 1.234,50')).toEqual([123450]);
    expect(values('TOTAL 1,234.50')).toEqual([123450]);
    expect(values('x 1.234.50')).toEqual([]);
  });

  it('leaves digits glued to a word out of the price: they are part of the article name', () => {
    expect(values('Solskydd SPF30 149,00')).toEqual([14900]);
    expect(values('Gurka ECO2 1 249,00')).toEqual([124900]);
    expect(values('Glass 3x120 45 kr')).toEqual([4500]);
  });

  it('treats a leading or trailing minus as a discount', () => {
    expect(values('Medlemsförmån -22.00')).toEqual([-2200]);
    expect(values('Rabatt 5,00-')).toEqual([-500]);
  });

  it('reads whole kronor printed with kr, :- or ,-', () => {
    expect(values('Totalt 389 kr')).toEqual([38900]);
    expect(values('Kaffe 29:-')).toEqual([2900]);
    expect(values('Lunch 1 150,-')).toEqual([115000]);
  });

  it('never reads dates, times, quantities or single decimals as money', () => {
    expect(values('18.09.25 17:48')).toEqual([]);
    expect(values('2019-09-25 11:09:22')).toEqual([]);
    expect(values('2 st x 3')).toEqual([]);
    expect(values('Bensin 45,2 l')).toEqual([]);
    expect(values('Datum 12.05.2020')).toEqual([]);
  });

  it('does not read the krona marker twice when decimals are printed', () => {
    expect(values('Att betala 12,50 kr')).toEqual([1250]);
  });

  it('returns the rightmost amount as the line total', () => {
    expect(lastAmount('Kiwi Gold 0,59 x 4 2,36 A')?.ore).toBe(236);
    expect(lastAmount('Vara utan pris')).toBeNull();
  });
});
