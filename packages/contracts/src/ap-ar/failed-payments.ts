import { z } from 'zod';
import { amountSchema, dateSchema } from '../common/scalars';
import { tableFormatSchema } from '../common/routes';
import { paymentMethods, paymentStatuses } from './payments';

/*
 * Failed payments (issue 16, /failed-payment under Account Receivable; it covers both faces): a posted
 * customer receipt that bounced (a direct debit returned unpaid, a cheque refused) or a vendor payment
 * whose transfer came back is marked failed with a reason and a date. In one transaction:
 *
 * - the payment is reversed through the payments' own reversal (every entry it made reversed through
 *   the ledger's port on the failure date, its active allocations undone, the open items reopened);
 * - an optional fee (in the payment's currency) is posted through posting profiles. Our choice:
 *   receivables charge the bank's return fee to the customer as a customer invoice of one line (an
 *   open item on the customer, on the control account of its posting profile) whose credit goes to
 *   Cash Management's `bankChargesAccount` (the recovery of the charge); payables bear the fee as an
 *   expense: Cash Management's `bankChargesAccount` debited, the bank's account credited, one entry;
 * - the failure is recorded and audited.
 *
 * A retry makes a new payment of the same bank, party and method for the items the failure reopened
 * (each up to what is left of it) and, on receivables when asked, the fee's open item; the rest of the
 * amount stays on account. It posts at once, or is a draft when the face's payment approval workflow
 * is active (then it is submitted as any payment). A retry that fails in turn is marked failed again:
 * its failure names the one it retried (`attempt` counts them).
 *
 * Permissions: SPEC.md puts /failed-payment in the receivables menu only; its labels serve both faces
 * (reading: the /failed-payment page; marking failed: SaveFailedPayment; retrying: EditFailedPayment;
 * the export: ExportFailedPayment).
 */

export const failureReasons = ['InsufficientFunds', 'AccountClosed', 'MandateCancelled', 'InvalidAccount', 'RefusedByParty', 'Other'] as const;
export type FailureReason = (typeof failureReasons)[number];
export const failureReasonLabels: Record<FailureReason, string> = {
  InsufficientFunds: 'Insufficient funds',
  AccountClosed: 'Account closed',
  MandateCancelled: 'Mandate cancelled',
  InvalidAccount: 'Invalid account',
  RefusedByParty: 'Refused by the party',
  Other: 'Other',
};
/** Failed: reversed, not retried yet. Retried: a new payment was made for it (its own outcome is the retry's status). */
export const failedPaymentStatuses = ['Failed', 'Retried'] as const;
export type FailedPaymentStatus = (typeof failedPaymentStatuses)[number];
/** What came of a failure: awaiting a retry, retried and paid, retried as a draft to post, or retried and failed again. */
export const failureOutcomes = ['AwaitingRetry', 'RetryPosted', 'RetryDraft', 'RetryFailed'] as const;
export type FailureOutcome = (typeof failureOutcomes)[number];

const side = z.enum(['payables', 'receivables']);

export const markFailedInputSchema = z.object({
  side,
  payment: z.uuid({ error: 'Please choose the payment' }),
  reason: z.enum(failureReasons, { error: 'Please choose the reason' }),
  note: z.string().trim().max(500).optional(),
  /** The day the bank returned it: the reversal's and the fee's date. */
  failedDate: dateSchema('Please supply the date it failed'),
  /** In the payment's currency; none or zero: no fee. */
  fee: amountSchema('must be an amount of zero or more with at most 4 decimals').optional(),
});
export type MarkFailedInput = z.infer<typeof markFailedInputSchema>;

export const retryInputSchema = z.object({
  /** The new payment's date; today when empty. */
  date: dateSchema('The date is not a date').optional(),
  /** Receivables: the retry also collects the fee's open item. */
  includeFee: z.boolean().default(false),
});
export type RetryInput = z.infer<typeof retryInputSchema>;

/** An item the failure reopened: what the failed payment had settled on it. */
export const reopenedItemSchema = z.object({
  openItem: z.uuid(),
  invoice: z.uuid(),
  invoiceNumber: z.string().nullable(),
  amount: z.string(),
  /** What is left of it now. */
  remaining: z.string(),
});
export type ReopenedItem = z.infer<typeof reopenedItemSchema>;

export const failedPaymentViewSchema = z.object({
  id: z.uuid(),
  side,
  status: z.enum(failedPaymentStatuses),
  outcome: z.enum(failureOutcomes),
  payment: z.uuid(),
  paymentNumber: z.string().nullable(),
  party: z.uuid(),
  partyCode: z.string(),
  partyName: z.string(),
  bankCode: z.string(),
  method: z.enum(paymentMethods),
  currency: z.string(),
  amount: z.string(),
  reason: z.enum(failureReasons),
  note: z.string().nullable(),
  failedDate: z.string(),
  fee: z.string(),
  /** Receivables: the fee's invoice; payables: the fee's entry. */
  feeInvoice: z.uuid().nullable(),
  feeInvoiceNumber: z.string().nullable(),
  feeJournalNumber: z.string().nullable(),
  /** 1 for a payment's first failure, 2 when its retry failed, and so on. */
  attempt: z.number().int(),
  retryOf: z.uuid().nullable(),
  retryPayment: z.uuid().nullable(),
  retryNumber: z.string().nullable(),
  retryStatus: z.enum(paymentStatuses).nullable(),
  items: z.array(reopenedItemSchema),
  createdAt: z.string(),
});
export type FailedPaymentView = z.infer<typeof failedPaymentViewSchema>;

export const failedPaymentListItemSchema = failedPaymentViewSchema.omit({ items: true });
export type FailedPaymentListItem = z.infer<typeof failedPaymentListItemSchema>;

export const failedPaymentSortKeys = ['failedDate', '-failedDate', 'createdAt', '-createdAt', 'amount', '-amount'] as const;
export const failedPaymentFilterSchema = z.object({
  side: side.optional(),
  status: z.enum(failedPaymentStatuses).optional(),
  reason: z.enum(failureReasons).optional(),
  from: dateSchema().optional(),
  to: dateSchema().optional(),
  /** Payment number, party code or name, note. */
  search: z.string().max(200).optional(),
  sort: z.enum(failedPaymentSortKeys).optional(),
});
export type FailedPaymentFilter = z.infer<typeof failedPaymentFilterSchema>;
export const failedPaymentListQuerySchema = failedPaymentFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export type FailedPaymentListQuery = z.infer<typeof failedPaymentListQuerySchema>;
export const failedPaymentExportQuerySchema = failedPaymentFilterSchema.extend({ format: tableFormatSchema });
export const failedPaymentListSchema = z.object({ items: z.array(failedPaymentListItemSchema), total: z.number().int() });
export type FailedPaymentList = z.infer<typeof failedPaymentListSchema>;

/** Posted payments that may be marked failed (the screen's picker): a face, a search on number, party and reference. */
export const failablePaymentQuerySchema = z.object({
  side,
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const failablePaymentSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  partyCode: z.string(),
  partyName: z.string(),
  documentDate: z.string(),
  currency: z.string(),
  amount: z.string(),
  method: z.enum(paymentMethods),
});
export type FailablePayment = z.infer<typeof failablePaymentSchema>;
export const failablePaymentListSchema = z.object({ items: z.array(failablePaymentSchema) });
