import {
  accountClassEntity,
  accountEntity,
  accountGroupEntity,
  currencyEntity,
  dimensionEntity,
  dimensionGroupEntity,
  exchangeRateEntity,
  ledgerHeaderEntity,
  operationEntity,
  subsidiaryEntity,
  taxEntity,
  type EntityDef,
} from '@erp/contracts';

/**
 * The set-up entities whose screen is the kit's generic list page. Fiscal years, number sequences
 * and module configuration need screens of their own (period generation, segments), so they are not here.
 */
export const genericSetupEntities: readonly EntityDef[] = [
  currencyEntity,
  exchangeRateEntity,
  accountClassEntity,
  accountGroupEntity,
  accountEntity,
  taxEntity,
  dimensionGroupEntity,
  dimensionEntity,
  operationEntity,
  ledgerHeaderEntity,
  subsidiaryEntity,
];
