// Proves every protected route is registered and pins the "not available yet" list: it may only shrink.
import { describe, expect, it } from 'vitest';
import { HOME_ROUTE, menuOnlyRoutes, protectedExactRoutes, protectedPrefixRoutes } from '@erp/contracts';
import { builtPages, notAvailableRoutes, protectedRouteLinks } from '../page-registry';
import { notAvailableText, routeInfo } from '../route-modules';

/** The routes that showed "not available yet" when this list was last cut. Remove entries as modules ship; never add. */
const NOT_AVAILABLE_AT_MOST = [
    '/payment-description', '/salary-schedules', '/salary-schedule', '/staff-unit', '/staff-department',
    '/staff', '/salary-allowance', '/staff-allowance', '/salary-deduction', '/staff-deduction',
    '/grade-level', '/salary-step', '/salary-scale', '/attribute-set', '/attribute',
    '/recurring-depreciation', '/customer-statement', '/vendor-statement',
    '/splitting-schedules', '/splitting-schedule', '/insurance-company', '/product-group', '/product',
    '/customer-invoices', '/customer-invoice-reversal', '/vendor-invoices', '/vendor-invoice-reversal',
    '/asset-stock', '/asset-stocks', '/revaluation-schedule', '/revaluation-schedules',
    '/depreciation-schedule', '/depreciation-schedules',
    '/maintenance-schedule', '/maintenance-schedules', '/asset', '/assets', '/asset-class',
    '/transaction-group',
    '/new-contract',
    '/identity-group', '/identity', '/site', '/warehouse', '/location',
    '/stock', '/stock-movement', '/stock-transfers', '/dashboard',
    '/licensing', '/license-manager', '/contract-list', '/contract', '/subscription', '/report-viewer',
    '/report-designer',
    '/consolidation-mapping', '/consolidation', '/allocation-rule', '/allocation', '/domain',
    '/create-company', '/vendor-invoice', '/customer-invoice',
    '/failed-payment', '/stock-transfer',
];

describe('page registry', () => {
  it('registers /home and every protected exact, prefix and menu-only route', () => {
    const links = protectedRouteLinks();
    for (const link of [HOME_ROUTE, ...protectedExactRoutes, ...protectedPrefixRoutes, ...menuOnlyRoutes]) expect(links).toContain(link);
  });

  it('only shrinks the not-available list', () => {
    const added = notAvailableRoutes().filter((link) => !NOT_AVAILABLE_AT_MOST.includes(link));
    expect(added, 'a route newly falls back to "not available yet"').toEqual([]);
  });

  it('has a screen for the shell and identity routes', () => {
    for (const link of [HOME_ROUTE, '/view-all', '/success', '/role', '/user-profile', '/organisation-structure']) {
      expect(builtPages[link], link).toBeDefined();
      expect(notAvailableRoutes()).not.toContain(link);
    }
  });

  it('has a screen for the ledger set-up routes and the chart of accounts', () => {
    for (const link of ['/currency', '/exchange-rate', '/account-class', '/account-group', '/accounts', '/tax', '/dimension-group', '/dimension', '/operation', '/ledger-header', '/subsidiary', '/posting-profile', '/chart-of-accounts']) {
      expect(builtPages[link], link).toBeDefined();
    }
  });

  it('has a screen for the payables and receivables set-up and the address book', () => {
    for (const link of ['/vendor-group', '/vendor', '/vendor-payment-term', '/customer-group', '/customer', '/customer-payment-term', '/addresses']) {
      expect(builtPages[link], link).toBeDefined();
      expect(notAvailableRoutes()).not.toContain(link);
    }
  });

  it('has a screen for the payment runs of both faces (issue 16)', () => {
    for (const link of ['/vendor-payment-schedules', '/vendor-payment-schedule', '/customer-payment-schedules', '/customer-payment-schedule']) {
      expect(builtPages[link], link).toBeDefined();
      expect(notAvailableRoutes()).not.toContain(link);
    }
  });

  it('has a screen for fiscal years and their periods, number sequences and segments, module and company configuration', () => {
    for (const link of ['/fiscal-year', '/accounting-period', '/number-sequence', '/number-segment', '/module-config', '/company-config']) {
      expect(builtPages[link], link).toBeDefined();
      expect(notAvailableRoutes()).not.toContain(link);
    }
  });

  it('has a screen for the journals, the trial balance and its drill-down', () => {
    for (const link of ['/journals', '/journal', '/opening-balance-journals', '/opening-balance-journal', '/adjustment-journals', '/adjustment-journal', '/trial-balance', '/transaction-history']) {
      expect(builtPages[link], link).toBeDefined();
    }
  });

  it('names the module on the not-available page', () => {
    expect(notAvailableText('/journals')).toBe('General Ledger: Journals is not available yet');
    expect(notAvailableText('/trial-balance/2024')).toBe('General Ledger: Trial Balance is not available yet');
    expect(notAvailableText('/customer-statement')).toBe('Account Receivable: Customer Statement is not available yet');
    expect(notAvailableText('/contract-list')).toBe('Licensing: Contract List is not available yet');
  });

  it('gives breadcrumbs from the module view-all page, none for unknown paths', () => {
    expect(routeInfo('/journal').breadcrumbs.map((crumb) => crumb.title)).toEqual(['General Ledger', 'Journals', 'Journal']);
    expect(routeInfo('/view-all/payroll').breadcrumbs).toEqual([{ title: 'Payroll', link: '/view-all/payroll' }]);
    expect(routeInfo('/vendor-statement').breadcrumbs.map((crumb) => crumb.title)).toEqual(['Account Payable', 'Vendor Statement']);
    expect(routeInfo('/no-such-page').breadcrumbs).toEqual([]);
  });
});
