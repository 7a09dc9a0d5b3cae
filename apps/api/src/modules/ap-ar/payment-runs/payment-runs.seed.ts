import { paymentRunDocuments, paymentRunFaces, sides } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { seedNumberSequence } from '../../ledger/index';

const SEQUENCES = { payables: { code: 'VPRUN', prefix: 'VPR' }, receivables: { code: 'CPRUN', prefix: 'CPR' } } as const;

/** A new company's payment run numbers, gapless: VendorPaymentScheduleSequence (VPR…) and CustomerPaymentScheduleSequence (CPR…) on /module-config. */
export async function seedPaymentRunSequences(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  for (const side of sides) {
    const rf = paymentRunFaces[side];
    await seedNumberSequence(tx, { tenantId, companyId }, { ...SEQUENCES[side], name: paymentRunDocuments[side].plural, perYear: true, setting: { module: rf.pf.face.module, name: `${rf.label}Sequence` } });
  }
}
