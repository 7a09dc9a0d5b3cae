/*
 * How a field's value reads in a list cell: decimals by the display rules (the company's locale),
 * two places unless the field says otherwise, rates exactly as stored; dates in the company's format.
 */
import type { FieldDef } from '@erp/contracts';
import { NUMBER_DECIMALS_DEFAULT } from '../format';
import type { Display } from '../useDisplay';

/** Above this many places a decimal is a rate or percentage: shown as stored, never rounded. */
const ROUNDED_SCALE_MAX = 2;

/** Whether a decimal field keeps its stored text (rates, percentages with more than two places). */
export const isExactDecimal = (f: FieldDef): boolean => (f.scale ?? NUMBER_DECIMALS_DEFAULT) > ROUNDED_SCALE_MAX;

export function formatDecimalCell(f: FieldDef, value: unknown, display: Display): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  return isExactDecimal(f) ? text : display.amount(text, f.scale ?? NUMBER_DECIMALS_DEFAULT);
}
