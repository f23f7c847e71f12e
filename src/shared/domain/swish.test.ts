import { describe, expect, it } from 'vitest';
import { swishAmount, swishMessage, swishPayee, swishPayment, SWISH_MESSAGE_MAX } from './swish.ts';
import { createPrng, randomInt } from './testing/prng.ts';

describe('swish payee', () => {
  it.each([
    ['0701234567', '0701234567'],
    ['070-123 45 67', '0701234567'],
    ['+46701234567', '0701234567'],
    ['+46 70 123 45 67', '0701234567'],
    ['0046701234567', '0701234567'],
    ['46701234567', '0701234567'],
    ['+46 (0)70-123 45 67', '0701234567'],
    ['+460701234567', '0701234567'],
    ['073\u00a0123\u00a045\u00a067', '0731234567'],
    ['123 456 78 90', '1234567890'],
  ])('reads %s as the Swish number %s', (typed, payee) => {
    expect(swishPayee(typed)).toBe(payee);
  });

  it.each([
    ['08-123 456 78'],
    ['+47 412 34 567'],
    ['070123456'],
    ['07012345678'],
    ['ring mig'],
    [''],
    ['+46 8 123 456'],
  ])('has no Swish number for %s', (typed) => {
    expect(swishPayee(typed)).toBeNull();
  });
});

describe('swish amount and message', () => {
  it('writes öre with two decimals and a decimal comma, without grouping', () => {
    expect(swishAmount(1)).toBe('0,01');
    expect(swishAmount(10_000)).toBe('100,00');
    expect(swishAmount(123_456_78)).toBe('123456,78');
  });

  it('writes every amount so that reading it back gives the same öre', () => {
    const prng = createPrng(11);
    for (let i = 0; i < 1000; i += 1) {
      const amount = randomInt(prng, 1, 99_999_999_999);
      const [whole = '', fraction = ''] = swishAmount(amount).split(',');
      expect(Number(whole) * 100 + Number(fraction)).toBe(amount);
      expect(fraction).toHaveLength(2);
    }
  });

  it('keeps Swedish letters and allowed marks, drops the rest and cuts at 50 characters', () => {
    expect(swishMessage('Kvitt: Fjällresa & 🎿 Åre!')).toBe('Kvitt: Fjällresa Åre!');
    expect(swishMessage('  Mat   och\tdryck ')).toBe('Mat och dryck');
    const long = swishMessage(`Kvitt: ${'Ö'.repeat(80)}`);
    expect([...long]).toHaveLength(SWISH_MESSAGE_MAX);
    expect(long.startsWith('Kvitt: ÖÖ')).toBe(true);
  });
});

describe('swish payment', () => {
  it('builds the prefilled QR text with payee and amount locked and the message editable', () => {
    const result = swishPayment({
      phone: '+46 70 123 45 67',
      amountOre: 12_345,
      currency: 'SEK',
      message: 'Kvitt: Fjällresa',
    });
    expect(result.ok && result.value.qr).toBe('C0701234567;123,45;Kvitt%3A%20Fj%C3%A4llresa;4');
  });

  it('builds an app link whose data is the JSON Swish reads, with the amount in kronor', () => {
    const result = swishPayment({ phone: '0701234567', amountOre: 5_050, currency: 'SEK', message: 'Kvitt: Middag' });
    if (!result.ok) throw new Error(result.code);
    const [base, data = ''] = result.value.appLink.split('?data=');
    expect(base).toBe('swish://payment');
    expect(JSON.parse(decodeURIComponent(data))).toEqual({
      version: 1,
      payee: { value: '0701234567', editable: false },
      amount: { value: 50.5, editable: false },
      message: { value: 'Kvitt: Middag', editable: true },
    });
  });

  it('refuses a recipient without a Swish number, a group currency other than kronor and an impossible amount', () => {
    expect(swishPayment({ phone: null, amountOre: 100, currency: 'SEK', message: 'x' })).toEqual({
      ok: false,
      code: 'NO_SWISH_NUMBER',
    });
    expect(swishPayment({ phone: '08-123 456', amountOre: 100, currency: 'SEK', message: 'x' })).toEqual({
      ok: false,
      code: 'NO_SWISH_NUMBER',
    });
    expect(swishPayment({ phone: '0701234567', amountOre: 100, currency: 'EUR', message: 'x' })).toEqual({
      ok: false,
      code: 'NOT_SEK',
    });
    expect(swishPayment({ phone: '0701234567', amountOre: 0, currency: 'SEK', message: 'x' })).toEqual({
      ok: false,
      code: 'AMOUNT_OUT_OF_RANGE',
    });
    expect(
      swishPayment({ phone: '0701234567', amountOre: 100_000_000_000_000, currency: 'SEK', message: 'x' }),
    ).toEqual({
      ok: false,
      code: 'AMOUNT_OUT_OF_RANGE',
    });
  });

  it('never lets a message break the QR fields apart', () => {
    const result = swishPayment({ phone: '0701234567', amountOre: 100, currency: 'SEK', message: 'a;b;c' });
    expect(result.ok && result.value.qr.split(';')).toEqual(['C0701234567', '1,00', 'a%3Bb%3Bc', '4']);
  });
});
