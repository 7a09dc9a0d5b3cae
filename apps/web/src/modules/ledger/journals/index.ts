/*
 * The journal screens, for the page registry: the lists (every kind, opening balance, adjustment)
 * and the editor of each kind, loaded lazily.
 */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

const listPages = () => import('./pages/JournalListPage');
const editorPages = () => import('./pages/JournalEditorPage');

/** Lazy loaders of the journal screens, by route. */
export const journalPages: Readonly<Record<string, PageLoader>> = {
  '/journals': async () => ({ default: (await listPages()).JournalsPage }),
  '/opening-balance-journals': async () => ({ default: (await listPages()).OpeningBalanceJournalsPage }),
  '/adjustment-journals': async () => ({ default: (await listPages()).AdjustmentJournalsPage }),
  '/journal': async () => ({ default: (await editorPages()).StandardJournalPage }),
  '/opening-balance-journal': async () => ({ default: (await editorPages()).OpeningBalanceJournalPage }),
  '/adjustment-journal': async () => ({ default: (await editorPages()).AdjustmentJournalPage }),
};
