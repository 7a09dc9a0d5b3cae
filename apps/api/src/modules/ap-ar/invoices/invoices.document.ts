import {
  creditNoteInputSchema,
  creditNoteKinds,
  creditNoteListItemSchema,
  creditNoteListQuerySchema,
  creditNoteViewSchema,
  invoiceDocuments,
  invoiceInputSchema,
  invoiceListItemSchema,
  invoiceListQuerySchema,
  invoiceViewSchema,
  stateOf,
  type CreditNoteAction,
  type CreditNoteInput,
  type CreditNoteKind,
  type CreditNoteListFilter,
  type CreditNoteListItem,
  type CreditNoteStatus,
  type CreditNoteView,
  type Face,
  type InvoiceAction,
  type InvoiceInput,
  type InvoiceKind,
  type InvoiceListFilter,
  type InvoiceListItem,
  type InvoiceStatus,
  type InvoiceView,
} from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { postingTx } from '../../ledger/index';
import type { DocumentBinding, DocumentHeader } from '../../../platform/kit/documents';
import type { KitScope } from '../../../platform/kit/registry';
import { postNewCreditNote } from './credit-note-direct';
import { documentEntry } from './invoice-entry.service';
import { postNewInvoice } from './invoice-direct';
import { exportDocuments, invoiceLists, viewCreditNote, viewInvoice } from './invoices-read.service';
import { deleteDocument, insertDocument, measuredBase, postCreditNote, postInvoice, replaceDocument, storedRow } from './invoices.service';
import { invoices } from './invoices.tables';

/*
 * The invoice and the credit note of a face as documents of the kit (contracts' invoiceDocumentOf,
 * creditNoteDocumentOf): the kit gives the routes under /ap/vendor-invoices, /ap/vendor-credit-notes
 * (and /ar/customer-...), the labels, the state checks, the approval adapters, the audit and the
 * idempotency of posting; the bindings say how they are stored and posted, once for both faces.
 */

export function invoiceBinding(face: Face): DocumentBinding<InvoiceStatus, InvoiceAction, InvoiceKind, InvoiceInput, InvoiceView, InvoiceListItem, InvoiceListFilter> {
  const def = invoiceDocuments[face.side].invoice;
  const header = async (tx: Tx, scope: KitScope, id: string, write: boolean): Promise<DocumentHeader<InvoiceStatus, InvoiceKind>> => {
    const h = await storedRow(tx, scope, face, id, ['Invoice'], write);
    return { id: h.id, companyId: h.companyId, kind: 'Invoice', status: stateOf(def, h.status), number: h.number, description: h.description, createdBy: h.createdBy, baseCurrency: h.baseCurrency, totalBaseMinor: h.totalBaseMinor };
  };
  const lists = invoiceLists(face);
  return {
    def,
    table: invoices,
    schemas: { input: invoiceInputSchema, view: invoiceViewSchema, listItem: invoiceListItemSchema, listQuery: invoiceListQuerySchema },
    kindOfInput: () => 'Invoice',
    header,
    list: lists.listInvoices,
    exportTable: (tx, scope, filter) => exportDocuments(tx, scope, face, false, filter),
    exportName: () => `${face.partyWord}-invoices`,
    view: (tx, scope, id) => viewInvoice(tx, scope, face, id),
    create: (tx, actor, input) => insertDocument(tx, actor, face, 'Invoice', input),
    edit: (tx, actor, h, input) => replaceDocument(tx, actor, face, 'Invoice', h.id, input),
    remove: (tx, actor, h) => deleteDocument(tx, actor, h.id),
    actions: {
      post: async (tx, actor, h) => {
        await postInvoice(tx, actor, face, h.id);
        return h.id;
      },
    },
    auditedByAction: [],
    approvalAmount: (tx, scope, id) => measuredBase(tx, scope, face, id, ['Invoice']),
    entry: (tx, scope, id) => documentEntry(tx, scope, face, id, ['Invoice']),
    // Create and post in one call (POST …/post, and …/check): the interactive and bulk path; a refusal writes nothing.
    direct: {
      tx: postingTx,
      lines: (input) => input.lines.length + 2,
      // The gate, the facts, the number, the entry and the document in a few statements shared by a group commit's calls (invoice-direct.ts).
      run: (tx, actor, input, gate) => postNewInvoice(tx, actor, face, input, gate),
    },
  };
}

const creditKindOf = (body: unknown): CreditNoteKind => {
  const kind = (body as { kind?: unknown } | null | undefined)?.kind;
  return typeof kind === 'string' && (creditNoteKinds as readonly string[]).includes(kind) ? (kind as CreditNoteKind) : 'CreditNote';
};

export function creditNoteBinding(face: Face): DocumentBinding<CreditNoteStatus, CreditNoteAction, CreditNoteKind, CreditNoteInput, CreditNoteView, CreditNoteListItem, CreditNoteListFilter> {
  const def = invoiceDocuments[face.side].creditNote;
  const kinds = ['CreditNote', 'Reversal'] as const;
  const header = async (tx: Tx, scope: KitScope, id: string, write: boolean): Promise<DocumentHeader<CreditNoteStatus, CreditNoteKind>> => {
    const h = await storedRow(tx, scope, face, id, kinds, write);
    return {
      id: h.id, companyId: h.companyId, kind: h.kind === 'Reversal' ? 'Reversal' : 'CreditNote', status: stateOf(def, h.status), number: h.number, description: h.description,
      createdBy: h.createdBy, baseCurrency: h.baseCurrency, totalBaseMinor: h.totalBaseMinor,
    };
  };
  const lists = invoiceLists(face);
  return {
    def,
    table: invoices,
    schemas: { input: creditNoteInputSchema, view: creditNoteViewSchema, listItem: creditNoteListItemSchema, listQuery: creditNoteListQuerySchema },
    kindOfInput: creditKindOf,
    header,
    list: lists.listCreditNotes,
    exportTable: (tx, scope, filter) => exportDocuments(tx, scope, face, true, filter),
    exportName: () => `${face.partyWord}-credit-notes`,
    view: (tx, scope, id) => viewCreditNote(tx, scope, face, id),
    create: (tx, actor, input) => insertDocument(tx, actor, face, input.kind, input),
    edit: (tx, actor, h, input) => replaceDocument(tx, actor, face, h.kind, h.id, input),
    remove: (tx, actor, h) => deleteDocument(tx, actor, h.id),
    actions: {
      post: async (tx, actor, h) => {
        await postCreditNote(tx, actor, face, h.id);
        return h.id;
      },
    },
    auditedByAction: [],
    approvalAmount: (tx, scope, id) => measuredBase(tx, scope, face, id, kinds),
    entry: (tx, scope, id) => documentEntry(tx, scope, face, id, kinds),
    // Create and post in one call (POST …/post), and its check (POST …/check, nothing written): the editor checks a
    // credit note by every rule of posting before it saves one on the way to Post or Submit, so a refusal leaves no draft.
    direct: { tx: postingTx, lines: (input) => input.lines.length + 2, run: (tx, actor, input, gate) => postNewCreditNote(tx, actor, face, input, gate) },
  };
}
