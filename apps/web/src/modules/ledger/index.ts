/*
 * The general ledger's screens, for the page registry: the set-up lists built from the kit (one
 * per entity of setup-entities.ts), the chart of accounts tree, the accounting periods of a fiscal
 * year and the company configuration.
 */
import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

const setupPage =
  (link: string): PageLoader =>
  async () => ({ default: (await import('./pages/SetupPages')).setupPages[link]! });

/**
 * The routes of the kit's generic set-up lists, in the order of genericSetupEntities (setup-entities.ts). Written out because
 * the entity definitions build their zod schemas when loaded, and this list is read by the router on the first load of every
 * page, sign-in included; a test keeps the two equal.
 */
export const setupPageLinks = [
  '/currency',
  '/exchange-rate',
  '/account-class',
  '/account-group',
  '/accounts',
  '/tax',
  '/dimension-group',
  '/dimension',
  '/operation',
  '/ledger-header',
  '/subsidiary',
  '/posting-profile',
  '/fiscal-year',
  '/number-sequence',
  '/number-segment',
  '/module-config',
] as const;

/** Lazy loaders of the ledger screens, by route. */
export const ledgerPages: Readonly<Record<string, PageLoader>> = {
  ...Object.fromEntries(setupPageLinks.map((link) => [link, setupPage(link)])),
  '/chart-of-accounts': () => import('./pages/ChartOfAccountsPage'),
  '/accounting-period': () => import('./pages/AccountingPeriodPage'),
  '/company-config': () => import('./pages/CompanyConfigPage'),
};
