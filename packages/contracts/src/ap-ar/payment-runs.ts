import { z } from 'zod';
import { amountSchema, dateSchema } from '../common/scalars';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import type { ApprovalType } from '../navigation/approvals';
import { paymentFaces, paymentMethods, type PaymentFace } from './payments';
import type { Side } from './faces';

/*
 * Payment runs (issue 16, "Payment runs"): /vendor-payment-schedules (child /vendor-payment-schedule)
 * pays many vendors at once from one bank; /customer-payment-schedules (child
 * /customer-payment-schedule) collects from many customers (direct debit). A run is a document of
 * the kit: Draft → Posted → Reversed.
 *
 * - Selection (the proposal): the open items of invoices (credit notes stay for the payment editor)
 *   of the face in the bank's currency (a payment is in its bank's currency), of parties that may
 *   transact, of one party group or all, due on or before `upTo` (basis `Due date`) or whose
 *   discount date (else due date) is on or before `upTo` (basis `Discount date`). A customer run by
 *   DirectDebit selects only customers with a mandate. Each line proposes what is left of its item,
 *   less its discount when the payment date is on or before its discount date.
 * - The user excludes lines (`excluded`) or changes their amount and discount; the payments engine
 *   decides on Post (a discount only in full payment on time, never more than is left).
 * - Post creates, per party, one payment of the face (its allocations the party's lines) through the
 *   payments engine, all in the run's ONE transaction: a refusal of any party posts nothing.
 * - Reverse reverses every payment of the run (their items reopen).
 * - Bank file of a posted run: ISO 20022 pain.001.001.03 (vendor runs, credit transfer) or
 *   pain.008.001.02 (customer runs, direct debit, with the customers' mandates and the company's
 *   creditor identifier), or CSV. A remittance advice per party (PDF), mailed through the outbox.
 *
 * Approvals: VendorPaymentScheduleApproval has Post and Reverse (SPEC.md section 4);
 * CustomerPaymentScheduleApproval the same by our choice (SPEC.md shows none). The kit maps Post only
 * (an approval runs every operation of its completion); a posted run is reversed through
 * VendorPaymentScheduleReversalApproval / CustomerPaymentScheduleReversalApproval, whose one
 * operation, Reverse (our choice), reverses it; those tasks link to /journal (SPEC.md section 2).
 * With no workflow, a role with the Edit label posts and reverses directly.
 */

export const paymentRunStatuses = ['Draft', 'Posted', 'Reversed'] as const;
export type PaymentRunStatus = (typeof paymentRunStatuses)[number];
export type PaymentRunKind = 'Run';
/** Which date of an item the run's `upTo` selects by. */
export const paymentRunBases = ['Due date', 'Discount date'] as const;
export type PaymentRunBasis = (typeof paymentRunBases)[number];
export const bankFileFormats = ['xml', 'csv'] as const;
export type BankFileFormat = (typeof bankFileFormats)[number];

export const PAYMENT_RUN_LINES_MAX = 50_000;

/** What a payment run's face adds to its payments' face: pages, label, approval types and bank file. */
export type PaymentRunFace = {
  pf: PaymentFace;
  pages: { runs: '/vendor-payment-schedules' | '/customer-payment-schedules'; run: '/vendor-payment-schedule' | '/customer-payment-schedule' };
  label: 'VendorPaymentSchedule' | 'CustomerPaymentSchedule';
  approval: Extract<ApprovalType, 'VendorPaymentScheduleApproval' | 'CustomerPaymentScheduleApproval'>;
  reversalApproval: Extract<ApprovalType, 'VendorPaymentScheduleReversalApproval' | 'CustomerPaymentScheduleReversalApproval'>;
  /** The ISO 20022 message of its bank file. */
  message: 'pain.001.001.03' | 'pain.008.001.02';
  /** The method a new run proposes. */
  defaultMethod: 'Transfer' | 'DirectDebit';
};

export const paymentRunFaces: Record<Side, PaymentRunFace> = {
  payables: {
    pf: paymentFaces.payables, pages: { runs: '/vendor-payment-schedules', run: '/vendor-payment-schedule' }, label: 'VendorPaymentSchedule',
    approval: 'VendorPaymentScheduleApproval', reversalApproval: 'VendorPaymentScheduleReversalApproval', message: 'pain.001.001.03', defaultMethod: 'Transfer',
  },
  receivables: {
    pf: paymentFaces.receivables, pages: { runs: '/customer-payment-schedules', run: '/customer-payment-schedule' }, label: 'CustomerPaymentSchedule',
    approval: 'CustomerPaymentScheduleApproval', reversalApproval: 'CustomerPaymentScheduleReversalApproval', message: 'pain.008.001.02', defaultMethod: 'DirectDebit',
  },
};

/** 'Vendor payment run' / 'Customer payment run'. */
export const paymentRunLabel = (rf: PaymentRunFace) => `${rf.pf.face.partyLabel} payment run`;

const magnitude = () => amountSchema('must be an amount of zero or more with at most 4 decimals');

/** The selection of a run (its header): what the proposal reads. */
export const paymentRunCriteriaSchema = z.object({
  bank: z.uuid({ error: 'Please choose the bank' }),
  paymentDate: dateSchema('Please supply the payment date'),
  method: z.enum(paymentMethods).optional(),
  basis: z.enum(paymentRunBases).default('Due date'),
  upTo: dateSchema('Please supply the date items are selected up to'),
  /** A vendor group or customer group; empty: every group. */
  partyGroup: z.uuid().nullish(),
});
export type PaymentRunCriteria = z.infer<typeof paymentRunCriteriaSchema>;

export const paymentRunLineInputSchema = z.object({
  openItem: z.uuid({ error: 'Please choose the open item' }),
  /** The cash paid on the item. */
  amount: magnitude(),
  discount: magnitude().optional(),
  /** Kept on the run but not paid. */
  excluded: z.boolean().default(false),
});
export type PaymentRunLineInput = z.infer<typeof paymentRunLineInputSchema>;

export const paymentRunInputSchema = paymentRunCriteriaSchema.extend({
  kind: z.literal('Run').optional(),
  description: z.string().trim().min(1, 'Please supply a description').max(500),
  lines: z.array(paymentRunLineInputSchema).max(PAYMENT_RUN_LINES_MAX).default([]),
});
export type PaymentRunInput = z.infer<typeof paymentRunInputSchema>;

/** A proposed or stored line: the item, its party, what is left of it and what the run pays. */
export const paymentRunLineSchema = z.object({
  lineNo: z.number().int(),
  openItem: z.uuid(),
  invoice: z.uuid(),
  invoiceNumber: z.string().nullable(),
  /** The party's own number of the invoice (the vendor's invoice number), quoted on the remittance. */
  partyDocumentNumber: z.string().nullable(),
  party: z.uuid(),
  partyCode: z.string(),
  partyName: z.string(),
  dueDate: z.string(),
  discountDate: z.string().nullable(),
  /** What is left of the item now, and the discount it offers (taken only by its discount date). */
  remaining: z.string(),
  discountAvailable: z.string(),
  amount: z.string(),
  discount: z.string(),
  excluded: z.boolean(),
  /** The payment Post made for the line's party (posted runs). */
  payment: z.uuid().nullable(),
  paymentNumber: z.string().nullable(),
  /** What stops the line's party from being paid by the run's method (no valid IBAN, no mandate); null when nothing. */
  problem: z.string().nullable(),
});
export type PaymentRunLine = z.infer<typeof paymentRunLineSchema>;

export const paymentRunProposalSchema = z.object({
  currency: z.string(),
  lines: z.array(paymentRunLineSchema),
  total: z.string(),
  discount: z.string(),
  parties: z.number().int(),
});
export type PaymentRunProposal = z.infer<typeof paymentRunProposalSchema>;

export const paymentRunViewSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  side: z.enum(['payables', 'receivables']),
  status: z.enum(paymentRunStatuses),
  bank: z.uuid(),
  bankCode: z.string(),
  currency: z.string(),
  paymentDate: z.string(),
  method: z.enum(paymentMethods),
  basis: z.enum(paymentRunBases),
  upTo: z.string(),
  partyGroup: z.uuid().nullable(),
  partyGroupCode: z.string().nullable(),
  description: z.string(),
  /** The cash and discounts of the lines not excluded, and how many parties they pay. */
  total: z.string(),
  discount: z.string(),
  parties: z.number().int(),
  lines: z.array(paymentRunLineSchema),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
});
export type PaymentRunView = z.infer<typeof paymentRunViewSchema>;

export const paymentRunListItemSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: z.enum(paymentRunStatuses),
  bankCode: z.string(),
  currency: z.string(),
  paymentDate: z.string(),
  method: z.enum(paymentMethods),
  description: z.string(),
  total: z.string(),
  parties: z.number().int(),
  lines: z.number().int(),
});
export type PaymentRunListItem = z.infer<typeof paymentRunListItemSchema>;

/** The run document of a face. */
export function paymentRunDocumentOf(rf: PaymentRunFace) {
  const { face } = rf.pf;
  return defineDocument({
    name: `${face.partyWord}PaymentRun`,
    label: paymentRunLabel(rf),
    plural: `${paymentRunLabel(rf)}s`,
    module: face.module,
    documentType: rf.label,
    service: face.service,
    resource: `${face.partyWord}-payment-runs`,
    kinds: { Run: { label: paymentRunLabel(rf), permission: rf.label, listPage: rf.pages.runs, editorPage: rf.pages.run, approved: true, userCreated: true } },
    defaultKind: 'Run',
    readPages: [],
    states: paymentRunStatuses,
    initial: 'Draft',
    editable: ['Draft'],
    posted: ['Posted', 'Reversed'],
    actions: {
      post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true },
      reverse: { label: 'Reverse', from: ['Posted'], to: 'Reversed', verb: 'Edit', idempotent: true, onDate: true },
    },
    approval: { type: rf.approval, operations: { Post: 'post' } },
    header: {
      bank: { type: 'ref', ref: 'bank', label: 'Bank', required: true },
      paymentDate: { type: 'date', label: 'Payment Date', required: true },
      method: { type: 'enum', label: 'Method', options: paymentMethods, required: true, default: rf.defaultMethod },
      basis: { type: 'enum', label: 'Select By', options: paymentRunBases, required: true, default: 'Due date' },
      upTo: { type: 'date', label: 'Up To', required: true },
      partyGroup: { type: 'ref', ref: `${face.partyWord}Group`, label: `${face.partyLabel} Group`, help: 'Empty: every group' },
      description: { type: 'text', label: 'Description', required: true, max: 500 },
    },
    headerForm: [['bank', 'paymentDate'], ['method', 'basis'], ['upTo', 'partyGroup'], ['description']],
    linesMax: PAYMENT_RUN_LINES_MAX,
    sortKeys: ['paymentDate', '-paymentDate', 'number', '-number', 'createdAt', '-createdAt'],
    defaultSort: '-paymentDate',
  });
}

export const vendorPaymentRunDocument = paymentRunDocumentOf(paymentRunFaces.payables);
export const customerPaymentRunDocument = paymentRunDocumentOf(paymentRunFaces.receivables);
export type PaymentRunDocument = ReturnType<typeof paymentRunDocumentOf>;
export type PaymentRunAction = keyof PaymentRunDocument['actions'];
export const paymentRunDocuments: Record<Side, PaymentRunDocument> = { payables: vendorPaymentRunDocument, receivables: customerPaymentRunDocument };

export const paymentRunListQuerySchema = documentListQuerySchema(vendorPaymentRunDocument).extend({
  bank: z.uuid().optional(),
});
export type PaymentRunListFilter = z.infer<typeof paymentRunListQuerySchema>;

/** GET …/proposal: the criteria of a run, before it is saved. */
export const paymentRunProposalQuerySchema = paymentRunCriteriaSchema;
export type PaymentRunProposalQuery = z.infer<typeof paymentRunProposalQuerySchema>;

/** GET …/:id/bank-file: the ISO 20022 XML of the face (default) or CSV. */
export const bankFileQuerySchema = z.object({ format: z.enum(bankFileFormats).default('xml') });
export type BankFileQuery = z.infer<typeof bankFileQuerySchema>;

/** GET …/:id/remittance: one party's remittance advice as a PDF. */
export const remittanceQuerySchema = z.object({ party: z.uuid({ error: 'Please choose the party' }), download: z.enum(['true', 'false']).optional() });
export type RemittanceQuery = z.infer<typeof remittanceQuerySchema>;

/** POST …/:id/remittance/mail: every party's advice to its contacts' mail (through the outbox). */
export const remittanceMailResultSchema = z.object({
  queued: z.number().int(),
  /** Parties with no contact mail: nothing sent to them. */
  skipped: z.array(z.string()),
});
export type RemittanceMailResult = z.infer<typeof remittanceMailResultSchema>;

/** The path of a run resource of a face: `/ap/vendor-payment-runs`. */
export const paymentRunBase = (rf: PaymentRunFace): `/${string}` => `/${rf.pf.face.service}/${paymentRunDocuments[rf.pf.face.side].resource}`;
