/*
 * The module and page name of any protected route, for the not-available page and breadcrumbs.
 * Menu pages come from the contracts catalogue. The spec's routes that no menu lists get their
 * module here, where DESIGN.md's module map puts them (licensing pages belong to the license
 * manager). This table is a candidate for packages/contracts.
 */
import {
  breadcrumbsFor,
  findMenuItemByLink,
  moduleByName,
  moduleBySlug,
  viewAllSlug,
  normalisePath,
  protectedPrefixRoutes,
  isProtectedRoute,
  isUnderPrefix,
  viewAllLink,
  type Breadcrumb,
  type ModuleName,
} from '@erp/contracts';

const offMenuModules: Readonly<Record<string, ModuleName | 'Licensing'>> = {
  '/customer-statement': 'Account Receivable',
  '/customer-invoice-reversal': 'Account Receivable',
  '/vendor-statement': 'Account Payable',
  '/vendor-invoice-reversal': 'Account Payable',
  '/insurance-schedule': 'Fixed Asset',
  '/splitting-schedule': 'Fixed Asset',
  '/revaluation-schedule': 'Fixed Asset',
  '/disposal-schedule': 'Fixed Asset',
  '/cashflow-forecast': 'Cash Management',
  '/transaction-group': 'General Ledger',
  '/trial-balance/tax-report': 'General Ledger',
  '/journal-reversal': 'General Ledger',
  '/chart-of-accounts': 'General Ledger',
  '/posting-profile': 'General Ledger',
  '/allocation-rule': 'General Ledger',
  '/allocation': 'General Ledger',
  '/audit-trail': 'Admin',
  '/create-admin': 'Admin',
  '/tenant': 'Admin',
  '/company': 'Admin',
  '/escalation': 'Admin',
  '/addresses': 'Admin',
  '/dashboard': 'Admin',
  '/report-viewer': 'Admin',
  '/consolidation-mapping': 'Admin',
  '/domain': 'Admin',
  '/create-company': 'Admin',
  '/licensing': 'Licensing',
  '/license-manager': 'Licensing',
  '/contract-list': 'Licensing',
  '/contract': 'Licensing',
  '/new-contract': 'Licensing',
  '/subscription': 'Licensing',
};

/** '/cashflow-forecast' -> 'Cashflow Forecast' (the catalogue names pages the same way). */
export function pageNameOf(link: string): string {
  const last = link.split('/').filter(Boolean).at(-1) ?? '';
  return last
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export type RouteInfo = { link: string; page: string; module?: string; breadcrumbs: Breadcrumb[] };

/** The registered route a path falls under: itself, or the prefix route it lies below. */
export function routeKeyOf(path: string): string {
  const normal = normalisePath(path);
  // A screen of its own below a prefix route (/trial-balance/tax-report) is its own key.
  if (normal in offMenuModules && normal.lastIndexOf('/') > 0) return normal;
  const prefix = protectedPrefixRoutes
    .filter((candidate) => isUnderPrefix(normal, candidate))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ?? normal;
}

export function routeInfo(path: string): RouteInfo {
  const normal = normalisePath(path);
  const slug = viewAllSlug(normal);
  const viewAllOf = slug === undefined ? undefined : moduleBySlug(slug);
  if (viewAllOf) return { link: normal, page: 'View all', module: viewAllOf.name, breadcrumbs: breadcrumbsFor(normal) };
  // A screen of its own below a menu page (/trial-balance/tax-report) is not that page.
  const subScreen = normal in offMenuModules && normal.lastIndexOf('/') > 0;
  const item = subScreen ? undefined : findMenuItemByLink(normal);
  if (item) return { link: item.link, page: item.name, module: item.module, breadcrumbs: breadcrumbsFor(normal) };
  const link = routeKeyOf(normal);
  if (!isProtectedRoute(normal)) return { link, page: pageNameOf(link), breadcrumbs: [] };
  const module = offMenuModules[link];
  const page = pageNameOf(link);
  const catalogued = module !== undefined && moduleByName(module) !== undefined;
  const moduleCrumb = catalogued ? [{ title: module, link: viewAllLink(module as ModuleName) }] : [];
  return { link, page, module, breadcrumbs: [...moduleCrumb, { title: page, link }] };
}

/** 'General Ledger: Journals is not available yet'. */
export function notAvailableText(path: string): string {
  const { module, page } = routeInfo(path);
  return `${module ? `${module}: ` : ''}${page} is not available yet`;
}
