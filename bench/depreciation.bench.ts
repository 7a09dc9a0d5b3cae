// Benchmark 10 of issue 18: the depreciation run for one month over 100,000 active assets,
// including posting (ONE ledger entry through the port), through the API: create the run, post it.
// Goal: under 10 s. The assets are generated set-based in SQL in 10 classes (their schedules: the
// twelve months of 2026, straight line; rows of later months would not be read: the run's index
// ranges over the unposted rows up to its period). Also timed: the same period again (posts
// nothing), and the next month with a line per asset.
import pg from 'pg';
import { scaled, type BenchServer } from './lib';

const GOAL_S = 10;
const CHUNK = 50_000;

export async function depreciationRun(server: BenchServer): Promise<void> {
  const n = scaled(100_000);
  const json = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, body === undefined ? { headers: server.auth, signal: AbortSignal.timeout(600_000) } : { method: 'POST', headers: server.auth, body: JSON.stringify(body), signal: AbortSignal.timeout(600_000) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const classes: string[] = [];
  for (let i = 0; i < 10; i++) classes.push((await json<{ id: string }>('/fa/asset-classes', { code: `C${i}`, name: `Class ${i}`, method: 'Straight line', lifeMonths: 60, residualKind: 'Amount', convention: 'Full month' })).id);

  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  try {
    const { tenant_id: tenantId, company_id: companyId } = (await client.query(`select tenant_id, company_id from companies where code = 'HQ' limit 1`)).rows[0] as { tenant_id: string; company_id: string };
    const ids = `array[${classes.map((c) => `'${c}'::uuid`).join(',')}]`;
    const t0 = performance.now();
    for (let from = 1; from <= n; from += CHUNK) {
      const to = Math.min(n, from + CHUNK - 1);
      // Costs 600.00 to 60,000.00 in whole hundreds: 60 equal months, no remainder to place.
      await client.query(`
        create temp table if not exists ba (n int, id uuid, cls uuid, monthly bigint);
        truncate ba;
        insert into ba select g, gen_random_uuid(), (${ids})[1 + g % 10], 1000 + (g % 99) * 1000 from generate_series(${from}, ${to}) g;
        insert into assets (tenant_id, company_id, id, code, description, asset_class, acquisition_date, cost, in_service_date, quantity, status)
          select '${tenantId}', '${companyId}', id, 'B' || lpad(n::text, 7, '0'), 'Generated asset ' || n, cls, date '2026-01-01', monthly * 60 / 100.0, date '2026-01-01', 1, 'Active' from ba;
        insert into asset_schedule_rows (tenant_id, company_id, asset, period, amount_minor, accumulated_minor, nbv_minor, basis)
          select '${tenantId}', '${companyId}', id, (date '2026-01-01' + (m - 1) * interval '1 month')::date, monthly, monthly * m, monthly * (60 - m),
            jsonb_build_object('year', null, 'segmentMinor', (monthly * 60)::text, 'shares', jsonb_build_array(jsonb_build_object('num', '1', 'den', '60')), 'remainder', false)
          from ba, generate_series(1, 12) m;`);
    }
    await client.query('analyze assets; analyze asset_schedule_rows; analyze asset_classes');
    console.log(`10. depreciation run over ${n.toLocaleString('en-US')} active assets in 10 classes (12 schedule rows each), generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const timedRun = async (label: string, body: Record<string, unknown>, goal: boolean) => {
      const t1 = performance.now();
      const draft = await json<{ id: string }>('/fa/depreciation-runs', body);
      const posted = await json<{ assets: number; amount: string; journalId: string | null; issueCount: number }>(`/fa/depreciation-runs/${draft.id}/post`, {});
      const s = (performance.now() - t1) / 1000;
      const verdict = goal ? `   ${s < GOAL_S ? 'meets' : 'MISSES'} the goal < ${GOAL_S} s` : '';
      console.log(`   ${label}: ${s.toFixed(2)} s (assets ${posted.assets.toLocaleString('en-US')}, amount ${posted.amount}, entry ${posted.journalId ? 'posted' : 'none'}, not depreciated ${posted.issueCount})${verdict}`);
    };
    await timedRun('January 2026, lines per class (create + post)', { period: '2026-01-31' }, true);
    await timedRun('January 2026 again (nothing left to post)', { period: '2026-01-31' }, false);
    await timedRun('February 2026, a line per asset', { period: '2026-02-28', detail: 'Per asset' }, false);
  } finally {
    await client.end();
  }
}
