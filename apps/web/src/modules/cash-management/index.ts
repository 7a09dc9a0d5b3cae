/*
 * Cash Management screens, for the page registry: the kit's generic list and form of the bank group
 * and the bank (issue 16); issue 17's fund transfers (/fund-transfers, /fund-transfer) and the /journal
 * screen of a FundTransfer task, the statement import on /bank-reconciliations and the reconciliation of a
 * statement on /bank-reconciliation?id=.
 */
import type { ComponentType } from 'react';
import type { TaskSubjects } from '../../shared/documents/task-subjects';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** The routes of the kit's generic lists, in the order of cashManagementEntities (a test keeps the two equal). */
export const cashManagementPageLinks = ['/bank-group', '/bank'] as const;

/** Lazy loaders of the Cash Management screens, by route. */
export const cashManagementPages: Readonly<Record<string, PageLoader>> = {
  ...Object.fromEntries(cashManagementPageLinks.map((link) => [link, async () => ({ default: (await import('./pages/BankPages')).bankPages[link]! })])),
  '/fund-transfers': () => import('./fund-transfers/FundTransferListPage'),
  '/fund-transfer': () => import('./fund-transfers/FundTransferPage'),
  '/bank-reconciliations': async () => ({ default: (await import('./statements/BankReconciliationsPage')).BankReconciliationsPage }),
  '/bank-reconciliation': async () => ({ default: (await import('./reconciliation/BankReconciliationPage')).BankReconciliationPage }),
  // The cash-flow forecast (issue 17): the saved forecasts' list and the forecast screen, which rides on its grant.
  '/cashflow-forecasts': async () => ({ default: (await import('./forecast/ForecastListPage')).ForecastListPage }),
  '/cashflow-forecast': async () => ({ default: (await import('./forecast/ForecastPage')).ForecastPage }),
};

/** What /journal shows for a FundTransfer task (SPEC.md section 2): the transfer, its legs (divided there by the approver), its entries. */
export const cashManagementTaskSubjects: TaskSubjects = {
  FundTransfer: () => import('./fund-transfers/FundTransferSubject'),
};
