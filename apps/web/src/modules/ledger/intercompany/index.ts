/*
 * The intercompany screens, for the page registry: the journals list, the journal editor and the
 * templates (with the due accounts per partner), loaded lazily.
 */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** Lazy loaders of the intercompany screens, by route. */
export const intercompanyPages: Readonly<Record<string, PageLoader>> = {
  '/intercompany-journals': () => import('./pages/IntercompanyJournalsPage'),
  '/intercompany-journal': () => import('./pages/IntercompanyJournalPage'),
  '/intercompany-journal-template': () => import('./pages/IntercompanyTemplatePage'),
};
