// The Cash Management module's surface (issue 16: banks as master data; issue 17 builds statements and reconciliation on them).
import { bankEntity, bankGroupEntity } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import { bankGroups, banks } from './banks.tables';
import { bankFits } from './banks.rules';
import { registerStatementRoutes, statementRouteFacts } from './statements/statements.routes';

export * from './banks.tables';
export * from './statements.tables';

/** Cash Management: bank groups and banks (the payments of payables and receivables name a bank). */
export const cashManagementModule: ModuleManifest = {
  name: 'cash-management',
  entities: () => [
    { def: bankGroupEntity, table: bankGroups },
    { def: bankEntity, table: banks, rules: [bankFits] },
  ],
  auditLabels: [
    { table: 'bank_groups', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'banks', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'bank_statements', key: 'id', label: `t.statement_ref || ' · ' || t.file_name` },
  ],
  register: registerStatementRoutes,
  routes: { ...statementRouteFacts },
  pages: ['/bank-group', '/bank', '/bank-reconciliations'],
};
