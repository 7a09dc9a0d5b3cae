import { faces, sides } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { moduleDocument, type ModuleDocument } from '../../../platform/kit/documents';
import { creditNoteBinding, invoiceBinding } from './invoices.document';
import { invoiceRouteFacts, registerInvoiceRoutes } from './invoices.routes';
import { seedInvoiceSequences } from './invoices.seed';

/** What invoices and credit notes add to the ap-ar manifest: four documents, their hand-written routes, their numbers, their audit labels. */
export const invoicesPart = {
  documents: sides.flatMap((side): ModuleDocument[] => [moduleDocument(invoiceBinding(faces[side])), moduleDocument(creditNoteBinding(faces[side]))]),
  register: registerInvoiceRoutes,
  routes: invoiceRouteFacts,
  seed: (tx: Tx, tenantId: string, companyId: string) => seedInvoiceSequences(tx, tenantId, companyId),
  auditLabels: [{ table: 'invoices', key: 'id', label: `coalesce(t.number || ' · ' || t.description, t.description)` }],
  pages: sides.flatMap((side) => [faces[side].pages.invoices, faces[side].pages.invoice]),
};
