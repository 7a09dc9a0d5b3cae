/*
 * Cash Management screens (issue 16: banks as master data), for the page registry: the kit's generic
 * list and form of the bank group and the bank. Statements and reconciliation (issue 17) come later.
 */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

/** The routes of the kit's generic lists, in the order of cashManagementEntities (a test keeps the two equal). */
export const cashManagementPageLinks = ['/bank-group', '/bank'] as const;

/** Lazy loaders of the Cash Management screens, by route. */
export const cashManagementPages: Readonly<Record<string, PageLoader>> = {
  ...Object.fromEntries(cashManagementPageLinks.map((link) => [link, async () => ({ default: (await import('./pages/BankPages')).bankPages[link]! })])),
  // The cash-flow forecast (issue 17): the saved forecasts' list and the forecast screen, which rides on its grant.
  '/cashflow-forecasts': async () => ({ default: (await import('./forecast/ForecastListPage')).ForecastListPage }),
  '/cashflow-forecast': async () => ({ default: (await import('./forecast/ForecastPage')).ForecastPage }),
};
