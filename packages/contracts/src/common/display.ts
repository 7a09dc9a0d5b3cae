/*
 * How a date, a time and an amount read to a person, on every screen, toast, export and PDF: one
 * set of rules driven by the company's date format label and locale (Company Config), with the
 * defaults of SPEC.md section 9 (date format 'dd/mm/yy', numbers with 2 decimals in the browser's
 * locale). Machine forms (ISO dates on the wire, in URLs and in re-importable CSV) are not these.
 */
import { DEFAULT_DATE_FORMAT } from '../organisation/index';

/** What a person's dates and numbers follow; timeZone is the zone a timestamp is read in (the runtime's when absent). */
export type DisplaySettings = { dateFormat: string; locale: string; timeZone?: string };

export const AMOUNT_DECIMALS = 2;
const FALLBACK_LOCALE = 'en-US';

/** The locale itself when Intl knows it, else the fallback: a bad stored value must not break a screen. */
export function safeLocale(locale: string | undefined): string {
  if (!locale) return FALLBACK_LOCALE;
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

/**
 * Intl formatters by locale and options, made once: building one costs far more than formatting with it (a trial balance of
 * a few hundred amounts built one per cell, ~60 ms of a throttled first render). Few keys in practice; emptied past a bound.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    if (formatters.size >= 500) formatters.clear();
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

const pad = (n: string | number, width = 2) => String(n).padStart(width, '0');

/**
 * An ISO date ('2026-11-25', or the date part of a timestamp) in a date format label ('dd/mm/yy',
 * 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd.mm.yyyy'...): dd day, mm month, yyyy or yy year. '' for a text
 * that is not a real calendar date. Pure text work: no time zone can move the day.
 */
export function formatDateLabel(isoDate: string, label: string = DEFAULT_DATE_FORMAT): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return '';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(2000, month - 1, day));
  probe.setUTCFullYear(year);
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return '';
  return label.toLowerCase().replace(/yyyy|yy|mm|dd/g, (token) => {
    if (token === 'yyyy') return m[1]!;
    if (token === 'yy') return m[1]!.slice(-2);
    if (token === 'mm') return m[2]!;
    return m[3]!;
  });
}

/** An ISO date in the company's format; '' for nothing, the text itself when it is not a date. */
export function displayDate(iso: string | null | undefined, s: Pick<DisplaySettings, 'dateFormat'>): string {
  if (!iso) return '';
  return formatDateLabel(iso, s.dateFormat) || iso;
}

function zonedParts(at: Date, s: DisplaySettings): { date: string; time: string } {
  const parts = dateTimeFormat('en-US', {
    timeZone: s.timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = dateTimeFormat(safeLocale(s.locale), { timeZone: s.timeZone, hour: '2-digit', minute: '2-digit' }).format(at);
  return { date: `${pad(part('year'), 4)}-${part('month')}-${part('day')}`, time };
}

const instant = (timestamp: string | Date | null | undefined): Date | undefined => {
  if (!timestamp) return undefined;
  const at = timestamp instanceof Date ? timestamp : new Date(timestamp);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/** A timestamp as the calendar day it fell on (in the zone), in the company's format, then the time of day in its locale. */
export function displayDateTime(timestamp: string | Date | null | undefined, s: DisplaySettings): string {
  const at = instant(timestamp);
  if (!at) return typeof timestamp === 'string' ? timestamp : '';
  const { date, time } = zonedParts(at, s);
  return `${formatDateLabel(date, s.dateFormat)} ${time}`;
}

/** The day a timestamp fell on (in the zone), in the company's format. */
export function displayDayOf(timestamp: string | Date | null | undefined, s: DisplaySettings): string {
  const at = instant(timestamp);
  if (!at) return typeof timestamp === 'string' ? timestamp : '';
  return formatDateLabel(zonedParts(at, s).date, s.dateFormat);
}

const DECIMAL_TEXT = /^-?\d+(\.(\d+))?$/;

/**
 * A decimal string ('1234.5') in the locale with at least `decimals` places ('1,234.50' en-US,
 * '1.234,50' de-DE). Intl formats the string itself, so no float rounds the digits; an amount with
 * more places than that (a 3-decimal currency, a rate) keeps them. Text that is no decimal is shown as is.
 */
export function displayAmount(text: string | number | null | undefined, s: Pick<DisplaySettings, 'locale'>, decimals = AMOUNT_DECIMALS): string {
  if (text === null || text === undefined || text === '') return '';
  const trimmed = String(text).trim();
  const match = DECIMAL_TEXT.exec(trimmed);
  if (!match) return String(text);
  const places = Math.max(decimals, match[2]?.length ?? 0);
  return numberFormat(safeLocale(s.locale), { minimumFractionDigits: places, maximumFractionDigits: places }).format(trimmed as `${number}`);
}

/** A count ('1,234' en-US, '1.234' de-DE). */
export function displayCount(n: number, s: Pick<DisplaySettings, 'locale'>): string {
  return numberFormat(safeLocale(s.locale), { maximumFractionDigits: 0 }).format(n);
}

/** The company's date format label ('dd/mm/yy') as a dayjs/Moment pattern ('DD/MM/YY') for date pickers. */
export function datePattern(label: string = DEFAULT_DATE_FORMAT): string {
  return label.toLowerCase().replace(/yyyy|yy|mm|dd/g, (token) => token.toUpperCase());
}
