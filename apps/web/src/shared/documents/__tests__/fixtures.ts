// A document type that is not a journal, so the kit's tests prove what the definition alone gives.
import { defineDocument, documentListQuerySchema, fullPermissions, readOnlyPermissions, type SignedInUser } from '@erp/contracts';
import { sampleUser } from '../../../test/fixtures';

export const invoiceDocument = defineDocument({
  name: 'vendorInvoice',
  label: 'Vendor invoice',
  plural: 'Vendor invoices',
  module: 'General Ledger',
  documentType: 'VendorInvoice',
  service: 'ap',
  resource: 'vendor-invoices',
  kinds: {
    Invoice: { label: 'Vendor invoice', permission: 'VendorInvoice', listPage: '/vendor-invoices', editorPage: '/vendor-invoice', approved: true, userCreated: true },
    Credit: { label: 'Vendor credit note', permission: 'VendorCreditNote', listPage: '/vendor-credit-notes', editorPage: '/vendor-credit-note', approved: true, userCreated: true },
    Generated: { label: 'Generated', permission: 'VendorInvoice', listPage: null, editorPage: null, approved: false, userCreated: false },
  },
  defaultKind: 'Invoice',
  readPages: [],
  states: ['Open', 'Checked', 'Posted', 'Cancelled'],
  initial: 'Open',
  editable: ['Open', 'Checked'],
  posted: ['Posted', 'Cancelled'],
  actions: {
    check: { label: 'Check', from: ['Open'], to: 'Checked', verb: 'Edit' },
    post: { label: 'Post', from: ['Open', 'Checked'], to: 'Posted', verb: 'Edit', idempotent: true },
    cancel: { label: 'Cancel', from: ['Posted'], to: 'Cancelled', verb: 'Edit', idempotent: true, onDate: true },
  },
  approval: { type: 'JournalApproval', operations: { Validate: 'check', Post: 'post' } },
  header: {
    invoiceDate: { type: 'date', label: 'Invoice date', required: true },
    supplierNumber: { type: 'text', label: 'Supplier number', required: true, max: 50 },
    note: { type: 'text', label: 'Note', max: 200 },
  },
  headerForm: [['invoiceDate', 'supplierNumber'], ['note']],
  linesMax: 100,
  sortKeys: ['invoiceDate', '-invoiceDate', 'status', '-status'],
  defaultSort: '-invoiceDate',
});
export const invoiceListQuery = documentListQuerySchema(invoiceDocument);

export type InvoiceState = (typeof invoiceDocument.states)[number];
export type InvoiceKind = keyof typeof invoiceDocument.kinds;
export type InvoiceRow = { id: string; kind: InvoiceKind; status: InvoiceState; invoiceDate: string; supplierNumber: string };
export const invoiceRow = (patch: Partial<InvoiceRow> = {}): InvoiceRow => ({ id: '70000000-0000-4000-8000-000000000001', kind: 'Credit', status: 'Open', invoiceDate: '2026-03-15', supplierNumber: 'S-77', ...patch });

export const admin: SignedInUser = sampleUser({ parentRole: { id: sampleUser().parentRole.id, name: 'Administrator', permissions: fullPermissions() } });
export const reader: SignedInUser = sampleUser({ parentRole: { id: sampleUser().parentRole.id, name: 'Reader', permissions: readOnlyPermissions() } });
