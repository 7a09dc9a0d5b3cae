import type { Tx } from '../../platform/db/client';
import { seedNumberSequence } from '../ledger/index';

/**
 * A new company's fixed-asset defaults: the asset-code sequence ASSET (A00001, /module-config
 * AssetSequence), the depreciation-run numbers DEPR (/module-config DepreciationScheduleSequence), the
 * disposal numbers DISP and the split numbers SPLT (SplittingScheduleSequence).
 */
export async function seedFixedAssets(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  await seedNumberSequence(tx, { tenantId, companyId }, { code: 'ASSET', name: 'Asset codes', prefix: 'A', perYear: false, setting: { module: 'Fixed Asset', name: 'AssetSequence' } });
  await seedNumberSequence(tx, { tenantId, companyId }, { code: 'DEPR', name: 'Depreciation runs', prefix: 'DR', perYear: true, setting: { module: 'Fixed Asset', name: 'DepreciationScheduleSequence' } });
  await seedNumberSequence(tx, { tenantId, companyId }, { code: 'DISP', name: 'Asset disposals', prefix: 'DS', perYear: true, setting: { module: 'Fixed Asset', name: 'DisposalScheduleSequence' } });
  await seedNumberSequence(tx, { tenantId, companyId }, { code: 'REVAL', name: 'Asset revaluations', prefix: 'RV', perYear: true, setting: { module: 'Fixed Asset', name: 'RevaluationScheduleSequence' } });
  await seedNumberSequence(tx, { tenantId, companyId }, { code: 'SPLT', name: 'Asset splits', prefix: 'SP', perYear: true, setting: { module: 'Fixed Asset', name: 'SplittingScheduleSequence' } });
}
