import type { Tx } from '../../platform/db/client';
import { seedNumberSequence } from '../ledger/index';

/** A new company's fixed-asset defaults: the asset-code sequence ASSET (A00001), /module-config AssetSequence of Fixed Asset. */
export async function seedFixedAssets(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  await seedNumberSequence(tx, { tenantId, companyId }, { code: 'ASSET', name: 'Asset codes', prefix: 'A', perYear: false, setting: { module: 'Fixed Asset', name: 'AssetSequence' } });
}
