// The revaluation of assets (issue 18, IAS 16 elimination method): the accumulated depreciation is
// eliminated against the cost, the cost restated to the fair value; a surplus goes to the reserve
// except as far as it reverses an earlier deficit in profit or loss, a deficit takes the asset's
// reserve first. The ledger's balances are the textbook's, the cost control account ties to its
// parties (the assets), the schedule is the engine's regeneration, Reverse restores both, and the
// refusals change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetRegister, AssetRevaluationView, AssetSchedule, DepreciationRunView, DisposalView, DocumentEntry, EntityRecord, ErrorObject, JournalView, SubledgerTieout, TrialBalance } from '@erp/contracts';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';
import { regenerate, type DepreciationTerms, type ScheduleRow } from '../../src/modules/fixed-assets/depreciation/engine';

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
async function runTo(period: string, assetClass: string) {
  const run = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period, assetClass });
  return ok<DepreciationRunView>('POST', `/fa/depreciation-runs/${run.id}/post`);
}
const revalue = (revaluationDate: string, items: [string, string][]) => ok<AssetRevaluationView>('POST', '/fa/revaluations', { revaluationDate, lines: items.map(([asset, fairValue]) => ({ asset, fairValue })) });
const post = (id: string) => ok<AssetRevaluationView>('POST', `/fa/revaluations/${id}/post`);

let sl: EntityRecord;
let syd: EntityRecord;
let other: EntityRecord;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FAREVAL'));
  accounts = new Map((await api<List>('GET', '/gl/accounts?limit=500')).body.items.map((a) => [String(a.code), a]));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await ok<EntityRecord[]>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  await account('3900', 'Revaluation reserve', '3100');
  await account('6960', 'Revaluation losses', '6300');
  await account('1190', 'Asset sales clearing', '1510');
  await account('4950', 'Gain on disposal of assets', '4900');
  const profile = await ok<EntityRecord>('POST', '/gl/posting-profiles', {
    code: 'FAR', name: 'Buildings', module: 'Fixed Asset', moduleDefault: false, controlAccount: acct('1500'), accumulatedDepreciationAccount: acct('1510'), depreciationExpenseAccount: acct('6300'),
    revaluationSurplusAccount: acct('3900'), revaluationLossAccount: acct('6960'), disposalLossAccount: acct('6960'), disposalGainAccount: acct('4950'), clearingAccount: acct('1190'),
  });
  sl = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'BLD', name: 'Buildings', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', postingProfile: profile.id });
  syd = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'SYD', name: 'Machines', method: "Sum of years' digits", lifeMonths: 36, residualKind: 'Amount', convention: 'Full month', postingProfile: profile.id });
  // A class on the module default profile, which names no revaluation account.
  other = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'OTH', name: 'Other', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month' });
});
afterAll(() => t.close());

async function balances() {
  const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  const net = (code: string) => {
    const r = tb.rows.find((x) => x.code === code);
    return r ? (Math.round(Number(r.debit) * 100) - Math.round(Number(r.credit) * 100)) / 100 : 0;
  };
  return { cost: net('1500'), accumulated: net('1510'), reserve: net('3900'), loss: net('6960'), expense: net('6300') };
}
async function tiesOut() {
  const report = await ok<SubledgerTieout>('GET', '/gl/subledger-tieout?asOf=2026-12-31');
  return report.rows.filter((r) => r.accountCode === '1500').map((r) => [r.ledgerBalance, r.partyBalance, r.tiesOut]);
}
const schedule = (id: string) => ok<AssetSchedule>('GET', `/fa/assets/${id}/schedule`);

describe('the revaluation of assets', () => {
  it('a surplus, a deficit taking the reserve first, then a surplus reversing the loss first; the ledger and the subledger tie', async () => {
    // 1200 over 12 months from January: 100 a month; January to March posted
    const x = await activeAsset(sl.id, '1200');
    await runTo('2026-03-31', sl.id);
    // Surplus: book value 900, fair value 1800: +900 to the reserve, the accumulated 300 eliminated
    const draft = await revalue('2026-03-31', [[x.id, '1800']]);
    expect(draft).toMatchObject({ status: 'Draft', number: 'RV2026-000001', change: '900.00', reserve: '900.00', profitOrLoss: '0.00' });
    expect(draft.lines[0]).toMatchObject({ cost: '1200.00', accumulated: '300.00', netBookValue: '900.00', fairValue: '1800.00', change: '900.00', monthsLeft: 9, nextDepreciation: '200.00', problem: null });
    // the entry a task on /journal shows before posting: the posting staged and rolled back
    const preview = await ok<DocumentEntry>('GET', `/fa/revaluations/${draft.id}/entry`);
    expect(preview).toMatchObject({ posted: false, date: '2026-03-31' });
    expect(preview.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['1510', '300.00', '0.00'], ['1500', '0.00', '300.00'], ['1500', '900.00', '0.00'], ['3900', '0.00', '900.00']]);
    expect((await ok<AssetRevaluationView>('GET', `/fa/revaluations/${draft.id}`)).status).toBe('Draft');
    const first = await post(draft.id);
    expect(first).toMatchObject({ status: 'Posted', change: '900.00', reserve: '900.00' });
    const journal = await ok<JournalView>('GET', `/gl/journals/${first.journalId}`);
    expect(journal.journalDate).toBe('2026-03-31');
    expect(lines(journal)).toEqual(preview.lines.map((l) => [l.accountCode, l.debit, l.credit]));
    expect((await ok<DocumentEntry>('GET', `/fa/revaluations/${draft.id}/entry`))).toMatchObject({ posted: true, journal: first.journalId });
    // cost: -300 + 900 (the acquisition is not posted here), accumulated: 300 depreciated, 300 eliminated
    expect(await balances()).toEqual({ cost: 600, accumulated: 0, reserve: -900, loss: 0, expense: 300 });
    expect(await tiesOut()).toEqual([['600.00', '600.00', true]]);
    // The register shows what the ledger holds of it: cost 2100 less the 300 eliminated, no accumulated depreciation left, book value 1800.
    const register = await ok<AssetRegister>('GET', '/fa/reports/register?asOf=2026-03-31');
    expect(register.rows.find((row) => row.id === x.id)).toMatchObject({ cost: '1800.00', accumulated: '0.00', netBookValue: '1800.00' });
    // the schedule: January to March posted as they were, April on: 1800 over the 9 months left
    const s1 = await schedule(x.id);
    expect(s1.cost).toBe('2100.00');
    expect(s1.rows.filter((r) => r.posted).map((r) => r.amount)).toEqual(['100.00', '100.00', '100.00']);
    expect(s1.rows.filter((r) => !r.posted).map((r) => [r.period, r.amount])).toEqual(['04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => [`2026-${m}`, '200.00']));

    // April to June posted (600): book value 1200; fair value 900: -300 all from the reserve
    await runTo('2026-06-30', sl.id);
    const second = await post((await revalue('2026-06-30', [[x.id, '900']])).id);
    expect(second.lines[0]).toMatchObject({ cost: '1800.00', accumulated: '600.00', netBookValue: '1200.00', change: '-300.00', reserve: '-300.00', profitOrLoss: '0.00', surplusBefore: '900.00', deficitBefore: '0.00' });
    expect(lines(await ok<JournalView>('GET', `/gl/journals/${second.journalId}`))).toEqual([['1510', '600.00', '0.00'], ['1500', '0.00', '600.00'], ['3900', '300.00', '0.00'], ['1500', '0.00', '300.00']]);
    expect(await balances()).toEqual({ cost: -300, accumulated: 0, reserve: -600, loss: 0, expense: 900 });

    // July posted (900 over 6: 150): book value 750; fair value 100: -650, the reserve's 600 first, 50 a loss
    await runTo('2026-07-31', sl.id);
    const third = await post((await revalue('2026-07-31', [[x.id, '100']])).id);
    expect(third.lines[0]).toMatchObject({ netBookValue: '750.00', change: '-650.00', reserve: '-600.00', profitOrLoss: '-50.00', surplusBefore: '600.00' });
    expect(await balances()).toEqual({ cost: -1100, accumulated: 0, reserve: 0, loss: 50, expense: 1050 });

    // August posted (100 over 5: 20): book value 80; fair value 200: +120, the 50 loss reversed first, 70 to the reserve
    await runTo('2026-08-31', sl.id);
    const before = await balances();
    const scheduleBefore = await schedule(x.id);
    const fourth = await post((await revalue('2026-08-31', [[x.id, '200']])).id);
    expect(fourth.lines[0]).toMatchObject({ netBookValue: '80.00', change: '120.00', reserve: '70.00', profitOrLoss: '50.00', deficitBefore: '50.00', surplusBefore: '0.00', monthsLeft: 4, nextDepreciation: '50.00' });
    expect(lines(await ok<JournalView>('GET', `/gl/journals/${fourth.journalId}`))).toEqual([['1510', '20.00', '0.00'], ['1500', '0.00', '20.00'], ['1500', '120.00', '0.00'], ['6960', '0.00', '50.00'], ['3900', '0.00', '70.00']]);
    expect(await balances()).toEqual({ cost: -1000, accumulated: 0, reserve: -70, loss: 0, expense: 1070 });
    expect(await tiesOut()).toEqual([['-1000.00', '-1000.00', true]]);

    // Reverse the latest: the balances and the schedule before it, the asset's cost term back
    expect(await ok<AssetRevaluationView>('POST', `/fa/revaluations/${fourth.id}/reverse`, { date: '2026-08-31' })).toMatchObject({ status: 'Reversed' });
    expect(await balances()).toEqual(before);
    const restored = await schedule(x.id);
    expect(restored.cost).toBe(scheduleBefore.cost);
    expect(restored.rows.map((r) => [r.period, r.amount, r.posted])).toEqual(scheduleBefore.rows.map((r) => [r.period, r.amount, r.posted]));

    // An earlier revaluation is not reversed once depreciation after it is posted
    expect(await api('POST', `/fa/revaluations/${third.id}/reverse`, { date: '2026-08-31' })).toMatchObject({ status: 422, body: { message: expect.stringContaining('depreciated up to 2026-08') } });
    // Revalue again (the reserve holds nothing, the loss 50 is the asset's): +120 reverses 50, 70 to the reserve, as before
    const again = await post((await revalue('2026-08-31', [[x.id, '200']])).id);
    expect(again.lines[0]).toMatchObject({ profitOrLoss: '50.00', reserve: '70.00' });

    // A disposal after revaluations removes what the ledger holds: the asset's cost and accumulated depreciation net to the unposted acquisition
    const sold = await ok<DisposalView>('POST', `/fa/disposals/${(await ok<DisposalView>('POST', '/fa/disposals', { asset: x.id, disposalDate: '2026-09-30', disposalType: 'Sale', proceeds: '150' })).id}/post`);
    // September depreciated first: 200 over 4 = 50; book value 150, no gain or loss
    expect(sold).toMatchObject({ cost: '200.00', accumulated: '50.00', netBookValue: '150.00', gainLoss: '0.00' });
    expect(await balances()).toMatchObject({ cost: -1200, accumulated: 0 });
    expect(await tiesOut()).toEqual([['-1200.00', '-1200.00', true]]);
  });

  it('regenerates the schedule from the month after the date as the engine does, over several assets', async () => {
    // Sum of the years' digits over 36 months: uneven amounts; January and February posted
    const a = await activeAsset(syd.id, '3600', '2026-01-01');
    const b = await activeAsset(syd.id, '1000', '2026-01-01');
    await runTo('2026-02-28', syd.id);
    const before = [await schedule(a.id), await schedule(b.id)];
    const r = await post((await revalue('2026-02-28', [[a.id, '4000'], [b.id, '777.77']])).id);
    expect(r.lines.map((l) => l.assetCode)).toEqual([a.code, b.code]);
    for (const [i, id] of [a.id, b.id].entries()) {
      const was = before[i]!;
      const rows: ScheduleRow[] = was.rows.map((x) => ({ period: x.period, amountMinor: BigInt(Math.round(Number(x.amount) * 100)), accumulatedMinor: BigInt(Math.round(Number(x.accumulated) * 100)), nbvMinor: BigInt(Math.round(Number(x.nbv) * 100)), basis: x.basis, posted: x.posted }));
      const posted = rows.filter((x) => x.posted).reduce((s, x) => s + x.amountMinor, 0n);
      const fair = BigInt(Math.round(Number(r.lines[i]!.fairValue) * 100));
      const terms: DepreciationTerms = { method: "Sum of years' digits", convention: 'Full month', costMinor: fair + posted, residualMinor: 0n, lifeMonths: 36, inServiceDate: '2026-01-01' };
      const expected = regenerate(rows, terms, '2026-03').map((x) => [x.period, (Number(x.amountMinor) / 100).toFixed(2)]);
      const now = await schedule(id);
      expect(now.rows.map((x) => [x.period, x.amount])).toEqual(expected);
      expect(now.rows.filter((x) => !x.posted).reduce((s, x) => s + Math.round(Number(x.amount) * 100), 0)).toBe(Number(fair));
    }
  });

  it('refuses what it cannot revalue and changes nothing; bad input is an error object', async () => {
    const x = await activeAsset(sl.id, '1200');
    // depreciation up to the date not posted yet (January to March)
    const unposted = await revalue('2026-03-31', [[x.id, '1000']]);
    expect(unposted.lines[0]!.problem).toContain('not posted');
    expect(await api('POST', `/fa/revaluations/${unposted.id}/post`)).toMatchObject({ status: 422, body: { message: `Asset ${x.code} has depreciation of 2026-01 not posted: post the depreciation up to 2026-03 first` } });
    expect((await ok<AssetRevaluationView>('GET', `/fa/revaluations/${unposted.id}`)).status).toBe('Draft');
    // a draft asset
    const draftAsset = await ok<EntityRecord>('POST', '/fa/assets', { description: 'Not yet', assetClass: sl.id, acquisitionDate: '2026-01-01', cost: '100' });
    const onDraft = await revalue('2026-03-31', [[draftAsset.id, '50']]);
    expect(await api('POST', `/fa/revaluations/${onDraft.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('is draft') } });
    // depreciation posted after the date
    await runTo('2026-05-31', sl.id);
    const late = await revalue('2026-03-31', [[x.id, '1000']]);
    expect(await api('POST', `/fa/revaluations/${late.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('depreciated up to 2026-05, after the revaluation date') } });
    // a disposed asset
    const gone = await activeAsset(sl.id, '600');
    await ok('POST', `/fa/disposals/${(await ok<DisposalView>('POST', '/fa/disposals', { asset: gone.id, disposalDate: '2026-05-31', disposalType: 'Scrap' })).id}/post`);
    const onGone = await revalue('2026-05-31', [[gone.id, '300']]);
    expect(await api('POST', `/fa/revaluations/${onGone.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('is disposed') } });
    // no revaluation account on the module default profile: refused, nothing posted
    const y = await activeAsset(other.id, '1200', '2026-06-01');
    await runTo('2026-06-30', other.id);
    const noAccount = await revalue('2026-06-30', [[y.id, '1500']]);
    const balancesBefore = await balances();
    expect(await api('POST', `/fa/revaluations/${noAccount.id}/post`)).toMatchObject({ status: 422, body: { message: expect.stringContaining('No revaluation surplus account: set one on the posting profile of asset class OTH') } });
    expect(await balances()).toEqual(balancesBefore);
    expect((await schedule(y.id)).cost).toBe('1200.00');
    // bad input: the shared schemas' error object, never a 500
    for (const body of [
      { revaluationDate: '2026-05-31', lines: [{ asset: x.id, fairValue: 'abc' }] },
      { revaluationDate: '2026-05-31', lines: [] },
      { revaluationDate: '2026-05-31', lines: [{ asset: x.id, fairValue: '1' }, { asset: x.id, fairValue: '2' }] },
      { revaluationDate: 'someday', lines: [{ asset: x.id, fairValue: '1' }] },
    ]) {
      const res = await api<ErrorObject>('POST', '/fa/revaluations', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await api<ErrorObject>('POST', '/fa/revaluations', { revaluationDate: '2026-05-31', lines: [{ asset: x.id, fairValue: '1.001' }] })).toMatchObject({ status: 422, body: { message: expect.stringContaining('more than 2 decimals') } });
    expect(await api<ErrorObject>('POST', '/fa/revaluations', { revaluationDate: '2026-05-31', lines: [{ asset: '00000000-0000-4000-8000-000000000000', fairValue: '1' }] })).toMatchObject({ status: 422, body: { message: expect.stringContaining('No such asset in this company') } });
    // the list
    const list = await ok<{ items: { number: string; status: string; assetCodes: string }[]; total: number }>('GET', '/fa/revaluations?status=Draft&limit=50');
    expect(list.items.length).toBeGreaterThanOrEqual(4);
    expect(list.items.every((i) => i.status === 'Draft')).toBe(true);
  });

  it('shows a disposal\'s entry before posting (staged, nothing written) and once posted', async () => {
    const x = await activeAsset(sl.id, '1200', '2026-01-01');
    await runTo('2026-03-31', sl.id);
    const d = await ok<DisposalView>('POST', '/fa/disposals', { asset: x.id, disposalDate: '2026-03-31', disposalType: 'Sale', proceeds: '1000' });
    const preview = await ok<DocumentEntry>('GET', `/fa/disposals/${d.id}/entry`);
    expect(preview).toMatchObject({ posted: false, date: '2026-03-31' });
    // accumulated 300, book value 900, proceeds 1000: a gain of 100
    expect(preview.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['1510', '300.00', '0.00'], ['1190', '1000.00', '0.00'], ['1500', '0.00', '1200.00'], ['4950', '0.00', '100.00']]);
    expect((await ok<EntityRecord>('GET', `/fa/assets/${x.id}`)).status).toBe('Active');
    const posted = await ok<DisposalView>('POST', `/fa/disposals/${d.id}/post`);
    const entry = await ok<DocumentEntry>('GET', `/fa/disposals/${d.id}/entry`);
    expect(entry).toMatchObject({ posted: true, journal: posted.journalId });
    expect(entry.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual(preview.lines.map((l) => [l.accountCode, l.debit, l.credit]));
  });

  it('splits a revalued asset by what the ledger holds: the parts carry its cost and accumulated depreciation less what the revaluation eliminated', async () => {
    // A class of its own, on the same profile, so the runs touch this asset only.
    const spl = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'SPL', name: 'Split after revaluation', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month', postingProfile: sl.postingProfile });
    const start = await balances();
    const delta = async () => {
      const now = await balances();
      return { cost: Math.round((now.cost - start.cost) * 100) / 100, accumulated: Math.round((now.accumulated - start.accumulated) * 100) / 100, reserve: Math.round((now.reserve - start.reserve) * 100) / 100 };
    };
    // 1200 over 12 months: January to March posted (300); revalued to 1800 (300 eliminated); April posted (1800 over 9: 200)
    const y = await activeAsset(spl.id, '1200', '2026-01-01');
    await runTo('2026-03-31', spl.id);
    await post((await revalue('2026-03-31', [[y.id, '1800']])).id);
    await runTo('2026-04-30', spl.id);
    // The ledger holds 1800 of cost and 200 of accumulated depreciation for it (its cost term is 2100, opening plus posted 500).
    const split = await ok<{ id: string; cost: string; accumulated: string; parts: { cost: string; accumulated: string; newAsset: string | null }[] }>('POST', '/fa/splits', { asset: y.id, splitDate: '2026-04-30', basis: 'Percent', parts: [{ share: '50' }, { share: '50' }] });
    expect([split.cost, split.accumulated]).toEqual(['1800.00', '200.00']);
    const done = await ok<typeof split>('POST', `/fa/splits/${split.id}/post`);
    expect(done.parts.map((p) => [p.cost, p.accumulated])).toEqual([['900.00', '100.00'], ['900.00', '100.00']]);
    // Each part: book value 800 over the 8 months left, 100 a month; May posted.
    await runTo('2026-05-31', spl.id);
    for (const part of done.parts) {
      const sold = await ok<DisposalView>('POST', `/fa/disposals/${(await ok<DisposalView>('POST', '/fa/disposals', { asset: part.newAsset, disposalDate: '2026-05-31', disposalType: 'Sale', proceeds: '700' })).id}/post`);
      // each part carries half the surplus (900 / 2), moved to retained earnings when it is sold
      expect(sold).toMatchObject({ cost: '900.00', accumulated: '200.00', netBookValue: '700.00', gainLoss: '0.00', reserveTransferred: '450.00' });
    }
    // Everything the asset brought to the ledger is gone but its unposted acquisition (1200): accumulated depreciation back to nothing, the reserve too.
    expect(await delta()).toEqual({ cost: -1200, accumulated: 0, reserve: 0 });
    expect((await tiesOut()).every(([, , ties]) => ties === true)).toBe(true);
  });
});
