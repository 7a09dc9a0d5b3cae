/* The ledger reports, for the page registry: the trial balance and its drill-down, loaded lazily. */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** Lazy loaders of the report screens, by route. */
export const reportPages: Readonly<Record<string, PageLoader>> = {
  '/trial-balance': () => import('./pages/TrialBalancePage'),
  '/transaction-history': () => import('./pages/TransactionHistoryPage'),
};
