// The depreciation run (issue 18): one entry per run through the ledger's port, missed periods
// caught up in order, idempotent (a second run of the period posts nothing), an asset that cannot
// be depreciated reported while the others post, lines per class or per asset, reversal, and the
// DepreciationSchedule approval posting the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSchedule, DepreciationRunView, EntityRecord, ErrorObject, JournalView, TrialBalance } from '@erp/contracts';
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

async function cls(code: string, body: Record<string, unknown> = {}) {
  return ok<EntityRecord>('POST', '/fa/asset-classes', { code, name: code, method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', ...body });
}
async function activeAsset(assetClass: string, cost: string, inService = '2026-01-10', extra: Record<string, unknown> = {}) {
  const a = await ok<EntityRecord>('POST', '/fa/assets', { description: `Asset ${cost}`, assetClass, acquisitionDate: inService, cost, ...extra });
  await ok<AssetSchedule>('POST', `/fa/assets/${a.id}/activate`);
  return a;
}
const run = (period: string, body: Record<string, unknown> = {}) => ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period, ...body });
const post = (id: string) => ok<DepreciationRunView>('POST', `/fa/depreciation-runs/${id}/post`);
const lines = (j: JournalView) => j.lines.map((l) => [l.accountCode, l.debit, l.credit]);

let vehicles: EntityRecord;
let computers: EntityRecord;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FARUN'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await ok('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  vehicles = await cls('VEH');
  computers = await cls('IT', { lifeMonths: 24 });
});
afterAll(() => t.close());

describe('the depreciation run', () => {
  it('catches up missed periods in ONE entry, then posts nothing the second time', async () => {
    const van = await activeAsset(vehicles.id, '1200');
    const laptop = await activeAsset(computers.id, '2400');
    const draft = await run('2026-03-15');
    // a draft shows what posting would post: Jan to Mar of both assets (3 x 100 + 3 x 100)
    expect(draft).toMatchObject({ status: 'Draft', number: 'DR2026-000001', period: '2026-03', periodEnd: '2026-03-31', assets: 2, rows: 6, amount: '600.00', issueCount: 0 });
    const posted = await post(draft.id);
    expect(posted).toMatchObject({ status: 'Posted', assets: 2, rows: 6, amount: '600.00' });
    const journal = await ok<JournalView>('GET', `/gl/journals/${posted.journalId}`);
    expect(journal).toMatchObject({ status: 'Posted', journalDate: '2026-03-31' });
    expect(lines(journal).sort()).toEqual([['1510', '0.00', '300.00'], ['1510', '0.00', '300.00'], ['6300', '300.00', '0.00'], ['6300', '300.00', '0.00']]);
    const schedule = await ok<AssetSchedule>('GET', `/fa/assets/${van.id}/schedule`);
    expect(schedule.rows.slice(0, 4).map((r) => [r.period, r.posted, r.journalId])).toEqual([
      ['2026-01', true, posted.journalId], ['2026-02', true, posted.journalId], ['2026-03', true, posted.journalId], ['2026-04', false, null],
    ]);
    // running the same period again posts nothing
    const again = await post((await run('2026-03-31')).id);
    expect(again).toMatchObject({ status: 'Posted', journalId: null, assets: 0, amount: '0.00' });
    // the next period posts only its own month
    const april = await post((await run('2026-04-01')).id);
    expect(april).toMatchObject({ assets: 2, rows: 2, amount: '200.00' });
    expect(laptop.id).toBeTruthy();
  });

  it('reports an asset whose class cannot post and posts the others', async () => {
    // a Fixed Asset profile whose expense account is then made inactive
    const { id: _id, createdAt: _c, updatedAt: _u, ...model } = accounts.get('6300')!;
    const closed = await ok<EntityRecord>('POST', '/gl/accounts', { ...model, code: '6390', name: 'Old depreciation' });
    const profile = await ok<EntityRecord>('POST', '/gl/posting-profiles', { code: 'FABAD', name: 'Broken', module: 'Fixed Asset', moduleDefault: false, depreciationExpenseAccount: closed.id, accumulatedDepreciationAccount: acct('1510') });
    await ok('PUT', `/gl/accounts/${closed.id}`, { ...model, code: '6390', name: 'Old depreciation', active: false });
    const broken = await cls('BROKEN', { postingProfile: profile.id });
    const stuck = await activeAsset(broken.id, '120', '2026-05-01');
    const fine = await activeAsset(vehicles.id, '600', '2026-05-01');
    const posted = await post((await run('2026-05-31')).id);
    expect(posted.issueCount).toBe(1);
    expect(posted.issues).toEqual([{ assetId: stuck.id, code: String(stuck.code), message: 'Depreciation expense account 6390 is not an active posting account' }]);
    // May: the earlier assets' 200.00 and the new vehicle's 50.00
    expect(posted).toMatchObject({ status: 'Posted', assets: 3, amount: '250.00' });
    const s = await ok<AssetSchedule>('GET', `/fa/assets/${stuck.id}/schedule`);
    expect(s.rows[0]!.posted).toBe(false);
    expect(fine.id).toBeTruthy();
  });

  it('posts a line per asset when asked, each naming its asset', async () => {
    const posted = await post((await run('2026-06-30', { detail: 'Per asset', assetClass: vehicles.id })).id);
    expect(posted.lines.map((l) => [l.assetClass, l.asset, l.amount])).toEqual([
      ['VEH', expect.any(String), '100.00'],
      ['VEH', expect.any(String), '50.00'],
    ]);
    const journal = await ok<JournalView>('GET', `/gl/journals/${posted.journalId}`);
    expect(journal.lines).toHaveLength(4);
    // the computers class was not in this run: June is still to post for it
    const june = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period: '2026-06-30' });
    expect(june).toMatchObject({ assets: 1, amount: '100.00' });
    await ok('DELETE', `/fa/depreciation-runs/${june.id}`);
  });

  it('reverses the latest run: the reversal entry, and its rows return to the schedule for the next run', async () => {
    const list = await ok<{ items: { id: string; period: string; status: string }[] }>('GET', '/fa/depreciation-runs?limit=50');
    const older = list.items.find((r) => r.period === '2026-05')!;
    const refused = await api<ErrorObject>('POST', `/fa/depreciation-runs/${older.id}/reverse`, { date: '2026-06-30' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/was posted after this one: reverse it first/);
    const latest = list.items.find((r) => r.period === '2026-06')!;
    const reversed = await ok<DepreciationRunView>('POST', `/fa/depreciation-runs/${latest.id}/reverse`, { date: '2026-06-30' });
    expect(reversed.status).toBe('Reversed');
    const original = await ok<JournalView>('GET', `/gl/journals/${reversed.journalId}`);
    expect(original.status).toBe('Reversed');
    const redo = await post((await run('2026-06-30')).id);
    expect(redo).toMatchObject({ assets: 3, amount: '250.00' });
  });

  it('marks an asset fully depreciated when its last row is posted', async () => {
    const short = await cls('SHORT', { lifeMonths: 2 });
    const a = await activeAsset(short.id, '10', '2026-07-01');
    await post((await run('2026-08-31', { assetClass: short.id })).id);
    const s = await ok<AssetSchedule>('GET', `/fa/assets/${a.id}/schedule`);
    expect(s.status).toBe('Fully depreciated');
    expect(s.rows.map((r) => [r.amount, r.nbv, r.posted])).toEqual([['5.00', '5.00', true], ['5.00', '0.00', true]]);
  });

  it('changes an active asset\'s terms from a period after the posted ones: posted rows stay, the rest is regenerated', async () => {
    const life = await cls('LIFE', { lifeMonths: 12 });
    const a = await activeAsset(life.id, '1200', '2026-01-20');
    await post((await run('2026-02-28', { assetClass: life.id })).id);
    const before = await ok<AssetSchedule>('GET', `/fa/assets/${a.id}/schedule`);
    const early = await api<ErrorObject>('POST', `/fa/assets/${a.id}/change-terms`, { from: '2026-02-01', lifeMonths: 22 });
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(`Asset ${String(a.code)}: Period 2026-02 is already posted: a change takes effect from 2026-03 at the earliest`);
    // a longer life from March: 1,000.00 left over 20 months
    const longer = await ok<AssetSchedule>('POST', `/fa/assets/${a.id}/change-terms`, { from: '2026-03-01', lifeMonths: 22, reason: 'Refit' });
    expect(longer.lifeMonths).toBe(22);
    expect(longer.rows.slice(0, 2)).toEqual(before.rows.slice(0, 2));
    expect(longer.rows).toHaveLength(22);
    expect(longer.rows[2]).toMatchObject({ period: '2026-03', amount: '50.00', accumulated: '250.00', nbv: '950.00', posted: false });
    expect(longer.rows.at(-1)).toMatchObject({ period: '2027-10', nbv: '0.00' });
    // a capitalised improvement from April: the cost rises by 1,000.00, the book value 1,950.00 over 19 months
    const improved = await ok<AssetSchedule>('POST', `/fa/assets/${a.id}/change-terms`, { from: '2026-04-15', cost: '2200', reason: 'New engine' });
    expect(improved.cost).toBe('2200.00');
    expect(improved.rows[2]!.amount).toBe('50.00');
    expect(improved.rows[3]).toMatchObject({ period: '2026-04', amount: '102.63' });
    expect(improved.rows.at(-1)).toMatchObject({ accumulated: '2200.00', nbv: '0.00' });
    // the next run posts March at the changed amount
    const march = await post((await run('2026-03-31', { assetClass: life.id })).id);
    expect(march.amount).toBe('50.00');
  });

  it('units of production: usage entered per month regenerates the schedule; the run posts it; the asset is done when the units are', async () => {
    const uop = await cls('UOP', { method: 'Units of production', lifeMonths: 60 });
    const press = await activeAsset(uop.id, '1000', '2026-01-05', { unitsTotal: 1000 });
    expect((await ok<AssetSchedule>('GET', `/fa/assets/${press.id}/schedule`)).status).toBe('Active');
    await ok('POST', `/fa/assets/${press.id}/usage`, { period: '2026-01-31', units: 300 });
    const feb = await ok<AssetSchedule>('POST', `/fa/assets/${press.id}/usage`, { period: '2026-02-10', units: 333 });
    expect(feb.rows.map((r) => [r.period, r.amount, r.nbv])).toEqual([['2026-01', '300.00', '700.00'], ['2026-02', '333.00', '367.00']]);
    await post((await run('2026-02-28', { assetClass: uop.id })).id);
    // every row posted, but units are left: still active
    expect((await ok<AssetSchedule>('GET', `/fa/assets/${press.id}/schedule`)).status).toBe('Active');
    const late = await api<ErrorObject>('POST', `/fa/assets/${press.id}/usage`, { period: '2026-02-01', units: 1 });
    expect(late.status).toBe(422);
    // the rest of the units in March: the remainder
    const done = await ok<AssetSchedule>('POST', `/fa/assets/${press.id}/usage`, { period: '2026-03-01', units: 500 });
    expect(done.rows.at(-1)).toMatchObject({ period: '2026-03', amount: '367.00', nbv: '0.00' });
    await post((await run('2026-03-31', { assetClass: uop.id })).id);
    expect((await ok<AssetSchedule>('GET', `/fa/assets/${press.id}/schedule`)).status).toBe('Fully depreciated');
  });

  it('ties: accumulated depreciation in the ledger equals the posted rows of every schedule (a reversal counted out)', async () => {
    const assetList = await ok<List>('GET', '/fa/assets?limit=500');
    let posted = 0;
    for (const a of assetList.items) {
      const s = await ok<AssetSchedule>('GET', `/fa/assets/${a.id}/schedule`);
      posted += s.rows.filter((r) => r.posted).reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    }
    const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
    const row = (code: string) => tb.rows.find((r) => r.code === code)!;
    const net = (code: string) => Math.round((Number(row(code).debit) - Number(row(code).credit)) * 100);
    expect(posted).toBeGreaterThan(0);
    expect(-net('1510')).toBe(posted);
    expect(net('6300')).toBe(posted);
    expect(tb.balanced).toBe(true);
  });
});
