/*
 * Which protected routes have a screen. Every other protected route shows, inside the shell, a
 * "not available yet" page naming its module; a test pins that list so it can only shrink.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { AUDIT_TRAIL_ACCESS_PAGE, HOME_ROUTE, findMenuItemByLink, menuOnlyRoutes, protectedExactRoutes, protectedPrefixRoutes } from '@erp/contracts';
import { adminPages } from '../modules/admin/index';
import { apArPages } from '../modules/ap-ar/index';
import { cashManagementPages } from '../modules/cash-management/index';
import { fixedAssetPages } from '../modules/fixed-assets/index';
import { ledgerPages } from '../modules/ledger/index';
import { journalPages } from '../modules/ledger/journals/index';
import { intercompanyPages } from '../modules/ledger/intercompany/index';
import { reportPages } from '../modules/ledger/reports/index';
import { templatePages } from '../modules/ledger/templates/index';
import { workflowPages } from '../modules/workflow/index';
import { lazyPage, pick } from './errors/chunk-errors';
import { routeKeyOf } from './route-modules';

const shellPages = () => import('./pages/shell-pages');

export const builtPages: Record<string, LazyExoticComponent<ComponentType>> = {
  [HOME_ROUTE]: lazyPage('home', pick(shellPages, 'HomePage')),
  '/view-all': lazyPage('home', pick(shellPages, 'ViewAllPage')),
  '/success': lazyPage('auth', pick(() => import('../modules/auth/SuccessPage'), 'SuccessPage')),
  ...Object.fromEntries(Object.entries(adminPages).map(([link, loader]) => [link, lazyPage('admin', loader)])),
  ...Object.fromEntries(Object.entries(ledgerPages).map(([link, loader]) => [link, lazyPage('ledger', loader)])),
  ...Object.fromEntries(Object.entries(journalPages).map(([link, loader]) => [link, lazyPage('journals', loader)])),
  ...Object.fromEntries(Object.entries(intercompanyPages).map(([link, loader]) => [link, lazyPage('intercompany', loader)])),
  ...Object.fromEntries(Object.entries(reportPages).map(([link, loader]) => [link, lazyPage('ledger-reports', loader)])),
  ...Object.fromEntries(Object.entries(templatePages).map(([link, loader]) => [link, lazyPage('ledger-templates', loader)])),
  ...Object.fromEntries(Object.entries(apArPages).map(([link, loader]) => [link, lazyPage('ap-ar', loader)])),
  ...Object.fromEntries(Object.entries(cashManagementPages).map(([link, loader]) => [link, lazyPage('cash-management', loader)])),
  ...Object.fromEntries(Object.entries(fixedAssetPages).map(([link, loader]) => [link, lazyPage('fixed-assets', loader)])),
  ...Object.fromEntries(Object.entries(workflowPages).map(([link, loader]) => [link, lazyPage('workflow', loader)])),
};

/** Every protected route the router registers: /home, the spec's exact and prefix routes, the menu-only pages. */
export function protectedRouteLinks(): string[] {
  return [...new Set<string>([HOME_ROUTE, ...protectedExactRoutes, ...protectedPrefixRoutes, ...menuOnlyRoutes])];
}

/** Screens of their own below a prefix route (/trial-balance/tax-report): the router gives each its exact path, which wins over the prefix's. */
export function subScreenLinks(): string[] {
  const listed = new Set(protectedRouteLinks());
  return Object.keys(builtPages).filter((link) => !listed.has(link) && protectedPrefixRoutes.some((prefix) => link.startsWith(`${prefix}/`)));
}

/** The protected routes that fall back to "not available yet", in registration order. */
export function notAvailableRoutes(): string[] {
  return protectedRouteLinks().filter((link) => builtPages[link] === undefined);
}

/** Whether a page link opens a screen (rather than "not available yet"): what the sidebar marks, from the registry itself. */
export function hasScreen(link: string): boolean {
  return builtPages[routeKeyOf(link)] !== undefined;
}

/*
 * The screens no menu lists, each with the menu page whose grant opens it (the page its server
 * routes check), so the page search offers them to the roles that may use them. A screen added to
 * a module's pages without a line here, in screenAliases or in everyUserScreens fails the page-registry test.
 */
export const offMenuScreens: Readonly<Record<string, string>> = {
  '/audit-trail': AUDIT_TRAIL_ACCESS_PAGE,
  '/chart-of-accounts': '/accounts',
  '/posting-profile': '/subsidiary',
  // The address book of payables and receivables rides on /vendor (contracts ap-ar/parties.ts addressEntity).
  '/addresses': '/vendor',
  // The ageing of payables and receivables (issue 16) on the statement routes, riding on the party list page.
  '/vendor-statement': '/vendor',
  '/customer-statement': '/customer',
  '/journal-reversal': '/journals',
  // The credit note and reversal screens of invoices ride on the invoice editor page (its Save label creates, Edit posts).
  '/vendor-invoice-reversal': '/vendor-invoice',
  '/customer-invoice-reversal': '/customer-invoice',
  // A ledger report below the trial balance (GET /gl/tax-report: GenerateTrialBalance).
  '/trial-balance/tax-report': '/trial-balance',
  // SPEC.md section 2 gives /disposal-schedules no child in the menu: the disposal editor rides on the list's page.
  '/disposal-schedule': '/disposal-schedules',
  // Nor /revaluation-schedules: the revaluation editor rides on the list's page.
  '/revaluation-schedule': '/revaluation-schedules',
  // Likewise /splitting-schedules: the split editor rides on the list's page.
  '/splitting-schedule': '/splitting-schedules',
  // And /insurance-schedules: the policy editor rides on the list's page.
  '/insurance-schedule': '/insurance-schedules',
  // SPEC.md section 2 gives /cashflow-forecasts no child in the menu: the forecast screen rides on the saved forecasts' page.
  '/cashflow-forecast': '/cashflow-forecasts',
  '/escalation': '/workflow',
  '/create-admin': '/organisation-structure',
};

/** Second addresses of menu screens (protected routes of SPEC.md section 2): opened as the menu page, not searched twice. */
export const screenAliases: Readonly<Record<string, string>> = {
  '/tenant': '/organisation-structure/tenant',
  '/company': '/organisation-structure/company',
};

/** Screens every signed-in user opens, whatever the role: home, a module's page list, the first-user result, one's own profile, one's own approval tasks. */
export const everyUserScreens: ReadonlySet<string> = new Set([HOME_ROUTE, '/view-all', '/success', '/user-profile', '/workflow-task']);

/** Screens that are not a destination of their own: the search leaves them out. */
export function notSearched(link: string): boolean {
  return link in screenAliases || (everyUserScreens.has(link) && !isMenuPage(link));
}

/** Whether a link is a menu page or child page of the catalogue (rather than an off-menu screen). */
export function isMenuPage(link: string): boolean {
  return findMenuItemByLink(link)?.link === link;
}

/**
 * The menu page whose grant opens the screen at a path (the page itself for a menu page; hasPage
 * lets a child page ride on its parent), or undefined for a screen every signed-in user opens.
 * Screens are not rendered for a role without it: they would only collect the server's refusals.
 */
export function accessPageOf(path: string): string | undefined {
  const link = routeKeyOf(path);
  if (everyUserScreens.has(link)) return undefined;
  return offMenuScreens[link] ?? screenAliases[link] ?? link;
}
