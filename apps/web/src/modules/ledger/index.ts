/*
 * The general ledger's screens, for the page registry: the set-up lists built from the kit (one
 * per entity of setup-entities.ts), the chart of accounts tree, the accounting periods of a fiscal
 * year and the company configuration.
 */
import type { ComponentType } from 'react';
import { genericSetupEntities } from './setup-entities';

type PageLoader = () => Promise<{ default: ComponentType }>;

const setupPage =
  (link: string): PageLoader =>
  async () => ({ default: (await import('./pages/SetupPages')).setupPages[link]! });

/** Lazy loaders of the ledger screens, by route. */
export const ledgerPages: Readonly<Record<string, PageLoader>> = {
  ...Object.fromEntries(genericSetupEntities.map((def) => [def.screen ?? def.page, setupPage(def.screen ?? def.page)])),
  '/chart-of-accounts': () => import('./pages/ChartOfAccountsPage'),
  '/accounting-period': () => import('./pages/AccountingPeriodPage'),
  '/company-config': () => import('./pages/CompanyConfigPage'),
};
