// Proves period generation: calendar and odd fiscal years are tiled by regular periods with no gap or overlap, plus opening and adjustment periods.
import { describe, expect, it } from 'vitest';
import { customPeriods, monthlyPeriods } from '../periods';

const regular = (plan: ReturnType<typeof monthlyPeriods>) => plan.filter((p) => p.type === 'Regular');
const nextDay = (s: string) => new Date(Date.parse(`${s}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('monthly periods', () => {
  it('gives a calendar year twelve months, an opening and an adjustment period', () => {
    const plan = monthlyPeriods('2026-01-01', '2026-12-31');
    expect(plan).toHaveLength(14);
    expect(plan[0]).toEqual({ periodNo: 0, name: 'Opening', startDate: '2026-01-01', endDate: '2026-01-01', type: 'Opening' });
    expect(plan[2]).toEqual({ periodNo: 2, name: 'Feb 2026', startDate: '2026-02-01', endDate: '2026-02-28', type: 'Regular' });
    expect(plan[13]).toEqual({ periodNo: 13, name: 'Adjustment', startDate: '2026-12-31', endDate: '2026-12-31', type: 'Adjustment' });
  });

  it('runs a July year from Jul to Jun across the leap day', () => {
    const plan = regular(monthlyPeriods('2027-07-01', '2028-06-30'));
    expect(plan.map((p) => p.name)).toEqual(['Jul 2027', 'Aug 2027', 'Sep 2027', 'Oct 2027', 'Nov 2027', 'Dec 2027', 'Jan 2028', 'Feb 2028', 'Mar 2028', 'Apr 2028', 'May 2028', 'Jun 2028']);
    expect(plan.find((p) => p.name === 'Feb 2028')!.endDate).toBe('2028-02-29');
  });

  it.each([
    ['2026-01-01', '2026-12-31'],
    ['2026-04-06', '2027-04-05'],
    ['2026-07-01', '2027-06-30'],
    ['2026-10-15', '2027-03-31'],
    ['2025-03-01', '2026-08-31'],
  ])('tiles %s..%s with no gap or overlap', (start, end) => {
    const plan = regular(monthlyPeriods(start, end));
    expect(plan[0]!.startDate).toBe(start);
    expect(plan.at(-1)!.endDate).toBe(end);
    for (let i = 1; i < plan.length; i++) expect(plan[i]!.startDate).toBe(nextDay(plan[i - 1]!.endDate));
    expect(plan.map((p) => p.periodNo)).toEqual(plan.map((_, i) => i + 1));
  });

  it('refuses a year that ends before it starts', () => {
    expect(() => monthlyPeriods('2026-12-31', '2026-01-01')).toThrow(/ends after it starts/);
  });
});

describe('custom periods', () => {
  it('accepts periods that tile the year and refuses gaps, overlaps and short coverage', () => {
    const ok = customPeriods('2026-01-01', '2026-12-31', [
      { name: 'H1', startDate: '2026-01-01', endDate: '2026-06-30' },
      { name: 'H2', startDate: '2026-07-01', endDate: '2026-12-31' },
    ]);
    expect(Array.isArray(ok) && ok.map((p) => `${p.periodNo}:${p.name}:${p.type}`)).toEqual(['0:Opening:Opening', '1:H1:Regular', '2:H2:Regular', '3:Adjustment:Adjustment']);
    expect(customPeriods('2026-01-01', '2026-12-31', [{ name: 'A', startDate: '2026-01-02', endDate: '2026-12-31' }])).toBe('Period 1 must start on 2026-01-01');
    expect(customPeriods('2026-01-01', '2026-12-31', [{ name: 'A', startDate: '2026-01-01', endDate: '2026-06-30' }, { name: 'B', startDate: '2026-06-30', endDate: '2026-12-31' }])).toBe('Period 2 must start on 2026-07-01');
    expect(customPeriods('2026-01-01', '2026-12-31', [{ name: 'A', startDate: '2026-01-01', endDate: '2026-11-30' }])).toBe('The last period must end on 2026-12-31');
  });
});
