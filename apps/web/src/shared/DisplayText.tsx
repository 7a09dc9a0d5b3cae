/*
 * The display rules as inline text, for JSX that shows one value (a table cell, a description):
 * each reads the company's settings itself, so a column builder needs nothing passed in.
 */
import { useDisplay } from './useDisplay';

/** A decimal string in the company's locale, at least two decimals. */
export function AmountText({ value }: { value: string | number | null | undefined }) {
  return <>{useDisplay().amount(value)}</>;
}

/** An ISO date in the company's format. */
export function DateText({ value }: { value: string | null | undefined }) {
  return <>{useDisplay().date(value)}</>;
}

/** A timestamp: its day in the company's format and the time of day in its locale. */
export function DateTimeText({ value }: { value: string | Date | null | undefined }) {
  return <>{useDisplay().dateTime(value)}</>;
}
