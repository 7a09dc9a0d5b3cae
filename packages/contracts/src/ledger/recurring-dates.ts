/*
 * The calendar of a recurring journal, shared by the API (which occurrences are due) and the web
 * form (the preview of the next dates). Dates are ISO calendar dates ('YYYY-MM-DD') computed in
 * UTC, so no time zone or daylight-saving change can move a day.
 *
 * Every date lies on a grid anchored on the start date: occurrence k is the start plus k steps.
 * Monthly, quarterly and yearly steps keep the start's day of the month and clamp it to the
 * month's last day (a schedule starting on 31 January falls on 28 or 29 February, then on
 * 31 March again), so a short month never makes the schedule drift.
 */

export const recurringFrequencies = ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly'] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];

/** The grid of a schedule: its first date, how often and every how many of those it repeats. */
export type ScheduleRule = { frequency: RecurringFrequency; interval: number; startDate: string };

/** Where a schedule stands: the next date to generate, its end and how many it may still make. */
export type ScheduleState = { nextDate: string | null; endDate: string | null; occurrencesLeft: number | null };

const DAY_MS = 86_400_000;
const daysOfStep: Partial<Record<RecurringFrequency, number>> = { Daily: 1, Weekly: 7 };
const monthsOfStep: Partial<Record<RecurringFrequency, number>> = { Monthly: 1, Quarterly: 3, Yearly: 12 };

type Ymd = { y: number; m: number; d: number };

function parts(iso: string): Ymd {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`${iso} is not an ISO date`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const iso = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
/** Days since 1970-01-01; setUTCFullYear, because Date.UTC reads years 0-99 as 1900-1999. */
const dayNumber = (date: string) => {
  const { y, m, d } = parts(date);
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  return Math.round(at.getTime() / DAY_MS);
};
const fromDayNumber = (n: number) => {
  const at = new Date(n * DAY_MS);
  return iso({ y: at.getUTCFullYear(), m: at.getUTCMonth() + 1, d: at.getUTCDate() });
};

/** Days in a month (1-12) of a year. */
function daysInMonth(year: number, month: number): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month, 0);
  return at.getUTCDate();
}

function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** `date` plus `months`, on day `anchorDay` (default: the date's own day) clamped to the month's end. */
function addMonths(date: string, months: number, anchorDay?: number): string {
  const { y, m, d } = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso({ y: year, m: month, d: Math.min(anchorDay ?? d, daysInMonth(year, month)) });
}

function checkRule(rule: ScheduleRule): void {
  if (!Number.isInteger(rule.interval) || rule.interval < 1) throw new Error('The interval is a whole number of at least 1');
}

/** The k-th date of the grid (k = 0 is the start date). */
export function occurrenceDate(rule: ScheduleRule, k: number): string {
  checkRule(rule);
  const days = daysOfStep[rule.frequency];
  if (days !== undefined) return addDays(rule.startDate, k * days * rule.interval);
  const months = monthsOfStep[rule.frequency]!;
  return addMonths(rule.startDate, k * months * rule.interval, parts(rule.startDate).d);
}

/** The first date of the grid strictly after `date` (the start date itself when `date` is before it). */
export function nextOccurrenceAfter(rule: ScheduleRule, date: string): string {
  checkRule(rule);
  if (date < rule.startDate) return rule.startDate;
  const days = daysOfStep[rule.frequency];
  if (days !== undefined) {
    const step = days * rule.interval;
    const k = Math.floor((dayNumber(date) - dayNumber(rule.startDate)) / step) + 1;
    return occurrenceDate(rule, k);
  }
  const step = monthsOfStep[rule.frequency]! * rule.interval;
  const from = parts(rule.startDate);
  const to = parts(date);
  const monthsApart = (to.y - from.y) * 12 + (to.m - from.m);
  // The grid date of the month reached is at most one step behind the answer.
  for (let k = Math.max(0, Math.floor(monthsApart / step)); ; k++) {
    const candidate = occurrenceDate(rule, k);
    if (candidate > date) return candidate;
  }
}

/** True when a schedule may still generate `date`: not past its end date, and occurrences left. */
export function withinEnd(state: Pick<ScheduleState, 'endDate' | 'occurrencesLeft'>, date: string, alreadyPlanned = 0): boolean {
  if (state.endDate !== null && date > state.endDate) return false;
  return state.occurrencesLeft === null || state.occurrencesLeft - alreadyPlanned > 0;
}

/** The next `count` dates a schedule will generate, from its next date, within its end. */
export function upcomingDates(rule: ScheduleRule, state: ScheduleState, count: number): string[] {
  const dates: string[] = [];
  let date = state.nextDate;
  while (date !== null && dates.length < count && withinEnd(state, date, dates.length)) {
    dates.push(date);
    date = nextOccurrenceAfter(rule, date);
  }
  return dates;
}

/** The calendar date (UTC) of an instant: the day the scheduled job counts as today. */
export function utcCalendarDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}
