/*
 * How a field's value reads in a list cell (SPEC.md section 9): decimals in the browser locale,
 * two places unless the field says otherwise, rates exactly as stored; dates in the company's format.
 */
import { DEFAULT_DATE_FORMAT, type FieldDef } from '@erp/contracts';
import { browserLocale, formatDateLabel, NUMBER_DECIMALS_DEFAULT } from '../format';

/** Above this many places a decimal is a rate or percentage: shown as stored, never rounded. */
const ROUNDED_SCALE_MAX = 2;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** A decimal string in the browser locale without going through a float (Intl takes the string). */
export function formatDecimalText(text: string, decimals: number, locale = browserLocale()): string {
  if (!DECIMAL_TEXT.test(text)) return text;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(text as `${number}`);
}

/** Whether a decimal field keeps its stored text (rates, percentages with more than two places). */
export const isExactDecimal = (f: FieldDef): boolean => (f.scale ?? NUMBER_DECIMALS_DEFAULT) > ROUNDED_SCALE_MAX;

export function formatDecimalCell(f: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  return isExactDecimal(f) ? text : formatDecimalText(text, f.scale ?? NUMBER_DECIMALS_DEFAULT);
}

export function formatDateCell(value: unknown, dateFormat: string = DEFAULT_DATE_FORMAT): string {
  return typeof value === 'string' && value ? formatDateLabel(value, dateFormat) || value : '';
}

/** The company's date format label ('dd/mm/yy') as a dayjs pattern ('DD/MM/YY') for date pickers. */
export function datePickerFormat(label: string = DEFAULT_DATE_FORMAT): string {
  return label.toLowerCase().replace(/yyyy|yy|mm|dd/g, (token) => token.toUpperCase());
}
