import { z } from 'zod';
import { amountSchema, dateSchema } from '../common/scalars';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import type { ApprovalType } from '../navigation/approvals';
import { recurringFrequencies } from '../ledger/recurring-dates';
import { RECURRING_INTERVAL_MAX, RECURRING_OCCURRENCES_MAX, recurringModes, recurringRunRequestSchema } from '../ledger/templates';
import { paymentFaces, paymentMethods, type PaymentFace } from './payments';
import type { Side } from './faces';

/*
 * Recurring payments (issue 16): a schedule that makes a vendor payment (/vendor-recurring-payments,
 * /vendor-recurring-payment) or a customer receipt (/customer-recurring-payments,
 * /customer-recurring-payment) at each occurrence, as recurring journals make journals: an interval,
 * a start, an end (a date or a count, or none), Draft (each occurrence a draft payment to review) or
 * Post (each posted at once). The pg-boss job and "Run now" make the occurrences due, each once: the
 * occurrence is claimed in the same transaction as its payment. Missed occurrences catch up in order.
 *
 * A schedule is a document of the kit: Draft → Active (action `post`, label Activate) → Stopped, and
 * Completed once its end is reached. Editing a stopped schedule returns it to Draft: it is activated
 * again. Allocation: OnAccount (the whole amount stays on account) or OldestFirst (the payments'
 * own allocation proposal at the occurrence: credits first, an item whose remaining equals the amount,
 * then the oldest due first; the rest on account).
 *
 * Approvals (SPEC.md section 4 names no operations for RecurringVendorPaymentApproval and
 * RecurringCustomerPaymentApproval): our choice is Post, which activates the schedule (approving the
 * schedule approves the payments it makes: a schedule in Post mode posts them without a second
 * approval, unless the face's payment approval workflow is active, when each occurrence is a draft
 * to submit). The tasks link to /journal (SPEC.md section 2), which shows the schedule and its runs.
 */

export const recurringPaymentStatuses = ['Draft', 'Active', 'Stopped', 'Completed'] as const;
export type RecurringPaymentStatus = (typeof recurringPaymentStatuses)[number];
export const recurringPaymentKinds = ['Schedule'] as const;
export type RecurringPaymentKind = (typeof recurringPaymentKinds)[number];
export const recurringAllocations = ['OnAccount', 'OldestFirst'] as const;
export type RecurringAllocation = (typeof recurringAllocations)[number];

/** A face's recurring payments: its pages, labels and approval type. */
export type RecurringPaymentFace = {
  pf: PaymentFace;
  pages: { list: '/vendor-recurring-payments' | '/customer-recurring-payments'; editor: '/vendor-recurring-payment' | '/customer-recurring-payment' };
  label: 'VendorRecurringPayment' | 'CustomerRecurringPayment';
  approval: Extract<ApprovalType, 'RecurringVendorPaymentApproval' | 'RecurringCustomerPaymentApproval'>;
};

export const recurringPaymentFaces: Record<Side, RecurringPaymentFace> = {
  payables: {
    pf: paymentFaces.payables, pages: { list: '/vendor-recurring-payments', editor: '/vendor-recurring-payment' },
    label: 'VendorRecurringPayment', approval: 'RecurringVendorPaymentApproval',
  },
  receivables: {
    pf: paymentFaces.receivables, pages: { list: '/customer-recurring-payments', editor: '/customer-recurring-payment' },
    label: 'CustomerRecurringPayment', approval: 'RecurringCustomerPaymentApproval',
  },
};

export const recurringPaymentInputSchema = z
  .object({
    kind: z.enum(recurringPaymentKinds).default('Schedule'),
    code: z.string().trim().min(1, 'Please supply a code').max(20),
    description: z.string().trim().min(1, 'Please supply a description').max(500),
    party: z.uuid({ error: 'Please choose the party' }),
    bank: z.uuid({ error: 'Please choose the bank' }),
    /** In the bank's currency. */
    amount: amountSchema('must be an amount of more than zero with at most 4 decimals').refine((v) => Number(v) > 0, 'must be more than zero'),
    method: z.enum(paymentMethods).default('Transfer'),
    allocation: z.enum(recurringAllocations).default('OnAccount'),
    reference: z.string().trim().max(100).optional(),
    frequency: z.enum(recurringFrequencies),
    interval: z.number().int().min(1, 'The interval is at least 1').max(RECURRING_INTERVAL_MAX).default(1),
    startDate: dateSchema('Please supply the start date'),
    /** The schedule ends after this date, or after `occurrences` payments, or never. */
    endDate: dateSchema('The end date is not a date').nullable().optional(),
    occurrences: z.number().int().min(1, 'At least one occurrence').max(RECURRING_OCCURRENCES_MAX).nullable().optional(),
    mode: z.enum(recurringModes).default('Draft'),
  })
  .refine((s) => !(s.endDate && s.occurrences), { message: 'Choose an end date or a number of occurrences, not both', path: ['occurrences'] })
  .refine((s) => !s.endDate || s.endDate >= s.startDate, { message: 'The end date is before the start date', path: ['endDate'] });
export type RecurringPaymentInput = z.infer<typeof recurringPaymentInputSchema>;

export const recurringPaymentViewSchema = z.object({
  id: z.uuid(),
  side: z.enum(['payables', 'receivables']),
  kind: z.enum(recurringPaymentKinds),
  status: z.enum(recurringPaymentStatuses),
  code: z.string(),
  description: z.string(),
  party: z.uuid(),
  partyCode: z.string(),
  partyName: z.string(),
  bank: z.uuid(),
  bankCode: z.string(),
  currency: z.string(),
  amount: z.string(),
  method: z.enum(paymentMethods),
  allocation: z.enum(recurringAllocations),
  reference: z.string().nullable(),
  frequency: z.enum(recurringFrequencies),
  interval: z.number().int(),
  startDate: z.string(),
  /** The next occurrence to make; null once completed. */
  nextDate: z.string().nullable(),
  endDate: z.string().nullable(),
  occurrences: z.number().int().nullable(),
  mode: z.enum(recurringModes),
  occurrencesGenerated: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastOccurrenceDate: z.string().nullable(),
  /** The failure of the last run (nothing of that occurrence was written), cleared by the next success. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringPaymentView = z.infer<typeof recurringPaymentViewSchema>;

export const recurringPaymentListItemSchema = recurringPaymentViewSchema.pick({
  id: true, kind: true, status: true, code: true, description: true, party: true, partyCode: true, partyName: true, bankCode: true, currency: true,
  amount: true, method: true, allocation: true, frequency: true, interval: true, nextDate: true, mode: true, occurrencesGenerated: true, lastError: true,
});
export type RecurringPaymentListItem = z.infer<typeof recurringPaymentListItemSchema>;

/** The schedule document of a face. */
export function recurringPaymentDocumentOf(rf: RecurringPaymentFace) {
  const { face } = rf.pf;
  return defineDocument({
    name: `${face.partyWord}RecurringPayment`,
    label: `${face.partyLabel} recurring ${rf.pf.noun}`,
    plural: `${face.partyLabel} recurring ${rf.pf.noun}s`,
    module: face.module,
    documentType: rf.label,
    service: face.service,
    resource: `${face.partyWord}-recurring-payments`,
    kinds: { Schedule: { label: `${face.partyLabel} recurring ${rf.pf.noun}`, permission: rf.label, listPage: rf.pages.list, editorPage: rf.pages.editor, approved: true, userCreated: true } },
    defaultKind: 'Schedule',
    readPages: [],
    states: recurringPaymentStatuses,
    initial: 'Draft',
    editable: ['Draft', 'Stopped'],
    posted: [],
    actions: {
      post: { label: 'Activate', from: ['Draft'], to: 'Active', verb: 'Edit', idempotent: true },
      stop: { label: 'Stop', from: ['Active'], to: 'Stopped', verb: 'Edit' },
    },
    approval: { type: rf.approval, operations: { Post: 'post' } },
    header: {
      code: { type: 'text', label: 'Code', required: true, max: 20 },
      description: { type: 'text', label: 'Description', required: true, max: 500 },
      party: { type: 'ref', ref: face.partyWord, label: face.partyLabel, required: true },
      bank: { type: 'ref', ref: 'bank', label: 'Bank', required: true },
      amount: { type: 'decimal', label: 'Amount', scale: 4, max: 15, required: true, positive: true },
      method: { type: 'enum', label: 'Method', options: paymentMethods, required: true, default: 'Transfer' },
      allocation: { type: 'enum', label: 'Allocation', options: recurringAllocations, required: true, default: 'OnAccount' },
      reference: { type: 'text', label: 'Reference', max: 100 },
      frequency: { type: 'enum', label: 'Frequency', options: recurringFrequencies, required: true, default: 'Monthly' },
      interval: { type: 'integer', label: 'Every', min: 1, max: RECURRING_INTERVAL_MAX, default: 1 },
      startDate: { type: 'date', label: 'Start Date', required: true },
      endDate: { type: 'date', label: 'End Date' },
      occurrences: { type: 'integer', label: 'Occurrences', min: 1, max: RECURRING_OCCURRENCES_MAX },
      mode: { type: 'enum', label: 'Mode', options: recurringModes, required: true, default: 'Draft' },
    },
    headerForm: [['code', 'description'], ['party', 'bank'], ['amount', 'method'], ['allocation', 'reference'], ['frequency', 'interval'], ['startDate', 'endDate'], ['occurrences', 'mode']],
    linesMax: 0,
    sortKeys: ['code', '-code', 'nextDate', '-nextDate', 'createdAt', '-createdAt'],
    defaultSort: 'code',
  });
}

export const vendorRecurringPaymentDocument = recurringPaymentDocumentOf(recurringPaymentFaces.payables);
export const customerRecurringPaymentDocument = recurringPaymentDocumentOf(recurringPaymentFaces.receivables);
export type RecurringPaymentDocument = ReturnType<typeof recurringPaymentDocumentOf>;
export type RecurringPaymentAction = keyof RecurringPaymentDocument['actions'];
export const recurringPaymentDocuments: Record<Side, RecurringPaymentDocument> = { payables: vendorRecurringPaymentDocument, receivables: customerRecurringPaymentDocument };

export const recurringPaymentListQuerySchema = documentListQuerySchema(vendorRecurringPaymentDocument).extend({ party: z.uuid().optional() });
export type RecurringPaymentListFilter = z.infer<typeof recurringPaymentListQuerySchema>;

/** "Run now": every occurrence due up to a date (today when left out): the body of recurring journals' Run now. */
export const recurringPaymentRunRequestSchema = recurringRunRequestSchema;

/** One occurrence made: its date and the payment (Draft or Posted, or 'Deleted' for a draft removed since). */
export const recurringOccurrenceSchema = z.object({
  occurrenceDate: z.string(),
  payment: z.uuid().nullable(),
  number: z.string().nullable(),
  status: z.string(),
  amount: z.string().nullable(),
  createdAt: z.string(),
});
export type RecurringOccurrence = z.infer<typeof recurringOccurrenceSchema>;
export const recurringOccurrenceListSchema = z.object({ items: z.array(recurringOccurrenceSchema), total: z.number().int() });
export type RecurringOccurrenceList = z.infer<typeof recurringOccurrenceListSchema>;

export const recurringPaymentRunResultSchema = z.object({
  made: z.array(recurringOccurrenceSchema),
  /** The occurrence that failed (nothing of it was written), or null. */
  failure: z.object({ occurrenceDate: z.string(), message: z.string() }).nullable(),
  schedule: recurringPaymentViewSchema,
  ranUpTo: z.string(),
});
export type RecurringPaymentRunResult = z.infer<typeof recurringPaymentRunResultSchema>;
