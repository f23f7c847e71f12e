import { describe, expect, it } from 'vitest';
import { containsPattern, parseExpenseSearch } from './expense-search.ts';

describe('parseExpenseSearch', () => {
  it('is nothing for blank text', () => {
    expect(parseExpenseSearch('')).toBeNull();
    expect(parseExpenseSearch('   ')).toBeNull();
  });

  it('looks for words as text only', () => {
    expect(parseExpenseSearch('  ICA   Nära ')).toEqual({ text: 'ICA Nära', amount: null });
  });

  it('matches an amount with decimals exactly', () => {
    expect(parseExpenseSearch('554,38')?.amount).toEqual({ minOre: 55_438, endOre: 55_439 });
    expect(parseExpenseSearch('1 234,50 kr')?.amount).toEqual({ minOre: 123_450, endOre: 123_451 });
  });

  it('matches a whole amount across its öre', () => {
    expect(parseExpenseSearch('554')?.amount).toEqual({ minOre: 55_400, endOre: 55_500 });
    expect(parseExpenseSearch('554 kr')?.amount).toEqual({ minOre: 55_400, endOre: 55_500 });
  });

  it('never guesses an ambiguous or zero amount', () => {
    expect(parseExpenseSearch('1.234')?.amount).toBeNull();
    expect(parseExpenseSearch('0')?.amount).toBeNull();
  });
});

describe('containsPattern', () => {
  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
