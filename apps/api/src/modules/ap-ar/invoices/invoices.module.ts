import { faces, sides, type Face } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { moduleDocument, type ModuleDocument } from '../../../platform/kit/documents';
import { creditNoteBinding, invoiceBinding } from './invoices.document';
import { invoiceRouteFacts, registerInvoiceRoutes } from './invoices.routes';
import { seedInvoiceSequences } from './invoices.seed';
import { describeCreditNote } from './invoices-read.service';

/**
 * The credit note's document, its approval saying what the task is about: SPEC.md links the
 * reversal approvals' tasks to /journal, so the task's description names the credit note, its
 * invoice and party, and the entry it will post (or the entry it posted).
 */
function creditNoteDocument(face: Face): ModuleDocument {
  const doc = moduleDocument(creditNoteBinding(face));
  if (!doc.approval) return doc;
  const adapter = doc.approval.adapter;
  return {
    ...doc,
    approval: { ...doc.approval, adapter: { ...adapter, load: async (tx, scope, id) => ({ ...(await adapter.load(tx, scope, id)), description: await describeCreditNote(tx, scope, face, id) }) } },
  };
}

/** What invoices and credit notes add to the ap-ar manifest: four documents, their hand-written routes, their numbers, their audit labels. */
export const invoicesPart = {
  documents: sides.flatMap((side): ModuleDocument[] => [moduleDocument(invoiceBinding(faces[side])), creditNoteDocument(faces[side])]),
  register: registerInvoiceRoutes,
  routes: invoiceRouteFacts,
  seed: (tx: Tx, tenantId: string, companyId: string) => seedInvoiceSequences(tx, tenantId, companyId),
  auditLabels: [{ table: 'invoices', key: 'id', label: `coalesce(t.number || ' · ' || t.description, t.description)` }],
  pages: sides.flatMap((side) => [faces[side].pages.invoices, faces[side].pages.invoice]),
};
