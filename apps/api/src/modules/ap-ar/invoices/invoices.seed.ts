import { faces, invoiceDocuments, sides } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { seedNumberSequence } from '../../ledger/index';

/** The number sequence of each face's invoices and credit notes: code, prefix and the /module-config setting that names it. */
const SEQUENCES = {
  payables: { invoice: { code: 'VINV', prefix: 'VI' }, creditNote: { code: 'VCRN', prefix: 'VC' } },
  receivables: { invoice: { code: 'CINV', prefix: 'CI' }, creditNote: { code: 'CCRN', prefix: 'CC' } },
} as const;

/**
 * A new company's document numbers for invoices and credit notes, gapless from the module's
 * sequence (VI2026-000001...): VendorInvoiceSequence, VendorCreditNoteSequence, CustomerInvoiceSequence,
 * CustomerCreditNoteSequence on /module-config.
 */
export async function seedInvoiceSequences(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  const scope = { tenantId, companyId };
  for (const side of sides) {
    for (const doc of ['invoice', 'creditNote'] as const) {
      const def = invoiceDocuments[side][doc];
      const { code, prefix } = SEQUENCES[side][doc];
      await seedNumberSequence(tx, scope, { code, name: def.plural, prefix, perYear: true, setting: { module: faces[side].module, name: `${def.documentType}Sequence` } });
    }
  }
}
