import { crudOperations, trialBalanceOperations } from './operations';
import { defineModule, page, report } from './menu-builder';

/* Fixed Asset and Cash Management pages of the SPEC.md section 2 menu catalogue. */
export const fixedAssetModule = defineModule({
  name: 'Fixed Asset',
  image: 'module_fixed_asset',
  colour: '#A855F7',
  groups: [
    {
      name: 'Setup',
      pages: [
        page('/asset-class', crudOperations('AssetClass')),
        page('/insurance-company', crudOperations('InsuranceCompany')),
      ],
    },
    {
      name: 'Assets',
      pages: [
        page('/assets', crudOperations('Asset'), [page('/asset', crudOperations('Asset'))]),
        page('/asset-stocks', crudOperations('AssetStock'), [
          page('/asset-stock', crudOperations('AssetStock')),
        ]),
      ],
    },
    {
      name: 'Schedules',
      pages: [
        page('/recurring-depreciation', crudOperations('RecurringDepreciation')),
        page('/maintenance-schedules', crudOperations('MaintenanceSchedule'), [
          page('/maintenance-schedule', crudOperations('MaintenanceSchedule')),
        ]),
        page('/depreciation-schedules', crudOperations('DepreciationSchedule'), [
          page('/depreciation-schedule', crudOperations('DepreciationSchedule')),
        ]),
        page('/insurance-schedules', crudOperations('InsuranceSchedule')),
        page('/revaluation-schedules', crudOperations('RevaluationSchedule')),
        page('/disposal-schedules', crudOperations('DisposalSchedule')),
        page('/splitting-schedules', crudOperations('SplittingSchedule')),
      ],
    },
    { name: 'Reports', pages: [report('/trial-balance', trialBalanceOperations)] },
  ],
});

export const cashManagementModule = defineModule({
  name: 'Cash Management',
  image: 'module_cash_management',
  colour: '#14B8A6',
  groups: [
    {
      name: 'Setup',
      pages: [page('/bank-group', crudOperations('BankGroup')), page('/bank', crudOperations('Bank'))],
    },
    {
      name: 'Transactions',
      pages: [
        page('/bank-reconciliations', crudOperations('BankReconciliation'), [
          page('/bank-reconciliation', [...crudOperations('BankReconciliation'), ...crudOperations('BankReconciliationRule')]),
        ]),
        page('/fund-transfers', crudOperations('FundTransfer'), [
          page('/fund-transfer', crudOperations('FundTransfer')),
        ]),
        page('/cashflow-forecasts', crudOperations('CashflowForecast')),
      ],
    },
  ],
});
