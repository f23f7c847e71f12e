import { fail, ok } from '../result.ts';
import type { Result } from '../result.ts';
import { ORE_PER_UNIT } from './money.ts';

/** Swish limits a payment message to 50 characters. */
export const SWISH_MESSAGE_MAX = 50;
const MAX_AMOUNT_ORE = 99_999_999_999_999; // 999 999 999 999,99 kr, Swish's upper bound
// Swish allows letters a–ö, digits, space and these marks in a message; anything else is dropped.
const DISALLOWED = /[^0-9A-Za-zÅÄÖåäöÉéÜü :;.,?!()"-]/gu;
// Lock mask bits are 1 when the payer may edit: payee bit 0, amount bit 1, message bit 2.
const MESSAGE_EDITABLE = 0b100;

export type SwishProblem = 'NO_SWISH_NUMBER' | 'NOT_SEK' | 'AMOUNT_OUT_OF_RANGE';

export type SwishPayment = {
  /** The payee as Swish shows it: a Swedish mobile number 07XXXXXXXX or a company number 123XXXXXXX. */
  payee: string;
  /** `C<payee>;<amount>;<message>;<lock>`, the prefilled format the Swish app's QR scanner reads. */
  qr: string;
  /** `swish://payment?data=…`: opens the Swish app on a phone with payee, amount and message filled in. */
  appLink: string;
};

/**
 * A phone number as typed in a profile ("+46 70-123 45 67", "0046701234567", "+4607…") to the 10-digit Swish
 * payee ("0701234567"), or null when it is not a Swedish mobile number or a Swish company number (123…).
 */
export function swishPayee(phone: string): string | null {
  let digits = phone.replace(/[\s\u00a0\u202f().-]/g, '');
  if (digits.startsWith('+')) digits = `00${digits.slice(1)}`;
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('0046')) digits = digits.slice(4);
  else if (digits.startsWith('46') && digits.length === 11) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  // "+46 07…" keeps the trunk zero after the country code, a common slip: one leading zero is dropped.
  if (digits.startsWith('0')) digits = digits.slice(1);
  if (/^7\d{8}$/.test(digits)) return `0${digits}`;
  if (/^123\d{7}$/.test(digits)) return digits;
  return null;
}

/** A Swish message from any text: only characters Swish accepts, spaces collapsed, at most 50 characters. */
export function swishMessage(text: string): string {
  const cleaned = text.normalize('NFC').replace(DISALLOWED, ' ').replace(/\s+/g, ' ').trim();
  return [...cleaned].slice(0, SWISH_MESSAGE_MAX).join('').trim();
}

/** Öre as Swish's amount field wants it: two decimals, a decimal comma, no grouping (12345 → "123,45"). */
export function swishAmount(amountOre: number): string {
  const whole = Math.trunc(amountOre / ORE_PER_UNIT);
  const fraction = String(amountOre % ORE_PER_UNIT).padStart(2, '0');
  return `${whole},${fraction}`;
}

/**
 * The Swish QR text and app link for paying `amountOre` öre to `phone`, payee and amount locked and the message
 * editable. Fails when the phone is no Swish number, the currency is not SEK (Swish moves only kronor) or the
 * amount is outside 0,01–999 999 999 999,99 kr.
 */
export function swishPayment(input: {
  phone: string | null;
  amountOre: number;
  currency: string;
  message: string;
}): Result<SwishPayment, SwishProblem> {
  if (input.currency !== 'SEK') return fail('NOT_SEK');
  const payee = input.phone === null ? null : swishPayee(input.phone);
  if (payee === null) return fail('NO_SWISH_NUMBER');
  if (!Number.isSafeInteger(input.amountOre) || input.amountOre < 1 || input.amountOre > MAX_AMOUNT_ORE)
    return fail('AMOUNT_OUT_OF_RANGE');
  const message = swishMessage(input.message);
  const qr = `C${payee};${swishAmount(input.amountOre)};${encodeURIComponent(message)};${MESSAGE_EDITABLE}`;
  const data = {
    version: 1,
    payee: { value: payee, editable: false },
    // A JSON number in kronor: dividing whole öre by 100 always prints back as the exact two-decimal amount.
    amount: { value: input.amountOre / ORE_PER_UNIT, editable: false },
    message: { value: message, editable: true },
  };
  return ok({ payee, qr, appLink: `swish://payment?data=${encodeURIComponent(JSON.stringify(data))}` });
}
