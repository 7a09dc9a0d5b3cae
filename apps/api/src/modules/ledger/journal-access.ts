import type { Access } from '../../platform/http/access';
import { labelOfKind } from './journals.service';

/**
 * What the journal routes declare. A journal's kind picks its page and labels (Standard: Journal,
 * OpeningBalance: OpeningBalanceJournal...), and the kind of a stored journal is known only once it
 * is read: the route refuses a role that holds none of the pages or labels of any kind, and the
 * service then requires the label of the journal's own kind (requireOperation).
 */

/** The pages a journal is read from: its kind's list and editor, and the pages that open one (recurring runs, intercompany, transaction history). */
export const JOURNAL_PAGES = [
  '/journals', '/journal', '/opening-balance-journals', '/opening-balance-journal', '/adjustment-journals', '/adjustment-journal',
  '/recurring-journals', '/recurring-journal', '/intercompany-journals', '/intercompany-journal', '/transaction-history',
] as const;

/** Reading journals (list, one journal, templates to start one from). */
export const readJournals: Access = { kind: 'user', page: JOURNAL_PAGES };

/** A verb on a journal of any kind: `Save` gives SaveJournal, SaveOpeningBalanceJournal... */
export const journalOperation = (verb: 'Save' | 'Edit' | 'Delete' | 'Export'): Access => ({
  kind: 'user',
  operation: [...new Set(Object.values(labelOfKind))].map((entity) => `${verb}${entity}`),
});
