import { describe, expect, it } from 'vitest';
import { suggestionBody } from './assist-suggest-body.ts';

const values = {
  merchant: ' Systembolaget ',
  category: 'nöje',
  customCategory: '',
  amount: '280,50',
  currency: 'SEK' as const,
  rate: '',
  payerMemberId: 'member-a',
  expenseDate: '2026-11-20',
};

describe('asking for an AI suggestion', () => {
  it('sends the trimmed merchant, the category, the amount in öre, the payer and the date', () => {
    expect(suggestionBody(values, 'SEK')).toEqual({
      merchant: 'Systembolaget',
      category: 'nöje',
      amountOre: 28_050,
      payerMemberId: 'member-a',
      date: '2026-11-20',
    });
  });

  it('converts an amount in another currency with the wizard rate, since the history is in the group currency', () => {
    const euros = { ...values, amount: '10', currency: 'EUR' as const, rate: '11,5' };
    expect(suggestionBody(euros, 'SEK')?.amountOre).toBe(11_500);
  });

  it('sends the amount as unknown (0) rather than 1:1 while an amount in another currency has no rate', () => {
    const euros = { ...values, amount: '240', currency: 'EUR' as const, rate: '' };
    expect(suggestionBody(euros, 'SEK')?.amountOre).toBe(0);
    expect(suggestionBody({ ...euros, rate: '1,234' }, 'SEK')?.amountOre).toBe(0);
  });

  it('sends 0 rather than a converted amount that passes the limits and could not be saved anyway', () => {
    const typo = { ...values, amount: '999 999', currency: 'EUR' as const, rate: '999,5' };
    expect(suggestionBody(typo, 'SEK')?.amountOre).toBe(0);
  });

  it('sends the typed category when the person chose their own', () => {
    const own = { ...values, category: 'egen', customCategory: ' Present ' };
    expect(suggestionBody(own, 'SEK')?.category).toBe('Present');
  });

  it('asks nothing while the merchant or the category is empty', () => {
    expect(suggestionBody({ ...values, merchant: '   ' }, 'SEK')).toBeNull();
    expect(suggestionBody({ ...values, category: 'egen', customCategory: '' }, 'SEK')).toBeNull();
  });
});
