import { z } from 'zod';
import { amountSchema, dateSchema, rateSchema } from '../common/scalars';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import type { ApprovalType } from '../navigation/approvals';
import { payablesFace, receivablesFace, type Face, type Side } from './faces';

/*
 * Payments of payables and receivables (issue 16, part 2): one engine with two faces, as invoices.
 * A vendor payment (/vendor-payments, /vendor-payment) pays a vendor from a bank; a customer payment
 * (/customer-payments, /customer-payment) is a receipt from a customer into a bank. Each is a
 * document of the kit: Draft → Posted → Reversed.
 *
 * - Amount in the bank's currency, at a rate (the company's rate of the date when empty).
 * - Allocation lines to the party's open items in that currency: `amount` is the cash applied to the
 *   item, `discount` the early-payment discount taken (only on an invoice's item paid by its discount
 *   date, at most its discount), `writeOff` a small remainder written off (at most the face's
 *   /module-config `PaymentWriteOffTolerance`); all three are magnitudes applied in the item's own
 *   direction: on a credit note's item they use the credit (add to the cash available), and a credit
 *   takes neither discount nor write-off. What the lines do not use of the amount stays on account
 *   (`unallocated`) and is allocated later (POST …/:id/allocate).
 * - Post writes ONE entry through the ledger's port: the bank's GL account against the party's
 *   control account (one line per invoice rate, the unallocated part at the payment's rate), the
 *   discount and write-off through the posting profile's accounts, and the realised exchange gain
 *   or loss when an item's rate differs from the payment's.
 *
 * Approvals (SPEC.md section 4 names no operations for these types: our choice, stated in
 * `approvalOperations` of navigation/approvals.ts): CustomerPaymentApproval and VendorPaymentApproval
 * have Post and Reverse; the kit maps only Post (an approval runs every operation of its completion,
 * so a Reverse in the same chain would post and reverse at once, as the invoices' RULES say). A
 * posted payment's reversal goes through CustomerPaymentReversalApproval / VendorPaymentReversalApproval,
 * whose one operation Reverse reverses it. With no workflow, a role with the Edit label posts and
 * reverses directly. All of them link to /journal (SPEC.md section 2): the task names the payment,
 * its party, its allocations and its entry.
 */

export const paymentStatuses = ['Draft', 'Posted', 'Reversed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/**
 * A payment's direction. `Payment`: the face's usual one (a vendor paid, a customer's receipt). `Refund`:
 * the other way, returning a credit balance to the party: a customer with a receipt kept on account or
 * an open credit note is paid back from our bank; a vendor with a payment on account or an open credit
 * note pays us back into it. A refund's lines settle only the party's credits: credit notes' open items
 * (`allocations`) and posted payments' amounts on account (`onAccount`); its amount is exactly what they
 * return (never more than the credit available, nothing left on account). Its entry is the payment's
 * with the bank on the other side (the control account with the party against the bank), realised
 * exchange when the credits' rates differ from the refund's. A refund goes through the payment's own
 * approval type (CustomerPaymentApproval / VendorPaymentApproval, Post; our choice) and its reversal
 * through the payment's reversal approval; reversing it restores the credits.
 */
export const paymentKinds = ['Payment', 'Refund'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
export const PAYMENT_KIND: PaymentKind = 'Payment';
export const REFUND_KIND: PaymentKind = 'Refund';
/** What an allocation line settles: an invoice's or credit note's open item, or (a refund's) a payment's amount on account. */
export const allocationItemKinds = ['Invoice', 'CreditNote', 'OnAccount'] as const;
export type AllocationItemKind = (typeof allocationItemKinds)[number];
export const paymentMethods = ['Transfer', 'Cheque', 'Cash', 'Card', 'DirectDebit'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** An allocation is active, undone (un-allocated from a posted payment: the amount went back on account) or reversed with its payment. */
export const allocationStatuses = ['Draft', 'Active', 'Undone', 'Reversed'] as const;
export type AllocationStatus = (typeof allocationStatuses)[number];

export const PAYMENT_ALLOCATIONS_MAX = 20_000;
/** The /module-config setting of each face's write-off tolerance (value: an amount in the payment's currency; none: no write-off). */
export const WRITE_OFF_TOLERANCE_SETTING = 'PaymentWriteOffTolerance';

/** What a payment's face adds to the invoices' `Face`: its pages, labels and approval types. */
export type PaymentFace = {
  face: Face;
  pages: { payments: '/vendor-payments' | '/customer-payments'; payment: '/vendor-payment' | '/customer-payment' };
  label: 'VendorPayment' | 'CustomerPayment';
  approval: Extract<ApprovalType, 'VendorPaymentApproval' | 'CustomerPaymentApproval'>;
  reversalApproval: Extract<ApprovalType, 'VendorPaymentReversalApproval' | 'CustomerPaymentReversalApproval'>;
  /** The side of the bank's account a payment posts: a vendor payment credits the bank, a customer receipt debits it (a refund the other side). */
  bankSide: 'credit' | 'debit';
  /** Words: 'payment' / 'receipt'. */
  noun: string;
  /** Words of a refund: 'refund from the vendor' / 'refund to the customer'. */
  refundNoun: string;
};

export const paymentFaces: Record<Side, PaymentFace> = {
  payables: {
    face: payablesFace, pages: { payments: '/vendor-payments', payment: '/vendor-payment' }, label: 'VendorPayment',
    approval: 'VendorPaymentApproval', reversalApproval: 'VendorPaymentReversalApproval', bankSide: 'credit', noun: 'payment', refundNoun: 'refund from the vendor',
  },
  receivables: {
    face: receivablesFace, pages: { payments: '/customer-payments', payment: '/customer-payment' }, label: 'CustomerPayment',
    approval: 'CustomerPaymentApproval', reversalApproval: 'CustomerPaymentReversalApproval', bankSide: 'debit', noun: 'receipt', refundNoun: 'refund to the customer',
  },
};

/** A non-negative amount (zero allowed): a line's discount or write-off left empty is zero. */
const magnitude = () => amountSchema('must be an amount of zero or more with at most 4 decimals');

export const allocationInputSchema = z.object({
  openItem: z.uuid({ error: 'Please choose the open item' }),
  /** The cash applied to the item, in the item's direction. */
  amount: magnitude(),
  discount: magnitude().optional(),
  writeOff: magnitude().optional(),
});
export type AllocationInput = z.infer<typeof allocationInputSchema>;

/** A refund's line returning (part of) a posted payment's amount on account: a payment of the same party, side and currency. */
export const onAccountInputSchema = z.object({
  payment: z.uuid({ error: 'Please choose the payment whose amount on account is refunded' }),
  amount: magnitude(),
});
export type OnAccountInput = z.infer<typeof onAccountInputSchema>;

export const paymentInputSchema = z.object({
  kind: z.enum(paymentKinds).default('Payment'),
  bank: z.uuid({ error: 'Please choose the bank' }),
  party: z.uuid({ error: 'Please choose the party' }),
  documentDate: dateSchema('Please supply the payment date'),
  /** The date of the entry; the payment date when empty. */
  postingDate: dateSchema().optional(),
  /** In the bank's currency. */
  amount: magnitude(),
  /** Base units per unit of the bank's currency; the company's rate of the posting date when empty. */
  rate: rateSchema().optional(),
  method: z.enum(paymentMethods).default('Transfer'),
  reference: z.string().trim().max(100).optional(),
  description: z.string().trim().min(1, 'Please supply a description').max(500),
  allocations: z.array(allocationInputSchema).max(PAYMENT_ALLOCATIONS_MAX).default([]),
  /** A refund's lines returning payments' amounts on account (a Payment takes none). */
  onAccount: z.array(onAccountInputSchema).max(PAYMENT_ALLOCATIONS_MAX).optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const allocationViewSchema = z.object({
  lineNo: z.number().int(),
  /** The open item settled (none on a refund's line returning a payment's amount on account). */
  openItem: z.uuid().nullable(),
  invoice: z.uuid().nullable(),
  /** The payment whose amount on account a refund's line returns. */
  payment: z.uuid().nullable(),
  /** The document's number: the invoice's, the credit note's or the payment's. */
  invoiceNumber: z.string().nullable(),
  /** Invoice, CreditNote or OnAccount: a credit's allocation adds to the cash available. */
  itemKind: z.enum(allocationItemKinds),
  dueDate: z.string(),
  amount: z.string(),
  discount: z.string(),
  writeOff: z.string(),
  status: z.enum(allocationStatuses),
  /** The entry that made it (the payment's, or a later allocation's) and the one that undid it. */
  journalNumber: z.string().nullable(),
  undoneJournalNumber: z.string().nullable(),
});
export type AllocationView = z.infer<typeof allocationViewSchema>;

export const paymentViewSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  side: z.enum(['payables', 'receivables']),
  kind: z.enum(paymentKinds),
  status: z.enum(paymentStatuses),
  bank: z.uuid(),
  bankCode: z.string(),
  party: z.uuid(),
  partyCode: z.string(),
  partyName: z.string(),
  documentDate: z.string(),
  postingDate: z.string(),
  currency: z.string(),
  rate: z.string().nullable(),
  method: z.enum(paymentMethods),
  /** The cheque or transfer number taken from the bank when a vendor payment posted. */
  bankNumber: z.string().nullable(),
  amount: z.string(),
  /** What is allocated now (active allocations' cash), and what stays on account. */
  allocated: z.string(),
  unallocated: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
  allocations: z.array(allocationViewSchema),
  journal: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const paymentListItemSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  kind: z.enum(paymentKinds),
  status: z.enum(paymentStatuses),
  bank: z.uuid(),
  bankCode: z.string(),
  party: z.uuid(),
  partyCode: z.string(),
  partyName: z.string(),
  documentDate: z.string(),
  postingDate: z.string(),
  currency: z.string(),
  method: z.enum(paymentMethods),
  amount: z.string(),
  unallocated: z.string(),
  reference: z.string().nullable(),
  description: z.string(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

/** The payment document of a face. */
export function paymentDocumentOf(pf: PaymentFace) {
  const { face } = pf;
  return defineDocument({
    name: `${face.partyWord}Payment`,
    label: `${face.partyLabel} ${pf.noun}`,
    plural: `${face.partyLabel} ${pf.noun}s`,
    module: face.module,
    documentType: pf.label,
    service: face.service,
    resource: `${face.partyWord}-payments`,
    kinds: {
      Payment: { label: `${face.partyLabel} ${pf.noun}`, permission: pf.label, listPage: pf.pages.payments, editorPage: pf.pages.payment, approved: true, userCreated: true },
      // A refund is a payment the other way: the same pages, labels and approval type.
      Refund: { label: `${face.partyLabel} refund`, permission: pf.label, listPage: pf.pages.payments, editorPage: pf.pages.payment, approved: true, userCreated: true },
    },
    defaultKind: 'Payment',
    readPages: [],
    states: paymentStatuses,
    initial: 'Draft',
    editable: ['Draft'],
    posted: ['Posted', 'Reversed'],
    actions: {
      post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true },
      reverse: { label: 'Reverse', from: ['Posted'], to: 'Reversed', verb: 'Edit', idempotent: true, onDate: true },
    },
    approval: { type: pf.approval, operations: { Post: 'post' } },
    header: {
      bank: { type: 'ref', ref: 'bank', label: 'Bank', required: true },
      party: { type: 'ref', ref: face.partyWord, label: face.partyLabel, required: true },
      documentDate: { type: 'date', label: 'Payment Date', required: true },
      postingDate: { type: 'date', label: 'Posting Date' },
      amount: { type: 'decimal', label: 'Amount', scale: 4, max: 15, required: true },
      rate: { type: 'decimal', label: 'Rate', scale: 10, positive: true },
      method: { type: 'enum', label: 'Method', options: paymentMethods, required: true, default: 'Transfer' },
      reference: { type: 'text', label: 'Reference', max: 100 },
      description: { type: 'text', label: 'Description', required: true, max: 500 },
    },
    headerForm: [['bank', 'party'], ['documentDate', 'postingDate'], ['amount', 'rate'], ['method', 'reference'], ['description']],
    linesMax: PAYMENT_ALLOCATIONS_MAX,
    sortKeys: ['documentDate', '-documentDate', 'number', '-number', 'createdAt', '-createdAt'],
    defaultSort: '-documentDate',
  });
}

export const vendorPaymentDocument = paymentDocumentOf(paymentFaces.payables);
export const customerPaymentDocument = paymentDocumentOf(paymentFaces.receivables);
export type PaymentDocument = ReturnType<typeof paymentDocumentOf>;
export type PaymentAction = keyof PaymentDocument['actions'];
export const paymentDocuments: Record<Side, PaymentDocument> = { payables: vendorPaymentDocument, receivables: customerPaymentDocument };

export const paymentListQuerySchema = documentListQuerySchema(vendorPaymentDocument).extend({
  party: z.uuid().optional(),
  bank: z.uuid().optional(),
  /** Posted payments with something left on account. */
  unallocated: z.enum(['true', 'false']).optional(),
});
export type PaymentListFilter = z.infer<typeof paymentListQuerySchema>;

/** Allocate a posted payment's amount on account to open items (an entry of its own, on `date`: the payment's posting date when empty). */
export const allocateInputSchema = z.object({
  date: dateSchema().optional(),
  allocations: z.array(allocationInputSchema).min(1, 'Name at least one open item').max(PAYMENT_ALLOCATIONS_MAX),
});
export type AllocateInput = z.infer<typeof allocateInputSchema>;

/** Undo allocations of a posted payment without reversing it (their amounts go back on account); all active ones when `lines` is empty. */
export const unallocateInputSchema = z.object({
  date: dateSchema().optional(),
  lines: z.array(z.number().int().min(1)).max(PAYMENT_ALLOCATIONS_MAX).default([]),
});
export type UnallocateInput = z.infer<typeof unallocateInputSchema>;

/**
 * The allocation proposal of an amount to a party's open items in a currency: first the credits
 * (they add to what is available), then an item whose invoice number, party reference or reference
 * matches `reference`, then an item whose remaining (less a discount still open) equals the amount,
 * then the oldest due first; each item gets what is left, taking the discount when `date` is on or
 * before its discount date and the item is paid in full.
 */
export const proposalQuerySchema = z.object({
  party: z.uuid({ error: 'Please choose the party' }),
  currency: z.string().trim().toUpperCase().length(3, 'must be a currency code'),
  amount: magnitude(),
  date: dateSchema('Please supply the payment date'),
  reference: z.string().trim().max(100).optional(),
});
export type ProposalQuery = z.infer<typeof proposalQuerySchema>;

/** Which open item a proposal line or a picker row is: the item, its document and its kind. */
const openItemRef = {
  openItem: z.uuid(),
  invoice: z.uuid(),
  invoiceNumber: z.string().nullable(),
  itemKind: z.enum(['Invoice', 'CreditNote']),
};

export const proposalLineSchema = z.object({
  ...openItemRef,
  dueDate: z.string(),
  /** What is left of the item (a magnitude, in its direction). */
  remaining: z.string(),
  discountAvailable: z.string(),
  amount: z.string(),
  discount: z.string(),
  matched: z.enum(['reference', 'amount']).nullable(),
});
export const proposalSchema = z.object({
  currency: z.string(),
  amount: z.string(),
  /** The lines the amount reaches, in the order it was spread; editable before the payment is saved. */
  lines: z.array(proposalLineSchema),
  /** The party's open items in the currency, and how much of the amount stays on account. */
  openItems: z.number().int(),
  unallocated: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;
export type ProposalLine = z.infer<typeof proposalLineSchema>;

/** A party's open items in a currency, a page at a time (the payment editor's picker). */
export const openItemsQuerySchema = z.object({
  party: z.uuid(),
  currency: z.string().trim().toUpperCase().length(3).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  page: z.coerce.number().int().min(1).default(1),
});
export type OpenItemsQuery = z.infer<typeof openItemsQuerySchema>;
export const openItemRowSchema = z.object({
  ...openItemRef,
  currency: z.string(),
  documentDate: z.string(),
  dueDate: z.string(),
  discountDate: z.string().nullable(),
  amount: z.string(),
  discount: z.string(),
  remaining: z.string(),
});
export const openItemsPageSchema = z.object({ items: z.array(openItemRowSchema), total: z.number().int() });
export type OpenItemsPage = z.infer<typeof openItemsPageSchema>;

/**
 * The credits a refund can return to a party in a currency (the refund editor's proposal): its open
 * credit notes' items and its posted payments' amounts on account, oldest first, and `amount` (all of
 * it when empty) spread across them. More than the credit available is refused on `amount`.
 */
export const refundProposalQuerySchema = z.object({
  party: z.uuid({ error: 'Please choose the party' }),
  currency: z.string().trim().toUpperCase().length(3, 'must be a currency code'),
  amount: magnitude().optional(),
});
export type RefundProposalQuery = z.infer<typeof refundProposalQuerySchema>;
export const refundProposalLineSchema = z.object({
  itemKind: z.enum(['CreditNote', 'OnAccount']),
  /** The credit note's open item, or the payment whose amount on account is returned. */
  openItem: z.uuid().nullable(),
  payment: z.uuid().nullable(),
  number: z.string().nullable(),
  date: z.string(),
  /** What is left of the credit (a magnitude). */
  remaining: z.string(),
  amount: z.string(),
});
export const refundProposalSchema = z.object({
  currency: z.string(),
  /** The party's credit available in the currency, and what the lines return. */
  available: z.string(),
  amount: z.string(),
  lines: z.array(refundProposalLineSchema),
});
export type RefundProposal = z.infer<typeof refundProposalSchema>;
export type RefundProposalLine = z.infer<typeof refundProposalLineSchema>;
