// Proves the navigation contract matches SPEC.md sections 2, 4 and 6: routes, menu catalogue, breadcrumbs, permissions, approvals.
import { describe, expect, it } from 'vitest';
import { permissionSchema, type Permission } from '../../auth/role';
import {
  allMenuItems,
  approvalLink,
  approvalLinkTargets,
  approvalOperations,
  approvalTypes,
  authRoutes,
  breadcrumbsFor,
  buildMenuSet,
  findMenuItemByLink,
  fullPermissions,
  hasOperation,
  hasPage,
  HOME_ROUTE,
  isProtectedRoute,
  isPublicRoute,
  menuOnlyRoutes,
  moduleBySlug,
  moduleCatalogue,
  moduleNames,
  operationLabels,
  protectedExactRoutes,
  protectedPrefixRoutes,
  publicRoutes,
  readOnlyPermissions,
  sharedLinkOwners,
  type ModuleName,
} from '../index';

// Oracles copied word for word from SPEC.md.
const specExact =
  '/payment-description, /salary-schedules, /salary-schedule, /staff-unit, /staff-department, /staff, /salary-allowance, /staff-allowance, /salary-deduction, /staff-deduction, /grade-level, /salary-step, /salary-scale, /attribute-set, /attribute, /recurring-depreciation, /module-config, /ledger-header, /subsidiary, /operation, /tax, /customer-statement, /vendor-statement, /vendor-payment, /customer-payment, /vendor-payments, /customer-payments, /vendor-payment-term, /customer-payment-term, /insurance-schedules, /insurance-schedule, /splitting-schedules, /splitting-schedule, /insurance-company, /product-group, /product, /customer-invoices, /customer-invoice-reversal, /vendor-invoices, /vendor-invoice-reversal, /asset-stock, /asset-stocks, /revaluation-schedule, /revaluation-schedules, /disposal-schedule, /disposal-schedules, /depreciation-schedule, /depreciation-schedules, /maintenance-schedule, /maintenance-schedules, /asset, /assets, /asset-class, /user-profile, /transaction-history, /transaction-group, /audit-trail, /fiscal-year, /company-config, /accounting-period, /recurring-journals, /recurring-journal, /journal-reversal, /journal, /journals, /adjustment-journals, /adjustment-journal, /opening-balance-journals, /opening-balance-journal, /journal-template, /accounts, /account-group, /bank, /bank-group, /role, /account-class, /chart-of-accounts, /create-admin, /success, /new-contract, /organisation-structure, /tenant, /company, /intercompany-journals, /intercompany-journal-template, /intercompany-journal, /workflow, /workflow-chart, /escalation, /workflow-tag, /workflow-actor, /workflow-task, /customer, /customer-group, /vendor, /vendor-group, /customer-payment-schedules, /customer-recurring-payments, /customer-recurring-payment, /vendor-payment-schedules, /vendor-recurring-payment, /vendor-recurring-payments, /bank-reconciliation, /bank-reconciliations, /fund-transfers, /fund-transfer, /cashflow-forecasts, /cashflow-forecast, /identity-group, /identity, /addresses, /site, /warehouse, /location, /stock, /stock-movement, /stock-transfers, /dashboard, /message-setting, /service-monitor, /licensing, /license-manager, /contract-list, /contract.';
const specPrefix =
  '/subscription, /view-all, /report-viewer, /report-designer, /exchange-rate, /dimension, /dimension-group, /currency, /trial-balance, /number-sequence, /number-segment, /posting-profile, /consolidation-mapping, /consolidation, /allocation-rule, /allocation, /domain, /create-company.';
const specMenu: Record<ModuleName, string> = {
  Admin:
    '/organisation-structure (children /organisation-structure/tenant, /organisation-structure/company); /role (User Profile child); /number-sequence (child /number-segment); /dimension; /dimension-group; /service-monitor; /report-designer; /company-config; /workflow (child /workflow-chart); /workflow-tag; /workflow-actor; /workflow-task; /message-setting; /identity-group; /identity; /attribute-set; /attribute; /consolidation. Report: Trial Balance.',
  'General Ledger':
    '/account-class; /account-group; /accounts; /journal-template; /journals (child /journal); /opening-balance-journals (child /opening-balance-journal); /adjustment-journals (child /adjustment-journal); /recurring-journals (child /recurring-journal); /currency; /exchange-rate; /intercompany-journal-template; /intercompany-journals (child /intercompany-journal); /fiscal-year (child /accounting-period); /trial-balance (child /transaction-history); /tax; /module-config; /ledger-header; /subsidiary; /operation. Report: Trial Balance.',
  'Account Payable':
    '/vendor-group; /vendor; /vendor-payment-term; /vendor-payments (child /vendor-payment); /vendor-invoices (child /vendor-invoice); /vendor-payment-schedules (child /vendor-payment-schedule); /vendor-recurring-payments (child /vendor-recurring-payment).',
  'Account Receivable':
    '/customer-group; /customer; /customer-payment-term; /customer-payments (child /customer-payment); /customer-invoices (child /customer-invoice); /customer-payment-schedules (child /customer-payment-schedule); /customer-recurring-payments (child /customer-recurring-payment); /failed-payment.',
  'Fixed Asset':
    '/asset-class; /assets (child /asset); /recurring-depreciation; /maintenance-schedules (child /maintenance-schedule); /depreciation-schedules (child /depreciation-schedule); /asset-stocks (child /asset-stock); /insurance-schedules; /revaluation-schedules; /disposal-schedules; /splitting-schedules; /insurance-company. Report: Trial Balance.',
  'Cash Management':
    '/bank-group; /bank; /bank-reconciliations (child /bank-reconciliation); /cashflow-forecasts; /fund-transfers (child /fund-transfer).',
  Payroll:
    '/staff-department; /staff-unit; /staff; /staff-allowance; /staff-deduction; /salary-scale; /grade-level; /salary-step; /salary-allowance; /salary-deduction; /payment-description; /salary-schedules (child /salary-schedule).',
  Inventory:
    '/product-group; /product; /stock; /stock-movement; /stock-transfers (child /stock-transfer); /site; /warehouse; /location.',
};
const specApprovalTypes =
  'JournalApproval, PeriodClosing, Workflow, FundTransfer, DepreciationSchedule, RevaluationSchedule, SplittingSchedule, DisposalSchedule, SalarySchedule, StockTransferApproval, StockTransferReversalApproval, CustomerInvoiceApproval, CustomerInvoiceReversalApproval, CustomerPaymentApproval, CustomerPaymentReversalApproval, CustomerPaymentScheduleApproval, CustomerPaymentScheduleReversalApproval, RecurringCustomerPaymentApproval, VendorInvoiceApproval, VendorInvoiceReversalApproval, VendorPaymentApproval, VendorPaymentReversalApproval, VendorPaymentScheduleApproval, VendorPaymentScheduleReversalApproval, RecurringVendorPaymentApproval, AdjustmentJournal, None';

const splitList = (text: string): string[] => text.replace(/\.$/, '').split(', ');

/** One spec menu entry: a page link with its child links ("User Profile child" and "Report: Trial Balance" spelled out). */
type SpecPage = { link: string; children: string[] };
function parseSpecMenu(text: string): SpecPage[] {
  const [pagesText = '', reportText] = text.split('. Report: ');
  const pages = pagesText
    .replace(/\.$/, '')
    .split('; ')
    .map((entry) => {
      const link = entry.split(' ')[0] ?? '';
      const inParens = /\((.*)\)/.exec(entry)?.[1] ?? '';
      const children =
        inParens === 'User Profile child' ? ['/user-profile'] : (inParens.match(/\/[a-z/-]+/g) ?? []);
      return { link, children };
    });
  if (reportText === 'Trial Balance.' && !pages.some((p) => p.link === '/trial-balance')) {
    pages.push({ link: '/trial-balance', children: [] });
  }
  return pages;
}

const itemsOf = (module: ModuleName) => allMenuItems().filter((item) => item.module === module);

describe('routes', () => {
  it('lists every exact and prefix route of the spec, in spec order', () => {
    expect(protectedExactRoutes).toEqual(splitList(specExact));
    expect(protectedPrefixRoutes).toEqual(splitList(specPrefix));
    expect(protectedExactRoutes).toHaveLength(124);
    expect(protectedPrefixRoutes).toHaveLength(18);
  });

  it('protects exact routes only exactly and prefix routes with everything below them', () => {
    for (const route of [...protectedExactRoutes, ...protectedPrefixRoutes])
      expect(isProtectedRoute(route)).toBe(true);
    expect(isProtectedRoute('/trial-balance/2024/03')).toBe(true);
    expect(isProtectedRoute('/report-viewer/abc?x=1')).toBe(true);
    expect(isProtectedRoute('/trial-balances')).toBe(false);
    expect(isProtectedRoute('/journals/extra')).toBe(false);
    expect(isProtectedRoute(HOME_ROUTE)).toBe(true);
    expect(isProtectedRoute('/view-all/general-ledger')).toBe(true);
    for (const route of [...publicRoutes, ...authRoutes, '/', '/nowhere'])
      expect(isProtectedRoute(route)).toBe(false);
  });

  it('knows the public routes and keeps them apart from auth routes', () => {
    expect(publicRoutes).toEqual(['/new-password', '/verification', '/forgot-password', '/sample']);
    expect(authRoutes).toEqual(['/login', '/user-setup']);
    expect(isPublicRoute('/forgot-password/')).toBe(true);
    expect(isPublicRoute('/login')).toBe(false);
    expect(isPublicRoute('/journal')).toBe(false);
  });

  it('computes the menu pages the protected lists miss and protects them too', () => {
    expect([...menuOnlyRoutes].sort()).toEqual(
      [
        '/organisation-structure/tenant',
        '/organisation-structure/company',
        '/vendor-invoice',
        '/vendor-payment-schedule',
        '/customer-invoice',
        '/customer-payment-schedule',
        '/failed-payment',
        '/stock-transfer',
      ].sort(),
    );
    for (const item of allMenuItems()) expect(isProtectedRoute(item.link), item.link).toBe(true);
    for (const target of Object.values(approvalLinkTargets))
      if (target !== null) expect(isProtectedRoute(target)).toBe(true);
  });
});

describe('menu catalogue', () => {
  it('has the eight modules in order, with unique slugs and ids', () => {
    expect(moduleCatalogue.map((module) => module.name)).toEqual([...moduleNames]);
    expect(moduleCatalogue.map((module) => module.slug)).toEqual([
      'admin',
      'general-ledger',
      'account-payable',
      'account-receivable',
      'fixed-asset',
      'cash-management',
      'payroll',
      'inventory',
    ]);
    const ids = [...moduleCatalogue.map((module) => module.id), ...allMenuItems().map((item) => item.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(moduleBySlug('cash-management')?.name).toBe('Cash Management');
    expect(moduleBySlug('nope')).toBeUndefined();
  });

  it('holds exactly the spec pages of each module, with their child pages', () => {
    for (const moduleName of moduleNames) {
      const expected = parseSpecMenu(specMenu[moduleName]);
      const items = itemsOf(moduleName);
      const expectedLinks = expected.flatMap((p) => [p.link, ...p.children]);
      expect(items.map((item) => item.link).sort(), moduleName).toEqual([...expectedLinks].sort());
      for (const specPage of expected) {
        const item = findMenuItemByLink(specPage.link, moduleName);
        expect(
          item?.children.map((child) => child.link),
          `${moduleName} ${specPage.link}`,
        ).toEqual(specPage.children);
      }
    }
  });

  it('gives pages human names, the default icon and their module and group', () => {
    expect(findMenuItemByLink('/account-class')?.name).toBe('Account Class');
    expect(findMenuItemByLink('/vendor-payments')?.name).toBe('Vendor Payments');
    expect(findMenuItemByLink('/user-profile')?.name).toBe('User Profile');
    expect(findMenuItemByLink('/organisation-structure/tenant')?.name).toBe('Tenant');
    for (const module of moduleCatalogue) {
      for (const group of module.groups) {
        for (const item of group.items) {
          expect(item.module).toBe(module.name);
          expect(item.group).toBe(group.name);
          expect(item.icon).toBe('side_journal');
          for (const child of item.children)
            expect([child.module, child.group]).toEqual([module.name, group.name]);
        }
      }
    }
  });

  it('lists the Trial Balance report where the spec names one, inside a Reports group', () => {
    const withReport = moduleCatalogue
      .filter((module) => module.reports.length > 0)
      .map((module) => module.name);
    expect(withReport).toEqual(['Admin', 'General Ledger', 'Fixed Asset']);
    for (const module of moduleCatalogue) {
      const reportsGroup = module.groups.find((group) => group.name === 'Reports');
      for (const reportItem of module.reports) {
        expect(reportItem).toMatchObject({ name: 'Trial Balance', link: '/trial-balance', group: 'Reports' });
        expect(reportsGroup?.items).toContain(reportItem);
      }
    }
  });

  it('resolves a link below a page to the longest matching page, and shared links to their owner', () => {
    expect(findMenuItemByLink('/trial-balance/2024')?.id).toBe('general-ledger.trial-balance');
    expect(findMenuItemByLink('/dimension-group/7')?.link).toBe('/dimension-group');
    expect(findMenuItemByLink('/dimension/7')?.link).toBe('/dimension');
    expect(findMenuItemByLink('/journal?id=3')?.link).toBe('/journal');
    expect(findMenuItemByLink('/trial-balance', 'Admin')?.module).toBe('Admin');
    expect(findMenuItemByLink('/unknown')).toBeUndefined();
    const linkModules = new Map<string, Set<string>>();
    for (const item of allMenuItems())
      linkModules.set(item.link, (linkModules.get(item.link) ?? new Set()).add(item.module));
    const shared = [...linkModules].filter(([, modules]) => modules.size > 1).map(([link]) => link);
    expect(shared.sort()).toEqual(Object.keys(sharedLinkOwners).sort());
  });

  it('builds breadcrumbs from the module view-all page down to the child page', () => {
    expect(breadcrumbsFor('/journal')).toEqual([
      { title: 'General Ledger', link: '/view-all/general-ledger' },
      { title: 'Journals', link: '/journals' },
      { title: 'Journal', link: '/journal' },
    ]);
    expect(breadcrumbsFor('/vendor-group')).toEqual([
      { title: 'Account Payable', link: '/view-all/account-payable' },
      { title: 'Vendor Group', link: '/vendor-group' },
    ]);
    expect(breadcrumbsFor('/organisation-structure/company').map((crumb) => crumb.title)).toEqual([
      'Admin',
      'Organisation Structure',
      'Company',
    ]);
    expect(breadcrumbsFor('/view-all/payroll')).toEqual([{ title: 'Payroll', link: '/view-all/payroll' }]);
    expect(breadcrumbsFor('/home')).toEqual([]);
  });
});

describe('operation labels', () => {
  it('carries the section 6 labels on the right pages', () => {
    const crud = (entity: string) =>
      ['Save', 'Edit', 'Delete', 'Import', 'Export'].map((verb) => verb + entity);
    const fiveFor = [
      'Tenant',
      'Company',
      'Role',
      'User',
      'NumberSequence',
      'Dimension',
      'Report',
      'ReportSchedule',
      'CompanyConfig',
      'Workflow',
      'Tag',
      'MessageConfig',
      'AccountClass',
      'AccountGroup',
      'OperationAccount',
      'ControlAccount',
      'AllocationRule',
      'Journal',
      'JournalTemplate',
      'RecurringJournal',
      'IntercompanyJournal',
      'IntercompanyJournalTemplate',
      'Currency',
      'ExchangeRate',
      'FiscalYear',
    ];
    for (const entity of fiveFor)
      for (const label of crud(entity)) expect(operationLabels, label).toContain(label);
    expect(operationLabels).toContain('SaveActor');
    expect(operationLabels.filter((label) => label.endsWith('Actor'))).toEqual(['SaveActor']);
    expect(operationLabels.filter((label) => label.endsWith('TrialBalance')).sort()).toEqual([
      'ExportTrialBalance',
      'GenerateTrialBalance',
      'ImportTrialBalance',
    ]);
    expect(findMenuItemByLink('/account-class')?.operations).toEqual(crud('AccountClass'));
    expect(findMenuItemByLink('/vendor')?.operations).toEqual(crud('Vendor'));
    expect(findMenuItemByLink('/role')?.operations).toEqual([...crud('Role'), ...crud('User')]);
    expect(findMenuItemByLink('/number-sequence')?.operations).toEqual(crud('NumberSequence'));
  });

  it('is the sorted, de-duplicated union of page operations', () => {
    const union = new Set(allMenuItems().flatMap((item) => item.operations));
    expect(operationLabels).toEqual([...union].sort());
    expect(new Set(operationLabels).size).toBe(operationLabels.length);
    for (const label of operationLabels)
      expect(label).toMatch(/^(Save|Edit|Delete|Import|Export|Generate)[A-Z][A-Za-z]*$/);
  });
});

describe('permissions', () => {
  const grant = (name: string, routes: Record<string, string[]>): Permission => ({
    name,
    routes: Object.entries(routes).map(([routeName, links]) => ({
      name: routeName,
      pages: links.map((link) => ({ link, operations: [] })),
    })),
  });

  it('shows only the items of granted groups, loose on pages', () => {
    const permissions = [grant('General Ledger', { Journals: [] })];
    const set = buildMenuSet(permissions, 'General Ledger');
    expect(set.menus.length).toBeGreaterThan(0);
    expect(set.menus.every((item) => item.module === 'General Ledger' && item.group === 'Journals')).toBe(
      true,
    );
    expect(set.menus.find((item) => item.link === '/journals')?.children.map((child) => child.link)).toEqual([
      '/journal',
    ]);
    expect(set.menus.some((item) => item.link === '/account-class')).toBe(false);
    expect(set.breadCrumbs).toEqual([{ title: 'General Ledger', link: '/view-all/general-ledger' }]);
    expect(set.homeMenu.map((tile) => [tile.name, tile.link])).toEqual([
      ['General Ledger', '/view-all/general-ledger'],
    ]);
    expect(buildMenuSet(permissions, 'Admin').menus).toEqual([]);
    expect(buildMenuSet([grant('General Ledger', { Nonexistent: ['/journals'] })]).homeMenu).toEqual([]);
  });

  it('hands out copies, leaving the catalogue untouched', () => {
    const [first] = buildMenuSet(fullPermissions(), 'Admin').menus;
    expect(first).toBeDefined();
    if (first !== undefined) first.active = true;
    expect(findMenuItemByLink(first?.link ?? '')?.active).toBeUndefined();
  });

  it('gives the Administrator every group, page and operation label', () => {
    const full = fullPermissions();
    for (const permission of full) expect(() => permissionSchema.parse(permission)).not.toThrow();
    for (const label of operationLabels) expect(hasOperation(full, label), label).toBe(true);
    for (const item of allMenuItems()) expect(hasPage(full, item.link), item.link).toBe(true);
    const set = buildMenuSet(full);
    expect(set.homeMenu.map((tile) => tile.name)).toEqual([...moduleNames]);
    expect(set.menus.length).toBe(
      moduleCatalogue.flatMap((module) => module.groups.flatMap((g) => g.items)).length,
    );
  });

  it('gives a read-only role every page and no operation', () => {
    const readOnly = readOnlyPermissions();
    for (const label of operationLabels) expect(hasOperation(readOnly, label)).toBe(false);
    for (const item of allMenuItems()) expect(hasPage(readOnly, item.link)).toBe(true);
  });

  it('grants a child page through its parent, but not the other way round', () => {
    const permissions = [grant('General Ledger', { Journals: ['/journals'] })];
    expect(hasPage(permissions, '/journals')).toBe(true);
    expect(hasPage(permissions, '/journal')).toBe(true);
    expect(hasPage(permissions, '/journal/42')).toBe(true);
    expect(hasPage(permissions, '/accounts')).toBe(false);
    expect(hasPage([grant('General Ledger', { Journals: ['/journal'] })], '/journals')).toBe(false);
    expect(hasOperation(permissions, 'SaveJournal')).toBe(false);
  });
});

describe('approvals', () => {
  it('lists the approval types of section 4 in order', () => {
    expect(approvalTypes).toEqual(splitList(specApprovalTypes));
  });

  it('allows the section 4 operations per type, Approve and Reject elsewhere', () => {
    expect(approvalOperations.JournalApproval).toEqual(['Validate', 'Post']);
    expect(approvalOperations.FundTransfer).toEqual(['Divide', 'Post']);
    for (const type of [
      'VendorPaymentScheduleApproval',
      'VendorInvoiceApproval',
      'CustomerInvoiceApproval',
      'DepreciationSchedule',
      'DisposalSchedule',
      'RevaluationSchedule',
      'SplittingSchedule',
    ] as const) {
      expect(approvalOperations[type]).toEqual(['Post', 'Reverse']);
    }
    expect(approvalOperations.StockTransferApproval).toEqual([
      'Approve',
      'Release',
      'Receive',
      'Return',
      'Cancel',
    ]);
    const special = new Set([
      'JournalApproval',
      'FundTransfer',
      'VendorPaymentScheduleApproval',
      'VendorInvoiceApproval',
      'CustomerInvoiceApproval',
      'VendorInvoiceReversalApproval',
      'CustomerInvoiceReversalApproval',
      'VendorPaymentApproval',
      'CustomerPaymentApproval',
      'VendorPaymentReversalApproval',
      'CustomerPaymentReversalApproval',
      'CustomerPaymentScheduleApproval',
      'VendorPaymentScheduleReversalApproval',
      'CustomerPaymentScheduleReversalApproval',
      'StockTransferApproval',
      'DepreciationSchedule',
      'DisposalSchedule',
      'RevaluationSchedule',
      'SplittingSchedule',
      'RecurringVendorPaymentApproval',
      'RecurringCustomerPaymentApproval',
    ]);
    // Our choice where SPEC.md names none (issue 16): the recurring payment approvals Post (activating the schedule).
    expect(approvalOperations.RecurringVendorPaymentApproval).toEqual(['Post']);
    expect(approvalOperations.RecurringCustomerPaymentApproval).toEqual(['Post']);
    // Our choice where SPEC.md names none (issue 15): the invoice reversal approvals Reverse.
    expect(approvalOperations.VendorInvoiceReversalApproval).toEqual(['Reverse']);
    expect(approvalOperations.CustomerInvoiceReversalApproval).toEqual(['Reverse']);
    // Our choice where SPEC.md names none (issue 16): the payment approvals Post and Reverse, their reversal approvals Reverse.
    expect(approvalOperations.VendorPaymentApproval).toEqual(['Post', 'Reverse']);
    expect(approvalOperations.CustomerPaymentApproval).toEqual(['Post', 'Reverse']);
    expect(approvalOperations.VendorPaymentReversalApproval).toEqual(['Reverse']);
    expect(approvalOperations.CustomerPaymentReversalApproval).toEqual(['Reverse']);
    // Our choice (issue 16, payment runs): CustomerPaymentScheduleApproval as the vendor's, both schedule reversal approvals Reverse.
    expect(approvalOperations.CustomerPaymentScheduleApproval).toEqual(['Post', 'Reverse']);
    expect(approvalOperations.VendorPaymentScheduleReversalApproval).toEqual(['Reverse']);
    expect(approvalOperations.CustomerPaymentScheduleReversalApproval).toEqual(['Reverse']);
    for (const type of approvalTypes.filter((t) => !special.has(t)))
      expect(approvalOperations[type]).toEqual(['Approve', 'Reject']);
  });

  it('links each approval type to the section 2 target', () => {
    const named: Record<string, string | null> = {
      JournalApproval: '/journal',
      StockTransferApproval: '/stock-transfer',
      VendorInvoiceApproval: '/vendor-invoice',
      CustomerInvoiceApproval: '/customer-invoice',
      VendorPaymentScheduleApproval: '/vendor-payment-schedule',
      CustomerPaymentScheduleApproval: '/customer-payment-schedule',
      None: null,
    };
    for (const type of approvalTypes)
      expect(approvalLinkTargets[type], type).toBe(type in named ? named[type] : '/journal');
    expect(Object.keys(approvalLinkTargets)).toEqual([...approvalTypes]);
  });

  it("links a task to its document: a journal's or an own screen's by id, another document at /journal with its approval type", () => {
    const id = '30000000-0000-4000-8000-000000000001';
    expect(approvalLink('JournalApproval', id)).toBe(`/journal?id=${id}`);
    expect(approvalLink('VendorInvoiceApproval', id)).toBe(`/vendor-invoice?id=${id}`);
    expect(approvalLink('VendorInvoiceReversalApproval', id)).toBe(`/journal?id=${id}&approval=VendorInvoiceReversalApproval`);
    expect(approvalLink('PeriodClosing', id)).toBe(`/journal?id=${id}&approval=PeriodClosing`);
    expect(approvalLink('None', id)).toBeNull();
  });
});
