/*
 * Custom accounting periods on the web: the rows the editor starts from, and the tiling rule the
 * server applies (apps/api ledger periods.ts customPeriods): the regular periods cover the fiscal
 * year exactly, in order, with no gap and no overlap. Checked here so the form says which row is
 * wrong before anything is sent; the server checks again. Also which status changes a period allows.
 */
import type { CustomPeriod, PeriodStatus } from './setup-api';

export type FiscalYearSpan = { startDate: string; endDate: string };
/** A row's field that is wrong; no index: the list as a whole (none, or too many). */
export type PeriodRowError = { index?: number; field?: keyof CustomPeriod; message: string };

/** The server's limit on custom periods (ledger-setup.routes.ts). */
export const CUSTOM_PERIODS_MAX = 36;
export const PERIOD_NAME_MAX = 40;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const isIsoDate = (text: string) => ISO_DATE.test(text) && !Number.isNaN(day(text).getTime()) && iso(day(text)) === text;

/** The ISO date n days after (or before) another. */
export function addDays(date: string, n: number): string {
  return iso(new Date(day(date).getTime() + n * DAY_MS));
}

/** The day before the same day-of-month n months later (a month-long span from `date`), clipped to month ends. */
function monthsAfter(date: string, n: number): string {
  const d = day(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return addDays(iso(target), -1);
}

/** Where the custom editor starts: quarters from the first day of the year, the last one ending with the year. */
export function quarterPlan(year: FiscalYearSpan): CustomPeriod[] {
  const rows: CustomPeriod[] = [];
  let start = year.startDate;
  while (start <= year.endDate && rows.length < CUSTOM_PERIODS_MAX) {
    const end = monthsAfter(start, 3);
    rows.push({ name: `Q${rows.length + 1}`, startDate: start, endDate: end < year.endDate ? end : year.endDate });
    start = addDays(rows.at(-1)!.endDate, 1);
  }
  return rows;
}

/** A row added below the last one: from the day after it, a month long, within the year. */
export function nextPeriodRow(year: FiscalYearSpan, rows: readonly CustomPeriod[]): CustomPeriod {
  const last = rows.at(-1);
  const start = last && isIsoDate(last.endDate) ? addDays(last.endDate, 1) : year.startDate;
  const end = monthsAfter(start, 1);
  return { name: `P${rows.length + 1}`, startDate: start, endDate: end < year.endDate ? end : year.endDate };
}

/**
 * Every reason the rows do not tile the fiscal year, by row and field. `dateLabel` renders a date
 * for the message (the company's format); the first row starts on the year's first day, each next
 * row on the day after the previous one ends, and the last ends on the year's last day.
 */
export function tilingErrors(year: FiscalYearSpan, rows: readonly CustomPeriod[], dateLabel: (iso: string) => string = (date) => date): PeriodRowError[] {
  const errors: PeriodRowError[] = [];
  if (rows.length === 0) return [{ message: 'Give at least one period' }];
  if (rows.length > CUSTOM_PERIODS_MAX) errors.push({ message: `At most ${CUSTOM_PERIODS_MAX} periods` });
  let expected: string | undefined = year.startDate;
  rows.forEach((row, index) => {
    const name = row.name.trim();
    if (!name) errors.push({ index, field: 'name', message: 'Please supply a name' });
    else if (name.length > PERIOD_NAME_MAX) errors.push({ index, field: 'name', message: `At most ${PERIOD_NAME_MAX} characters` });
    const startValid = isIsoDate(row.startDate);
    const endValid = isIsoDate(row.endDate);
    if (!startValid) errors.push({ index, field: 'startDate', message: 'Please supply a start date' });
    else if (expected !== undefined && row.startDate !== expected) {
      errors.push({ index, field: 'startDate', message: row.startDate < expected ? `Overlaps the period before: must start on ${dateLabel(expected)}` : `Leaves a gap: must start on ${dateLabel(expected)}` });
    }
    if (!endValid) errors.push({ index, field: 'endDate', message: 'Please supply an end date' });
    else if (startValid && row.endDate < row.startDate) errors.push({ index, field: 'endDate', message: 'Ends before it starts' });
    else if (row.endDate > year.endDate) errors.push({ index, field: 'endDate', message: `Ends after the fiscal year (${dateLabel(year.endDate)})` });
    else if (index === rows.length - 1 && row.endDate !== year.endDate) errors.push({ index, field: 'endDate', message: `The last period must end on ${dateLabel(year.endDate)}` });
    // After a row with no valid end the next start cannot be checked against it.
    expected = endValid ? addDays(row.endDate, 1) : undefined;
  });
  return errors;
}

export type PeriodAction = { status: PeriodStatus; label: 'Open' | 'Close' | 'Lock' };

/** Open and Closed periods move between each other; either may be locked; a locked period never changes again. */
export function periodActions(status: PeriodStatus): PeriodAction[] {
  if (status === 'Open') return [{ status: 'Closed', label: 'Close' }, { status: 'Locked', label: 'Lock' }];
  if (status === 'Closed') return [{ status: 'Open', label: 'Open' }, { status: 'Locked', label: 'Lock' }];
  return [];
}
