import {
  accountClassEntity,
  accountEntity,
  accountGroupEntity,
  currencyEntity,
  dimensionEntity,
  dimensionGroupEntity,
  exchangeRateEntity,
  fiscalYearEntity,
  ledgerHeaderEntity,
  moduleConfigEntity,
  numberSegmentEntity,
  numberSequenceEntity,
  operationEntity,
  postingProfileEntity,
  subsidiaryEntity,
  taxEntity,
  type EntityDef,
} from '@erp/contracts';

/**
 * The set-up entities whose screen is the kit's generic list page. Fiscal years and number
 * sequences add a detail when a row is opened (periods; segments and the next number), see
 * pages/SetupPages.tsx; the periods and the company configuration have screens of their own.
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
  postingProfileEntity,
  fiscalYearEntity,
  numberSequenceEntity,
  numberSegmentEntity,
  moduleConfigEntity,
];
