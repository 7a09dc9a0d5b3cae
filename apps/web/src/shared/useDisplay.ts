/*
 * The one way the web shows a date, a time or an amount to a person: the display rules of
 * @erp/contracts driven by the signed-in company's date format and locale (Company Config), with
 * SPEC.md section 9's defaults (dd/mm/yy, the browser's locale) until the company is known.
 * Screens, toasts, column builders and CSV writers take the Display this hook gives.
 */
import { useMemo } from 'react';
import { datePattern, DEFAULT_DATE_FORMAT, displayAmount, displayCount, displayDate, displayDateTime, displayDayOf, type DisplaySettings } from '@erp/contracts';
import { useCompany } from '../app/shell/useCompany';
import { browserLocale } from './format';

export type Display = {
  settings: DisplaySettings;
  /** An ISO date ('2026-11-25') in the company's format. */
  date: (iso: string | null | undefined) => string;
  /** A timestamp: its local day in the company's format, then the time of day in the company's locale. */
  dateTime: (timestamp: string | Date | null | undefined) => string;
  /** The local day a timestamp fell on, in the company's format. */
  dayOf: (timestamp: string | Date | null | undefined) => string;
  /** A decimal string in the company's locale, at least two decimals (more when the amount has them). */
  amount: (text: string | number | null | undefined, decimals?: number) => string;
  count: (n: number) => string;
  /** The dayjs pattern of date pickers ('DD/MM/YY'). */
  pickerFormat: string;
};

/** A Display for given settings (tests, and code outside React that was handed the settings). */
export function displayOf(settings: DisplaySettings): Display {
  return {
    settings,
    date: (iso) => displayDate(iso, settings),
    dateTime: (timestamp) => displayDateTime(timestamp, settings),
    dayOf: (timestamp) => displayDayOf(timestamp, settings),
    amount: (text, decimals) => displayAmount(text, settings, decimals),
    count: (n) => displayCount(n, settings),
    pickerFormat: datePattern(settings.dateFormat),
  };
}

/** The settings of SPEC.md section 9 when no company says otherwise. */
export const defaultDisplaySettings = (): DisplaySettings => ({ dateFormat: DEFAULT_DATE_FORMAT, locale: browserLocale() });

export function useDisplay(): Display {
  const company = useCompany();
  const dateFormat = company?.dateFormat || DEFAULT_DATE_FORMAT;
  const locale = company?.locale || browserLocale();
  return useMemo(() => displayOf({ dateFormat, locale }), [dateFormat, locale]);
}
