// The Cash Management module's surface (issue 16: banks as master data; issue 17 builds statements and reconciliation on them).
import { bankEntity, bankGroupEntity, cashflowForecastEntity } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import { bankGroups, banks } from './banks.tables';
import { bankFits } from './banks.rules';
import { cashflowForecasts } from './forecast/forecast.tables';
import { forecastFits } from './forecast/forecast.rules';
import { forecastRouteFacts, registerForecastRoutes } from './forecast/forecast.routes';

export * from './banks.tables';
export { cashflowForecasts } from './forecast/forecast.tables';

/** Cash Management: bank groups and banks (the payments of payables and receivables name a bank). */
export const cashManagementModule: ModuleManifest = {
  name: 'cash-management',
  entities: () => [
    { def: bankGroupEntity, table: bankGroups },
    { def: bankEntity, table: banks, rules: [bankFits] },
    { def: cashflowForecastEntity, table: cashflowForecasts, rules: [forecastFits] },
  ],
  auditLabels: [
    { table: 'bank_groups', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'banks', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'cashflow_forecasts', key: 'id', label: `t.code || ' · ' || t.name` },
  ],
  register: (app, platform) => {
    registerForecastRoutes(app, platform);
  },
  routes: { ...forecastRouteFacts },
  pages: ['/bank-group', '/bank', '/cashflow-forecasts'],
};
