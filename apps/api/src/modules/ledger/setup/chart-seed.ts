import type { PostingRole } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { companySettings } from '../periods/periods.tables';
import { seedNumberSequence } from './sequences.service';
import { accountClasses, accountGroups, accounts, postingProfiles, subsidiaries } from './setup.tables';

type ClassSeed = [code: string, name: string, category: string, side: string];
type GroupSeed = [code: string, name: string, classCode: string];
type AccountSeed = [code: string, name: string, group: string, kind?: 'Header' | 'Posting', control?: string, parent?: string];

const CLASSES: ClassSeed[] = [
  ['1', 'Assets', 'Asset', 'Debit'],
  ['2', 'Liabilities', 'Liability', 'Credit'],
  ['3', 'Equity', 'Equity', 'Credit'],
  ['4', 'Revenue', 'Revenue', 'Credit'],
  ['5', 'Expenses', 'Expense', 'Debit'],
];
const GROUPS: GroupSeed[] = [
  ['10', 'Current Assets', '1'], ['11', 'Non-current Assets', '1'],
  ['20', 'Current Liabilities', '2'], ['21', 'Non-current Liabilities', '2'],
  ['30', 'Equity', '3'],
  ['40', 'Operating Revenue', '4'], ['41', 'Other Income', '4'],
  ['50', 'Cost of Sales', '5'], ['51', 'Operating Expenses', '5'], ['52', 'Finance Costs', '5'],
];
const ACCOUNTS: AccountSeed[] = [
  ['1000', 'Cash and Cash Equivalents', '10', 'Header'],
  ['1010', 'Petty Cash', '10', 'Posting', 'None', '1000'],
  ['1020', 'Bank - Operating Account', '10', 'Posting', 'None', '1000'],
  ['1030', 'Transfers in Transit', '10', 'Posting', 'None', '1000'],
  ['1100', 'Accounts Receivable', '10', 'Posting', 'Receivables'],
  ['1200', 'Inventory', '10', 'Posting', 'Inventory'],
  ['1300', 'Prepayments', '10'],
  ['1400', 'Input Tax Recoverable', '10'],
  ['1500', 'Property, Plant and Equipment', '11', 'Posting', 'FixedAsset'],
  ['1510', 'Accumulated Depreciation', '11'],
  ['2000', 'Accounts Payable', '20', 'Posting', 'Payables'],
  ['2100', 'Accrued Liabilities', '20'],
  ['2200', 'Output Tax Payable', '20'],
  ['2300', 'Payroll Liabilities', '20', 'Posting', 'Payroll'],
  ['2900', 'Suspense', '20'],
  ['2950', 'Currency Exchange Clearing', '20'],
  ['2500', 'Long-term Loans', '21'],
  ['3000', 'Share Capital', '30'],
  ['3100', 'Retained Earnings', '30'],
  ['4000', 'Sales Revenue', '40'],
  ['4100', 'Service Revenue', '40'],
  ['4900', 'Other Income', '41'],
  ['4910', 'Realised Exchange Gains', '41'],
  ['4920', 'Unrealised Exchange Gains and Losses', '41'],
  ['5000', 'Cost of Goods Sold', '50'],
  ['6000', 'Salaries and Wages', '51'],
  ['6100', 'Rent', '51'],
  ['6200', 'Utilities', '51'],
  ['6300', 'Depreciation Expense', '51'],
  ['6400', 'Bank Charges', '51'],
  ['6900', 'Rounding Differences', '51'],
  ['7000', 'Interest Expense', '52'],
  ['7100', 'Realised Exchange Losses', '52'],
];

/**
 * A standard chart for a new company (issue 4): classes, groups, accounts, the journal number
 * sequence and the default accounts of /company-config. Set-based: one insert per table.
 */
export async function seedCompanyLedger(tx: Tx, tenantId: string, companyId: string): Promise<void> {
  const scope = { tenantId, companyId };
  const classes = await tx
    .insert(accountClasses)
    .values(CLASSES.map(([code, name, category, balanceSide], i) => ({ ...scope, code, name, category, balanceSide, order: i + 1 })))
    .returning({ id: accountClasses.id, code: accountClasses.code });
  const classId = new Map(classes.map((c) => [c.code, c.id]));
  const groups = await tx
    .insert(accountGroups)
    .values(GROUPS.map(([code, name, cls]) => ({ ...scope, code, name, accountClass: classId.get(cls)! })))
    .returning({ id: accountGroups.id, code: accountGroups.code });
  const groupId = new Map(groups.map((g) => [g.code, g.id]));
  // Parents first, then the accounts below them: two inserts, no update.
  const accountId = new Map<string, string>();
  for (const wave of [ACCOUNTS.filter((a) => !a[5]), ACCOUNTS.filter((a) => a[5])]) {
    const rows = await tx
      .insert(accounts)
      .values(wave.map(([code, name, group, kind = 'Posting', controlType = 'None', parent]) => ({ ...scope, code, name, accountGroup: groupId.get(group)!, kind, controlType, parentAccount: parent ? accountId.get(parent)! : null })))
      .returning({ id: accounts.id, code: accounts.code });
    for (const r of rows) accountId.set(r.code, r.id);
  }
  const journals = await seedNumberSequence(tx, scope, { code: 'JV', name: 'Journal Vouchers', prefix: 'JV', perYear: true });
  await tx.insert(companySettings).values({
    ...scope,
    retainedEarningsAccount: accountId.get('3100'),
    roundingAccount: accountId.get('6900'),
    realisedFxGainAccount: accountId.get('4910'),
    realisedFxLossAccount: accountId.get('7100'),
    unrealisedFxAccount: accountId.get('4920'),
    suspenseAccount: accountId.get('2900'),
    exchangeAccount: accountId.get('2950'),
    journalSequence: journals,
  });
  // Each subledger's control account and default posting profile, so a module posts from day one.
  const id = (code: string) => accountId.get(code)!;
  await tx.insert(subsidiaries).values(SUBSIDIARIES.map(([code, name, module, control]) => ({ ...scope, code, name, module, controlAccount: id(control) })));
  await tx.insert(postingProfiles).values(
    PROFILES.map(([code, name, module, roles]) => ({ ...scope, code, name, module, moduleDefault: true, ...Object.fromEntries(Object.entries(roles).map(([role, account]) => [role, id(account)])) })),
  );
}

const SUBSIDIARIES: [string, string, string, string][] = [
  ['AP', 'Accounts Payable Ledger', 'Account Payable', '2000'],
  ['AR', 'Accounts Receivable Ledger', 'Account Receivable', '1100'],
  ['FA', 'Fixed Asset Register', 'Fixed Asset', '1500'],
  ['INV', 'Inventory Ledger', 'Inventory', '1200'],
  ['PAY', 'Payroll Ledger', 'Payroll', '2300'],
];
const PROFILES: [string, string, string, Partial<Record<PostingRole, string>>][] = [
  ['AP', 'Payables', 'Account Payable', { controlAccount: '2000', discountAccount: '4900', exchangeGainAccount: '4910', exchangeLossAccount: '7100' }],
  ['AR', 'Receivables', 'Account Receivable', { controlAccount: '1100', revenueAccount: '4000', exchangeGainAccount: '4910', exchangeLossAccount: '7100' }],
  ['FA', 'Fixed assets', 'Fixed Asset', { controlAccount: '1500', accumulatedDepreciationAccount: '1510', depreciationExpenseAccount: '6300' }],
  ['INV', 'Inventory', 'Inventory', { controlAccount: '1200', costOfSalesAccount: '5000' }],
  ['PAY', 'Payroll', 'Payroll', { controlAccount: '2300', expenseAccount: '6000' }],
  ['CM', 'Cash management', 'Cash Management', { bankChargesAccount: '6400', bankInterestAccount: '4900', clearingAccount: '2900', exchangeGainAccount: '4910', exchangeLossAccount: '7100', transitAccount: '1030' }],
];
