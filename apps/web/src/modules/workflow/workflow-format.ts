/*
 * How the workflow screens show ages, names and thresholds; amounts and dates go through the
 * shared display rules (useDisplay), the company's locale and date format.
 */
import { approvalLink, type ApprovalType, type InboxItem } from '@erp/contracts';
import type { Display } from './shell-adapter';

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

/** A step's amount condition in words, or '' when it always applies. */
export function thresholdLabel(min: string | null, max: string | null, currency: string, display: Display): string {
  if (min !== null && max !== null) return `${display.amount(min)} – ${display.amount(max)} ${currency}`;
  if (min !== null) return `≥ ${display.amount(min)} ${currency}`;
  if (max !== null) return `≤ ${display.amount(max)} ${currency}`;
  return '';
}

/** The link that opens a task's document (SPEC.md section 2 approval link targets), if it has one. */
export function documentLink(task: Pick<InboxItem, 'link' | 'linkTarget' | 'documentId' | 'approvalType'>): string | undefined {
  if (task.link) return task.link;
  return task.linkTarget ? (approvalLink(task.approvalType, task.documentId) ?? undefined) : undefined;
}
