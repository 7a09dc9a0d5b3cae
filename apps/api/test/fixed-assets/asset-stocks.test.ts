// Asset stock (issue 18): items held for later use, carried on their class's clearing account.
// Issuing a quantity into service makes one asset at quantity × unit cost (to the cent) and ONE entry
// moves that cost from the clearing account to the control account (party: the new asset); the
// stock's quantity falls and never below zero; a refused issue changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSchedule, AssetStockIssueResult, AssetStockIssueView, DepreciationRunView, EntityRecord, ErrorObject, JournalView, TrialBalance } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

type List = { items: EntityRecord[]; total: number };

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const api = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
let accounts: Map<string, EntityRecord>;
const acct = (code: string) => accounts.get(code)!.id;
let it_: EntityRecord;
let bare: EntityRecord;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FASTOCK'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await ok('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  const { id: _id, createdAt: _c, updatedAt: _u, ...model } = accounts.get('1510')!;
  accounts.set('1190', await ok<EntityRecord>('POST', '/gl/accounts', { ...model, code: '1190', name: 'Asset clearing', controlType: 'None', kind: 'Posting' }));
  const profile = await ok<EntityRecord>('POST', '/gl/posting-profiles', {
    code: 'FAIT', name: 'Computers', module: 'Fixed Asset', moduleDefault: false, controlAccount: acct('1500'), accumulatedDepreciationAccount: acct('1510'), depreciationExpenseAccount: acct('6300'), clearingAccount: acct('1190'),
  });
  it_ = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'IT', name: 'Computers', method: 'Straight line', lifeMonths: 36, residualKind: 'Amount', convention: 'Full month', postingProfile: profile.id });
  // a class on the module default profile, which names no clearing account
  bare = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'BARE', name: 'No clearing', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month' });
});
afterAll(() => t.close());

async function balances() {
  const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  const net = (code: string) => {
    const r = tb.rows.find((x) => x.code === code);
    return r ? (Math.round(Number(r.debit) * 100) - Math.round(Number(r.credit) * 100)) / 100 : 0;
  };
  return { cost: net('1500'), clearing: net('1190') };
}
const issue = (id: string, body: Record<string, unknown>) => api<AssetStockIssueResult>('POST', `/fa/asset-stocks/${id}/issue`, body);

describe('asset stock', () => {
  it('issues into service: an asset at quantity × unit cost to the cent, clearing → cost, the stock lowered', async () => {
    const stock = await ok<EntityRecord>('POST', '/fa/asset-stocks', { code: 'ST-LAP', description: 'Spare laptops', assetClass: it_.id, quantity: '10', unitCost: '333.3333', location: 'Store room', acquisitionDate: '2026-01-10', reference: 'PO-17' });
    // 3 × 333.3333 = 999.9999 → 1000.00 (half up)
    const first = await issue(stock.id, { quantity: '3', issueDate: '2026-02-01', description: 'Laptops for sales', activate: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ assetCode: 'A00001', assetStatus: 'Active', quantity: '3.0000', cost: '1000.00', quantityLeft: '7.0000' });
    const asset = await ok<EntityRecord>('GET', `/fa/assets/${first.body.assetId}`);
    expect(asset).toMatchObject({ description: 'Laptops for sales', assetClass: it_.id, acquisitionDate: '2026-01-10', inServiceDate: '2026-02-01', cost: '1000', quantity: '3', location: 'Store room', status: 'Active' });
    const schedule = await ok<AssetSchedule>('GET', `/fa/assets/${first.body.assetId}/schedule`);
    expect(schedule.rows[0]!.period).toBe('2026-02');
    const journal = await ok<JournalView>('GET', `/gl/journals/${first.body.journalId}`);
    expect(journal.journalDate).toBe('2026-02-01');
    expect(journal.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['1500', '1000.00', '0.00'], ['1190', '0.00', '1000.00']]);
    expect((await ok<EntityRecord>('GET', `/fa/asset-stocks/${stock.id}`)).quantity).toBe('7');
    // a fraction, issued as a draft: 0.5 × 333.3333 = 166.66665 → 166.67
    const half = await issue(stock.id, { quantity: '0.5', issueDate: '2026-03-01' });
    expect(half.body).toMatchObject({ assetStatus: 'Draft', cost: '166.67', quantityLeft: '6.5000' });
    expect((await ok<EntityRecord>('GET', `/fa/assets/${half.body.assetId}`)).description).toBe('Spare laptops');
    expect(await balances()).toEqual({ cost: 1166.67, clearing: -1166.67 });
    // the rest, exactly: nothing left, never negative
    expect((await issue(stock.id, { quantity: '6.5', issueDate: '2026-03-02' })).body).toMatchObject({ quantityLeft: '0.0000', cost: '2166.67' });
    expect((await ok<{ items: EntityRecord[] }>('GET', '/fa/asset-stocks?search=ST-LAP')).items.map((s) => s.quantity)).toEqual(['0']);
  });

  it('refuses more than is held, a missing clearing account, a date before the acquisition, bad input: nothing changes', async () => {
    const stock = await ok<EntityRecord>('POST', '/fa/asset-stocks', { code: 'ST-CHAIR', description: 'Chairs', assetClass: it_.id, quantity: '4', unitCost: '80', acquisitionDate: '2026-01-10' });
    const count = async () => (await ok<List>('GET', '/fa/assets?limit=1')).total;
    const before = { assets: await count(), tb: await balances() };
    expect(await issue(stock.id, { quantity: '4.0001', issueDate: '2026-02-01' })).toMatchObject({ status: 422, body: { message: 'quantity: Stock ST-CHAIR holds 4.0000: 4.0001 cannot be issued' } });
    expect(await issue(stock.id, { quantity: '1', issueDate: '2026-01-09' })).toMatchObject({ status: 422, body: { message: expect.stringContaining('was acquired on 2026-01-10') } });
    expect((await issue(stock.id, { quantity: '0', issueDate: '2026-02-01' })).status).toBe(400);
    expect((await issue(stock.id, { quantity: '-1', issueDate: '2026-02-01' })).status).toBe(400);
    expect((await issue(stock.id, { quantity: '1.00001', issueDate: '2026-02-01' })).status).toBe(400);
    // a negative quantity by an edit: the kit's minimum
    expect((await api('PUT', `/fa/asset-stocks/${stock.id}`, { ...stock, quantity: '-1' })).status).toBe(400);
    const noClearing = await ok<EntityRecord>('POST', '/fa/asset-stocks', { code: 'ST-BARE', description: 'Bare', assetClass: bare.id, quantity: '2', unitCost: '10', acquisitionDate: '2026-01-10' });
    expect(await issue(noClearing.id, { quantity: '1', issueDate: '2026-02-01', activate: true })).toMatchObject({ status: 422, body: { message: expect.stringContaining('No clearing account') } });
    expect((await ok<EntityRecord>('GET', `/fa/asset-stocks/${noClearing.id}`)).quantity).toBe('2');
    expect((await ok<EntityRecord>('GET', `/fa/asset-stocks/${stock.id}`)).quantity).toBe('4');
    expect({ assets: await count(), tb: await balances() }).toEqual(before);
    // two issues of the whole quantity: the second finds nothing left
    expect((await issue(stock.id, { quantity: '4', issueDate: '2026-02-01' })).status).toBe(200);
    expect(await issue(stock.id, { quantity: '1', issueDate: '2026-02-01' })).toMatchObject({ status: 422, body: { message: 'quantity: Stock ST-CHAIR holds 0.0000: 1.0000 cannot be issued' } });
    expect((await api('POST', '/fa/asset-stocks/00000000-0000-4000-8000-000000000001/issue', { quantity: '1', issueDate: '2026-02-01' })).status).toBe(404);
  });

  it('undoes an issue: the entry reversed, balances and quantity back exactly, the asset Cancelled; refusals change nothing', async () => {
    const stock = await ok<EntityRecord>('POST', '/fa/asset-stocks', { code: 'ST-DESK', description: 'Desks', assetClass: it_.id, quantity: '5', unitCost: '123.4567', acquisitionDate: '2026-01-10' });
    const before = await balances();
    const issued = await issue(stock.id, { quantity: '2.5', issueDate: '2026-04-01', activate: true });
    expect(issued.body).toMatchObject({ cost: '308.64', quantityLeft: '2.5000', assetStatus: 'Active' });
    const { assetId, issueId } = issued.body;
    const issues = () => ok<AssetStockIssueView[]>('GET', `/fa/asset-stocks/${stock.id}/issues`);
    expect(await issues()).toMatchObject([{ id: issueId, asset: assetId, quantity: '2.5000', cost: '308.64', status: 'Issued', issueDate: '2026-04-01' }]);
    const undo = (date: string) => api<AssetStockIssueView | ErrorObject>('POST', `/fa/asset-stock-issues/${issueId}/undo`, { date });
    const state = async () => ({ tb: await balances(), quantity: (await ok<EntityRecord>('GET', `/fa/asset-stocks/${stock.id}`)).quantity, asset: (await ok<EntityRecord>('GET', `/fa/assets/${assetId}`)).status, rows: (await ok<AssetSchedule>('GET', `/fa/assets/${assetId}/schedule`)).rows.length, issues: await issues() });

    // refused while a run has posted its depreciation: nothing changes
    const run = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period: '2026-04-30' });
    await ok('POST', `/fa/depreciation-runs/${run.id}/post`);
    const held = await state();
    expect(held).toMatchObject({ quantity: '2.5', asset: 'Active', rows: 36 });
    expect(await undo('2026-05-01')).toMatchObject({ status: 422, body: { message: expect.stringContaining('depreciation is posted for 2026-04 (reverse that run first)') } });
    expect(await state()).toEqual(held);
    await ok('POST', `/fa/depreciation-runs/${run.id}/reverse`, { date: '2026-04-30' });

    // refused while a capitalisation names it (even reversed: its history stays), a date before the issue: nothing changes
    const other = await issue(stock.id, { quantity: '1', issueDate: '2026-04-01' });
    const cap = await ok<{ id: string }>('POST', `/fa/assets/${other.body.assetId}/capitalise`, { date: '2026-04-02', amount: '10' });
    const beforeCap = await balances();
    const otherUndo = await api<ErrorObject>('POST', `/fa/asset-stock-issues/${other.body.issueId}/undo`, { date: '2026-04-05' });
    expect(otherUndo).toMatchObject({ status: 422, body: { message: expect.stringContaining('it has a capitalisation of 2026-04-02 (posted)') } });
    expect(await balances()).toEqual(beforeCap);
    await ok('POST', `/fa/capitalisations/${cap.id}/reverse`, { date: '2026-04-03' });
    expect((await api<ErrorObject>('POST', `/fa/asset-stock-issues/${other.body.issueId}/undo`, { date: '2026-04-05' })).body.message).toContain('(reversed)');
    const held2 = await state();
    expect(await undo('2026-03-31')).toMatchObject({ status: 422, body: { message: 'date: The issue is dated 2026-04-01: its undo is dated then or later' } });
    expect((await api('POST', `/fa/asset-stock-issues/${issueId}/undo`, { date: 'x' })).status).toBe(400);
    expect(await state()).toEqual(held2);

    // the undo: the reversal entry, balances as before the issue (less the other issue), the quantity back, the asset Cancelled with no rows
    const done = await undo('2026-05-02');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'Undone', undoDate: '2026-05-02', assetStatus: 'Cancelled' });
    const reversal = await ok<JournalView>('GET', `/gl/journals/${(done.body as AssetStockIssueView).undoJournalId}`);
    expect(reversal.journalDate).toBe('2026-05-02');
    expect(reversal.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['1500', '0.00', '308.64'], ['1190', '308.64', '0.00']]);
    const after = await state();
    expect(after).toMatchObject({ quantity: '4', asset: 'Cancelled', rows: 0 }); // 5 − 2.5 − 1 + 2.5
    // the other issue (1 × 123.4567 = 123.46) and its reversed capitalisation remain
    expect(after.tb).toEqual({ cost: Math.round((before.cost + 123.46) * 100) / 100, clearing: Math.round((before.clearing - 123.46) * 100) / 100 });
    expect(await undo('2026-05-02')).toMatchObject({ status: 422, body: { message: 'The issue was undone on 2026-05-02' } });
    expect(await state()).toEqual(after);
    expect((await api('POST', '/fa/asset-stock-issues/00000000-0000-4000-8000-000000000001/undo', { date: '2026-05-02' })).status).toBe(404);
  });
});
