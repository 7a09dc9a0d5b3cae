/*
 * Amounts and dates as the ledger screens show them (SPEC.md section 9): decimal strings in the
 * browser locale with at least 2 decimals, never through a float; dates in the company's format.
 */
import { DEFAULT_DATE_FORMAT, displayAmount } from '@erp/contracts';
import { browserLocale, formatDateLabel, NUMBER_DECIMALS_DEFAULT, toIsoDate } from '../../../shared/format';

/**
 * '1234.5' -> '1,234.50' (en-US). Intl formats the decimal string itself, so the digits stay
 * exact; a currency with more decimals than two keeps them rather than being rounded for show.
 */
export function formatAmount(text: string | null | undefined, locale = browserLocale()): string {
  // The one display rule (contracts' displayAmount), whose formatters are made once per locale: every amount cell of the grid
  // and the totals format at each keystroke.
  return displayAmount(text, { locale }, NUMBER_DECIMALS_DEFAULT);
}

/** An ISO date in the company's date format label; the ISO text itself when it cannot be read. */
export function formatDate(iso: string | null | undefined, label: string = DEFAULT_DATE_FORMAT): string {
  if (!iso) return '';
  return formatDateLabel(iso, label) || iso;
}

/** The company's date format label ('dd/mm/yy') as a dayjs pattern ('DD/MM/YY') for date pickers. */
export function pickerFormat(label: string = DEFAULT_DATE_FORMAT): string {
  return label.toLowerCase().replace(/yyyy|yy|mm|dd/g, (token) => token.toUpperCase());
}

/** The first and last day of the current calendar year, the default range of the ledger reports. */
export function currentYearRange(today: Date = new Date()): { from: string; to: string } {
  const year = today.getFullYear();
  return { from: toIsoDate(new Date(year, 0, 1)), to: toIsoDate(new Date(year, 11, 31)) };
}
