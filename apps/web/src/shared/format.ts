/*
 * Display helpers of SPEC.md sections 5 and 9: clamp, truncation, numbers, relative day labels,
 * the tree separator and the three date string forms (ISO date, URL date, company date label).
 */

export const CLAMP_MIN_DEFAULT = 0;
export const CLAMP_MAX_DEFAULT = 999;
export const TRUNCATE_LENGTH_DEFAULT = 10;
export const ELLIPSIS = '…';
export const NUMBER_DECIMALS_DEFAULT = 2;
/** Separates the levels of a tree path, e.g. an account group path 'Assets~Current~Cash'. */
export const TREE_SEPARATOR = '~';

/** Restricts a number to [min, max] (default 0..999); NaN becomes min. */
export function clamp(value: number, min = CLAMP_MIN_DEFAULT, max = CLAMP_MAX_DEFAULT): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** Keeps the first `length` characters (default 10) and appends an ellipsis when text was cut. */
export function truncate(text: string, length = TRUNCATE_LENGTH_DEFAULT): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}${ELLIPSIS}` : text;
}

/** The browser's locale; Node (tests) falls back to its own. */
export function browserLocale(): string {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US';
}

/** A number with a fixed count of decimals (default 2) in the browser locale. */
export function formatNumber(value: number, decimals = NUMBER_DECIMALS_DEFAULT, locale = browserLocale()): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

export function joinTreePath(parts: readonly string[]): string {
  return parts.join(TREE_SEPARATOR);
}

export function splitTreePath(path: string): string[] {
  return path === '' ? [] : path.split(TREE_SEPARATOR);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar date as 'YYYY-MM-DD' (ISO date only, no time or zone). */
export function toIsoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function dateFromParts(year: number, month: number, day: number): Date | undefined {
  const date = new Date(year, month - 1, day);
  date.setFullYear(year);
  const valid = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return valid ? date : undefined;
}

/** 'YYYY-MM-DD' (optionally followed by a time) -> local midnight of that date; undefined if invalid. */
export function parseIsoDate(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? dateFromParts(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

/** URL dates are month-day-year: 'MM-DD-YYYY'. */
export function toUrlDate(date: Date): string {
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${pad(date.getFullYear(), 4)}`;
}

export function parseUrlDate(text: string): Date | undefined {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  return match ? dateFromParts(Number(match[3]), Number(match[1]), Number(match[2])) : undefined;
}

/** A date in a company's date format label: the display rules' own, shared with the server's files. */
export { formatDateLabel } from '@erp/contracts';

const DAY_MS = 86_400_000;

function dayNumber(date: Date): number {
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);
}

function yearOrMoreApart(a: Date, b: Date): boolean {
  const [early, late] = a <= b ? [a, b] : [b, a];
  const anniversary = dateFromParts(early.getFullYear() + 1, early.getMonth() + 1, early.getDate())
    ?? new Date(early.getFullYear() + 1, early.getMonth() + 1, 0);
  return dayNumber(late) >= dayNumber(anniversary);
}

/**
 * SPEC.md section 9 relative day labels: Today, Yesterday, Tomorrow, the weekday name within the
 * next 6 days, otherwise month and day, with the year when the dates are a year or more apart.
 */
export function relativeDayLabel(date: Date, today: Date = new Date(), locale = 'en-US'): string {
  const diff = dayNumber(date) - dayNumber(today);
  if (diff === 0) return 'Today';
  if (diff === -1) return 'Yesterday';
  if (diff === 1) return 'Tomorrow';
  if (diff > 1 && diff <= 6) return new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(date);
  const options: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric' };
  if (yearOrMoreApart(date, today)) options.year = 'numeric';
  return new Intl.DateTimeFormat(locale, options).format(date);
}
