// The fixed-assets module's surface (issue 18): other modules and the app import only from here.
import { assetClassEntity, assetEntity } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import { assetClasses, assets } from './assets.tables';
import { assetClassFits, assetFits, assetKey } from './assets.rules';
import { assetRouteFacts, registerAssetRoutes } from './assets.routes';
import { seedFixedAssets } from './fixed-assets.seed';

export * from './assets.tables';

/** Fixed assets: classes, assets and their schedules. */
export const fixedAssetsModule: ModuleManifest = {
  name: 'fixed-assets',
  entities: () => [
    { def: assetClassEntity, table: assetClasses, rules: [assetClassFits] },
    { def: assetEntity, table: assets, rules: [assetFits], generateKey: assetKey },
  ],
  register: (app, platform) => {
    registerAssetRoutes(app, platform);
  },
  routes: { ...assetRouteFacts },
  seeders: { company: seedFixedAssets },
  auditLabels: [
    { table: 'asset_classes', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'assets', key: 'id', label: `t.code || ' · ' || t.description` },
  ],
  pages: ['/asset-class', '/assets', '/asset'],
};
