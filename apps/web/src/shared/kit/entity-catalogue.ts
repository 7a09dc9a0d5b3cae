import { apArEntities, assetStockEntity, cashflowForecastEntity, cashManagementEntities, fixedAssetEntities, insuranceCompanyEntity, ledgerSetupEntities, maintenanceScheduleEntity, type EntityDef } from '@erp/contracts';

/** Every kit entity the web app knows, so a `ref` field can find the entity it points to. Add new entity lists here. */
const kitEntities: readonly EntityDef[] = [...ledgerSetupEntities, ...apArEntities, ...cashManagementEntities, cashflowForecastEntity, ...fixedAssetEntities, maintenanceScheduleEntity, assetStockEntity, insuranceCompanyEntity];

const byName = new Map(kitEntities.map((def) => [def.name, def]));

/** The definition of a referenced entity; an unknown name is a broken contract, so it throws. */
export function entityByName(name: string): EntityDef {
  const def = byName.get(name);
  if (!def) throw new Error(`Unknown kit entity ${name}`);
  return def;
}
