// The Cash Management module's surface (issue 16: banks as master data; issue 17 builds statements and reconciliation on them).
import { bankEntity, bankGroupEntity } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import { bankGroups, banks } from './banks.tables';
import { bankFits } from './banks.rules';
import { fundTransferModuleDocument } from './fund-transfers.document';
import { fundTransferRouteFacts, registerFundTransferRoutes } from './fund-transfers.routes';
import { seedFundTransferSequence } from './fund-transfers.seed';

export * from './banks.tables';
export * from './fund-transfers.tables';

/** Cash Management: bank groups and banks (the payments of payables and receivables name a bank), fund transfers. */
export const cashManagementModule: ModuleManifest = {
  name: 'cash-management',
  entities: () => [
    { def: bankGroupEntity, table: bankGroups },
    { def: bankEntity, table: banks, rules: [bankFits] },
  ],
  auditLabels: [
    { table: 'bank_groups', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'banks', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'fund_transfers', key: 'id', label: `coalesce(t.number || ' · ' || t.description, t.description)` },
  ],
  documents: [fundTransferModuleDocument()],
  register: registerFundTransferRoutes,
  routes: fundTransferRouteFacts,
  seeders: { company: seedFundTransferSequence },
  pages: ['/bank-group', '/bank', '/fund-transfers', '/fund-transfer'],
};
