/*
 * Cash Management screens (issue 16: banks as master data), for the page registry: the kit's generic
 * list and form of the bank group and the bank; issue 17's statement import on /bank-reconciliations
 * and the reconciliation of a statement on /bank-reconciliation?id=.
 */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** The routes of the kit's generic lists, in the order of cashManagementEntities (a test keeps the two equal). */
export const cashManagementPageLinks = ['/bank-group', '/bank'] as const;

/** Lazy loaders of the Cash Management screens, by route: the entities' lists, the statements of /bank-reconciliations and the reconciliation of one on /bank-reconciliation (issue 17). */
export const cashManagementPages: Readonly<Record<string, PageLoader>> = {
  ...Object.fromEntries(cashManagementPageLinks.map((link) => [link, async () => ({ default: (await import('./pages/BankPages')).bankPages[link]! })])),
  '/bank-reconciliations': async () => ({ default: (await import('./statements/StatementListPage')).StatementListPage }),
  '/bank-reconciliation': async () => ({ default: (await import('./reconciliation/BankReconciliationPage')).BankReconciliationPage }),
};
