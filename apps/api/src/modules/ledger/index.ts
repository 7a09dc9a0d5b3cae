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
import type { ModuleManifest } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { noCycle } from '../../platform/kit/kit-rules';
import type { EntityRegistry, KitBinding, KitTable } from '../../platform/kit/registry';
import { currencies } from '../organisation/index';
import { balanceSideFitsCategory, differentCurrencies, headerIsNotControl, parentIsHeader } from './setup/setup.rules';
import { profileFitsModule, subsidiaryFitsModule } from './setup/posting-profiles';
import * as t from './setup/setup.tables';
import * as p from './periods/periods.tables';
import { registerLedgerSetupRoutes } from './setup/ledger-setup.routes';
import { moduleDocument } from '../../platform/kit/documents';
import { journalBinding } from './journals/journals.document';
import { intercompanyBinding } from './intercompany/intercompany.document';
import { registerTrialBalanceRoutes } from './reports/trial-balance.routes';
import { registerTemplateRoutes } from './templates/templates.routes';
import { registerRecurringRoutes } from './recurring/recurring.routes';
import { RECURRING_JOB, RECURRING_JOB_CRON, runDueRecurringJournals } from './recurring/recurring-run.service';
import { registerYearEndRoutes } from './periods/year-end.routes';
import { registerIntercompanyRoutes } from './intercompany/intercompany.routes';
import { ledgerApprovals } from './periods/approvals';
import { fiscalYearFits } from './periods/periods.service';
import { segmentFits } from './setup/sequences.service';
import { seedCompanyLedger } from './setup/chart-seed';

export * from './setup/setup.tables';
export * from './periods/periods.tables';
export { nextNumber, nextNumberInTick, numbersOf, numbersTaken, seedNumberSequence, type TakenNumbers } from './setup/sequences.service';
export { periodOn } from './periods/periods.service';
// The posting port: the only ways to write the ledger (the database refuses ledger lines written otherwise).
export { postEntry, reverseEntry, reverseEntries, type EntryRequest, type EntryLine, type ExactLine, type Posted } from './posting/posting.service';
export { postingTx } from './posting/posting-tx';
// The company's rates of a date (the port's own lookup), for a subledger that converts before it posts exact lines (payments).
export { ratesOn } from './posting/posting-context';
// Unrealised revaluation of foreign-currency balances as one base-only entry (pure), for every module that revalues.
export { planRevaluation, type RevaluationPlan, type RevaluedBalance } from './posting/revaluation';
export { dueAccountsOf } from './intercompany/intercompany-accounts.service';
export { partnerOf } from './intercompany/intercompany-scope';
// Which accounts a subledger posting uses (posting profiles, tax codes, operation accounts) and its document numbers.
export { moduleSequence, operationAccounts, resolvePostingAccounts, taxAccount, type PostingParty, type ResolvedAccount } from './setup/posting-profiles';
export * from './journals/journals.tables';
export * from './templates/templates.tables';
export * from './recurring/recurring.tables';
export * from './intercompany/intercompany.tables';
export { runDueRecurringJournals, RECURRING_JOB } from './recurring/recurring-run.service';

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

/** The General Ledger (issues 4, 5, 7-10, 19): set-up entities, journals, reports, templates, recurring and intercompany journals, year-end. */
export const ledgerModule: ModuleManifest = {
  name: 'ledger',
  entities: ledgerSetupBindings,
  register: (app: FastifyInstance, platform: Platform) => {
    registerLedgerSetupRoutes(app, platform);
    registerTrialBalanceRoutes(app, platform);
    registerTemplateRoutes(app, platform);
    registerRecurringRoutes(app, platform);
    registerYearEndRoutes(app, platform);
    registerIntercompanyRoutes(app, platform);
  },
  documents: [moduleDocument(journalBinding), moduleDocument(intercompanyBinding)],
  approvals: ledgerApprovals,
  jobs: [{ name: RECURRING_JOB, cron: RECURRING_JOB_CRON, run: runDueRecurringJournals }],
  seeders: { company: seedCompanyLedger },
  auditLabels: [
    { table: 'journals', key: 'id', label: `coalesce(t.number || ' · ' || t.description, t.description)` },
    ...['accounts', 'account_classes', 'account_groups', 'taxes', 'dimension_groups', 'dimensions', 'operations', 'ledger_headers', 'subsidiaries', 'fiscal_years', 'number_sequences', 'journal_templates', 'intercompany_templates']
      .map((table) => ({ table, key: 'id', label: `t.code || ' · ' || t.name` })),
    { table: 'accounting_periods', key: 'id', label: 't.name' },
    { table: 'recurring_journals', key: 'id', label: `t.code || ' · ' || t.description` },
    { table: 'intercompany_journals', key: 'id', label: 't.description' },
  ],
  pages: [
    // Set-up entities (the kit serves them)
    '/currency', '/exchange-rate', '/account-class', '/account-group', '/accounts', '/tax', '/dimension-group', '/dimension', '/operation',
    '/ledger-header', '/subsidiary', '/fiscal-year', '/number-sequence', '/number-segment', '/module-config', '/company-config',
    // Journals, reports and their set-up
    '/journal', '/journals', '/opening-balance-journal', '/opening-balance-journals', '/adjustment-journal', '/adjustment-journals',
    '/intercompany-journal', '/intercompany-journals', '/intercompany-journal-template', '/journal-template', '/recurring-journal', '/recurring-journals',
    '/transaction-history',
  ],
  routes: {
    'GET /gl/fiscal-years/:id/periods': { rows: 'company', sample: 'fiscalYear' },
    'POST /gl/fiscal-years/:id/periods': { rows: 'company', sample: 'fiscalYear' },
    'POST /gl/accounting-periods/:id/status': { rows: 'company', sample: 'accountingPeriod' },
    'POST /gl/number-sequences/:id/preview': { rows: 'company', sample: 'numberSequence' },
    'POST /gl/number-sequences/:id/take': { rows: 'company', sample: 'numberSequence' },
    'GET /gl/company-config': { rows: 'company' },
    'PUT /gl/company-config': { rows: 'company' },
    'GET /gl/trial-balance': { rows: 'company' },
    'GET /gl/subledger-tieout': { rows: 'company' },
    'GET /gl/chart-balances': { rows: 'company' },
    'GET /gl/trial-balance/export': { rows: 'company' },
    'POST /gl/trial-balance/import': { rows: 'company' },
    'GET /gl/accounts/:id/transactions': { rows: 'company', sample: 'account' },
    'GET /gl/accounts/:id/transactions/export': { rows: 'company', sample: 'account' },
    'GET /gl/journal-templates': { rows: 'company' },
    'GET /gl/journal-templates/lookup': { rows: 'company' },
    'GET /gl/journal-templates/export': { rows: 'company' },
    'POST /gl/journal-templates/import': { rows: 'company' },
    'GET /gl/journal-templates/:id': { rows: 'company', sample: 'journalTemplate' },
    'POST /gl/journal-templates': { rows: 'company' },
    'PUT /gl/journal-templates/:id': { rows: 'company', sample: 'journalTemplate' },
    'DELETE /gl/journal-templates/:id': { rows: 'company', sample: 'journalTemplate' },
    'POST /gl/journal-templates/:id/journal': { rows: 'company', sample: 'journalTemplate' },
    'GET /gl/recurring-journals': { rows: 'company' },
    'GET /gl/recurring-journals/export': { rows: 'company' },
    'POST /gl/recurring-journals/import': { rows: 'company' },
    'GET /gl/recurring-journals/:id': { rows: 'company', sample: 'recurringJournal' },
    'GET /gl/recurring-journals/:id/journals': { rows: 'company', sample: 'recurringJournal' },
    'POST /gl/recurring-journals': { rows: 'company' },
    'PUT /gl/recurring-journals/:id': { rows: 'company', sample: 'recurringJournal' },
    'DELETE /gl/recurring-journals/:id': { rows: 'company', sample: 'recurringJournal' },
    'POST /gl/recurring-journals/:id/run': { rows: 'company', sample: 'recurringJournal' },
    'GET /gl/fiscal-years/:id/closing-entry': { rows: 'company', sample: 'fiscalYear' },
    'POST /gl/fiscal-years/:id/close': { rows: 'company', sample: 'fiscalYear' },
    'GET /gl/intercompany-partners': { rows: 'company' },
    'PUT /gl/intercompany-partners/:id/accounts': { rows: 'company', sample: 'company' },
    'DELETE /gl/intercompany-partners/:id/accounts': { rows: 'company', sample: 'company' },
    'GET /gl/intercompany-accounts/lookup': { rows: 'company' },
    'GET /gl/intercompany-journal-templates': { rows: 'company' },
    'GET /gl/intercompany-journal-templates/export': { rows: 'company' },
    'POST /gl/intercompany-journal-templates/import': { rows: 'company' },
    'GET /gl/intercompany-journal-templates/:id': { rows: 'company', sample: 'intercompanyTemplate' },
    'POST /gl/intercompany-journal-templates': { rows: 'company' },
    'PUT /gl/intercompany-journal-templates/:id': { rows: 'company', sample: 'intercompanyTemplate' },
    'DELETE /gl/intercompany-journal-templates/:id': { rows: 'company', sample: 'intercompanyTemplate' },
    'POST /gl/intercompany-journals/import': { rows: 'company' },
  },
};
