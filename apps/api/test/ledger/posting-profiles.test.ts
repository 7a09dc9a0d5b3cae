// Posting profiles: a new company's subsidiary ledgers and module defaults, the rules that keep a
// profile to its module's accounts, and the one resolver every subledger asks for its accounts
// (party, then party group, then module default), with the set-up it lacks said in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRecord, ErrorObject } from '@erp/contracts';
import { moduleSequence, operationAccounts, resolvePostingAccounts, taxAccount } from '../../src/modules/ledger/index';
import { withTenant } from '../../src/platform/db/tenancy';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let accounts: Map<string, EntityRecord>;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
const scope = () => ({ tenantId: tenant.tenantId, companyId: tenant.companyId, userId: admin.user.activeUser.code });
const inTenant = <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) => withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, fn);
const acct = (code: string) => accounts.get(code)!.id;
const refusal = (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => (e instanceof Error ? e.message : String(e)));

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'PROF'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
});
afterAll(() => t.close());

describe('a new company', () => {
  it('has a subsidiary ledger per subledger and a default posting profile per module', async () => {
    const ledgers = (await api<List>('GET', '/gl/subsidiaries')).body.items;
    expect(ledgers.map((l) => [l.code, l.module, accounts.get('2000')!.id === l.controlAccount || l.code !== 'AP'])).toEqual(expect.arrayContaining([['AP', 'Account Payable', true]]));
    expect(ledgers.map((l) => l.module).sort()).toEqual(['Account Payable', 'Account Receivable', 'Fixed Asset', 'Inventory', 'Payroll']);
    const profiles = (await api<List>('GET', '/gl/posting-profiles?limit=50')).body.items;
    expect(profiles.map((p) => [p.code, p.module, p.moduleDefault]).sort()).toEqual([
      ['AP', 'Account Payable', true], ['AR', 'Account Receivable', true], ['CM', 'Cash Management', true],
      ['FA', 'Fixed Asset', true], ['INV', 'Inventory', true], ['PAY', 'Payroll', true],
    ]);
    expect(accounts.get('1020')!.controlType).toBe('None');
  });

  it("offers a journal line's picker no control account: the lookup filters on kind, control type and active", async () => {
    const filter = encodeURIComponent(JSON.stringify({ kind: 'Posting', controlType: 'None', active: true }));
    const offered = (await api<{ id: string; label: string }[]>('GET', `/gl/accounts/lookup?limit=100&filter=${filter}`)).body.map((o) => o.label.split(' · ')[0]);
    expect(offered).toEqual(expect.arrayContaining(['1010', '1020', '6100']));
    for (const control of ['1100', '1200', '1500', '2000', '2300', '1000']) expect(offered).not.toContain(control);
  });
});

describe('the posting profile rules', () => {
  const profile = (extra: object) => api<ErrorObject>('POST', '/gl/posting-profiles', { code: `P${Math.floor(Math.random() * 1e6)}`, name: 'Test', module: 'Account Payable', ...extra });

  it('refuse an account of a role the module does not post with', async () => {
    expect((await profile({ revenueAccount: acct('4000') })).body).toEqual({ statusCode: 422, serverError: 'BusinessRule', message: 'Account Payable posting profiles have no revenue account: their postings do not use one' });
  });

  it('refuse a control account of another subledger, one no subsidiary ledger names, and a control account in another role', async () => {
    expect((await profile({ controlAccount: acct('1100') })).body.message).toBe('Control Account: account 1100 is not a Payables control account');
    const other = (await api<EntityRecord>('POST', '/gl/accounts', { code: '2010', name: 'Other payables', accountGroup: accounts.get('2000')!.accountGroup, controlType: 'Payables' })).body;
    expect((await profile({ controlAccount: other.id })).body.message).toBe('Control Account: account 2010 is not the control account of an active Account Payable subsidiary ledger (/subsidiary)');
    expect((await api('POST', '/gl/subsidiaries', { code: 'AP2', name: 'Other payables ledger', module: 'Account Payable', controlAccount: other.id })).status).toBe(200);
    expect((await profile({ controlAccount: other.id })).status).toBe(200);
    expect((await profile({ discountAccount: acct('2000') })).body.message).toBe("Payment Discount Account: account 2000 is a control account, which takes only its subledger's balances");
  });

  it('allow one active default per module', async () => {
    expect((await profile({ moduleDefault: true })).body.message).toBe('Posting profile AP is already the default of Account Payable: clear it there first');
    expect((await profile({ moduleDefault: true, active: false })).status).toBe(200);
  });

  it('keep a subsidiary ledger to a control account of its own subledger', async () => {
    expect((await api<ErrorObject>('POST', '/gl/subsidiaries', { code: 'CM', name: 'Banks', module: 'Cash Management', controlAccount: acct('1020') })).body.message).toBe('Cash Management keeps no control account: it has no subsidiary ledger');
    expect((await api<ErrorObject>('POST', '/gl/subsidiaries', { code: 'AR2', name: 'Receivables', module: 'Account Receivable', controlAccount: acct('2000') })).body.message).toBe('Account 2000 is not a Receivables control account');
  });
});

describe('the resolver', () => {
  it('takes the party, then its group, then the module default, and says where to set a missing account', async () => {
    const group = (await api<EntityRecord>('POST', '/gl/posting-profiles', { code: 'AP-FX', name: 'Foreign vendors', module: 'Account Payable', exchangeLossAccount: acct('7000') })).body;
    const resolved = await inTenant((tx) =>
      resolvePostingAccounts(tx, scope(), 'Account Payable', ['controlAccount', 'exchangeLossAccount', 'exchangeGainAccount', 'discountAccount'], {
        label: 'vendor V1', accounts: { discountAccount: acct('4100') }, group: { label: 'vendor group FOREIGN', profileId: group.id },
      }),
    );
    expect(Object.fromEntries(Object.entries(resolved).map(([role, r]) => [role, [r.code, r.from]]))).toEqual({
      controlAccount: ['2000', 'module default'], exchangeLossAccount: ['7000', 'party group'], exchangeGainAccount: ['4910', 'module default'], discountAccount: ['4100', 'party'],
    });
    expect(await refusal(inTenant((tx) => resolvePostingAccounts(tx, scope(), 'Account Payable', ['writeOffAccount'], { label: 'vendor V1', group: { label: 'vendor group FOREIGN', profileId: group.id } })))).toBe(
      'No write-off account for this Account Payable posting: set one on vendor V1, or on the posting profile of vendor group FOREIGN, or on the default posting profile of Account Payable (/posting-profile)',
    );
  });

  it('finds tax accounts, operation accounts and module sequences, or says what to set', async () => {
    const tax = (await api<EntityRecord>('POST', '/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: acct('1400') })).body;
    expect(await inTenant((tx) => taxAccount(tx, scope(), tax.id, 'input'))).toBe(acct('1400'));
    expect(await refusal(inTenant((tx) => taxAccount(tx, scope(), tax.id, 'output')))).toBe('Tax VAT20 has no output tax account: set it on /tax');
    expect(await refusal(inTenant((tx) => operationAccounts(tx, scope(), 'Cash Management', 'BankCharges')))).toBe('No BankCharges operation account for Cash Management: define it on /operation');
    await api('POST', '/gl/operations', { code: 'BankCharges', name: 'Bank charges', module: 'Cash Management', debitAccount: acct('6400'), creditAccount: acct('1020') });
    expect(await inTenant((tx) => operationAccounts(tx, scope(), 'Cash Management', 'bankcharges'))).toEqual({ debit: acct('6400'), credit: acct('1020') });
    // A document type no module seeds a sequence for (payables seeds VendorInvoiceSequence for a new company).
    expect(await refusal(inTenant((tx) => moduleSequence(tx, scope(), 'Fixed Asset', 'AssetDisposal')))).toBe('Fixed Asset has no number sequence for AssetDisposal: set AssetDisposalSequence on /module-config');
    const seq = (await api<EntityRecord>('POST', '/gl/number-sequences', { code: 'AD', name: 'Asset disposals', resetEvery: 'Year' })).body;
    await api('POST', '/gl/module-configs', { module: 'Fixed Asset', setting: 'AssetDisposalSequence', numberSequence: seq.id });
    expect(await inTenant((tx) => moduleSequence(tx, scope(), 'Fixed Asset', 'AssetDisposal'))).toBe(seq.id);
  });
});
