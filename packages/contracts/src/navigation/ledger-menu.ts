import { crudOperations, someOperations, trialBalanceOperations } from './operations';
import { defineModule, page, report } from './menu-builder';

/*
 * General Ledger pages of the SPEC.md section 2 menu catalogue. The catalogue's /trial-balance page
 * and its "Report: Trial Balance" are one item here (same link), listed in the Reports group and
 * under reports. Labels of section 6 with no page of their own ride on the nearest page:
 * allocation rules on /accounts, control accounts on /subsidiary (subledger control), and the posting
 * profiles of /posting-profile (a prefix route with no menu entry) on /subsidiary too.
 */
export const generalLedgerModule = defineModule({
  name: 'General Ledger',
  image: 'module_general_ledger',
  colour: '#0EA5E9',
  groups: [
    {
      name: 'Setup',
      pages: [
        page('/account-class', crudOperations('AccountClass')),
        page('/account-group', crudOperations('AccountGroup')),
        page('/accounts', [...crudOperations('Account'), ...crudOperations('AllocationRule')]),
        page('/tax', crudOperations('Tax')),
        page('/module-config', crudOperations('ModuleConfig')),
        page('/ledger-header', crudOperations('LedgerHeader')),
        page('/subsidiary', [...crudOperations('ControlAccount'), ...crudOperations('PostingProfile')]),
        page('/operation', crudOperations('OperationAccount')),
      ],
    },
    {
      name: 'Journals',
      pages: [
        page('/journal-template', crudOperations('JournalTemplate')),
        page('/journals', crudOperations('Journal'), [page('/journal', crudOperations('Journal'))]),
        page('/opening-balance-journals', crudOperations('OpeningBalanceJournal'), [
          page('/opening-balance-journal', crudOperations('OpeningBalanceJournal')),
        ]),
        page('/adjustment-journals', crudOperations('AdjustmentJournal'), [
          page('/adjustment-journal', crudOperations('AdjustmentJournal')),
        ]),
        page('/recurring-journals', crudOperations('RecurringJournal'), [
          page('/recurring-journal', crudOperations('RecurringJournal')),
        ]),
        page('/intercompany-journal-template', crudOperations('IntercompanyJournalTemplate')),
        page('/intercompany-journals', crudOperations('IntercompanyJournal'), [
          page('/intercompany-journal', crudOperations('IntercompanyJournal')),
        ]),
      ],
    },
    {
      name: 'Periods',
      pages: [
        page('/fiscal-year', crudOperations('FiscalYear'), [
          page('/accounting-period', crudOperations('AccountingPeriod')),
        ]),
      ],
    },
    {
      name: 'Currency',
      pages: [
        page('/currency', crudOperations('Currency')),
        page('/exchange-rate', crudOperations('ExchangeRate')),
      ],
    },
    {
      name: 'Reports',
      pages: [
        // Transaction history is the drill-down of posted lines: read-only, so export only.
        report('/trial-balance', trialBalanceOperations, [
          page('/transaction-history', someOperations('TransactionHistory', ['Export'])),
        ]),
      ],
    },
  ],
});
