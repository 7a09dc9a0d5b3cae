import { z } from 'zod';

/** Workflow approval types of SPEC.md section 4, exact spelling and order. */
export const approvalTypes = [
  'JournalApproval',
  'PeriodClosing',
  'Workflow',
  'FundTransfer',
  'DepreciationSchedule',
  'RevaluationSchedule',
  'SplittingSchedule',
  'DisposalSchedule',
  'SalarySchedule',
  'StockTransferApproval',
  'StockTransferReversalApproval',
  'CustomerInvoiceApproval',
  'CustomerInvoiceReversalApproval',
  'CustomerPaymentApproval',
  'CustomerPaymentReversalApproval',
  'CustomerPaymentScheduleApproval',
  'CustomerPaymentScheduleReversalApproval',
  'RecurringCustomerPaymentApproval',
  'VendorInvoiceApproval',
  'VendorInvoiceReversalApproval',
  'VendorPaymentApproval',
  'VendorPaymentReversalApproval',
  'VendorPaymentScheduleApproval',
  'VendorPaymentScheduleReversalApproval',
  'RecurringVendorPaymentApproval',
  'AdjustmentJournal',
  'None',
] as const;
export const approvalTypeSchema = z.enum(approvalTypes);
export type ApprovalType = z.infer<typeof approvalTypeSchema>;

export const approvalOperationNames = [
  'Validate',
  'Post',
  'Divide',
  'Reverse',
  'Approve',
  'Release',
  'Receive',
  'Return',
  'Cancel',
  'Reject',
] as const;
export const approvalOperationSchema = z.enum(approvalOperationNames);
export type ApprovalOperation = z.infer<typeof approvalOperationSchema>;

const postReverse = ['Post', 'Reverse'] as const;
/**
 * SPEC.md section 4 names no operations for the invoice reversal approvals: our choice (issue 15) is
 * Reverse, which posts the reversal or credit note under approval (contracts' ap-ar/invoices.ts).
 */
const reverseOnly = ['Reverse'] as const;
/*
 * Payments (issue 16): SPEC.md names no operations for CustomerPaymentApproval, VendorPaymentApproval
 * and their reversal approvals; our choice is Post and Reverse for the payment approvals (their Post
 * posts the payment) and Reverse for the reversal approvals (it reverses a posted payment), stated
 * in contracts' ap-ar/payments.ts. Payment runs likewise (contracts' ap-ar/payment-runs.ts):
 * CustomerPaymentScheduleApproval has VendorPaymentScheduleApproval's Post and Reverse, and both
 * schedule reversal approvals Reverse.
 */
/**
 * Recurring payments (issue 16): SPEC.md names no operations for RecurringCustomerPaymentApproval and
 * RecurringVendorPaymentApproval; our choice is Post, which activates the schedule (contracts'
 * ap-ar/recurring-payments.ts).
 */
const postOnly = ['Post'] as const;
// SPEC.md section 4 leaves the other types "not shown": Approve and Reject until their module defines more.
const approveReject = ['Approve', 'Reject'] as const;

/** The actions an approver may take per approval type (SPEC.md section 4). */
export const approvalOperations: Readonly<Record<ApprovalType, readonly ApprovalOperation[]>> = {
  JournalApproval: ['Validate', 'Post'],
  PeriodClosing: approveReject,
  Workflow: approveReject,
  FundTransfer: ['Divide', 'Post'],
  // Our choice (issue 18, contracts' fixed-assets/depreciation-runs.ts): a depreciation run is posted and reversed.
  DepreciationSchedule: postReverse,
  // Our choice (issue 18, contracts' fixed-assets/revaluations.ts): a revaluation is posted and reversed.
  RevaluationSchedule: postReverse,
  // Our choice (issue 18, contracts' fixed-assets/splits.ts): a split is posted and reversed.
  SplittingSchedule: postReverse,
  // Our choice (issue 18, contracts' fixed-assets/disposals.ts): a disposal is posted and reversed.
  DisposalSchedule: postReverse,
  SalarySchedule: approveReject,
  StockTransferApproval: ['Approve', 'Release', 'Receive', 'Return', 'Cancel'],
  StockTransferReversalApproval: approveReject,
  CustomerInvoiceApproval: postReverse,
  CustomerInvoiceReversalApproval: reverseOnly,
  CustomerPaymentApproval: postReverse,
  CustomerPaymentReversalApproval: reverseOnly,
  // Our choice (issue 16, contracts' ap-ar/payment-runs.ts): as VendorPaymentScheduleApproval.
  CustomerPaymentScheduleApproval: postReverse,
  CustomerPaymentScheduleReversalApproval: reverseOnly,
  RecurringCustomerPaymentApproval: postOnly,
  VendorInvoiceApproval: postReverse,
  VendorInvoiceReversalApproval: reverseOnly,
  VendorPaymentApproval: postReverse,
  VendorPaymentReversalApproval: reverseOnly,
  VendorPaymentScheduleApproval: postReverse,
  VendorPaymentScheduleReversalApproval: reverseOnly,
  RecurringVendorPaymentApproval: postOnly,
  AdjustmentJournal: approveReject,
  None: approveReject,
};

/** Where an approval task links to (SPEC.md section 2 "Approval link targets"); None has no link. */
export const approvalLinkTargets: Readonly<Record<ApprovalType, string | null>> = {
  JournalApproval: '/journal',
  PeriodClosing: '/journal',
  Workflow: '/journal',
  FundTransfer: '/journal',
  DepreciationSchedule: '/journal',
  RevaluationSchedule: '/journal',
  SplittingSchedule: '/journal',
  DisposalSchedule: '/journal',
  SalarySchedule: '/journal',
  StockTransferApproval: '/stock-transfer',
  StockTransferReversalApproval: '/journal',
  CustomerInvoiceApproval: '/customer-invoice',
  CustomerInvoiceReversalApproval: '/journal',
  CustomerPaymentApproval: '/journal',
  CustomerPaymentReversalApproval: '/journal',
  CustomerPaymentScheduleApproval: '/customer-payment-schedule',
  CustomerPaymentScheduleReversalApproval: '/journal',
  RecurringCustomerPaymentApproval: '/journal',
  VendorInvoiceApproval: '/vendor-invoice',
  VendorInvoiceReversalApproval: '/journal',
  VendorPaymentApproval: '/journal',
  VendorPaymentReversalApproval: '/journal',
  VendorPaymentScheduleApproval: '/vendor-payment-schedule',
  VendorPaymentScheduleReversalApproval: '/journal',
  RecurringVendorPaymentApproval: '/journal',
  AdjustmentJournal: '/journal',
  None: null,
};

/** The query parameter naming the approval type in a task's link to /journal (a document that is not a journal). */
export const APPROVAL_LINK_PARAM = 'approval';

/**
 * The link that opens a task's document: `${linkTarget}?id=${documentId}`. /journal is the target
 * of many approval types whose documents are not journals (SPEC.md section 2): their link also
 * names the approval type (`&approval=VendorInvoiceReversalApproval`), so /journal shows the
 * document the task is about instead of looking for a journal of that id.
 */
export function approvalLink(type: ApprovalType, documentId: string): string | null {
  const target = approvalLinkTargets[type];
  if (!target) return null;
  const own = target !== '/journal' || type === 'JournalApproval';
  return own ? `${target}?id=${documentId}` : `${target}?id=${documentId}&${APPROVAL_LINK_PARAM}=${type}`;
}

export function isApprovalOperationAllowed(type: ApprovalType, operation: string): boolean {
  return (approvalOperations[type] as readonly string[]).includes(operation);
}
