// The fixed-assets module's surface (issue 18): other modules and the app import only from here.
import { assetClassEntity, assetEntity, assetStockEntity, insuranceCompanyEntity, maintenanceScheduleEntity } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import { moduleDocument } from '../../platform/kit/documents';
import { depreciationRunBinding } from './depreciation-runs.document';
import { disposalBinding } from './disposals.document';
import { revaluationBinding } from './revaluations.document';
import { splitBinding } from './splits.document';
import { insuranceBinding } from './insurance.document';
import { insuranceRouteFacts, registerInsuranceRoutes } from './insurance.routes';
import { INSURANCE_REMINDERS_JOB, runInsuranceReminders } from './insurance.service';
import { REMINDERS_JOB_CRON } from './reminder-job';
import { assetClasses, assets } from './assets.tables';
import { assetClassFits, assetFits, assetKey } from './assets.rules';
import { assetRouteFacts, registerAssetRoutes } from './assets.routes';
import { seedFixedAssets } from './fixed-assets.seed';
import { capitalisationRouteFacts, registerCapitalisationRoutes } from './capitalisations.routes';
import { maintenanceRouteFacts, registerMaintenanceRoutes } from './maintenance.routes';
import { maintenanceSchedules } from './maintenance.tables';
import { MAINTENANCE_REMINDERS_JOB, MAINTENANCE_REMINDERS_JOB_CRON, maintenanceFits, runMaintenanceReminders } from './maintenance.service';
import { assetStocks } from './asset-stocks.tables';
import { insuranceCompanies } from './insurance.tables';
import { assetStockFits } from './asset-stocks.service';
import { assetStockRouteFacts, registerAssetStockRoutes } from './asset-stocks.routes';
import { assetReportRouteFacts, registerAssetReportRoutes } from './asset-reports.routes';
import { provideInvoiceReversalHold } from '../ap-ar/index';
import { capitalisationsHoldingInvoice } from './capitalisations.service';
import { DEPRECIATION_JOB, DEPRECIATION_JOB_CRON, runMonthlyDepreciation } from './depreciation-job';

export * from './assets.tables';
export * from './depreciation-runs.tables';
export * from './disposals.tables';
export * from './revaluations.tables';
export * from './capitalisations.tables';
export * from './maintenance.tables';
/** The maintenance reminders' job itself (tests run it at a chosen time). */
export { runMaintenanceReminders } from './maintenance.service';
/** The insurance reminders' job itself (expiry and instalments; tests run it at a chosen time). */
export { runInsuranceReminders } from './insurance.service';
export * from './splits.tables';
export * from './asset-stocks.tables';
export * from './insurance.tables';
export * from './depreciation-job.tables';
export { DEPRECIATION_JOB, previousMonth, runMonthlyDepreciation } from './depreciation-job';

/** Fixed assets: classes, assets and their schedules, the depreciation run. */
export const fixedAssetsModule: ModuleManifest = {
  name: 'fixed-assets',
  entities: () => [
    { def: assetClassEntity, table: assetClasses, rules: [assetClassFits] },
    { def: assetEntity, table: assets, rules: [assetFits], generateKey: assetKey },
    { def: maintenanceScheduleEntity, table: maintenanceSchedules, rules: [maintenanceFits] },
    { def: assetStockEntity, table: assetStocks, rules: [assetStockFits] },
    { def: insuranceCompanyEntity, table: insuranceCompanies },
  ],
  documents: [moduleDocument(depreciationRunBinding), moduleDocument(disposalBinding), moduleDocument(revaluationBinding), moduleDocument(splitBinding), moduleDocument(insuranceBinding)],
  register: (app, platform) => {
    registerAssetRoutes(app, platform);
    registerCapitalisationRoutes(app, platform);
    registerMaintenanceRoutes(app, platform);
    registerAssetStockRoutes(app, platform);
    // Payables' port: a vendor invoice is not reversed while capitalisations of its lines stand (ap-ar does not import this module).
    provideInvoiceReversalHold('fixed-assets.capitalisations', capitalisationsHoldingInvoice);
    registerAssetReportRoutes(app, platform);
    registerInsuranceRoutes(app, platform);
  },
  routes: { ...assetRouteFacts, ...capitalisationRouteFacts, ...maintenanceRouteFacts, ...assetStockRouteFacts, ...assetReportRouteFacts, ...insuranceRouteFacts },
  jobs: [
    { name: MAINTENANCE_REMINDERS_JOB, cron: MAINTENANCE_REMINDERS_JOB_CRON, run: runMaintenanceReminders },
    { name: INSURANCE_REMINDERS_JOB, cron: REMINDERS_JOB_CRON, run: runInsuranceReminders },
    { name: DEPRECIATION_JOB, cron: DEPRECIATION_JOB_CRON, run: runMonthlyDepreciation },
  ],
  seeders: { company: seedFixedAssets },
  auditLabels: [
    { table: 'asset_classes', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'assets', key: 'id', label: `t.code || ' · ' || t.description` },
    { table: 'asset_disposals', key: 'id', label: `coalesce(t.number, to_char(t.disposal_date, 'YYYY-MM-DD'))` },
    { table: 'asset_revaluations', key: 'id', label: `coalesce(t.number, to_char(t.revaluation_date, 'YYYY-MM-DD'))` },
    { table: 'maintenance_schedules', key: 'id', label: `t.code || ' · ' || t.description` },
    { table: 'asset_capitalisations', key: 'id', label: `to_char(t.capitalisation_date, 'YYYY-MM-DD') || ' · ' || t.description` },
    { table: 'insurance_companies', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'insurance_schedules', key: 'id', label: `t.policy_number || ' · ' || to_char(t.expiry_date, 'YYYY-MM-DD')` },
    { table: 'asset_stocks', key: 'id', label: `t.code || ' · ' || t.description` },
    { table: 'asset_splits', key: 'id', label: `coalesce(t.number, to_char(t.split_date, 'YYYY-MM-DD'))` },
    { table: 'depreciation_runs', key: 'id', label: `coalesce(t.number || ' · ' || to_char(t.period, 'YYYY-MM'), to_char(t.period, 'YYYY-MM'))` },
  ],
  pages: ['/asset-class', '/assets', '/asset', '/recurring-depreciation', '/depreciation-schedules', '/depreciation-schedule', '/disposal-schedules', '/disposal-schedule', '/revaluation-schedules', '/revaluation-schedule', '/maintenance-schedules', '/maintenance-schedule', '/splitting-schedules', '/splitting-schedule', '/asset-stocks', '/asset-stock', '/insurance-company', '/insurance-schedules', '/insurance-schedule'],
};
