// The Cash Management module's surface (issue 16: banks as master data; issue 17 builds statements and reconciliation on them).
import { bankEntity, bankGroupEntity, bankReconciliationRuleEntity, cashflowForecastEntity } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import { bankGroups, banks } from './banks.tables';
import { bankFits } from './banks.rules';
import { fundTransferModuleDocument } from './fund-transfers.document';
import { fundTransferRouteFacts, registerFundTransferRoutes } from './fund-transfers.routes';
import { seedFundTransferSequence } from './fund-transfers.seed';
import { bankReconciliationRules } from './reconciliation/reconciliation.tables';
import { reconciliationRouteFacts, registerReconciliationRoutes } from './reconciliation/reconciliation.routes';
import { registerStatementRoutes, statementRouteFacts } from './statements/statements.routes';
import { cashflowForecasts } from './forecast/forecast.tables';
import { forecastFits } from './forecast/forecast.rules';
import { forecastRouteFacts, registerForecastRoutes } from './forecast/forecast.routes';
import { bankRevaluationRouteFacts, registerBankRevaluationRoutes } from './revaluation/revaluation.routes';

export * from './banks.tables';
export * from './fund-transfers.tables';
export * from './statements.tables';
export { cashflowForecasts } from './forecast/forecast.tables';
export * from './revaluation/revaluation.tables';
export { occurrencesOf, type ForecastContext, type ForecastProvider } from './forecast/forecast.providers';
export { provideBankSettlement, provideForecastSources, type BankSettlement, type BankSettlementPort, type MatchableParty } from './ports';

/** Cash Management: bank groups and banks (the payments of payables and receivables name a bank), fund transfers. */
export const cashManagementModule: ModuleManifest = {
  name: 'cash-management',
  entities: () => [
    { def: bankGroupEntity, table: bankGroups },
    { def: bankEntity, table: banks, rules: [bankFits] },
    { def: bankReconciliationRuleEntity, table: bankReconciliationRules },
    { def: cashflowForecastEntity, table: cashflowForecasts, rules: [forecastFits] },
  ],
  auditLabels: [
    { table: 'bank_groups', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'banks', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'fund_transfers', key: 'id', label: `coalesce(t.number || ' · ' || t.description, t.description)` },
    { table: 'bank_statements', key: 'id', label: `t.statement_ref || ' · ' || t.file_name` },
    { table: 'bank_matches', key: 'id', label: `t.origin || ' match · ' || t.status` },
    { table: 'bank_reconciliation_rules', key: 'id', label: `t.sequence || ' · ' || t.kind` },
    { table: 'cashflow_forecasts', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'bank_revaluations', key: 'id', label: `'Bank revaluation · ' || t.revaluation_date` },
  ],
  documents: [fundTransferModuleDocument()],
  register: (app, platform) => {
    registerFundTransferRoutes(app, platform);
    registerStatementRoutes(app, platform);
    registerReconciliationRoutes(app, platform);
    registerForecastRoutes(app, platform);
    registerBankRevaluationRoutes(app, platform);
  },
  routes: { ...fundTransferRouteFacts, ...statementRouteFacts, ...reconciliationRouteFacts, ...forecastRouteFacts, ...bankRevaluationRouteFacts },
  seeders: { company: seedFundTransferSequence },
  pages: ['/bank-group', '/bank', '/fund-transfers', '/fund-transfer', '/bank-reconciliations', '/bank-reconciliation', '/cashflow-forecasts'],
};
