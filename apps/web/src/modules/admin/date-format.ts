import { DEFAULT_DATE_FORMAT } from '@erp/contracts';
import { formatDateLabel, toIsoDate } from '../../shared/format';

/** An ISO date ('2025-01-31') in the company's date format label. */
export function formatDate(value: string | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  return value ? formatDateLabel(value, format) : '';
}

/* A timestamp is shown on the local calendar day it fell on, then the local time of day. */
export function formatDateTime(
  value: string | null | undefined,
  format: string = DEFAULT_DATE_FORMAT,
): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDateLabel(toIsoDate(date), format)} ${time}`;
}
