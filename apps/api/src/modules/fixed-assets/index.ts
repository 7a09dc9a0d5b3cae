// The fixed-assets module's surface (issue 18): other modules and the app import only from here.
import { assetClassEntity, assetEntity, assetStockEntity, insuranceCompanyEntity } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import { moduleDocument } from '../../platform/kit/documents';
import { depreciationRunBinding } from './depreciation-runs.document';
import { disposalBinding } from './disposals.document';
import { splitBinding } from './splits.document';
import { assetClasses, assets } from './assets.tables';
import { assetClassFits, assetFits, assetKey } from './assets.rules';
import { assetRouteFacts, registerAssetRoutes } from './assets.routes';
import { seedFixedAssets } from './fixed-assets.seed';
import { assetStocks } from './asset-stocks.tables';
import { insuranceCompanies } from './insurance.tables';
import { assetStockFits } from './asset-stocks.service';
import { assetStockRouteFacts, registerAssetStockRoutes } from './asset-stocks.routes';

export * from './assets.tables';
export * from './depreciation-runs.tables';
export * from './disposals.tables';
export * from './splits.tables';
export * from './asset-stocks.tables';
export * from './insurance.tables';

/** Fixed assets: classes, assets and their schedules, the depreciation run. */
export const fixedAssetsModule: ModuleManifest = {
  name: 'fixed-assets',
  entities: () => [
    { def: assetClassEntity, table: assetClasses, rules: [assetClassFits] },
    { def: assetEntity, table: assets, rules: [assetFits], generateKey: assetKey },
    { def: assetStockEntity, table: assetStocks, rules: [assetStockFits] },
    { def: insuranceCompanyEntity, table: insuranceCompanies },
  ],
  documents: [moduleDocument(depreciationRunBinding), moduleDocument(disposalBinding), moduleDocument(splitBinding)],
  register: (app, platform) => {
    registerAssetRoutes(app, platform);
    registerAssetStockRoutes(app, platform);
  },
  routes: { ...assetRouteFacts, ...assetStockRouteFacts },
  seeders: { company: seedFixedAssets },
  auditLabels: [
    { table: 'asset_classes', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'assets', key: 'id', label: `t.code || ' · ' || t.description` },
    { table: 'asset_disposals', key: 'id', label: `coalesce(t.number, to_char(t.disposal_date, 'YYYY-MM-DD'))` },
    { table: 'insurance_companies', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'asset_stocks', key: 'id', label: `t.code || ' · ' || t.description` },
    { table: 'asset_splits', key: 'id', label: `coalesce(t.number, to_char(t.split_date, 'YYYY-MM-DD'))` },
    { table: 'depreciation_runs', key: 'id', label: `coalesce(t.number || ' · ' || to_char(t.period, 'YYYY-MM'), to_char(t.period, 'YYYY-MM'))` },
  ],
  pages: ['/asset-class', '/assets', '/asset', '/recurring-depreciation', '/depreciation-schedules', '/depreciation-schedule', '/disposal-schedules', '/disposal-schedule', '/splitting-schedules', '/splitting-schedule', '/asset-stocks', '/asset-stock', '/insurance-company'],
};
