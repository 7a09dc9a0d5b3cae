// Proves the trial balance's as-of range: from the start of the fiscal year holding the day (the year to date), or from 1 January when no year holds it.
import { describe, expect, it } from 'vitest';
import { asOfRange } from '../components/TrialBalanceFilters';

const years = [
  { code: 'FY2025', startDate: '2025-07-01', endDate: '2026-06-30' },
  { code: 'FY2026', startDate: '2026-07-01', endDate: '2027-06-30' },
];

describe('as-of range', () => {
  it('starts at the fiscal year that holds the day, on its first and last day too', () => {
    expect(asOfRange('2026-03-15', years)).toEqual({ from: '2025-07-01', to: '2026-03-15' });
    expect(asOfRange('2026-07-01', years)).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(asOfRange('2026-06-30', years)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
  });

  it('starts on 1 January when no fiscal year holds the day', () => {
    expect(asOfRange('2031-05-20', years)).toEqual({ from: '2031-01-01', to: '2031-05-20' });
  });
});
