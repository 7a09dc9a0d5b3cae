import { documentLabels, documentPages, journalDocument, type DocumentVerb } from '@erp/contracts';
import type { Access } from '../../../platform/http/access';

/**
 * What routes outside the journal document declare when they read or make journals (templates):
 * derived from the journal's document definition, as the kit's own routes are.
 */

/** The pages a journal is read from: its kinds' lists and editors, and the pages that open one. */
export const JOURNAL_PAGES = documentPages(journalDocument);

/** A verb on a journal of any kind: `Save` gives SaveJournal, SaveOpeningBalanceJournal...; the kit then requires the kind's own. */
export const journalOperation = (verb: DocumentVerb): Access => ({ kind: 'user', operation: documentLabels(journalDocument, verb) });
