// The monthly depreciation job (issue 18: "a pg-boss job can run it monthly"): only companies whose
// /module-config MonthlyDepreciationRun is set; the previous month's run is made and posted once —
// a rerun, two workers at once, or a rerun after a crash that left the claimed run a draft never post
// twice; the job is defined with the platform's jobs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTHLY_DEPRECIATION_SETTING, type DepreciationRunListItem, type DepreciationRunView, type EntityRecord, type TrialBalance } from '@erp/contracts';
import { rowsOf } from '../../src/platform/db/client';
import { withTenant } from '../../src/platform/db/tenancy';
import { DEPRECIATION_JOB, previousMonth, runMonthlyDepreciation } from '../../src/modules/fixed-assets/index';
import { adminOf, call, createTestApp, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
let periods: EntityRecord[];
const api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => call<T>(t.app, tenant.host, method, url, body, admin);
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const res = await api<T>(method, url, body);
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const runs = async () => (await ok<{ items: DepreciationRunListItem[] }>('GET', '/fa/depreciation-runs?limit=100')).items;
async function accumulated() {
  const tb = await ok<TrialBalance>('GET', '/gl/trial-balance?from=2026-01-01&to=2026-12-31');
  return tb.rows.find((x) => x.code === '1510')?.credit ?? '0.00';
}
const jobAt = (iso: string) => runMonthlyDepreciation(t.platform, new Date(iso));

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'FAJOB'));
  const fy = await ok<EntityRecord>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  periods = await ok<EntityRecord[]>('POST', `/gl/fiscal-years/${fy.id}/periods`, { pattern: 'monthly' });
  const cls = await ok<EntityRecord>('POST', '/fa/asset-classes', { code: 'VEH', name: 'Vehicles', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month' });
  const asset = await ok<EntityRecord>('POST', '/fa/assets', { description: 'Van', assetClass: cls.id, acquisitionDate: '2026-01-05', cost: '1200' });
  await ok('POST', `/fa/assets/${asset.id}/activate`);
});
afterAll(() => t.close());

describe('the monthly depreciation job', () => {
  it('is one of the platform jobs, and takes the month before the day it runs', () => {
    expect(t.platform.jobs.names()).toContain(DEPRECIATION_JOB);
    expect([previousMonth('2026-04-02'), previousMonth('2027-01-01')]).toEqual(['2026-03-01', '2026-12-01']);
  });

  it('leaves a company alone until its setting is on', async () => {
    const summary = await jobAt('2026-04-02T02:30:00Z');
    expect(summary.outcomes.filter((o) => o.tenantId === tenant.tenantId)).toEqual([]);
    expect(await runs()).toEqual([]);
  });

  it('posts the previous month once (catching up the months before it); a rerun and two workers at once post nothing more', async () => {
    await ok('POST', '/gl/module-configs', { module: 'Fixed Asset', setting: MONTHLY_DEPRECIATION_SETTING, value: 'Per class and dimensions' });
    const summary = await jobAt('2026-04-02T02:30:00Z');
    const mine = summary.outcomes.filter((o) => o.tenantId === tenant.tenantId);
    expect(mine).toMatchObject([{ period: '2026-03', result: 'posted', outcome: expect.stringMatching(/^Run DR2026-\d+ posted$/), issueCount: 0 }]);
    const [made] = await runs();
    expect(made).toMatchObject({ status: 'Posted', period: '2026-03', amount: '300.00', description: 'Depreciation 2026-03 (monthly job)' });
    const view = await ok<DepreciationRunView>('GET', `/fa/depreciation-runs/${made!.id}`);
    expect(view.journalId).not.toBeNull();
    expect(await accumulated()).toBe('300.00');

    const again = await jobAt('2026-04-03T02:30:00Z');
    expect(again.outcomes.filter((o) => o.tenantId === tenant.tenantId)).toMatchObject([{ runId: made!.id, result: 'none', outcome: expect.stringMatching(/is posted$/) }]);
    await Promise.all([jobAt('2026-04-04T02:30:00Z'), jobAt('2026-04-04T02:30:00Z')]);
    expect((await runs()).length).toBe(1);
    expect(await accumulated()).toBe('300.00');
  });

  it('two workers on a new month: one run, posted once', async () => {
    const [a, b] = await Promise.all([jobAt('2026-05-02T02:30:00Z'), jobAt('2026-05-02T02:30:00Z')]);
    const ids = [...a.outcomes, ...b.outcomes].filter((o) => o.tenantId === tenant.tenantId).map((o) => o.runId);
    expect(new Set(ids).size).toBe(1);
    const list = await runs();
    expect(list.filter((r) => r.period === '2026-04')).toMatchObject([{ status: 'Posted', amount: '100.00' }]);
    expect(await accumulated()).toBe('400.00');
  });

  it('after a crash that left its claimed run a draft, the rerun submits that run: no second run', async () => {
    // what a crash between the claim's commit and the submission leaves: the claim and a draft run
    const draft = await ok<DepreciationRunView>('POST', '/fa/depreciation-runs', { period: '2026-05-31', description: 'Depreciation 2026-05 (monthly job)' });
    await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) =>
      tx.execute(sql`insert into depreciation_job_runs (tenant_id, company_id, period, run) values (${tenant.tenantId}::uuid, ${tenant.companyId}::uuid, '2026-05-01', ${draft.id}::uuid)`),
    );
    const summary = await jobAt('2026-06-01T02:30:00Z');
    expect(summary.outcomes.filter((o) => o.tenantId === tenant.tenantId)).toMatchObject([{ runId: draft.id, outcome: expect.stringMatching(/posted$/) }]);
    expect((await runs()).filter((r) => r.period === '2026-05')).toMatchObject([{ id: draft.id, status: 'Posted', amount: '100.00' }]);
    expect(await accumulated()).toBe('500.00');
    const claims = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, async (tx) =>
      rowsOf<{ period: string; outcome: string }>(await tx.execute(sql`select period::text, outcome from depreciation_job_runs order by period`)),
    );
    expect(claims.map((c) => c.period)).toEqual(['2026-03-01', '2026-04-01', '2026-05-01']);
    expect(claims.every((c) => / posted$/.test(c.outcome))).toBe(true);
  });

  it('reports a month it cannot post (a closed period) and tries again on the next run, still with one run', async () => {
    const june = periods.find((p) => p.name === 'Jun 2026')!;
    await ok('POST', `/gl/accounting-periods/${june.id}/status`, { status: 'Closed' });
    await expect(jobAt('2026-07-01T02:30:00Z')).rejects.toThrow(/Monthly depreciation failed for 1 company: .*Period Jun 2026 is closed/);
    expect((await runs()).filter((r) => r.period === '2026-06')).toMatchObject([{ status: 'Draft' }]);
    await ok('POST', `/gl/accounting-periods/${june.id}/status`, { status: 'Open' });
    await jobAt('2026-07-02T02:30:00Z');
    expect((await runs()).filter((r) => r.period === '2026-06')).toMatchObject([{ status: 'Posted', amount: '100.00' }]);
    expect(await accumulated()).toBe('600.00');
  });
});
