import { allMenuItems } from './menu-catalogue';
import { VIEW_ALL_ROUTE } from './modules';
import { isUnderPrefix, normalisePath } from './paths';

/** SPEC.md section 2 "Protected routes, exact match", word for word and in spec order. */
export const protectedExactRoutes = [
  '/payment-description',
  '/salary-schedules',
  '/salary-schedule',
  '/staff-unit',
  '/staff-department',
  '/staff',
  '/salary-allowance',
  '/staff-allowance',
  '/salary-deduction',
  '/staff-deduction',
  '/grade-level',
  '/salary-step',
  '/salary-scale',
  '/attribute-set',
  '/attribute',
  '/recurring-depreciation',
  '/module-config',
  '/ledger-header',
  '/subsidiary',
  '/operation',
  '/tax',
  '/customer-statement',
  '/vendor-statement',
  '/vendor-payment',
  '/customer-payment',
  '/vendor-payments',
  '/customer-payments',
  '/vendor-payment-term',
  '/customer-payment-term',
  '/insurance-schedules',
  '/insurance-schedule',
  '/splitting-schedules',
  '/splitting-schedule',
  '/insurance-company',
  '/product-group',
  '/product',
  '/customer-invoices',
  '/customer-invoice-reversal',
  '/vendor-invoices',
  '/vendor-invoice-reversal',
  '/asset-stock',
  '/asset-stocks',
  '/revaluation-schedule',
  '/revaluation-schedules',
  '/disposal-schedule',
  '/disposal-schedules',
  '/depreciation-schedule',
  '/depreciation-schedules',
  '/maintenance-schedule',
  '/maintenance-schedules',
  '/asset',
  '/assets',
  '/asset-class',
  '/user-profile',
  '/transaction-history',
  '/transaction-group',
  '/audit-trail',
  '/fiscal-year',
  '/company-config',
  '/accounting-period',
  '/recurring-journals',
  '/recurring-journal',
  '/journal-reversal',
  '/journal',
  '/journals',
  '/adjustment-journals',
  '/adjustment-journal',
  '/opening-balance-journals',
  '/opening-balance-journal',
  '/journal-template',
  '/accounts',
  '/account-group',
  '/bank',
  '/bank-group',
  '/role',
  '/account-class',
  '/chart-of-accounts',
  '/create-admin',
  '/success',
  '/new-contract',
  '/organisation-structure',
  '/tenant',
  '/company',
  '/intercompany-journals',
  '/intercompany-journal-template',
  '/intercompany-journal',
  '/workflow',
  '/workflow-chart',
  '/escalation',
  '/workflow-tag',
  '/workflow-actor',
  '/workflow-task',
  '/customer',
  '/customer-group',
  '/vendor',
  '/vendor-group',
  '/customer-payment-schedules',
  '/customer-recurring-payments',
  '/customer-recurring-payment',
  '/vendor-payment-schedules',
  '/vendor-recurring-payment',
  '/vendor-recurring-payments',
  '/bank-reconciliation',
  '/bank-reconciliations',
  '/fund-transfers',
  '/fund-transfer',
  '/cashflow-forecasts',
  '/cashflow-forecast',
  '/identity-group',
  '/identity',
  '/addresses',
  '/site',
  '/warehouse',
  '/location',
  '/stock',
  '/stock-movement',
  '/stock-transfers',
  '/dashboard',
  '/message-setting',
  '/service-monitor',
  '/licensing',
  '/license-manager',
  '/contract-list',
  '/contract',
] as const satisfies readonly string[];

/** SPEC.md section 2 "Protected routes, prefix match": the path itself or anything below it. */
export const protectedPrefixRoutes = [
  '/subscription',
  '/view-all',
  '/report-viewer',
  '/report-designer',
  '/exchange-rate',
  '/dimension',
  '/dimension-group',
  '/currency',
  '/trial-balance',
  '/number-sequence',
  '/number-segment',
  '/posting-profile',
  '/consolidation-mapping',
  '/consolidation',
  '/allocation-rule',
  '/allocation',
  '/domain',
  '/create-company',
] as const satisfies readonly string[];

/** Reachable without a signed-in user (SPEC.md section 2); the catch-all not-found screen is the router's. */
export const publicRoutes = ['/new-password', '/verification', '/forgot-password', '/sample'] as const;

/** Sign-in and first-user creation: shown only while nobody is logged in (SPEC.md section 2). */
export const authRoutes = ['/login', '/user-setup'] as const;

export const HOME_ROUTE = '/home';

function isListedProtected(path: string): boolean {
  return (
    path === HOME_ROUTE ||
    (protectedExactRoutes as readonly string[]).includes(path) ||
    protectedPrefixRoutes.some((prefix) => isUnderPrefix(path, prefix))
  );
}

/*
 * Menu links the protected lists do not cover: the organisation structure child pages, the detail
 * pages behind the five approval screens ("paths not shown") and /failed-payment. Computed from the
 * catalogue so a new menu page can never be left unroutable.
 */
export const menuOnlyRoutes: readonly string[] = Object.freeze([
  ...new Set(
    allMenuItems()
      .map((item) => item.link)
      .filter((link) => !isListedProtected(link)),
  ),
]);

/** Needs a signed-in user: /home, the spec's exact and prefix routes (so /view-all/<module>), and the menu-only pages. */
export function isProtectedRoute(path: string): boolean {
  const normal = normalisePath(path);
  return isListedProtected(normal) || menuOnlyRoutes.includes(normal);
}

export function isPublicRoute(path: string): boolean {
  return (publicRoutes as readonly string[]).includes(normalisePath(path));
}

export function isAuthRoute(path: string): boolean {
  return (authRoutes as readonly string[]).includes(normalisePath(path));
}

/** '/view-all/general-ledger' -> 'general-ledger'; undefined for any other path. */
export function viewAllSlug(path: string): string | undefined {
  const normal = normalisePath(path);
  if (!normal.startsWith(`${VIEW_ALL_ROUTE}/`)) return undefined;
  const slug = normal.slice(VIEW_ALL_ROUTE.length + 1);
  return slug === '' || slug.includes('/') ? undefined : slug;
}
