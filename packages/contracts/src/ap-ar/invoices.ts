import { z } from 'zod';
import { amountSchema, dateSchema, rateSchema } from '../common/scalars';
import { defineDocument, documentListQuerySchema } from '../kit/define-document';
import { payablesFace, receivablesFace, type Face, type Side } from './faces';

/*
 * Invoices and credit notes of payables and receivables (issue 15): one engine, two faces. Each face
 * has two documents of the kit, both built here once from its `Face`:
 *
 * - the invoice (`vendorInvoice`, `customerInvoice`): Draft → Posted, through VendorInvoiceApproval
 *   or CustomerInvoiceApproval, whose Post posts it. SPEC.md section 4 gives these types Post and
 *   Reverse; an approval runs every operation of its completion in order, so a Reverse in the same
 *   chain would post and reverse at once: the invoice's approval performs Post, and its reversal is a
 *   document of its own that goes through the reversal approval type (below). An invoice becomes
 *   Reversed when a full reversal of it posts.
 * - the credit note (`vendorCreditNote`, `customerCreditNote`), of two kinds: `Reversal` (the whole
 *   invoice: its entry reversed through the port, its open items closed) and `CreditNote` (some
 *   lines or an amount, linked to an invoice whose open items it reduces, or standing alone as an
 *   open item of its own to allocate later). Both go through VendorInvoiceReversalApproval or
 *   CustomerInvoiceReversalApproval, whose one operation is Reverse (SPEC.md leaves those types'
 *   operations unnamed: our choice, stated in `approvalOperations` of navigation/approvals.ts); the
 *   Reverse operation posts the credit note.
 *
 * "Submitted (under approval)" is the approval engine's running instance on a draft, not a state of
 * the document (the kit refuses changes and direct posting while it runs; GET /workflow/gate with
 * the document's id says so), as for journals.
 *
 * Pages: the screens ride on the invoice list and editor pages (/vendor-invoices, /vendor-invoice),
 * whose labels (SaveVendorInvoice, EditVendorInvoice...) grant them. /vendor-invoice-reversal (not in
 * the menus) is the credit note's editor, opened from a posted invoice's editor ("Reverse" / "Credit
 * note") and from the credit note list; it is granted by /vendor-invoice with SaveVendorInvoice
 * (create) and EditVendorInvoice (post). Customer likewise.
 */

export const invoiceStatuses = ['Draft', 'Posted', 'Reversed'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const creditNoteStatuses = ['Draft', 'Posted'] as const;
export type CreditNoteStatus = (typeof creditNoteStatuses)[number];
export const invoiceKinds = ['Invoice'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
export const creditNoteKinds = ['CreditNote', 'Reversal'] as const;
export type CreditNoteKind = (typeof creditNoteKinds)[number];
/** What a row of the one invoices table is (the face says whose). */
export const invoiceDocumentKinds = [...invoiceKinds, ...creditNoteKinds] as const;
export type InvoiceDocumentKind = (typeof invoiceDocumentKinds)[number];

export const INVOICE_LINES_MAX = 1000;
export const INVOICE_INSTALMENTS_MAX = 60;

/** A quantity: up to 6 decimals, more than zero. */
export const quantitySchema = () =>
  z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be a quantity with at most 6 decimals').refine((v) => /[1-9]/.test(v), 'must be more than zero');
/** A percent from 0 to 100 with up to 4 decimals. */
export const percentSchema = () =>
  z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percent with at most 4 decimals').refine((v) => Number(v) <= 100, 'must be at most 100');

const dims = z.record(z.string().max(20), z.string().max(30));

export const invoiceLineInputSchema = z.object({
  /** The expense (payables) or revenue (receivables) account; the posting profile's when empty. */
  account: z.uuid({ error: 'Please choose an account' }).optional(),
  description: z.string().trim().max(500).optional(),
  quantity: quantitySchema().default('1'),
  unitPrice: amountSchema(),
  discountPercent: percentSchema().optional(),
  tax: z.uuid().optional(),
  /** The unit price includes the tax (the tax is taken out of it), else the tax is added. */
  taxInclusive: z.boolean().default(false),
  dimensions: dims.optional(),
});
export type InvoiceDocumentLineInput = z.infer<typeof invoiceLineInputSchema>;

/** One instalment as typed before posting (the term's when none is given). */
export const instalmentInputSchema = z.object({
  dueDate: dateSchema('Please supply the due date'),
  amount: amountSchema(),
  discountDate: dateSchema().optional(),
  discountAmount: amountSchema().optional(),
});
export type InstalmentInput = z.infer<typeof instalmentInputSchema>;

const headerShape = {
  party: z.uuid({ error: 'Please choose the party' }),
  documentDate: dateSchema('Please supply the document date'),
  /** The date of the entry; the document date when empty. */
  postingDate: dateSchema().optional(),
  /** The document's currency (code); the party's, its group's or the company's when empty. */
  currency: z.string().trim().toUpperCase().length(3, 'must be a currency code').optional(),
  rate: rateSchema().optional(),
  /** The vendor's own invoice number (payables: unique per vendor among documents not reversed); a customer's order reference on receivables. */
  partyDocumentNumber: z.string().trim().max(50).optional(),
  reference: z.string().trim().max(100).optional(),
  description: z.string().trim().min(1, 'Please supply a description').max(500),
  dimensions: dims.optional(),
  /** Due dates and amounts; from the party's payment term (dueSchedule) when empty. Their amounts add up to the gross. */
  instalments: z.array(instalmentInputSchema).max(INVOICE_INSTALMENTS_MAX).optional(),
};

export const invoiceInputSchema = z.object({
  kind: z.enum(invoiceKinds).default('Invoice'),
  ...headerShape,
  lines: z.array(invoiceLineInputSchema).min(1, 'An invoice needs at least one line').max(INVOICE_LINES_MAX),
});
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;

/**
 * A credit note: a `Reversal` names the invoice and takes its lines (any lines sent are ignored);
 * a `CreditNote` has its own lines (some of the invoice's, or one line for an amount) and may name
 * the invoice it credits.
 */
export const creditNoteInputSchema = z
  .object({
    kind: z.enum(creditNoteKinds).default('CreditNote'),
    invoice: z.uuid().optional(),
    ...headerShape,
    lines: z.array(invoiceLineInputSchema).max(INVOICE_LINES_MAX).default([]),
  })
  .refine((c) => c.kind !== 'Reversal' || !!c.invoice, { message: 'A reversal names the invoice it reverses', path: ['invoice'] })
  .refine((c) => c.kind !== 'CreditNote' || c.lines.length > 0, { message: 'A credit note needs at least one line', path: ['lines'] });
export type CreditNoteInput = z.infer<typeof creditNoteInputSchema>;

export const invoiceLineViewSchema = z.object({
  lineNo: z.number().int(),
  account: z.uuid().nullable(),
  accountCode: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.string(),
  unitPrice: z.string(),
  discountPercent: z.string(),
  tax: z.uuid().nullable(),
  taxCode: z.string().nullable(),
  taxInclusive: z.boolean(),
  dimensions: z.record(z.string(), z.string()),
  net: z.string(),
  taxAmount: z.string(),
  gross: z.string(),
});
export type InvoiceLineView = z.infer<typeof invoiceLineViewSchema>;

export const openItemStatuses = ['Open', 'Closed'] as const;
export type OpenItemStatus = (typeof openItemStatuses)[number];

export const instalmentViewSchema = z.object({
  line: z.number().int(),
  dueDate: z.string(),
  amount: z.string(),
  discountDate: z.string().nullable(),
  discountAmount: z.string(),
  /** What is left to settle (posted documents): the amount less credit notes and, later, payments. */
  remaining: z.string().nullable(),
});
export type InstalmentView = z.infer<typeof instalmentViewSchema>;

/**
 * The document of another module that made an invoice (a fixed-asset disposal's sale): what the
 * invoice shows and links to (`page?id=documentId`). Null: the invoice was entered here.
 */
export const invoiceSourceSchema = z.object({
  module: z.string(),
  documentType: z.string(),
  documentId: z.uuid(),
  label: z.string(),
  number: z.string().nullable(),
  page: z.string().regex(/^\/[a-z-]+$/),
});
export type InvoiceSource = z.infer<typeof invoiceSourceSchema>;

export const taxSummaryRowSchema = z.object({ tax: z.uuid(), taxCode: z.string(), taxable: z.string(), taxAmount: z.string() });

const viewShape = {
  id: z.uuid(),
  number: z.string().nullable(),
  side: z.enum(['payables', 'receivables']),
  status: z.string(),
  party: z.uuid(),
  partyCode: z.string(),
  partyName: z.string(),
  documentDate: z.string(),
  postingDate: z.string(),
  currency: z.string(),
  rate: z.string().nullable(),
  partyDocumentNumber: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string(),
  dimensions: z.record(z.string(), z.string()),
  totalNet: z.string(),
  totalTax: z.string(),
  totalGross: z.string(),
  /** What is left open: the sum of the open items' remaining (posted documents). */
  remaining: z.string().nullable(),
  lines: z.array(invoiceLineViewSchema),
  instalments: z.array(instalmentViewSchema),
  taxSummary: z.array(taxSummaryRowSchema),
  journal: z.uuid().nullable(),
  journalNumber: z.string().nullable(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  /** The document of another module that made it (null: entered here). */
  source: invoiceSourceSchema.nullable(),
};

export const invoiceViewSchema = z.object({
  ...viewShape,
  kind: z.enum(invoiceKinds),
  status: z.enum(invoiceStatuses),
  /** Credit notes posted against it. */
  credits: z.array(z.object({ creditNote: z.uuid(), number: z.string().nullable(), amount: z.string() })),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export const creditNoteViewSchema = z.object({
  ...viewShape,
  kind: z.enum(creditNoteKinds),
  status: z.enum(creditNoteStatuses),
  invoice: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  /** The part of it applied to the invoice's open items. */
  applied: z.string(),
});
export type CreditNoteView = z.infer<typeof creditNoteViewSchema>;

const listItemShape = {
  id: z.uuid(),
  number: z.string().nullable(),
  party: z.uuid(),
  partyCode: z.string(),
  partyName: z.string(),
  documentDate: z.string(),
  postingDate: z.string(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  partyDocumentNumber: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string(),
  totalGross: z.string(),
  remaining: z.string().nullable(),
};
export const invoiceListItemSchema = z.object({ ...listItemShape, kind: z.enum(invoiceKinds), status: z.enum(invoiceStatuses) });
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export const creditNoteListItemSchema = z.object({ ...listItemShape, kind: z.enum(creditNoteKinds), status: z.enum(creditNoteStatuses), invoice: z.uuid().nullable() });
export type CreditNoteListItem = z.infer<typeof creditNoteListItemSchema>;

/** The header fields of the editor, with the face's words. */
const headerFields = (face: Face) => ({
  party: { type: 'ref' as const, ref: face.partyWord, label: face.partyLabel, required: true },
  documentDate: { type: 'date' as const, label: 'Document Date', required: true },
  postingDate: { type: 'date' as const, label: 'Posting Date' },
  currency: { type: 'text' as const, label: 'Currency', max: 3 },
  rate: { type: 'decimal' as const, label: 'Rate', scale: 10, positive: true },
  partyDocumentNumber: { type: 'text' as const, label: face.side === 'payables' ? "Vendor's Invoice Number" : "Customer's Reference", max: 50 },
  reference: { type: 'text' as const, label: 'Reference', max: 100 },
  description: { type: 'text' as const, label: 'Description', required: true, max: 500 },
});
const headerForm = [['party', 'partyDocumentNumber'], ['documentDate', 'postingDate'], ['currency', 'rate'], ['reference'], ['description']] as const;
const sortKeys = ['documentDate', '-documentDate', 'postingDate', '-postingDate', 'number', '-number', 'dueDate', '-dueDate', 'createdAt', '-createdAt'] as const;

/** The invoice document of a face. */
export function invoiceDocumentOf(face: Face) {
  const stem = face.labels.invoice;
  return defineDocument({
    name: `${face.partyWord}Invoice`,
    label: `${face.partyLabel} invoice`,
    plural: `${face.partyLabel} invoices`,
    module: face.module,
    documentType: stem,
    service: face.service,
    resource: `${face.partyWord}-invoices`,
    kinds: { Invoice: { label: `${face.partyLabel} invoice`, permission: stem, listPage: face.pages.invoices, editorPage: face.pages.invoice, approved: true, userCreated: true } },
    defaultKind: 'Invoice',
    readPages: [],
    states: invoiceStatuses,
    initial: 'Draft',
    editable: ['Draft'],
    posted: ['Posted', 'Reversed'],
    actions: { post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true } },
    approval: { type: face.approvals.invoice, operations: { Post: 'post' } },
    header: headerFields(face),
    headerForm,
    linesMax: INVOICE_LINES_MAX,
    sortKeys,
    defaultSort: '-documentDate',
  });
}

/** The credit note document of a face: a full reversal or a credit note, through the reversal approval type. */
export function creditNoteDocumentOf(face: Face) {
  const stem = face.labels.invoice;
  const kind = (label: string) => ({ label, permission: stem, listPage: face.pages.invoices, editorPage: face.pages.invoice, approved: true, userCreated: true });
  return defineDocument({
    name: `${face.partyWord}CreditNote`,
    label: `${face.partyLabel} credit note`,
    plural: `${face.partyLabel} credit notes`,
    module: face.module,
    documentType: `${face.partyLabel}CreditNote`,
    service: face.service,
    resource: `${face.partyWord}-credit-notes`,
    kinds: { CreditNote: kind(`${face.partyLabel} credit note`), Reversal: kind(`${face.partyLabel} invoice reversal`) },
    defaultKind: 'CreditNote',
    readPages: [],
    states: creditNoteStatuses,
    initial: 'Draft',
    editable: ['Draft'],
    posted: ['Posted'],
    actions: { post: { label: 'Post', from: ['Draft'], to: 'Posted', verb: 'Edit', idempotent: true } },
    approval: { type: face.approvals.reversal, operations: { Reverse: 'post' } },
    header: { invoice: { type: 'ref' as const, ref: `${face.partyWord}Invoice`, label: 'Invoice' }, ...headerFields(face) },
    headerForm: [['invoice'], ...headerForm],
    linesMax: INVOICE_LINES_MAX,
    sortKeys,
    defaultSort: '-documentDate',
  });
}

export const vendorInvoiceDocument = invoiceDocumentOf(payablesFace);
export const customerInvoiceDocument = invoiceDocumentOf(receivablesFace);
export const vendorCreditNoteDocument = creditNoteDocumentOf(payablesFace);
export const customerCreditNoteDocument = creditNoteDocumentOf(receivablesFace);
export type InvoiceDocument = ReturnType<typeof invoiceDocumentOf>;
export type CreditNoteDocument = ReturnType<typeof creditNoteDocumentOf>;
export type InvoiceAction = keyof InvoiceDocument['actions'];
export type CreditNoteAction = keyof CreditNoteDocument['actions'];
export const invoiceDocuments: Record<Side, { invoice: InvoiceDocument; creditNote: CreditNoteDocument }> = {
  payables: { invoice: vendorInvoiceDocument, creditNote: vendorCreditNoteDocument },
  receivables: { invoice: customerInvoiceDocument, creditNote: customerCreditNoteDocument },
};

/** The list's filters beyond the kit's (state, dates, search): party, due dates, overdue, currency. */
const listFilters = {
  party: z.uuid().optional(),
  currency: z.string().trim().toUpperCase().length(3).optional(),
  dueFrom: dateSchema().optional(),
  dueTo: dateSchema().optional(),
  /** Posted documents with something left open whose due date is before this day (today when `true`). */
  overdue: z.enum(['true', 'false']).optional(),
  overdueOn: dateSchema().optional(),
};
/**
 * The page alone: `false` answers the page's rows and whether more follow (`more`), without the total,
 * which the screen takes from the filter's sums (…/sums counts the same filter): counting up to
 * LIST_TOTAL_MAX + 1 rows costs more than the page itself (issue 15, bench 9). The sums route ignores it.
 */
const pageTotal = { total: z.enum(['true', 'false']).optional() };
export const invoiceListQuerySchema = documentListQuerySchema(vendorInvoiceDocument).extend({ ...listFilters, ...pageTotal });
export type InvoiceListFilter = z.infer<typeof invoiceListQuerySchema>;
export const creditNoteListQuerySchema = documentListQuerySchema(vendorCreditNoteDocument).extend({ ...listFilters, ...pageTotal, invoice: z.uuid().optional() });
export type CreditNoteListFilter = z.infer<typeof creditNoteListQuerySchema>;

/** The sums of a list's filter (the list's footer), per currency: documents, gross, remaining. */
export const invoiceSumsSchema = z.object({
  /** The documents of the filter; past LIST_TOTAL_MAX it is LIST_TOTAL_MAX + 1 ("more than") and byCurrency is empty: narrow the filter to sum. */
  count: z.number().int(),
  byCurrency: z.array(z.object({ currency: z.string(), count: z.number().int(), totalNet: z.string(), totalTax: z.string(), totalGross: z.string(), remaining: z.string() })),
});
export type InvoiceSums = z.infer<typeof invoiceSumsSchema>;

/** The tax report: per tax code and period, the taxable amounts and tax of invoices and credit notes (base currency), input and output. */
export const taxReportQuerySchema = z.object({ from: dateSchema('Please supply the first date'), to: dateSchema('Please supply the last date') }).refine((q) => q.from <= q.to, { message: 'The first date is after the last', path: ['to'] });
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;
export const taxReportRowSchema = z.object({
  tax: z.uuid(),
  taxCode: z.string(),
  period: z.string(),
  direction: z.enum(['input', 'output']),
  taxable: z.string(),
  taxAmount: z.string(),
});
export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rows: z.array(taxReportRowSchema),
  /** Per tax account: the tax of the report against the account's movement of the dates from invoices and credit notes. */
  accounts: z.array(z.object({ account: z.uuid(), accountCode: z.string(), direction: z.enum(['input', 'output']), reportTax: z.string(), ledgerMovement: z.string(), tiesOut: z.boolean() })),
});
export type TaxReport = z.infer<typeof taxReportSchema>;
