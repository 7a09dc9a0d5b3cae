import { sql } from 'drizzle-orm';
import { boolean, date, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kitColumns, kitKeys, kitRef } from '../../../platform/kit/kit-table';
import { companies, currencies } from '../../organisation/organisation.tables';

// The ledger set-up tables of the kit entities in contracts/ledger/setup-entities.ts: the column
// names in TypeScript are the entity's field names.

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    ...kitColumns(false),
    fromCurrency: uuid('from_currency').notNull(),
    toCurrency: uuid('to_currency').notNull(),
    rateType: text('rate_type').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 8 }).notNull(),
  },
  (t) => [
    ...kitKeys('exchange_rates', t, false, [t.fromCurrency, t.toCurrency, t.rateType, t.effectiveDate]),
    kitRef('exchange_rates_from_fk', t, t.fromCurrency, currencies),
    kitRef('exchange_rates_to_fk', t, t.toCurrency, currencies),
  ],
);

export const accountClasses = pgTable(
  'account_classes',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    balanceSide: text('balance_side').notNull(),
    order: integer('sort_order').notNull().default(0),
  },
  (t) => kitKeys('account_classes', t, companies, [sql`lower(${t.code})`]),
);

export const accountGroups = pgTable(
  'account_groups',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    accountClass: uuid('account_class').notNull(),
    parentGroup: uuid('parent_group'),
  },
  (t) => [
    ...kitKeys('account_groups', t, companies, [sql`lower(${t.code})`]),
    kitRef('account_groups_class_fk', t, t.accountClass, accountClasses),
    kitRef('account_groups_parent_fk', t, t.parentGroup, t),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    accountGroup: uuid('account_group').notNull(),
    parentAccount: uuid('parent_account'),
    kind: text('kind').notNull().default('Posting'),
    controlType: text('control_type').notNull().default('None'),
    allowedCurrencies: text('allowed_currencies').array(),
    requiredDimensions: text('required_dimensions').array(),
    active: boolean('active').notNull().default(true),
    description: text('description'),
  },
  (t) => [
    ...kitKeys('accounts', t, companies, [sql`lower(${t.code})`]),
    kitRef('accounts_group_fk', t, t.accountGroup, accountGroups),
    kitRef('accounts_parent_fk', t, t.parentAccount, t),
  ],
);

export const taxes = pgTable(
  'taxes',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 7, scale: 4 }).notNull(),
    kind: text('kind').notNull(),
    inputAccount: uuid('input_account'),
    outputAccount: uuid('output_account'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    ...kitKeys('taxes', t, companies, [sql`lower(${t.code})`]),
    kitRef('taxes_input_fk', t, t.inputAccount, accounts),
    kitRef('taxes_output_fk', t, t.outputAccount, accounts),
  ],
);

export const dimensionGroups = pgTable(
  'dimension_groups',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => kitKeys('dimension_groups', t, companies, [sql`lower(${t.code})`]),
);

export const dimensions = pgTable(
  'dimensions',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    dimensionGroup: uuid('dimension_group').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [...kitKeys('dimensions', t, companies, [sql`lower(${t.code})`]), kitRef('dimensions_group_fk', t, t.dimensionGroup, dimensionGroups)],
);

export const operations = pgTable(
  'operations',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    module: text('module').notNull(),
    debitAccount: uuid('debit_account').notNull(),
    creditAccount: uuid('credit_account').notNull(),
    description: text('description'),
  },
  (t) => [
    ...kitKeys('operations', t, companies, [sql`lower(${t.code})`]),
    kitRef('operations_debit_fk', t, t.debitAccount, accounts),
    kitRef('operations_credit_fk', t, t.creditAccount, accounts),
  ],
);

export const ledgerHeaders = pgTable(
  'ledger_headers',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    statement: text('statement').notNull(),
    parentHeader: uuid('parent_header'),
    order: integer('sort_order').notNull().default(0),
    reverseSign: boolean('reverse_sign').notNull().default(false),
  },
  (t) => [...kitKeys('ledger_headers', t, companies, [sql`lower(${t.code})`]), kitRef('ledger_headers_parent_fk', t, t.parentHeader, t)],
);

export const subsidiaries = pgTable(
  'subsidiaries',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    module: text('module').notNull(),
    controlAccount: uuid('control_account').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [...kitKeys('subsidiaries', t, companies, [sql`lower(${t.code})`]), kitRef('subsidiaries_account_fk', t, t.controlAccount, accounts)],
);

/** /posting-profile: the accounts of a module's postings by role (postingRoles of contracts); one module default per module. */
export const postingProfiles = pgTable(
  'posting_profiles',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    module: text('module').notNull(),
    moduleDefault: boolean('module_default').notNull().default(false),
    controlAccount: uuid('control_account'),
    revenueAccount: uuid('revenue_account'),
    expenseAccount: uuid('expense_account'),
    discountAccount: uuid('discount_account'),
    writeOffAccount: uuid('write_off_account'),
    exchangeGainAccount: uuid('exchange_gain_account'),
    exchangeLossAccount: uuid('exchange_loss_account'),
    bankChargesAccount: uuid('bank_charges_account'),
    clearingAccount: uuid('clearing_account'),
    bankInterestAccount: uuid('bank_interest_account'),
    accumulatedDepreciationAccount: uuid('accumulated_depreciation_account'),
    depreciationExpenseAccount: uuid('depreciation_expense_account'),
    revaluationSurplusAccount: uuid('revaluation_surplus_account'),
    revaluationLossAccount: uuid('revaluation_loss_account'),
    disposalGainAccount: uuid('disposal_gain_account'),
    disposalLossAccount: uuid('disposal_loss_account'),
    costOfSalesAccount: uuid('cost_of_sales_account'),
    stockAdjustmentAccount: uuid('stock_adjustment_account'),
    transitAccount: uuid('transit_account'),
    carryDimensions: text('carry_dimensions').array(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    ...kitKeys('posting_profiles', t, companies, [sql`lower(${t.code})`]),
    // One active default per module and company (the kit rule says so in words first).
    uniqueIndex('posting_profiles_default_uq').on(t.tenantId, t.companyId, t.module).where(sql`${t.moduleDefault} and ${t.active}`),
    kitRef('posting_profiles_control_fk', t, t.controlAccount, accounts),
    kitRef('posting_profiles_revenue_fk', t, t.revenueAccount, accounts),
    kitRef('posting_profiles_expense_fk', t, t.expenseAccount, accounts),
    kitRef('posting_profiles_discount_fk', t, t.discountAccount, accounts),
    kitRef('posting_profiles_write_off_fk', t, t.writeOffAccount, accounts),
    kitRef('posting_profiles_exchange_gain_fk', t, t.exchangeGainAccount, accounts),
    kitRef('posting_profiles_exchange_loss_fk', t, t.exchangeLossAccount, accounts),
    kitRef('posting_profiles_bank_charges_fk', t, t.bankChargesAccount, accounts),
    kitRef('posting_profiles_clearing_fk', t, t.clearingAccount, accounts),
    kitRef('posting_profiles_bank_interest_fk', t, t.bankInterestAccount, accounts),
    kitRef('posting_profiles_accumulated_depreciation_fk', t, t.accumulatedDepreciationAccount, accounts),
    kitRef('posting_profiles_depreciation_expense_fk', t, t.depreciationExpenseAccount, accounts),
    kitRef('posting_profiles_revaluation_surplus_fk', t, t.revaluationSurplusAccount, accounts),
    kitRef('posting_profiles_revaluation_loss_fk', t, t.revaluationLossAccount, accounts),
    kitRef('posting_profiles_disposal_gain_fk', t, t.disposalGainAccount, accounts),
    kitRef('posting_profiles_disposal_loss_fk', t, t.disposalLossAccount, accounts),
    kitRef('posting_profiles_cost_of_sales_fk', t, t.costOfSalesAccount, accounts),
    kitRef('posting_profiles_transit_fk', t, t.transitAccount, accounts),
    kitRef('posting_profiles_stock_adjustment_fk', t, t.stockAdjustmentAccount, accounts),
  ],
);
