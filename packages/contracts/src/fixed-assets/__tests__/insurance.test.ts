// The pure parts of the insurance schedules (issue 18): premium instalments split to the minor unit
// with the remainder on the last, summing to the premium exactly; the term of a renewal.
import { describe, expect, it } from 'vitest';
import { premiumFrequencies, premiumInstalments, renewalTerm } from '../insurance';

const amounts = (rows: { amountMinor: bigint }[]) => rows.map((r) => r.amountMinor);

describe('premiumInstalments', () => {
  it('splits 1000.00 in 12 monthly instalments as 83.33 × 11 and 83.37, on the start day of each month', () => {
    const monthly = premiumInstalments(100_000n, 'Monthly', '2026-01-01', '2026-12-31');
    expect(amounts(monthly)).toEqual([...Array<bigint>(11).fill(8333n), 8337n]);
    expect(monthly.map((i) => i.dueDate)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01', '2026-12-01']);
  });

  it('steps a start on the 31st to the months’ last days and back, within the term', () => {
    expect(premiumInstalments(100n, 'Quarterly', '2026-01-31', '2027-01-30').map((i) => [i.dueDate, i.amountMinor])).toEqual([['2026-01-31', 25n], ['2026-04-30', 25n], ['2026-07-31', 25n], ['2026-10-31', 25n]]);
    expect(premiumInstalments(600n, 'Monthly', '2024-01-31', '2024-03-31').map((i) => i.dueDate)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
  });

  it('gives the remainder to the last, even when the others are zero; Once is one instalment; a term shorter than a step is one', () => {
    expect(amounts(premiumInstalments(1n, 'Half-yearly', '2026-01-01', '2026-12-31'))).toEqual([0n, 1n]);
    expect(premiumInstalments(99_999n, 'Once', '2026-01-01', '2028-12-31')).toEqual([{ dueDate: '2026-01-01', amountMinor: 99_999n }]);
    expect(amounts(premiumInstalments(100_000n, 'Yearly', '2026-03-15', '2029-03-14'))).toEqual([33_333n, 33_333n, 33_334n]);
    expect(premiumInstalments(5000n, 'Yearly', '2026-03-15', '2026-06-30')).toEqual([{ dueDate: '2026-03-15', amountMinor: 5000n }]);
  });

  it('always sums to the premium exactly, no instalment negative or above it, due dates increasing within the term', () => {
    const premiums = [0n, 1n, 7n, 99n, 100n, 101n, 99_999n, 100_000n, 123_456_789n, 999_999_999_999_999n];
    const terms: [string, string][] = [['2026-01-01', '2026-12-31'], ['2026-02-28', '2028-02-27'], ['2024-02-29', '2025-02-28'], ['2026-05-31', '2036-05-30'], ['2026-07-15', '2026-07-15']];
    for (const premium of premiums) {
      for (const f of premiumFrequencies) {
        for (const [start, expiry] of terms) {
          const rows = premiumInstalments(premium, f, start, expiry);
          expect(rows.reduce((s, r) => s + r.amountMinor, 0n)).toBe(premium);
          expect(rows.every((r) => r.amountMinor >= 0n && r.amountMinor <= premium)).toBe(true);
          expect(rows.every((r, i) => r.dueDate >= start && r.dueDate <= expiry && (i === 0 || r.dueDate > rows[i - 1]!.dueDate))).toBe(true);
          const each = rows[0]!.amountMinor;
          expect(rows.slice(0, -1).every((r) => r.amountMinor === each)).toBe(true);
        }
      }
    }
  });

  it('refuses a negative premium and an expiry before the start', () => {
    expect(() => premiumInstalments(-1n, 'Monthly', '2026-01-01', '2026-12-31')).toThrow(/not negative/);
    expect(() => premiumInstalments(1n, 'Monthly', '2026-01-02', '2026-01-01')).toThrow(/on or after the start/);
  });
});

describe('renewalTerm', () => {
  it('starts the day after the expiry over the same whole months, leap years included', () => {
    expect(renewalTerm('2026-01-01', '2026-12-31')).toEqual({ startDate: '2027-01-01', expiryDate: '2027-12-31' });
    expect(renewalTerm('2026-03-01', '2027-02-28')).toEqual({ startDate: '2027-03-01', expiryDate: '2028-02-29' });
    expect(renewalTerm('2026-07-01', '2026-09-30')).toEqual({ startDate: '2026-10-01', expiryDate: '2026-12-31' });
  });

  it('keeps the number of days of a term that is no whole number of months', () => {
    expect(renewalTerm('2026-01-10', '2026-02-20')).toEqual({ startDate: '2026-02-21', expiryDate: '2026-04-03' });
  });
});
