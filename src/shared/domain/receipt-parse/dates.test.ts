import { describe, expect, it } from 'vitest';
import { datesInText, findDate, isoDate } from './dates.ts';
import { toLines } from './lines.ts';

const TODAY = '2026-01-31';
const date = (text: string, language: 'sv' | 'de' | 'fi' | 'en' | null = 'sv', today = TODAY) =>
  findDate(toLines(text), language, today);

describe('datesInText', () => {
  it('reads the formats Swedish tills print', () => {
    expect(datesInText('2019-09-25 11:09:22', 'sv')).toEqual(['2019-09-25']);
    expect(datesInText('Kvitto 0042 23-11-04 10:05', 'sv')).toEqual(['2023-11-04']);
    expect(datesInText('190925 110909', 'sv')).toEqual(['2019-09-25']);
    expect(datesInText('25 sep 2019', 'sv')).toEqual(['2019-09-25']);
    expect(datesInText('260523 1432', 'sv')).toEqual(['2026-05-23']);
    expect(datesInText('260523 14:32', 'sv')).toEqual(['2026-05-23']);
    expect(datesInText('23/5 -26 kl 14:32', 'sv')).toEqual(['2026-05-23']);
    expect(datesInText('Datum: 2026-05-23   Tid: 14:32', 'sv')).toEqual(['2026-05-23']);
    expect(datesInText('Kvitto: 41234  2026-05-23 14:32', 'sv')).toEqual(['2026-05-23']);
    expect(datesInText('23 maj 2026 14:32', 'sv')).toEqual(['2026-05-23']);
  });

  it('reads a dashed two-digit-year date year first on Swedish receipts, a dotted one day first', () => {
    expect(datesInText('26-05-23 14:32', 'sv')).toEqual(['2026-05-23']);
    expect(datesInText('23.05.26 14:32', 'sv')).toEqual(['2026-05-23']);
    expect(datesInText('0203 216753/05 18.09.25 17:48', 'sv', TODAY, { dottedYearFirst: true })).toEqual([
      '2018-09-25',
    ]);
    expect(datesInText('24.02.20 14:52', 'de')).toEqual(['2020-02-24']);
    expect(datesInText('08/03/18', 'en')).toEqual(['2018-03-08']);
  });

  it('falls back to the other order when the preferred one is no calendar date or lies in the future', () => {
    expect(datesInText('15.06.31', 'sv')).toEqual(['2031-06-15']);
    expect(datesInText('31.12.19', 'sv', TODAY)).toEqual(['2019-12-31']);
  });

  it('reads day-first dates with four-digit years, single digits and OCR commas', () => {
    expect(datesInText('9:41 3.8.2024', 'fi')).toEqual(['2024-08-03']);
    expect(datesInText('Datum 6.05,2020', 'de')).toEqual(['2020-05-06']);
  });

  it('ignores prices, times and phone numbers', () => {
    expect(datesInText('Kaffe 22.00', 'sv')).toEqual([]);
    expect(datesInText('Tel: 052 51/68 90 80', 'de')).toEqual([]);
    expect(datesInText('Terminal 20520769', 'sv')).toEqual([]);
  });
});

describe('findDate', () => {
  it('reads "22/10 -25 kl 07:22" whose slash OCR read as a digit or a letter, with the time after it', () => {
    expect(date('Pressbyrån\n22110 -25 kl 07:22\nKaffe 35,00')).toBe('2025-10-22');
    expect(date('3l12 -25 10:01')).toBe('2025-12-03');
    // A slanted slash read as a 5: only 12/4 of the ways to cut "1254" is a calendar date.
    expect(date('Max Sickla\n1254-25 kl 08:34')).toBe('2025-04-12');
    // Without the time after it, or with two ways to cut the digits, a run of digits is no date.
    expect(date('Kvitto 22110 -25')).toBeNull();
    expect(date('1111 -25 kl 10:00')).toBeNull();
  });

  it('never returns a date after the upload day', () => {
    expect(date('Datum 2026-02-01', 'sv')).toBeNull();
    expect(date('Datum 2026-01-31', 'sv')).toBe('2026-01-31');
  });

  it('prefers the date printed beside a time over other dates', () => {
    expect(date('Giltig till 2025-12-31\nKöp 2025-03-02 14:11\n', 'sv')).toBe('2025-03-02');
  });

  it('skips best-before and expiry dates', () => {
    expect(date('Bäst före 2025-04-01\n', 'sv')).toBeNull();
  });

  it('does not believe dates more than twenty years old', () => {
    expect(date('1999-01-01 10:00')).toBeNull();
  });

  it('repairs letters OCR reads into a date', () => {
    expect(date('Kvitto 23-1l-O4 10:05')).toBe('2023-11-04');
    expect(date('13/3 -2S KI 16:54', 'sv')).toBe('2025-03-13');
  });

  it('repairs one confused digit of a date that is no calendar date, when only one repair fits', () => {
    expect(date('Kassa 4 31.19.2024 12:00', 'de')).toBe('2024-10-31');
    expect(date('Kassa 4 33.33.2024 12:00', 'de')).toBeNull();
  });

  it('trusts a clean date over one repaired from a confused digit', () => {
    expect(date('31.19.2024 12:00\nDatum 03.10.2024 12:00', 'de')).toBe('2024-10-03');
  });

  it('reads an ISO date whose first dash OCR read as a space', () => {
    expect(date('2024 03-15 14:22', 'sv')).toBe('2024-03-15');
  });

  it('prefers a date of the last two years over an older one when nothing else decides', () => {
    expect(date('Köp 2025-06-01\nKöp 2019-06-01', 'sv')).toBe('2025-06-01');
  });
});

describe('isoDate', () => {
  it('refuses days that do not exist and accepts leap days', () => {
    expect(isoDate(2023, 2, 29)).toBeNull();
    expect(isoDate(2024, 2, 29)).toBe('2024-02-29');
    expect(isoDate(2024, 13, 1)).toBeNull();
  });
});
