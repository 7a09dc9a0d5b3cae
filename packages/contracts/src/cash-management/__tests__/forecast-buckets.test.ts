// The buckets of a cash-flow forecast: days, ISO weeks (Monday to Sunday, the first one partial) and
// calendar months (the first one partial, each ending on its last day), across month ends, a leap
// February and a year end.
import { describe, expect, it } from 'vitest';
import { forecastBuckets } from '../forecast';

const spans = (start: string, g: 'Day' | 'Week' | 'Month', n: number) => forecastBuckets(start, g, n).map((b) => [b.from, b.to]);

describe('forecast buckets', () => {
  it('counts days across a month end and a year end', () => {
    expect(spans('2026-12-30', 'Day', 4)).toEqual([['2026-12-30', '2026-12-30'], ['2026-12-31', '2026-12-31'], ['2027-01-01', '2027-01-01'], ['2027-01-02', '2027-01-02']]);
  });

  it('ends the first week on its Sunday and keeps a week across the year end whole', () => {
    expect(spans('2026-12-30', 'Week', 3)).toEqual([['2026-12-30', '2027-01-03'], ['2027-01-04', '2027-01-10'], ['2027-01-11', '2027-01-17']]);
    expect(spans('2026-03-02', 'Week', 2)).toEqual([['2026-03-02', '2026-03-08'], ['2026-03-09', '2026-03-15']]);
    expect(spans('2026-03-08', 'Week', 2)).toEqual([['2026-03-08', '2026-03-08'], ['2026-03-09', '2026-03-15']]);
  });

  it('ends each month on its last day, a leap February included', () => {
    expect(spans('2028-01-31', 'Month', 3)).toEqual([['2028-01-31', '2028-01-31'], ['2028-02-01', '2028-02-29'], ['2028-03-01', '2028-03-31']]);
    expect(spans('2026-11-15', 'Month', 3)).toEqual([['2026-11-15', '2026-11-30'], ['2026-12-01', '2026-12-31'], ['2027-01-01', '2027-01-31']]);
  });

  it('numbers buckets from 0', () => {
    expect(forecastBuckets('2026-01-01', 'Day', 3).map((b) => b.index)).toEqual([0, 1, 2]);
  });
});
