import { defineEntity } from '../kit/define-entity';

/** General-ledger set-up data of issue 4, each described once (DESIGN.md principle 4). */

export const accountCategories = ['Asset', 'Liability', 'Equity', 'Revenue', 'Expense'] as const;
export const balanceSides = ['Debit', 'Credit'] as const;
/** The natural balance side of each category: assets and expenses grow on the debit side. */
export const naturalBalanceSide = { Asset: 'Debit', Expense: 'Debit', Liability: 'Credit', Equity: 'Credit', Revenue: 'Credit' } as const;
/** A control account names its subledger; a bank's account is none (fees and interest are journalled to it, cash management reconciles what reaches it). */
export const controlTypes = ['None', 'Payables', 'Receivables', 'FixedAsset', 'Inventory', 'Payroll'] as const;
export type ControlType = (typeof controlTypes)[number];
export const subledgerModules = ['Account Payable', 'Account Receivable', 'Fixed Asset', 'Cash Management', 'Payroll', 'Inventory', 'General Ledger'] as const;
const activeFlag = { type: 'boolean', label: 'Active', default: true } as const;

export const currencyEntity = defineEntity({
  name: 'currency', label: 'Currency', plural: 'Currencies', service: 'gl', resource: 'currencies', page: '/currency', permission: 'Currency',
  companyScoped: false, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 3, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    symbol: { type: 'text', label: 'Symbol', required: true, max: 8, list: true },
    minorUnit: { type: 'integer', label: 'Decimal places', required: true, min: 0, max: 4, default: 2, list: true },
    status: { type: 'enum', label: 'Status', options: ['Active', 'Inactive'], required: true, default: 'Active', list: true },
  },
  form: [['code', 'name'], ['symbol', 'minorUnit'], ['status']],
});

export const rateTypes = ['Spot', 'Average', 'Closing', 'Budget'] as const;
export const exchangeRateEntity = defineEntity({
  name: 'exchangeRate', label: 'Exchange Rate', plural: 'Exchange Rates', service: 'gl', resource: 'exchange-rates', page: '/exchange-rate', permission: 'ExchangeRate',
  companyScoped: false, key: ['fromCurrency', 'toCurrency', 'rateType', 'effectiveDate'], display: 'effectiveDate', defaultSort: '-effectiveDate',
  fields: {
    fromCurrency: { type: 'ref', ref: 'currency', label: 'From Currency', required: true, list: true },
    toCurrency: { type: 'ref', ref: 'currency', label: 'To Currency', required: true, list: true },
    rateType: { type: 'enum', label: 'Rate Type', options: rateTypes, required: true, default: 'Spot', list: true },
    effectiveDate: { type: 'date', label: 'Effective Date', required: true, list: true },
    rate: { type: 'decimal', label: 'Rate', required: true, scale: 8, max: 12, min: 0, positive: true, list: true, help: 'Units of the To currency for one unit of the From currency' },
  },
  form: [['fromCurrency', 'toCurrency'], ['rateType', 'effectiveDate'], ['rate']],
});

export const accountClassEntity = defineEntity({
  name: 'accountClass', label: 'Account Class', plural: 'Account Classes', service: 'gl', resource: 'account-classes', page: '/account-class', permission: 'AccountClass',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'order',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    category: { type: 'enum', label: 'Category', options: accountCategories, required: true, list: true },
    balanceSide: { type: 'enum', label: 'Natural Balance', options: balanceSides, required: true, list: true },
    order: { type: 'integer', label: 'Order', required: true, min: 0, max: 9999, default: 0, list: true },
  },
  form: [['code', 'name'], ['category', 'balanceSide'], ['order']],
});

export const accountGroupEntity = defineEntity({
  name: 'accountGroup', label: 'Account Group', plural: 'Account Groups', service: 'gl', resource: 'account-groups', page: '/account-group', permission: 'AccountGroup',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    accountClass: { type: 'ref', ref: 'accountClass', label: 'Account Class', required: true, list: true },
    parentGroup: { type: 'ref', ref: 'accountGroup', label: 'Parent Group', list: true },
  },
  form: [['code', 'name'], ['accountClass', 'parentGroup']],
});

export const accountKinds = ['Posting', 'Header'] as const;
export const accountEntity = defineEntity({
  name: 'account', label: 'Account', plural: 'Accounts', service: 'gl', resource: 'accounts', page: '/accounts', permission: 'Account',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 30, search: true, list: true, example: '1030' },
    name: { type: 'text', label: 'Name', required: true, max: 150, search: true, list: true, example: 'Bank - Savings Account' },
    accountGroup: { type: 'ref', ref: 'accountGroup', label: 'Account Group', required: true, list: true, example: '10' },
    parentAccount: { type: 'ref', ref: 'account', label: 'Parent Account', list: true, help: 'A header account above this one in the chart', example: '1000' },
    kind: { type: 'enum', label: 'Kind', options: accountKinds, required: true, default: 'Posting', list: true, help: 'Only posting accounts take journal lines' },
    controlType: { type: 'enum', label: 'Control', options: controlTypes, required: true, default: 'None', list: true, help: 'A control account takes postings only from its subledger' },
    allowedCurrencies: { type: 'textList', label: 'Allowed Currencies', max: 3, help: 'Empty: every currency' },
    requiredDimensions: { type: 'textList', label: 'Required Dimension Groups', max: 20, help: 'Codes of the dimension groups every line must carry' },
    active: { ...activeFlag, list: true },
    description: { type: 'longText', label: 'Description', max: 1000 },
  },
  form: [['code', 'name'], ['accountGroup', 'parentAccount'], ['kind', 'controlType'], ['allowedCurrencies', 'requiredDimensions'], ['active'], ['description']],
});

export const taxKinds = ['Sales', 'Purchase', 'Both'] as const;
export const taxEntity = defineEntity({
  name: 'tax', label: 'Tax', plural: 'Taxes', service: 'gl', resource: 'taxes', page: '/tax', permission: 'Tax',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    rate: { type: 'decimal', label: 'Rate %', required: true, scale: 4, max: 3, min: 0, list: true },
    kind: { type: 'enum', label: 'Applies To', options: taxKinds, required: true, default: 'Both', list: true },
    inputAccount: { type: 'ref', ref: 'account', label: 'Input Tax Account', list: true },
    outputAccount: { type: 'ref', ref: 'account', label: 'Output Tax Account', list: true },
    active: { ...activeFlag, list: true },
  },
  form: [['code', 'name'], ['rate', 'kind'], ['inputAccount', 'outputAccount'], ['active']],
});

export const dimensionGroupEntity = defineEntity({
  name: 'dimensionGroup', label: 'Dimension Group', plural: 'Dimension Groups', service: 'gl', resource: 'dimension-groups', page: '/dimension-group', permission: 'DimensionGroup',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    active: { ...activeFlag, list: true },
  },
  form: [['code', 'name'], ['active']],
});

export const dimensionEntity = defineEntity({
  name: 'dimension', label: 'Dimension', plural: 'Dimensions', service: 'gl', resource: 'dimensions', page: '/dimension', permission: 'Dimension',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 30, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    dimensionGroup: { type: 'ref', ref: 'dimensionGroup', label: 'Dimension Group', required: true, list: true },
    active: { ...activeFlag, list: true },
  },
  form: [['code', 'name'], ['dimensionGroup', 'active']],
});

export const operationEntity = defineEntity({
  name: 'operation', label: 'Operation Account', plural: 'Operation Accounts', service: 'gl', resource: 'operations', page: '/operation', permission: 'OperationAccount',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 40, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 150, search: true, list: true },
    module: { type: 'enum', label: 'Module', options: subledgerModules, required: true, list: true },
    debitAccount: { type: 'ref', ref: 'account', label: 'Debit Account', required: true, list: true },
    creditAccount: { type: 'ref', ref: 'account', label: 'Credit Account', required: true, list: true },
    description: { type: 'longText', label: 'Description', max: 1000 },
  },
  form: [['code', 'name'], ['module'], ['debitAccount', 'creditAccount'], ['description']],
});

export const statements = ['Balance Sheet', 'Income Statement', 'Cash Flow'] as const;
export const ledgerHeaderEntity = defineEntity({
  name: 'ledgerHeader', label: 'Ledger Header', plural: 'Ledger Headers', service: 'gl', resource: 'ledger-headers', page: '/ledger-header', permission: 'LedgerHeader',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'order',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 150, search: true, list: true },
    statement: { type: 'enum', label: 'Statement', options: statements, required: true, list: true },
    parentHeader: { type: 'ref', ref: 'ledgerHeader', label: 'Parent Header', list: true },
    order: { type: 'integer', label: 'Order', required: true, min: 0, max: 9999, default: 0, list: true },
    reverseSign: { type: 'boolean', label: 'Show Reversed', default: false, list: true, help: 'Show credit balances as positive amounts' },
  },
  form: [['code', 'name'], ['statement', 'parentHeader'], ['order', 'reverseSign']],
});

export const subsidiaryEntity = defineEntity({
  name: 'subsidiary', label: 'Subsidiary Ledger', plural: 'Subsidiary Ledgers', service: 'gl', resource: 'subsidiaries', page: '/subsidiary', permission: 'ControlAccount',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 150, search: true, list: true },
    module: { type: 'enum', label: 'Module', options: subledgerModules, required: true, list: true },
    controlAccount: { type: 'ref', ref: 'account', label: 'Control Account', required: true, list: true },
    active: { ...activeFlag, list: true },
  },
  form: [['code', 'name'], ['module', 'controlAccount'], ['active']],
});

type SubledgerModule = Exclude<(typeof subledgerModules)[number], 'General Ledger'>;
/**
 * The accounts a subledger posting may need, by role (the field of the posting profile that holds
 * it), with the modules whose postings use that role. One resolver of the ledger finds each for a
 * document: the party's own account, then its group's posting profile, then the module's default
 * posting profile.
 */
export const postingRoles = {
  controlAccount: { label: 'Control Account', modules: ['Account Payable', 'Account Receivable', 'Fixed Asset', 'Inventory', 'Payroll'] },
  revenueAccount: { label: 'Revenue Account', modules: ['Account Receivable'] },
  expenseAccount: { label: 'Expense Account', modules: ['Account Payable', 'Payroll'] },
  discountAccount: { label: 'Payment Discount Account', modules: ['Account Payable', 'Account Receivable'] },
  writeOffAccount: { label: 'Write-off Account', modules: ['Account Payable', 'Account Receivable'] },
  exchangeGainAccount: { label: 'Realised Exchange Gain Account', modules: ['Account Payable', 'Account Receivable', 'Cash Management'] },
  exchangeLossAccount: { label: 'Realised Exchange Loss Account', modules: ['Account Payable', 'Account Receivable', 'Cash Management'] },
  bankChargesAccount: { label: 'Bank Charges Account', modules: ['Cash Management'] },
  clearingAccount: { label: 'Clearing Account', modules: ['Fixed Asset', 'Inventory', 'Cash Management'] },
  transitAccount: { label: 'Transfer in Transit Account', modules: ['Cash Management'] },
  bankInterestAccount: { label: 'Bank Interest Account', modules: ['Cash Management'] },
  accumulatedDepreciationAccount: { label: 'Accumulated Depreciation Account', modules: ['Fixed Asset'] },
  depreciationExpenseAccount: { label: 'Depreciation Expense Account', modules: ['Fixed Asset'] },
  revaluationSurplusAccount: { label: 'Revaluation Surplus Account', modules: ['Fixed Asset'] },
  // A revaluation's deficit (and its reversal by a later surplus) in profit or loss (issue 18, IAS 16).
  revaluationLossAccount: { label: 'Revaluation Loss Account', modules: ['Fixed Asset'] },
  disposalGainAccount: { label: 'Disposal Gain Account', modules: ['Fixed Asset'] },
  disposalLossAccount: { label: 'Disposal Loss Account', modules: ['Fixed Asset'] },
  costOfSalesAccount: { label: 'Cost of Sales Account', modules: ['Inventory'] },
  stockAdjustmentAccount: { label: 'Stock Adjustment Account', modules: ['Inventory'] },
} as const satisfies Record<string, { label: string; modules: readonly SubledgerModule[] }>;
export type PostingRole = keyof typeof postingRoles;
export const postingRoleNames = Object.keys(postingRoles) as PostingRole[];
const roleField = (role: PostingRole) => ({ type: 'ref' as const, ref: 'account', label: postingRoles[role].label, help: `Used by ${postingRoles[role].modules.join(', ')}` });

/**
 * /posting-profile (SPEC.md section 2, a prefix route of the General Ledger): which accounts the
 * postings of a module use. A party group (and a party) names its profile; the profile marked as
 * the module default serves every party whose own profiles leave a role empty.
 */
export const postingProfileEntity = defineEntity({
  name: 'postingProfile', label: 'Posting Profile', plural: 'Posting Profiles', service: 'gl', resource: 'posting-profiles', page: '/subsidiary', screen: '/posting-profile', permission: 'PostingProfile',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    module: { type: 'enum', label: 'Module', options: subledgerModules.filter((m) => m !== 'General Ledger'), required: true, list: true },
    moduleDefault: { type: 'boolean', label: 'Module Default', default: false, list: true, help: "Serves every party whose group's profile leaves an account empty; one per module" },
    controlAccount: { ...roleField('controlAccount'), list: true },
    revenueAccount: roleField('revenueAccount'),
    expenseAccount: roleField('expenseAccount'),
    discountAccount: roleField('discountAccount'),
    writeOffAccount: roleField('writeOffAccount'),
    exchangeGainAccount: roleField('exchangeGainAccount'),
    exchangeLossAccount: roleField('exchangeLossAccount'),
    bankChargesAccount: roleField('bankChargesAccount'),
    clearingAccount: roleField('clearingAccount'),
    transitAccount: roleField('transitAccount'),
    bankInterestAccount: roleField('bankInterestAccount'),
    accumulatedDepreciationAccount: roleField('accumulatedDepreciationAccount'),
    depreciationExpenseAccount: roleField('depreciationExpenseAccount'),
    revaluationSurplusAccount: roleField('revaluationSurplusAccount'),
    revaluationLossAccount: roleField('revaluationLossAccount'),
    disposalGainAccount: roleField('disposalGainAccount'),
    disposalLossAccount: roleField('disposalLossAccount'),
    costOfSalesAccount: roleField('costOfSalesAccount'),
    stockAdjustmentAccount: roleField('stockAdjustmentAccount'),
    carryDimensions: { type: 'textList', label: 'Dimensions to Carry', help: 'Dimension group codes that document lines carry into the entry' },
    active: { type: 'boolean', label: 'Active', default: true, list: true },
  },
  form: [
    ['code', 'name'], ['module', 'moduleDefault'], ['controlAccount', 'active'],
    ['revenueAccount', 'expenseAccount'], ['discountAccount', 'writeOffAccount'], ['exchangeGainAccount', 'exchangeLossAccount'],
    ['bankChargesAccount', 'clearingAccount'], ['accumulatedDepreciationAccount', 'depreciationExpenseAccount'],
    ['revaluationSurplusAccount', 'disposalGainAccount'], ['disposalLossAccount', 'costOfSalesAccount'], ['stockAdjustmentAccount', 'transitAccount'], ['bankInterestAccount', 'revaluationLossAccount'], ['carryDimensions'],
  ],
});

export const fiscalYearEntity = defineEntity({
  name: 'fiscalYear', label: 'Fiscal Year', plural: 'Fiscal Years', service: 'gl', resource: 'fiscal-years', page: '/fiscal-year', permission: 'FiscalYear',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: '-startDate',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    startDate: { type: 'date', label: 'Start Date', required: true, list: true },
    endDate: { type: 'date', label: 'End Date', required: true, list: true },
    status: { type: 'enum', label: 'Status', options: ['Open', 'Closed'], required: true, default: 'Open', list: true },
  },
  form: [['code', 'name'], ['startDate', 'endDate'], ['status']],
});

export const sequenceResets = ['Never', 'Year', 'Period'] as const;
export const numberSequenceEntity = defineEntity({
  name: 'numberSequence', label: 'Number Sequence', plural: 'Number Sequences', service: 'gl', resource: 'number-sequences', page: '/number-sequence', permission: 'NumberSequence',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 30, search: true, list: true },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true },
    resetEvery: { type: 'enum', label: 'Restart Counter', options: sequenceResets, required: true, default: 'Year', list: true, help: 'The counter starts again at 1 each year or period' },
    active: { type: 'boolean', label: 'Active', default: true, list: true },
  },
  form: [['code', 'name'], ['resetEvery', 'active']],
});

export const segmentTypes = ['Prefix', 'Text', 'Year', 'Period', 'Company', 'Counter'] as const;
export const numberSegmentEntity = defineEntity({
  name: 'numberSegment', label: 'Number Segment', plural: 'Number Segments', service: 'gl', resource: 'number-segments', page: '/number-segment', permission: 'NumberSequence',
  companyScoped: true, key: ['numberSequence', 'position'], display: 'type', defaultSort: 'position',
  fields: {
    numberSequence: { type: 'ref', ref: 'numberSequence', label: 'Number Sequence', required: true, list: true },
    position: { type: 'integer', label: 'Position', required: true, min: 1, max: 20, list: true },
    type: { type: 'enum', label: 'Segment', options: segmentTypes, required: true, list: true },
    value: { type: 'text', label: 'Text', max: 20, list: true, help: 'For Prefix and Text segments' },
    width: { type: 'integer', label: 'Width', min: 1, max: 12, list: true, help: 'Digits of the counter (zero-padded), or of the year (2 or 4)' },
  },
  form: [['numberSequence', 'position'], ['type', 'value'], ['width']],
});

export const moduleConfigEntity = defineEntity({
  name: 'moduleConfig', label: 'Module Setting', plural: 'Module Settings', service: 'gl', resource: 'module-configs', page: '/module-config', permission: 'ModuleConfig',
  companyScoped: true, key: ['module', 'setting'], display: 'setting', defaultSort: 'module',
  fields: {
    module: { type: 'enum', label: 'Module', options: subledgerModules, required: true, list: true },
    setting: { type: 'text', label: 'Setting', required: true, max: 60, search: true, list: true, help: 'e.g. JournalSequence, DefaultExpenseAccount' },
    account: { type: 'ref', ref: 'account', label: 'Account', list: true },
    numberSequence: { type: 'ref', ref: 'numberSequence', label: 'Number Sequence', list: true },
    value: { type: 'text', label: 'Value', max: 200, list: true },
  },
  form: [['module', 'setting'], ['account', 'numberSequence'], ['value']],
});

export const periodTypes = ['Opening', 'Regular', 'Adjustment'] as const;
export const periodStatuses = ['Open', 'Closed', 'Locked'] as const;

export const ledgerSetupEntities = [
  currencyEntity, exchangeRateEntity, accountClassEntity, accountGroupEntity, accountEntity, taxEntity,
  dimensionGroupEntity, dimensionEntity, operationEntity, ledgerHeaderEntity, subsidiaryEntity, postingProfileEntity,
  fiscalYearEntity, numberSequenceEntity, numberSegmentEntity, moduleConfigEntity,
] as const;
