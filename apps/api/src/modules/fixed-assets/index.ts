// The fixed-assets module's surface (issue 18): other modules and the app import only from here.
import { assetClassEntity, assetEntity } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import { moduleDocument } from '../../platform/kit/documents';
import { depreciationRunBinding } from './depreciation-runs.document';
import { disposalBinding } from './disposals.document';
import { assetClasses, assets } from './assets.tables';
import { assetClassFits, assetFits, assetKey } from './assets.rules';
import { assetRouteFacts, registerAssetRoutes } from './assets.routes';
import { seedFixedAssets } from './fixed-assets.seed';
import { assetReportRouteFacts, registerAssetReportRoutes } from './asset-reports.routes';
import { DEPRECIATION_JOB, DEPRECIATION_JOB_CRON, runMonthlyDepreciation } from './depreciation-job';

export * from './assets.tables';
export * from './depreciation-runs.tables';
export * from './disposals.tables';
export * from './depreciation-job.tables';
export { DEPRECIATION_JOB, previousMonth, runMonthlyDepreciation } from './depreciation-job';

/** Fixed assets: classes, assets and their schedules, the depreciation run. */
export const fixedAssetsModule: ModuleManifest = {
  name: 'fixed-assets',
  entities: () => [
    { def: assetClassEntity, table: assetClasses, rules: [assetClassFits] },
    { def: assetEntity, table: assets, rules: [assetFits], generateKey: assetKey },
  ],
  documents: [moduleDocument(depreciationRunBinding), moduleDocument(disposalBinding)],
  register: (app, platform) => {
    registerAssetRoutes(app, platform);
    registerAssetReportRoutes(app, platform);
  },
  routes: { ...assetRouteFacts, ...assetReportRouteFacts },
  jobs: [{ name: DEPRECIATION_JOB, cron: DEPRECIATION_JOB_CRON, run: runMonthlyDepreciation }],
  seeders: { company: seedFixedAssets },
  auditLabels: [
    { table: 'asset_classes', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'assets', key: 'id', label: `t.code || ' · ' || t.description` },
    { table: 'asset_disposals', key: 'id', label: `coalesce(t.number, to_char(t.disposal_date, 'YYYY-MM-DD'))` },
    { table: 'depreciation_runs', key: 'id', label: `coalesce(t.number || ' · ' || to_char(t.period, 'YYYY-MM'), to_char(t.period, 'YYYY-MM'))` },
  ],
  pages: ['/asset-class', '/assets', '/asset', '/recurring-depreciation', '/depreciation-schedules', '/depreciation-schedule', '/disposal-schedules', '/disposal-schedule'],
};
