// The ledger module's surface: other modules and the app import only from here.
import type { FastifyInstance } from 'fastify';
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
} from '@erp/contracts';
import type { Platform } from '../../platform/platform';
import { noCycle } from '../../platform/kit/kit-rules';
import type { EntityRegistry, KitBinding, KitTable } from '../../platform/kit/registry';
import { registerEntityRoutes } from '../../platform/kit/entity-routes';
import { currencies } from '../organisation/index';
import { balanceSideFitsCategory, differentCurrencies, headerIsNotControl, parentIsHeader } from './setup.rules';
import { profileFitsModule, subsidiaryFitsModule } from './posting-profiles';
import * as t from './setup.tables';
import * as p from './periods.tables';
import { registerLedgerSetupRoutes } from './ledger-setup.routes';
import { registerJournalRoutes } from './journals.routes';
import { registerTrialBalanceRoutes } from './trial-balance.routes';
import { registerTemplateRoutes } from './templates.routes';
import { registerRecurringRoutes } from './recurring.routes';
import { defineRecurringJournalJob } from './recurring-run.service';
import { registerYearEndRoutes } from './year-end.routes';
import { registerIntercompanyRoutes } from './intercompany.routes';
import { registerLedgerApprovals } from './approvals';
import { fiscalYearFits } from './periods.service';
import { segmentFits } from './sequences.service';

export * from './setup.tables';
export * from './periods.tables';
export { seedCompanyLedger } from './chart-seed';
export { nextNumber } from './sequences.service';
export { periodOn } from './periods.service';
// The posting port: the only ways to write the ledger (the database refuses ledger lines written otherwise).
export { postEntry, reverseEntry, type EntryRequest, type EntryLine, type ExactLine, type Posted } from './posting.service';
export { postingTx } from './posting-tx';
// Which accounts a subledger posting uses (posting profiles, tax codes, operation accounts) and its document numbers.
export { moduleSequence, operationAccounts, resolvePostingAccounts, taxAccount, type PostingParty, type ResolvedAccount } from './posting-profiles';
export * from './journals.tables';
export * from './templates.tables';
export * from './recurring.tables';
export * from './intercompany.tables';
export { runDueRecurringJournals, RECURRING_JOB } from './recurring-run.service';

/** The ledger set-up entities of issue 4 and their tables, registered with the kit. */
export function ledgerSetupBindings(registry: EntityRegistry): KitBinding[] {
  const get = (name: string) => () => registry.get(name);
  return [
    { def: currencyEntity, table: currencies as unknown as KitTable },
    { def: exchangeRateEntity, table: t.exchangeRates, rules: [differentCurrencies] },
    { def: accountClassEntity, table: t.accountClasses, rules: [balanceSideFitsCategory] },
    { def: accountGroupEntity, table: t.accountGroups, rules: [noCycle(get('accountGroup'), 'parentGroup', 'group')] },
    { def: accountEntity, table: t.accounts, rules: [headerIsNotControl, parentIsHeader, noCycle(get('account'), 'parentAccount', 'account')] },
    { def: taxEntity, table: t.taxes },
    { def: dimensionGroupEntity, table: t.dimensionGroups },
    { def: dimensionEntity, table: t.dimensions },
    { def: operationEntity, table: t.operations },
    { def: ledgerHeaderEntity, table: t.ledgerHeaders, rules: [noCycle(get('ledgerHeader'), 'parentHeader', 'header')] },
    { def: subsidiaryEntity, table: t.subsidiaries, rules: [subsidiaryFitsModule] },
    { def: postingProfileEntity, table: t.postingProfiles, rules: [profileFitsModule] },
    { def: fiscalYearEntity, table: p.fiscalYears, rules: [fiscalYearFits] },
    { def: numberSequenceEntity, table: p.numberSequences },
    { def: numberSegmentEntity, table: p.numberSegments, rules: [segmentFits] },
    { def: moduleConfigEntity, table: p.moduleConfigs },
  ];
}

export function registerLedgerRoutes(app: FastifyInstance, platform: Platform, registry: EntityRegistry): void {
  for (const binding of ledgerSetupBindings(registry)) {
    registry.register(binding);
    registerEntityRoutes(app, platform, registry, binding);
  }
  registerLedgerSetupRoutes(app, platform);
  registerJournalRoutes(app, platform);
  registerTrialBalanceRoutes(app, platform);
  registerTemplateRoutes(app, platform);
  registerRecurringRoutes(app, platform);
  defineRecurringJournalJob(platform);
  registerYearEndRoutes(app, platform);
  registerIntercompanyRoutes(app, platform);
  registerLedgerApprovals();
}
