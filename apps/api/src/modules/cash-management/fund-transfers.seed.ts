import { fundTransferDocument } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { seedNumberSequence } from '../ledger/index';

/** A new company's fund transfer numbers, gapless from the module's sequence: FundTransferSequence (FT…) on /module-config. */
export async function seedFundTransferSequence(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  await seedNumberSequence(tx, { tenantId, companyId }, { code: 'FTRF', prefix: 'FT', name: fundTransferDocument.plural, perYear: true, setting: { module: 'Cash Management', name: 'FundTransferSequence' } });
}
