/*
 * The journal template, recurring journal and journal reversal screens, for the page registry,
 * loaded lazily.
 */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** Lazy loaders of the template, recurring and reversal screens, by route. */
export const templatePages: Readonly<Record<string, PageLoader>> = {
  '/journal-template': () => import('./pages/JournalTemplatePage'),
  '/recurring-journals': () => import('./pages/RecurringJournalsPage'),
  '/recurring-journal': () => import('./pages/RecurringJournalPage'),
  '/journal-reversal': () => import('./pages/JournalReversalPage'),
};
