// Proves the recurring-journal calendar: every frequency and interval, month-end clamping without drift, leap years, end date and count limits, and that the next date is always the first grid date after any day.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nextOccurrenceAfter, occurrenceDate, recurringFrequencies, upcomingDates, utcCalendarDate, withinEnd, type ScheduleRule } from '../recurring-dates';

const rule = (frequency: ScheduleRule['frequency'], startDate: string, interval = 1): ScheduleRule => ({ frequency, interval, startDate });
const grid = (r: ScheduleRule, n: number) => Array.from({ length: n }, (_, k) => occurrenceDate(r, k));
const open = { endDate: null, occurrencesLeft: null };

describe('occurrence dates', () => {
  it('steps by days and weeks, across month and year ends', () => {
    expect(grid(rule('Daily', '2026-12-30'), 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(grid(rule('Daily', '2026-02-27', 3), 3)).toEqual(['2026-02-27', '2026-03-02', '2026-03-05']);
    expect(grid(rule('Weekly', '2026-03-02', 2), 4)).toEqual(['2026-03-02', '2026-03-16', '2026-03-30', '2026-04-13']);
  });

  it('keeps the start day of the month, clamped to short months, without drifting', () => {
    expect(grid(rule('Monthly', '2026-01-31'), 5)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(grid(rule('Monthly', '2027-12-31', 2), 3)).toEqual(['2027-12-31', '2028-02-29', '2028-04-30']);
    expect(grid(rule('Quarterly', '2026-11-30'), 4)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30']);
    expect(grid(rule('Yearly', '2024-02-29'), 5)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(grid(rule('Monthly', '2026-03-15', 12), 2)).toEqual(grid(rule('Yearly', '2026-03-15'), 2));
  });

  it('refuses an interval that is not a whole number of at least 1', () => {
    expect(() => occurrenceDate(rule('Daily', '2026-01-01', 0), 1)).toThrow('The interval is a whole number of at least 1');
    expect(() => nextOccurrenceAfter(rule('Monthly', '2026-01-01', 1.5), '2026-02-01')).toThrow('The interval is a whole number of at least 1');
    expect(() => occurrenceDate(rule('Daily', '2026-1-1'), 1)).toThrow('2026-1-1 is not an ISO date');
  });
});

describe('the next date after a day', () => {
  it('is the start date before the start, the next grid date after any later day', () => {
    const monthly = rule('Monthly', '2026-01-31');
    expect(nextOccurrenceAfter(monthly, '2025-06-01')).toBe('2026-01-31');
    expect(nextOccurrenceAfter(monthly, '2026-01-31')).toBe('2026-02-28');
    expect(nextOccurrenceAfter(monthly, '2026-02-28')).toBe('2026-03-31');
    expect(nextOccurrenceAfter(monthly, '2026-03-30')).toBe('2026-03-31');
    expect(nextOccurrenceAfter(rule('Quarterly', '2026-02-15'), '2026-02-15')).toBe('2026-05-15');
    expect(nextOccurrenceAfter(rule('Weekly', '2026-03-02', 2), '2026-03-03')).toBe('2026-03-16');
    expect(nextOccurrenceAfter(rule('Yearly', '2024-02-29'), '2027-03-01')).toBe('2028-02-29');
  });

  it('for any rule and day: lies on the grid, after the day, with no grid date skipped', () => {
    const day = fc.integer({ min: 0, max: 365 * 60 }).map((n) => utcCalendarDate(new Date(Date.UTC(1990, 0, 1) + n * 86_400_000)));
    const anyRule = fc.record({ frequency: fc.constantFrom(...recurringFrequencies), interval: fc.integer({ min: 1, max: 13 }), startDate: day });
    fc.assert(
      fc.property(anyRule, day, (r, d) => {
        const next = nextOccurrenceAfter(r, d);
        expect(next > d || (d < r.startDate && next === r.startDate)).toBe(true);
        let k = 0;
        while (occurrenceDate(r, k) < next) {
          expect(occurrenceDate(r, k) <= d).toBe(true);
          k++;
        }
        expect(occurrenceDate(r, k)).toBe(next);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the end of a schedule', () => {
  it('stops after the end date, inclusive of it', () => {
    const r = rule('Monthly', '2026-01-31');
    expect(upcomingDates(r, { nextDate: '2026-01-31', endDate: '2026-04-30', occurrencesLeft: null }, 10)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(upcomingDates(r, { nextDate: '2026-01-31', endDate: '2026-04-29', occurrencesLeft: null }, 10)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(withinEnd({ endDate: '2026-04-30', occurrencesLeft: null }, '2026-04-30')).toBe(true);
    expect(withinEnd({ endDate: '2026-04-30', occurrencesLeft: null }, '2026-05-01')).toBe(false);
  });

  it('stops after the occurrences left, and with none once completed', () => {
    const r = rule('Weekly', '2026-03-02', 2);
    expect(upcomingDates(r, { nextDate: '2026-03-16', endDate: null, occurrencesLeft: 2 }, 10)).toEqual(['2026-03-16', '2026-03-30']);
    expect(upcomingDates(r, { nextDate: '2026-03-16', endDate: null, occurrencesLeft: 0 }, 10)).toEqual([]);
    expect(upcomingDates(r, { nextDate: null, ...open }, 10)).toEqual([]);
    expect(upcomingDates(r, { nextDate: '2026-03-02', ...open }, 3)).toEqual(['2026-03-02', '2026-03-16', '2026-03-30']);
  });

  it('counts the day in UTC, whatever the time of day', () => {
    expect(utcCalendarDate(new Date('2026-03-31T23:59:59.999Z'))).toBe('2026-03-31');
    expect(utcCalendarDate(new Date('2026-04-01T00:30:00+02:00'))).toBe('2026-03-31');
  });
});
