/*
 * How the workflow screens show amounts, ages and names (SPEC.md section 9: numbers with 2 decimals
 * in the browser locale). Amounts are decimal strings formatted by Intl directly, never via a float.
 */
import type { ApprovalType } from '@erp/contracts';
import { browserLocale, NUMBER_DECIMALS_DEFAULT } from './shell-adapter';

const DECIMAL_TEXT = /^-?\d+(\.(\d+))?$/;

/** '1234.5' -> '1,234.50' (en-US); text that is not a decimal is shown as it is. */
export function formatAmount(text: string | null | undefined, locale = browserLocale()): string {
  if (text === null || text === undefined || text === '') return '';
  const trimmed = text.trim();
  const match = DECIMAL_TEXT.exec(trimmed);
  if (!match) return text;
  const decimals = Math.max(NUMBER_DECIMALS_DEFAULT, match[2]?.length ?? 0);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(trimmed as `${number}`);
}

/** 'VendorPaymentScheduleApproval' -> 'Vendor Payment Schedule Approval'. */
export function approvalTypeLabel(type: ApprovalType | string): string {
  return type.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** Whole hours as the inbox shows an age: '35 min' is not known, so '< 1 h', '5 h', '3 d 4 h'. */
export function ageLabel(hours: number): string {
  if (hours < 1) return '< 1 h';
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}

/** An ISO timestamp in the browser's locale, date and time. */
export function formatTimestamp(iso: string | null | undefined, locale = browserLocale()): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A step's amount condition in words, or '' when it always applies. */
export function thresholdLabel(min: string | null, max: string | null, currency: string): string {
  if (min !== null && max !== null) return `${formatAmount(min)} – ${formatAmount(max)} ${currency}`;
  if (min !== null) return `≥ ${formatAmount(min)} ${currency}`;
  if (max !== null) return `≤ ${formatAmount(max)} ${currency}`;
  return '';
}
