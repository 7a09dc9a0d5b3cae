// The disposal of an asset (issue 18): the depreciation up to the disposal date posted first by a
// run of the asset, then ONE entry removing cost and accumulated depreciation with the proceeds and
// the gain or loss; the ledger's balances are the textbook's. Refusals: disposing twice, a draft
// asset, a closed period. Reverse restores the asset and regenerates its schedule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSchedule, DepreciationRunView, DisposalView, EntityRecord, JournalView, TrialBalance } from '@erp/contracts';
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
const lines = (j: JournalView) => j.lines.map((l) => [l.accountCode, l.debit, l.credit]);
let periods: EntityRecord[];

async function account(code: string, name: string, like: string) {
  const { id: _id, createdAt: _c, updatedAt: _u, ...model } = accounts.get(like)!;
  const a = await ok<EntityRecord>('POST', '/gl/accounts', { ...model, code, name, controlType: 'None', kind: 'Posting' });
  accounts.set(code, a);
  return a;
}
async function activeAsset(assetClass: string, cost: string, inService = '2026-01-10') {
  const a = await ok<EntityRecord>('POST', '/fa/assets', { description: `Asset ${cost}`, assetClass, acquisitionDate: inService, cost });
  await ok<AssetSchedule>('POST', `/fa/assets/${a.id}/activate`);
  return a;
}
const dispose = (asset: string, disposalDate: string, body: Record<string, unknown> = {}) => ok<DisposalView>('POST', '/fa/disposals', { asset, disposalDate, ...body });
const post = (id: string) => ok<DisposalView>('POST', `/fa/disposals/${id}/post`);

let vehicles: EntityRecord;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FADISP'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  periods = await ok<EntityRecord[]>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  await account('1190', 'Asset sales clearing', '1510');
  await account('4950', 'Gain on disposal of assets', '4900');
  await account('6950', 'Loss on disposal of assets', '6300');
  const profile = await ok<EntityRecord>('POST', '/gl/posting-profiles', {
    code: 'FAD', name: 'Vehicles', module: 'Fixed Asset', moduleDefault: false, controlAccount: acct('1500'), accumulatedDepreciationAccount: acct('1510'), depreciationExpenseAccount: acct('6300'),
    clearingAccount: acct('1190'), disposalGainAccount: acct('4950'), disposalLossAccount: acct('6950'),
  });
  vehicles = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'VEH', name: 'Vehicles', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', postingProfile: profile.id });
});
afterAll(() => t.close());

async function balances() {
  const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  const net = (code: string) => {
    const r = tb.rows.find((x) => x.code === code);
    return r ? (Math.round(Number(r.debit) * 100) - Math.round(Number(r.credit) * 100)) / 100 : 0;
  };
  return { cost: net('1500'), accumulated: net('1510'), clearing: net('1190'), gain: net('4950'), loss: net('6950'), expense: net('6300') };
}

describe('the disposal of an asset', () => {
  it('sells a half-depreciated asset at a gain, then one at a loss: the textbook balances', async () => {
    // 1200 over 12 months, 100 a month from January; March posted by a run
    const van = await activeAsset(vehicles.id, '1200');
    const truck = await activeAsset(vehicles.id, '1200');
    const run = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period: '2026-03-31' });
    await ok('POST', `/fa/depreciation-runs/${run.id}/post`);
    // Sold 15 June for 700: April to June depreciated first (300), accumulated 600, book value 600, gain 100
    const draft = await dispose(van.id, '2026-06-15', { disposalType: 'Sale', proceeds: '700' });
    expect(draft).toMatchObject({ status: 'Draft', number: 'DS2026-000001', cost: '1200.00', accumulated: '600.00', depreciation: '300.00', netBookValue: '600.00', gainLoss: '100.00' });
    const sold = await post(draft.id);
    expect(sold).toMatchObject({ status: 'Posted', accumulated: '600.00', depreciation: '300.00', gainLoss: '100.00' });
    const depr = await ok<DepreciationRunView>('GET', `/fa/depreciation-runs/${sold.depreciationRunId}`);
    expect(depr).toMatchObject({ status: 'Posted', assets: 1, rows: 3, amount: '300.00' });
    const deprJournal = await ok<JournalView>('GET', `/gl/journals/${depr.journalId}`);
    expect(deprJournal.journalDate).toBe('2026-06-15');
    const journal = await ok<JournalView>('GET', `/gl/journals/${sold.journalId}`);
    expect(journal.journalDate).toBe('2026-06-15');
    expect(lines(journal)).toEqual([['1510', '600.00', '0.00'], ['1190', '700.00', '0.00'], ['1500', '0.00', '1200.00'], ['4950', '0.00', '100.00']]);
    const asset = await ok<EntityRecord>('GET', `/fa/assets/${van.id}`);
    expect(asset.status).toBe('Disposed');
    const schedule = await ok<AssetSchedule>('GET', `/fa/assets/${van.id}/schedule`);
    expect(schedule.rows.map((r) => [r.period, r.posted])).toEqual(['01', '02', '03', '04', '05', '06'].map((m) => [`2026-${m}`, true]));
    // the truck is untouched by the van's run; sold 31 August for 350: April to August depreciated first (500),
    // accumulated 800, book value 400, a loss of 50
    const lossy = await post((await dispose(truck.id, '2026-08-31', { proceeds: '350' })).id);
    expect(lossy).toMatchObject({ accumulated: '800.00', depreciation: '500.00', netBookValue: '400.00', gainLoss: '-50.00' });
    expect(lines(await ok<JournalView>('GET', `/gl/journals/${lossy.journalId}`))).toEqual([['1510', '800.00', '0.00'], ['1190', '350.00', '0.00'], ['6950', '50.00', '0.00'], ['1500', '0.00', '1200.00']]);
    // cost: 2400 acquired (not posted here: opening balances are not entered) less 2400 removed; accumulated: 1400 credited, 1400 removed
    expect(await balances()).toEqual({ cost: -2400, accumulated: 0, clearing: 1050, gain: -100, loss: 50, expense: 1400 });
  });

  it('refuses disposing twice, a draft asset, and a closed period', async () => {
    // 600 over 12 months from February: 50 a month; scrapped 30 April: accumulated 150, a loss of the book value 450
    const a = await activeAsset(vehicles.id, '600', '2026-02-01');
    const d = await post((await dispose(a.id, '2026-04-30', { disposalType: 'Scrap' })).id);
    expect(d).toMatchObject({ status: 'Posted', gainLoss: '-450.00', accumulated: '150.00' });
    // posting the same disposal again: the kit's state machine
    expect((await api('POST', `/fa/disposals/${d.id}/post`)).status).toBe(409);
    // a second disposal of a disposed asset
    const again = await dispose(a.id, '2026-05-31', { disposalType: 'Scrap' });
    expect(await api('POST', `/fa/disposals/${again.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('is disposed') } });
    // a draft asset
    const draftAsset = await ok<EntityRecord>('POST', '/fa/assets', { description: 'Not yet', assetClass: vehicles.id, acquisitionDate: '2026-01-01', cost: '100' });
    const onDraft = await dispose(draftAsset.id, '2026-03-31', { disposalType: 'Scrap' });
    expect(await api('POST', `/fa/disposals/${onDraft.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('is draft') } });
    // a closed period: nothing is posted, the asset stays active
    const b = await activeAsset(vehicles.id, '1200', '2026-01-01');
    const sept = periods.find((p) => p.name === 'Sep 2026')!;
    await ok('POST', `/gl/accounting-periods/${sept.id}/status`, { status: 'Closed' });
    const closed = await dispose(b.id, '2026-09-10', { proceeds: '10' });
    expect(await api('POST', `/fa/disposals/${closed.id}/post`)).toMatchObject({ status: 422, body: { message: 'Period Sep 2026 is closed: it takes no posting' } });
    expect((await ok<EntityRecord>('GET', `/fa/assets/${b.id}`)).status).toBe('Active');
    expect((await ok<DisposalView>('GET', `/fa/disposals/${closed.id}`)).status).toBe('Draft');
    await ok('POST', `/gl/accounting-periods/${sept.id}/status`, { status: 'Open' });
  });

  it('reverses a disposal: both entries reversed, the asset active again with its schedule regenerated', async () => {
    const a = await activeAsset(vehicles.id, '1200', '2026-01-01');
    const before = await balances();
    const d = await post((await dispose(a.id, '2026-05-20', { proceeds: '1000' })).id);
    expect(d).toMatchObject({ accumulated: '500.00', gainLoss: '300.00' });
    const reversed = await ok<DisposalView>('POST', `/fa/disposals/${d.id}/reverse`, { date: '2026-05-31' });
    expect(reversed.status).toBe('Reversed');
    expect(await balances()).toEqual(before);
    expect((await ok<EntityRecord>('GET', `/fa/assets/${a.id}`)).status).toBe('Active');
    const schedule = await ok<AssetSchedule>('GET', `/fa/assets/${a.id}/schedule`);
    expect(schedule.rows.length).toBe(12);
    expect(schedule.rows.every((r) => !r.posted && r.amount === '100.00')).toBe(true);
    expect((await ok<DepreciationRunView>('GET', `/fa/depreciation-runs/${d.depreciationRunId}`)).status).toBe('Reversed');
  });
});
