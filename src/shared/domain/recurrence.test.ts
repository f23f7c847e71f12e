import { describe, expect, it } from 'vitest';
import { dueOccurrences, nextOccurrence, occurrenceDate } from './recurrence.ts';

const dates = (start: string, frequency: 'weekly' | 'monthly' | 'yearly', count: number) =>
  Array.from({ length: count }, (_, i) => occurrenceDate(start, frequency, i));

describe('occurrenceDate', () => {
  it('adds seven days a week across month and year ends', () => {
    expect(dates('2026-12-24', 'weekly', 3)).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
  });

  it('puts a monthly series started on the 31st on the last day of shorter months and back on the 31st after', () => {
    expect(dates('2026-01-31', 'monthly', 5)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(occurrenceDate('2027-12-31', 'monthly', 2)).toBe('2028-02-29');
  });

  it('keeps the start day when a monthly series crosses a new year', () => {
    expect(dates('2026-11-15', 'monthly', 3)).toEqual(['2026-11-15', '2026-12-15', '2027-01-15']);
  });

  it('puts a yearly series started on 29 February on 28 February in other years', () => {
    expect(dates('2028-02-29', 'yearly', 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });
});

describe('dueOccurrences', () => {
  const monthly = { startDate: '2026-01-31', frequency: 'monthly' as const, endDate: null };

  it('lists what is due up to today, today included, from the given index', () => {
    expect(dueOccurrences(monthly, 1, '2026-04-30')).toEqual([
      { index: 1, date: '2026-02-28' },
      { index: 2, date: '2026-03-31' },
      { index: 3, date: '2026-04-30' },
    ]);
    expect(dueOccurrences(monthly, 1, '2026-02-27')).toEqual([]);
  });

  it('stops at the end date, which may itself be an occurrence', () => {
    const ending = { ...monthly, endDate: '2026-03-31' };
    expect(dueOccurrences(ending, 0, '2026-12-31').map((o) => o.date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(nextOccurrence(ending, 3)).toBeNull();
    expect(nextOccurrence(ending, 2)).toBe('2026-03-31');
  });

  it('creates at most the limit in one pass', () => {
    expect(
      dueOccurrences({ startDate: '2020-01-01', frequency: 'weekly', endDate: null }, 0, '2026-01-01', 10),
    ).toHaveLength(10);
  });
});
