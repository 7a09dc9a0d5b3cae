// Proves the custom periods' tiling rule on the web matches the server's (first day, no gap, no overlap, last day), the editor's starting quarters and next row, and which status changes a period allows.
import { describe, expect, it } from 'vitest';
import { nextPeriodRow, periodActions, quarterPlan, tilingErrors } from '../period-plan';
import { generateRequest } from '../period-form';

const calendar2026 = { startDate: '2026-01-01', endDate: '2026-12-31' };
const july2025 = { startDate: '2025-07-01', endDate: '2026-06-30' };
const quarters = [
  { name: 'Q1', startDate: '2026-01-01', endDate: '2026-03-31' },
  { name: 'Q2', startDate: '2026-04-01', endDate: '2026-06-30' },
  { name: 'Q3', startDate: '2026-07-01', endDate: '2026-09-30' },
  { name: 'Q4', startDate: '2026-10-01', endDate: '2026-12-31' },
];

describe('custom periods tiling', () => {
  it('accepts periods that cover the year exactly', () => {
    expect(tilingErrors(calendar2026, quarters)).toEqual([]);
    expect(tilingErrors(calendar2026, [{ name: 'Whole year', startDate: '2026-01-01', endDate: '2026-12-31' }])).toEqual([]);
  });

  it('names the row that leaves a gap and the date it must start on', () => {
    const gap = [quarters[0]!, quarters[2]!, quarters[3]!];
    expect(tilingErrors(calendar2026, gap)).toEqual([{ index: 1, field: 'startDate', message: 'Leaves a gap: must start on 2026-04-01' }]);
  });

  it('names the row that overlaps the one before', () => {
    const overlap = [quarters[0]!, { ...quarters[1]!, startDate: '2026-03-15' }, quarters[2]!, quarters[3]!];
    expect(tilingErrors(calendar2026, overlap)).toEqual([{ index: 1, field: 'startDate', message: 'Overlaps the period before: must start on 2026-04-01' }]);
  });

  it('needs the first period on the first day and the last on the last day, in the given date label', () => {
    const label = (iso: string) => iso.split('-').reverse().join('/');
    const late = [{ ...quarters[0]!, startDate: '2026-01-02' }, quarters[1]!, quarters[2]!, { ...quarters[3]!, endDate: '2026-12-30' }];
    expect(tilingErrors(calendar2026, late, label)).toEqual([
      { index: 0, field: 'startDate', message: 'Leaves a gap: must start on 01/01/2026' },
      { index: 3, field: 'endDate', message: 'The last period must end on 31/12/2026' },
    ]);
  });

  it('refuses a period that ends before it starts or after the year, a missing name or date, and an empty list', () => {
    expect(tilingErrors(calendar2026, [quarters[0]!, { name: 'Q2', startDate: '2026-04-01', endDate: '2026-03-01' }])).toContainEqual({ index: 1, field: 'endDate', message: 'Ends before it starts' });
    expect(tilingErrors(calendar2026, [{ name: 'All', startDate: '2026-01-01', endDate: '2027-01-31' }])).toEqual([{ index: 0, field: 'endDate', message: 'Ends after the fiscal year (2026-12-31)' }]);
    expect(tilingErrors(calendar2026, [{ ...quarters[0]!, name: '  ' }, quarters[1]!, quarters[2]!, quarters[3]!])).toEqual([{ index: 0, field: 'name', message: 'Please supply a name' }]);
    expect(tilingErrors(calendar2026, [quarters[0]!, { ...quarters[1]!, startDate: '' }, quarters[2]!, quarters[3]!])).toEqual([{ index: 1, field: 'startDate', message: 'Please supply a start date' }]);
    expect(tilingErrors(calendar2026, [])).toEqual([{ message: 'Give at least one period' }]);
  });

  it('starts the editor from quarters that tile the year, also for a year starting in July', () => {
    expect(quarterPlan(calendar2026)).toEqual(quarters);
    const fiscal = quarterPlan(july2025);
    expect(fiscal.map((row) => [row.startDate, row.endDate])).toEqual([
      ['2025-07-01', '2025-09-30'],
      ['2025-10-01', '2025-12-31'],
      ['2026-01-01', '2026-03-31'],
      ['2026-04-01', '2026-06-30'],
    ]);
    expect(tilingErrors(july2025, fiscal)).toEqual([]);
  });

  it('adds a row from the day after the last one, a month long and within the year', () => {
    expect(nextPeriodRow(calendar2026, quarters.slice(0, 1))).toEqual({ name: 'P2', startDate: '2026-04-01', endDate: '2026-04-30' });
    expect(nextPeriodRow(calendar2026, [{ name: 'Most', startDate: '2026-01-01', endDate: '2026-12-15' }])).toEqual({ name: 'P2', startDate: '2026-12-16', endDate: '2026-12-31' });
  });

  it('sends the custom rows trimmed, and nothing else for monthly', () => {
    expect(generateRequest({ pattern: 'monthly', periods: quarters })).toEqual({ pattern: 'monthly' });
    expect(generateRequest({ pattern: 'custom', periods: [{ ...quarters[0]!, name: ' Q1 ' }] })).toEqual({ pattern: 'custom', periods: [quarters[0]] });
  });
});

describe('period status changes', () => {
  it('moves Open and Closed between each other, locks either, and never changes a locked period', () => {
    expect(periodActions('Open').map((action) => action.label)).toEqual(['Close', 'Lock']);
    expect(periodActions('Closed').map((action) => action.label)).toEqual(['Open', 'Lock']);
    expect(periodActions('Locked')).toEqual([]);
  });
});
