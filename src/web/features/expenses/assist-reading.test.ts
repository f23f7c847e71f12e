import { describe, expect, it } from 'vitest';
import type { OcrResult } from '#shared/api/receipts.ts';
import { autofillPatch, fieldsFromReading, readingApplied, readingPatch, typedConflicts } from './assist-reading.ts';

const ica: OcrResult = {
  totalOre: 21_775,
  date: '2024-03-15',
  merchant: 'ICA Nära Hjorthagen',
  category: 'mat',
  currency: 'SEK',
  items: [{ description: 'Mjölk 3% 1,5l', amountOre: 1_895 }],
  source: 'local',
};

const blankForm = {
  amount: '',
  expenseDate: '2026-11-20',
  merchant: '',
  category: 'mat',
  currency: 'SEK' as const,
};

describe('applying a receipt reading', () => {
  it('fills the amount as form text, the date, merchant, category and currency', () => {
    expect(readingPatch(ica)).toEqual({
      amount: '217,75',
      expenseDate: '2024-03-15',
      merchant: 'ICA Nära Hjorthagen',
      category: 'mat',
      currency: 'SEK',
    });
  });

  it('leaves out what could not be read and a currency Kvitt does not offer', () => {
    const partial: OcrResult = { ...ica, date: null, merchant: null, category: null, currency: 'NOK' };
    expect(readingPatch(partial)).toEqual({ amount: '217,75' });
  });

  it('shows a conflict only for values the person typed that differ from the receipt', () => {
    const patch = readingPatch(ica);
    const typed = { ...blankForm, amount: '200', merchant: 'ICA', expenseDate: '2026-11-20' };
    // The date differs too, but it is still the untouched default: replacing it overrides nobody's word.
    expect(typedConflicts(patch, typed, { amount: true, merchant: true })).toEqual(['amount', 'merchant']);
  });

  it('counts the same amount written another way as no conflict', () => {
    const patch = readingPatch(ica);
    const typed = { ...blankForm, amount: '217.75 kr', merchant: ' ICA Nära Hjorthagen ' };
    expect(typedConflicts(patch, typed, { amount: true, merchant: true })).toEqual([]);
  });

  it('is applied once every read value is in the form, and not after the person changes one', () => {
    const patch = readingPatch(ica);
    const filled = { ...blankForm, ...patch, amount: '217,75' };
    expect(readingApplied(patch, blankForm)).toBe(false);
    expect(readingApplied(patch, filled)).toBe(true);
    expect(readingApplied(patch, { ...filled, merchant: 'Coop' })).toBe(false);
  });
});

describe('filling the form as soon as the receipt is read', () => {
  it('fills every read field the person left alone, including the untouched defaults', () => {
    expect(autofillPatch(readingPatch(ica), blankForm, {})).toEqual(readingPatch(ica));
  });

  it('keeps what the person typed, and fills a field they typed in and emptied again', () => {
    const typed = { ...blankForm, amount: '200', merchant: '' };
    expect(autofillPatch(readingPatch(ica), typed, { amount: true, merchant: true })).toEqual({
      expenseDate: '2024-03-15',
      merchant: 'ICA Nära Hjorthagen',
      category: 'mat',
      currency: 'SEK',
    });
  });

  it('marks the filled fields as read from the receipt only while they still hold the read value', () => {
    const filled = { amount: '217,75', merchant: 'ICA Nära Hjorthagen' };
    const values = { ...blankForm, amount: '217.75', merchant: 'Coop' };
    expect(fieldsFromReading(filled, values)).toEqual(['amount']);
    // The date was not filled from the receipt, so it is not marked even where it happens to be the same.
    expect(fieldsFromReading(filled, { ...values, expenseDate: '2024-03-15' })).toEqual(['amount']);
  });
});
