import { paymentDocuments, paymentFaces, sides } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { seedNumberSequence } from '../../ledger/index';

const SEQUENCES = { payables: { code: 'VPAY', prefix: 'VP' }, receivables: { code: 'CPAY', prefix: 'CP' } } as const;

/** A new company's payment numbers, gapless from the module's sequence: VendorPaymentSequence (VP…) and CustomerPaymentSequence (CP…) on /module-config. */
export async function seedPaymentSequences(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  for (const side of sides) {
    const pf = paymentFaces[side];
    await seedNumberSequence(tx, { tenantId, companyId }, { ...SEQUENCES[side], name: paymentDocuments[side].plural, perYear: true, setting: { module: pf.face.module, name: `${pf.label}Sequence` } });
  }
}
