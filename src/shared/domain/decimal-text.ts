import { fail, ok } from '../result.ts';
import type { Result } from '../result.ts';
import type { Currency } from './currency.ts';

/**
 * Why a decimal text was refused (decision 034). `ambiguous`: a lone point or comma before exactly three digits
 * ("1.234", "1,234") may be a thousands separator or a decimal mark; Kvitt never guesses which.
 */
export type DecimalProblem = 'empty' | 'unreadable' | 'ambiguous' | 'tooManyDecimals' | 'negative' | 'tooLarge';

/** What may stand around the number: a currency word or sign ("kr", "€", "USD"), a percent sign, or nothing. */
export type DecimalUnit = 'currency' | 'percent' | 'none';

export interface DecimalRules {
  /** Decimals kept: the value comes back as an integer × 10^decimals; more decimals are refused, never rounded. */
  decimals: number;
  unit: DecimalUnit;
  /** A leading minus is read; without it a minus is refused as `negative`. */
  signed?: boolean;
  /** Machine text (an XML attribute): digits and at most one point, nothing else. */
  machine?: boolean;
}

/** The number as an integer in 10^-decimals units, and the currency its text named, if any. */
export type DecimalValue = { value: number; currency: Currency | null };

// Spaces people and Intl put between digit groups: space, no-break space, narrow no-break space, thin space.
const GROUP_SPACE = /[ \u00a0\u202f\u2009]/g;
const MINUS = /^[-\u2212]\s*/;
const CURRENCY_WORDS: ReadonlyArray<readonly [RegExp, Currency]> = [
  [/^(?:kr\.?|kronor|sek|:-)$/i, 'SEK'],
  [/^(?:€|eur|euro)$/i, 'EUR'],
  [/^(?:\$|us\$|usd)$/i, 'USD'],
];
const PREFIX = /^(kr\.?|kronor|sek|€|eur|euro|us\$|\$|usd)\s*(?=[\d.,\-\u2212])/i;
const SUFFIX = /(?<=[\d.,])\s*(kr\.?|kronor|sek|€|eur|euro|us\$|\$|usd|:-)$/i;

const currencyOf = (word: string): Currency | null =>
  CURRENCY_WORDS.find(([pattern]) => pattern.test(word))?.[1] ?? null;

/** Removes one unit mark before or after the number; answers the bare number text and the currency it named. */
function stripUnit(text: string, unit: DecimalUnit): { number: string; currency: Currency | null } {
  if (unit === 'percent') return { number: text.replace(/\s*%$/, ''), currency: null };
  if (unit === 'none') return { number: text, currency: null };
  const suffix = SUFFIX.exec(text);
  if (suffix?.[1]) return { number: text.slice(0, suffix.index), currency: currencyOf(suffix[1]) };
  const prefix = PREFIX.exec(text);
  if (prefix?.[1]) return { number: text.slice(prefix[0].length), currency: currencyOf(prefix[1]) };
  return { number: text, currency: null };
}

const count = (text: string, char: string) => text.split(char).length - 1;

type Split = { whole: string; fraction: string; group: string | null };

/**
 * Which mark is the decimal one and which groups thousands: two different marks ("1.234,50", "1,234.50") → the
 * last is decimal; one mark repeated ("1.234.567") → grouping; one mark once → decimal, unless it stands before
 * exactly three digits after 1–3 digits not starting with 0 ("1.234", "12,345"): then it is ambiguous.
 */
function splitMarks(text: string): Result<Split, DecimalProblem> {
  const spaced = text.includes(' ');
  const commas = count(text, ',');
  const points = count(text, '.');
  if (commas > 0 && points > 0) {
    const decimal = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    if (count(text, decimal) > 1 || spaced) return fail('unreadable');
    const at = text.lastIndexOf(decimal);
    return ok({ whole: text.slice(0, at), fraction: text.slice(at + 1), group: decimal === ',' ? '.' : ',' });
  }
  if (commas + points > 1)
    return spaced ? fail('unreadable') : ok({ whole: text, fraction: '', group: commas ? ',' : '.' });
  if (commas + points === 0) return ok({ whole: text, fraction: '', group: spaced ? ' ' : null });
  const at = text.search(/[.,]/);
  const whole = text.slice(0, at);
  const fraction = text.slice(at + 1);
  if (!spaced && /^[1-9]\d{0,2}$/.test(whole) && /^\d{3}$/.test(fraction)) return fail('ambiguous');
  return ok({ whole, fraction, group: spaced ? ' ' : null });
}

/** The digits of the whole part: groups after the first must have exactly three digits, the first one to three. */
function wholeDigits(whole: string, group: string | null): string | null {
  if (group === null) return /^\d*$/.test(whole) ? whole : null;
  const groups = whole.split(group);
  const [first = '', ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || rest.some((part) => !/^\d{3}$/.test(part))) return null;
  return groups.join('');
}

/** Digits to an integer × 10^decimals, exactly (BigInt), or tooLarge beyond a safe integer. */
function scaled(whole: string, fraction: string, decimals: number): Result<number, DecimalProblem> {
  if (fraction.length > decimals) return fail('tooManyDecimals');
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 16) return fail('tooLarge');
  const value = BigInt(digits);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? fail('tooLarge') : ok(Number(value));
}

function parseMachine(text: string, rules: DecimalRules): Result<DecimalValue, DecimalProblem> {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return fail('unreadable');
  const value = scaled(match[1] ?? '', match[2] ?? '', rules.decimals);
  return value.ok ? ok({ value: value.value, currency: null }) : value;
}

/**
 * The one reader of decimal text in Kvitt (decision 034): what a Swede types or pastes ("1 234,50 kr", "1234.50",
 * "€ 12,5") to an exact integer × 10^decimals. Anything it cannot read for certain is refused with its reason;
 * nothing is rounded and no magnitude is guessed.
 */
export function parseDecimalText(text: string, rules: DecimalRules): Result<DecimalValue, DecimalProblem> {
  const trimmed = text.trim();
  if (trimmed === '') return fail('empty');
  if (rules.machine) return parseMachine(trimmed, rules);
  const minus = MINUS.exec(trimmed);
  const unsigned = minus ? trimmed.slice(minus[0].length) : trimmed;
  const { number, currency } = stripUnit(unsigned, rules.unit);
  const compact = number.trim().replace(GROUP_SPACE, ' ');
  if (!/^[\d.,]+(?: [\d.,]+)*$/.test(compact) || !/\d/.test(compact)) return fail('unreadable');
  const marks = splitMarks(compact);
  if (!marks.ok) return marks;
  const whole = wholeDigits(marks.value.whole, marks.value.group);
  if (whole === null || !/^\d*$/.test(marks.value.fraction)) return fail('unreadable');
  const value = scaled(whole, marks.value.fraction, rules.decimals);
  if (!value.ok) return value;
  if (minus && value.value !== 0 && !rules.signed) return fail('negative');
  return ok({ value: minus ? -value.value || 0 : value.value, currency });
}

const GROUP = '\u00a0';

/** Whole digits grouped by three with a no-break space, as sv-SE writes them ("1 234 567"). */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
}

export interface DecimalFormat {
  decimals: number;
  /** Drop trailing zeros of the fraction ("1,5" rather than "1,50"); otherwise all decimals or none when whole. */
  trimZeros?: boolean;
}

/**
 * An integer × 10^decimals as sv-SE text for a form field: grouped by no-break spaces, decimal comma ("1 234,50",
 * "1 234" when whole). A fraction of exactly three digits gets a fourth zero, so it never reads as ambiguous.
 */
export function formatDecimalText(value: number, format: DecimalFormat): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of units: ${value}`);
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(format.decimals + 1, '0');
  const whole = digits.slice(0, digits.length - format.decimals);
  let fraction = digits.slice(digits.length - format.decimals);
  if (format.trimZeros || /^0*$/.test(fraction)) fraction = fraction.replace(/0+$/, '');
  if (fraction.length === 3) fraction += '0';
  return `${sign}${grouped(whole)}${fraction ? `,${fraction}` : ''}`;
}
