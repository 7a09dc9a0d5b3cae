// The splitting of an asset (issue 18): the original becomes Split, every part is a new asset with
// its share of cost, accumulated depreciation, residual and quantity to the cent (the last part takes
// the remainder) and its own schedule over the remaining life; ONE entry moves cost and accumulated
// depreciation between the assets on the control accounts (it nets to zero per account, the
// subledger per asset ties). Refusals change nothing; Reverse restores the original.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AssetSchedule, DepreciationRunView, DocumentEntry, EntityRecord, JournalView, SplitView, TrialBalance } from '@erp/contracts';
import { withTenant } from '../../src/platform/db/tenancy';
import { ledgerEntries } from '../../src/modules/ledger/index';
import { apportion, planParts, shareUnits } from '../../src/modules/fixed-assets/split/plan';
import { buildSchedule, regenerate, type DepreciationTerms } from '../../src/modules/fixed-assets/depreciation/engine';
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
const cents = (s: string) => Math.round(Number(s) * 100);
let accounts: Map<string, EntityRecord>;

let cls: EntityRecord;
let short: EntityRecord;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FASPLIT'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await ok<EntityRecord[]>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  // The module default profile (1500 cost, a FixedAsset control account; 1510 accumulated; 6300 expense).
  cls = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'IT', name: 'Computers', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month' });
  short = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'TOOLS', name: 'Tools', method: 'Straight line', lifeMonths: 3, residualKind: 'Amount', convention: 'Full month' });
});
afterAll(() => t.close());

async function activeAsset(assetClass: string, cost: string, extra: Record<string, unknown> = {}) {
  const a = await ok<EntityRecord>('POST', '/fa/assets', { description: `Asset ${cost}`, assetClass, acquisitionDate: '2026-01-05', cost, ...extra });
  await ok<AssetSchedule>('POST', `/fa/assets/${a.id}/activate`);
  return a;
}
const runTo = async (period: string) => {
  const run = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period });
  return ok<DepreciationRunView>('POST', `/fa/depreciation-runs/${run.id}/post`);
};
const split = (asset: string, splitDate: string, basis: 'Quantity' | 'Percent', shares: string[]) =>
  api<SplitView>('POST', '/fa/splits', { asset, splitDate, basis, parts: shares.map((share) => ({ share })) });
async function balances() {
  const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  const net = (code: string) => {
    const r = tb.rows.find((x) => x.code === code);
    return r ? cents(r.debit) - cents(r.credit) : 0;
  };
  return { cost: net('1500'), accumulated: net('1510'), expense: net('6300') };
}
/** The fixed-asset subledger: the net of the control account's lines per asset (party). */
async function subledger(): Promise<Map<string, number>> {
  const rows = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) =>
    tx
      .select({ party: ledgerEntries.partyId, net: sql<string>`sum(${ledgerEntries.debitMinor} - ${ledgerEntries.creditMinor})::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenant.tenantId), eq(ledgerEntries.accountId, accounts.get('1500')!.id), eq(ledgerEntries.partyType, 'Asset')))
      .groupBy(ledgerEntries.partyId),
  );
  return new Map(rows.map((r) => [r.party!, Number(r.net)]));
}
const assetCount = async () => (await ok<List>('GET', '/fa/assets?limit=1')).total;

describe('apportioning a split', () => {
  it('rounds each part half up to the cent and gives the remainder to the last', () => {
    expect(apportion(10000n, [1n, 1n, 1n])).toEqual([3333n, 3333n, 3334n]);
    expect(apportion(200n, [1n, 1n, 1n])).toEqual([67n, 67n, 66n]);
    expect(apportion(1n, [1n, 1n, 1n])).toEqual([0n, 0n, 1n]);
    expect(apportion(10000n, [shareUnits('33.3333'), shareUnits('33.3333'), shareUnits('33.3334')])).toEqual([3333n, 3333n, 3334n]);
    expect(apportion(999n, [shareUnits('12.5'), shareUnits('87.5')])).toEqual([125n, 874n]);
  });

  it('keeps every part at cost ≥ accumulated + residual when the rounding of three amounts would not', () => {
    // a fully depreciated asset: cost 100.00, residual 10.01, accumulated 89.99, three equal parts
    const original = { costMinor: 10000n, accumulatedMinor: 8999n, residualMinor: 1001n, quantity: 30000n };
    expect(apportion(1001n, [1n, 1n, 1n])).toEqual([334n, 334n, 333n]);
    expect(apportion(8999n, [1n, 1n, 1n])).toEqual([3000n, 3000n, 2999n]);
    const parts = planParts(original, [1n, 1n, 1n])!;
    for (const p of parts) expect(p.costMinor - p.accumulatedMinor - p.residualMinor).toBe(0n);
    expect(parts.reduce((s, p) => s + p.costMinor, 0n)).toBe(10000n);
    expect(parts.reduce((s, p) => s + p.accumulatedMinor, 0n)).toBe(8999n);
    expect(parts.reduce((s, p) => s + p.residualMinor, 0n)).toBe(1001n);
    expect(parts.map((p) => p.quantity)).toEqual([10000n, 10000n, 10000n]);
    // a share too small for the rounding of the others
    expect(apportion(2n, [3n, 3n, 3n, 1n])).toEqual([1n, 1n, 1n, -1n]);
    expect(planParts({ costMinor: 2n, accumulatedMinor: 0n, residualMinor: 0n, quantity: 40000n }, ['30', '30', '30', '10'].map(shareUnits))).toBeNull();
  });
});

describe('splitting an asset', () => {
  it('splits 100.00 into three by quantity: parts to the cent, schedules over the remaining life, one entry netting to zero, the subledger ties; reverse restores', async () => {
    // 100.00 over 12 months from January; January to March posted (8.33 a month: 24.99)
    const pc = await activeAsset(cls.id, '100', { quantity: '3', location: 'HQ' });
    const before = await ok<AssetSchedule>('GET', `/fa/assets/${pc.id}/schedule`);
    await runTo('2026-03-31');
    const balancesBefore = await balances();
    const created = await split(pc.id, '2026-03-31', 'Quantity', ['1', '1', '1']);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const draft = created.body;
    expect(draft).toMatchObject({ status: 'Draft', number: 'SP2026-000001', cost: '100.00', accumulated: '24.99', residual: '0.00', netBookValue: '75.01', problem: null });
    expect(draft.parts.map((p) => [p.quantity, p.cost, p.accumulated, p.residual])).toEqual([
      ['1.0000', '33.33', '8.33', '0.00'],
      ['1.0000', '33.33', '8.33', '0.00'],
      ['1.0000', '33.34', '8.33', '0.00'],
    ]);
    // What /journal shows of a SplittingSchedule task before posting: the posting staged and rolled back (nothing written), then the entry posted.
    const journalsBefore = (await ok<{ total: number }>('GET', '/gl/journals?limit=1')).total;
    const preview = await ok<DocumentEntry>('GET', `/fa/splits/${draft.id}/entry`);
    expect(preview).toMatchObject({ posted: false, journal: null, date: '2026-03-31' });
    expect((await ok<{ total: number }>('GET', '/gl/journals?limit=1')).total).toBe(journalsBefore);
    expect((await ok<EntityRecord>('GET', `/fa/assets/${pc.id}`)).status).toBe('Active');
    const posted = await ok<SplitView>('POST', `/fa/splits/${draft.id}/post`);
    expect(posted.status).toBe('Posted');
    const entry = await ok<DocumentEntry>('GET', `/fa/splits/${draft.id}/entry`);
    expect(entry).toMatchObject({ posted: true, journal: posted.journalId, journalNumber: posted.journalNumber });
    expect(entry.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual(preview.lines.map((l) => [l.accountCode, l.debit, l.credit]));
    expect(entry.lines.length).toBeGreaterThan(0);
    const ids = posted.parts.map((p) => p.newAsset!);
    expect(posted.parts.map((p) => p.newAssetCode)).toEqual(['A00002', 'A00003', 'A00004']);
    expect((await ok<EntityRecord>('GET', `/fa/assets/${pc.id}`)).status).toBe('Split');
    const original = await ok<AssetSchedule>('GET', `/fa/assets/${pc.id}/schedule`);
    expect(original.rows.map((r) => [r.period, r.posted])).toEqual([['2026-01', true], ['2026-02', true], ['2026-03', true]]);
    // each part: an active asset whose opening is its accumulated share as of March, depreciating April to December
    const schedules = await Promise.all(ids.map((id) => ok<AssetSchedule>('GET', `/fa/assets/${id}/schedule`)));
    for (const [i, s] of schedules.entries()) {
      const part = await ok<EntityRecord>('GET', `/fa/assets/${ids[i]}`);
      expect(part).toMatchObject({ status: 'Active', quantity: '1', location: 'HQ', openingAsOf: '2026-03-31', assetClass: cls.id });
      expect(s.rows.map((r) => r.period)).toEqual(['04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2026-${m}`));
      expect(s.rows.reduce((a, r) => a + cents(r.amount), 0)).toBe(cents(posted.parts[i]!.cost) - cents(posted.parts[i]!.accumulated));
      expect(s.rows.at(-1)!.nbv).toBe('0.00');
    }
    // the parts' schedules add up to what remained of the original's: in total exactly, and row by row (within the
    // rounding of three parts) to the engine's regeneration of the original from April; the last row takes what
    // the rounding of each schedule left (each schedule's last row takes its own remainder)
    const remaining = before.rows.filter((r) => r.period > '2026-03');
    expect(schedules.reduce((a, s) => a + s.rows.reduce((b, r) => b + cents(r.amount), 0), 0)).toBe(remaining.reduce((a, r) => a + cents(r.amount), 0));
    const terms: DepreciationTerms = { method: 'Straight line', convention: 'Full month', costMinor: 10000n, residualMinor: 0n, lifeMonths: 12, inServiceDate: '2026-01-05' };
    const built = buildSchedule(terms).map((r) => ({ ...r, posted: r.period <= '2026-03' }));
    const regenerated = regenerate(built, terms, '2026-04').filter((r) => r.period >= '2026-04');
    expect(regenerated.length).toBe(9);
    for (const [k, r] of regenerated.slice(0, -1).entries()) {
      const sum = schedules.reduce((a, s) => a + cents(s.rows[k]!.amount), 0);
      expect(Math.abs(sum - Number(r.amountMinor)), r.period).toBeLessThanOrEqual(3);
    }
    // ONE entry: cost and accumulated depreciation moved, nothing else; it nets to zero per account
    const journal = await ok<JournalView>('GET', `/gl/journals/${posted.journalId}`);
    expect(journal.journalDate).toBe('2026-03-31');
    expect(journal.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['1500', '0.00', '100.00'], ['1500', '33.33', '0.00'], ['1500', '33.33', '0.00'], ['1500', '33.34', '0.00'],
      ['1510', '24.99', '0.00'], ['1510', '0.00', '8.33'], ['1510', '0.00', '8.33'], ['1510', '0.00', '8.33'],
    ]);
    expect(await balances()).toEqual(balancesBefore);
    // the subledger per asset: the original gave its cost away, each part holds its own
    const sub = await subledger();
    expect(sub.get(pc.id)).toBe(-10000);
    expect(ids.map((id) => sub.get(id))).toEqual([3333, 3333, 3334]);
    // the list and its search
    const list = await ok<{ items: { number: string; parts: number; cost: string; status: string }[]; total: number }>('GET', '/fa/splits?search=SP2026-000001');
    expect(list.items).toEqual([expect.objectContaining({ number: 'SP2026-000001', parts: 3, cost: '100.00', status: 'Posted' })]);
    // reverse: the entry reversed, the parts cancelled, the original active with April to December again
    const reversed = await ok<SplitView>('POST', `/fa/splits/${posted.id}/reverse`, { date: '2026-04-01' });
    expect(reversed.status).toBe('Reversed');
    expect(await balances()).toEqual(balancesBefore);
    const after = await subledger();
    expect([pc.id, ...ids].map((id) => after.get(id))).toEqual([0, 0, 0, 0]);
    for (const id of ids) {
      expect((await ok<EntityRecord>('GET', `/fa/assets/${id}`)).status).toBe('Cancelled');
      expect((await ok<AssetSchedule>('GET', `/fa/assets/${id}/schedule`)).rows).toEqual([]);
    }
    expect((await ok<EntityRecord>('GET', `/fa/assets/${pc.id}`)).status).toBe('Active');
    const restored = await ok<AssetSchedule>('GET', `/fa/assets/${pc.id}/schedule`);
    expect(restored.rows.length).toBe(12);
    expect(restored.rows.filter((r) => !r.posted).reduce((a, r) => a + cents(r.amount), 0)).toBe(7501);
    // reversing twice: the kit's state machine
    expect((await api('POST', `/fa/splits/${posted.id}/reverse`, { date: '2026-04-01' })).status).toBe(409);
  });

  it('splits a fully depreciated asset by percent: the parts carry no schedule and cost = accumulated + residual each', async () => {
    // 100.00 with a residual of 10.01 over 3 months: fully depreciated after March
    const tool = await activeAsset(short.id, '100', { residualValue: '10.01' });
    await runTo('2026-03-31');
    expect((await ok<EntityRecord>('GET', `/fa/assets/${tool.id}`)).status).toBe('Fully depreciated');
    const draft = (await split(tool.id, '2026-04-10', 'Percent', ['33.3333', '33.3333', '33.3334'])).body;
    const posted = await ok<SplitView>('POST', `/fa/splits/${draft.id}/post`);
    expect(posted.parts.map((p) => [p.cost, p.quantity])).toEqual([['33.33', '0.3333'], ['33.33', '0.3333'], ['33.34', '0.3334']]);
    for (const p of posted.parts) {
      expect(cents(p.cost) - cents(p.accumulated) - cents(p.residual)).toBe(0);
      expect((await ok<EntityRecord>('GET', `/fa/assets/${p.newAsset}`)).status).toBe('Fully depreciated');
    }
    expect(posted.parts.reduce((a, p) => a + cents(p.accumulated), 0)).toBe(8999);
    expect(posted.parts.reduce((a, p) => a + cents(p.residual), 0)).toBe(1001);
  });

  it('refuses what would skip or contradict depreciation, and a refusal changes nothing', async () => {
    const a = await activeAsset(cls.id, '1200', { quantity: '2' });
    // quantities that do not add up, percents that do not make 100: nothing stored
    expect(await split(a.id, '2026-06-30', 'Quantity', ['1', '2'])).toMatchObject({ status: 422, body: { message: expect.stringContaining("The parts' quantities add up to 3.0000; asset") } });
    expect((await split(a.id, '2026-06-30', 'Percent', ['50', '40'])).status).toBe(400);
    expect((await split(a.id, '2026-06-30', 'Quantity', ['2'])).status).toBe(400);
    // depreciation of the split month not posted: refused at posting (the draft says why)
    const d = (await split(a.id, '2026-06-30', 'Quantity', ['1', '1'])).body;
    expect(d.problem).toMatch(/has depreciation up to 2026-06 not posted: run the depreciation up to 2026-06 first/);
    const count = await assetCount();
    const tb = await balances();
    expect(await api('POST', `/fa/splits/${d.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('a split never skips depreciation') } });
    expect(await assetCount()).toBe(count);
    expect(await balances()).toEqual(tb);
    expect((await ok<EntityRecord>('GET', `/fa/assets/${a.id}`)).status).toBe('Active');
    expect((await ok<SplitView>('GET', `/fa/splits/${d.id}`)).status).toBe('Draft');
    // depreciation posted after the split month
    await runTo('2026-06-30');
    const early = (await split(a.id, '2026-04-30', 'Quantity', ['1', '1'])).body;
    expect(await api('POST', `/fa/splits/${early.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('is depreciated up to 2026-06, after the split month: reverse that depreciation run first') } });
    // a draft asset
    const draftAsset = await ok<EntityRecord>('POST', '/fa/assets', { description: 'Not yet', assetClass: cls.id, acquisitionDate: '2026-01-01', cost: '100', quantity: '2' });
    const onDraft = (await split(draftAsset.id, '2026-06-30', 'Quantity', ['1', '1'])).body;
    expect(await api('POST', `/fa/splits/${onDraft.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('is draft: only an active or fully depreciated asset is split') } });
    // now it posts; a part depreciated by a run refuses the split's reversal until that run is reversed
    const good = await ok<SplitView>('POST', `/fa/splits/${d.id}/post`);
    expect(good.parts.map((p) => [p.cost, p.accumulated])).toEqual([['600.00', '300.00'], ['600.00', '300.00']]);
    const july = await runTo('2026-07-31');
    expect(await api('POST', `/fa/splits/${good.id}/reverse`, { date: '2026-07-31' })).toMatchObject({ status: 422, body: { message: expect.stringContaining('has depreciation posted up to 2026-07: reverse that depreciation run first') } });
    expect((await ok<SplitView>('GET', `/fa/splits/${good.id}`)).status).toBe('Posted');
    // the split asset itself is not split again
    const again = (await split(a.id, '2026-07-31', 'Quantity', ['1', '1'])).body;
    expect(await api('POST', `/fa/splits/${again.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('is split: only an active or fully depreciated asset is split') } });
    await ok('POST', `/fa/depreciation-runs/${july.id}/reverse`, { date: '2026-07-31' });
    expect((await ok<SplitView>('POST', `/fa/splits/${good.id}/reverse`, { date: '2026-07-31' })).status).toBe('Reversed');
    expect((await ok<EntityRecord>('GET', `/fa/assets/${a.id}`)).status).toBe('Active');
    // a draft split is deleted with its parts
    expect((await api('DELETE', `/fa/splits/${early.id}`)).status).toBe(200);
    expect((await api('GET', `/fa/splits/${early.id}`)).status).toBe(404);
  });
});
