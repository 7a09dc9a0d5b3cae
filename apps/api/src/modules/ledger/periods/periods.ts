import { strict as assert } from 'node:assert';
import type { periodTypes } from '@erp/contracts';

export type PeriodPlan = { periodNo: number; name: string; startDate: string; endDate: string; type: (typeof periodTypes)[number] };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const iso = (d: Date) => d.toISOString().slice(0, 10);
const day = (s: string) => new Date(`${s}T00:00:00Z`);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/**
 * The periods of a fiscal year: an opening period on its first day (opening balances), one
 * regular period per calendar month from the start (a year starting in July runs Jul..Jun; a
 * start mid-month gives month-long periods from that day), and an adjustment period on its last
 * day (year-end entries). Regular periods cover the year with no gap and no overlap.
 */
export function monthlyPeriods(startDate: string, endDate: string): PeriodPlan[] {
  const start = day(startDate);
  const end = day(endDate);
  assert(end > start, 'a fiscal year ends after it starts');
  const plan: PeriodPlan[] = [{ periodNo: 0, name: 'Opening', startDate, endDate: startDate, type: 'Opening' }];
  let cursor = start;
  let n = 1;
  while (cursor <= end) {
    const monthEnd = start.getUTCDate() === 1 ? new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 0)) : addDays(new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, start.getUTCDate())), -1);
    const periodEnd = monthEnd < end ? monthEnd : end;
    plan.push({ periodNo: n, name: `${MONTHS[cursor.getUTCMonth()]} ${cursor.getUTCFullYear()}`, startDate: iso(cursor), endDate: iso(periodEnd), type: 'Regular' });
    cursor = addDays(periodEnd, 1);
    n += 1;
    assert(n < 40, 'a fiscal year has at most 38 monthly periods');
  }
  plan.push({ periodNo: n, name: 'Adjustment', startDate: endDate, endDate, type: 'Adjustment' });
  return plan;
}

/** Custom regular periods must tile the fiscal year exactly: in order, no gap, no overlap. */
export function customPeriods(startDate: string, endDate: string, periods: { name: string; startDate: string; endDate: string }[]): PeriodPlan[] | string {
  if (periods.length === 0) return 'Give at least one period';
  let expected = startDate;
  for (const [i, p] of periods.entries()) {
    if (p.startDate !== expected) return `Period ${i + 1} must start on ${expected}`;
    if (p.endDate < p.startDate) return `Period ${i + 1} ends before it starts`;
    expected = iso(addDays(day(p.endDate), 1));
  }
  if (periods.at(-1)!.endDate !== endDate) return `The last period must end on ${endDate}`;
  return [
    { periodNo: 0, name: 'Opening', startDate, endDate: startDate, type: 'Opening' },
    ...periods.map((p, i) => ({ periodNo: i + 1, name: p.name, startDate: p.startDate, endDate: p.endDate, type: 'Regular' as const })),
    { periodNo: periods.length + 1, name: 'Adjustment', startDate: endDate, endDate, type: 'Adjustment' },
  ];
}
