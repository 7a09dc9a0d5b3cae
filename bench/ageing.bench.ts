// Benchmark 12 of issue 16: ageing as of a date over 1,000,000 open items, through the API, p95
// against the goal of 200 ms. The items are generated set-based in SQL (one tenant and company, 200
// customers, posted invoices over 2026 with one instalment each, due 30 days after, a tenth of them
// partly credited by a credit note), with the columns the open items' trigger keeps. Payments'
// allocations are not generated (the seed would need their entries). The seed skips triggers (replica
// role, as a restore), so the ageing's maintained structure (ageing_states, ageing_sums: migration 0049)
// is then built set-based by the function its triggers call (`ageing_refresh`, a chunk of items at a
// time), and its time printed apart. The report reads ageing_sums (one row per party, due date,
// document date and day of change: here about 200 × 365 × 2), the drill-down one party's intervals.
// Timed before any ANALYZE and again after an explicit one. Measured 27 Nov 2026 (2 x AMD EPYC shared by
// six sessions): at 1,000,000 items, load 5-8, seed 120 s and structure 49 s, every case meets: p50
// 20-63 ms, p95 52-181 ms (under load 18-24 the same data gave p95 120-490 ms); the summary reads the
// same 16,060 sums at 100,000 and 1,000,000 items. Before 0049: 50,000 items 0.35-7.6 s.
import pg from 'pg';
import { ms, scaled, stats, type BenchServer } from './lib';

const RUNS = 20;
const GOAL_P95_MS = 200;
const CHUNK = 100_000;
const GIVE_UP_MS = 10_000;

async function timed(call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    await call();
    const took = performance.now() - t0;
    if (i >= 2) times.push(took);
    if (took > GIVE_UP_MS) return { ...stats(times.length ? times : [took]), gaveUp: true };
  }
  return { ...stats(times), gaveUp: false };
}

export async function ageingReport(server: BenchServer): Promise<void> {
  const n = scaled(1_000_000);
  const auth = server.auth;
  const json = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, body === undefined ? { headers: auth, signal: AbortSignal.timeout(120_000) } : { method: 'POST', headers: auth, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const group = (await json<{ items: { id: string; code: string }[] }>('/ar/customer-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const customers: string[] = [];
  for (let i = 0; i < 200; i++) customers.push((await json<{ id: string }>('/ar/customers', { code: `AC${i}`, name: `Ageing customer ${i}`, group: group.id })).id);

  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  try {
    const { tenant_id: tenantId, company_id: companyId } = (await client.query(`select tenant_id, company_id from companies where code = 'HQ' limit 1`)).rows[0] as { tenant_id: string; company_id: string };
    let buildMs = 0;
    const parties = `array[${customers.map((v) => `'${v}'::uuid`).join(',')}]`;
    const t0 = performance.now();
    // Keys right by construction: the seed skips triggers and foreign key checks (replica role), as a restore would.
    await client.query('set session_replication_role = replica');
    for (let from = 1; from <= n; from += CHUNK) {
      const to = Math.min(n, from + CHUNK - 1);
      await client.query(`
        create temp table if not exists ai (n int, id uuid, party uuid, d date, gross bigint);
        truncate ai;
        insert into ai select g, gen_random_uuid(), (${parties})[1 + (g * 7) % ${customers.length}], date '2026-01-01' + ((g * 13) % 365), 100 + (g::bigint * 7919) % 999900
          from generate_series(${from}, ${to}) g;
        insert into invoices (tenant_id, company_id, id, side, kind, number, status, party_id, document_date, posting_date, currency, description,
            total_net_minor, total_tax_minor, total_gross_minor, base_currency, total_base_minor, due_date, remaining_minor, open_due_date, created_at, updated_at)
          select '${tenantId}', '${companyId}', id, 'receivables', 'Invoice', 'AI' || lpad(n::text, 8, '0'), 'Posted', party, d, d, 'USD',
            'Generated invoice ' || n, gross, 0, gross, 'USD', gross, d + 30, gross, d + 30, timestamptz '2026-01-01' + n * interval '1 second', now()
          from ai;
        insert into open_items (tenant_id, company_id, side, invoice_id, line, party_id, currency, due_date, amount_minor, remaining_minor, status)
          select '${tenantId}', '${companyId}', 'receivables', id, 1, party, 'USD', d + 30, gross, gross - case when n % 10 = 0 then gross / 2 else 0 end, 'Open' from ai;
        -- Every tenth credited by half on its document date + 5 (the credit note posted, its own item closed).
        insert into invoices (tenant_id, company_id, id, side, kind, number, status, party_id, invoice_id, document_date, posting_date, currency, description,
            total_net_minor, total_tax_minor, total_gross_minor, base_currency, total_base_minor, created_at, updated_at)
          select '${tenantId}', '${companyId}', ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'receivables', 'CreditNote', 'AC' || lpad(n::text, 8, '0'), 'Posted', party, id, d + 5, d + 5, 'USD',
            'Generated credit ' || n, gross / 2, 0, gross / 2, 'USD', gross / 2, now(), now()
          from ai where n % 10 = 0;
        insert into invoice_credits (tenant_id, company_id, credit_note_id, invoice_id, amount_minor)
          select '${tenantId}', '${companyId}', ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, id, gross / 2 from ai where n % 10 = 0;`);
      // The ageing's lines and sums of the chunk's items, by the function the triggers call.
      const b0 = performance.now();
      await client.query(`select ageing_refresh('${tenantId}', array(select o.id from ai join open_items o on o.tenant_id = '${tenantId}' and o.invoice_id = ai.id), null)`);
      buildMs += performance.now() - b0;
    }
    await client.query('set session_replication_role = origin');
    const seeded = performance.now() - buildMs;
    const size = (await client.query(`select (select count(*) from ageing_states)::int as states, (select count(*) from ageing_sums)::int as sums`)).rows[0] as { states: number; sums: number };
    console.log(`12. customer ageing over ${n.toLocaleString('en-US')} open items (200 customers, a tenth credited by half), generated in ${((seeded - t0) / 1000).toFixed(0)} s, `
      + `the ageing's structure built in ${(buildMs / 1000).toFixed(0)} s (${size.states.toLocaleString('en-US')} intervals, ${size.sums.toLocaleString('en-US')} sums)`);

    const party = customers[3]!;
    const cases: [string, string][] = [
      ['all customers, by due date, 30 June', '/ar/customer-ageing?asOf=2026-06-30&limit=50'],
      ['all customers, by document date, 31 December', '/ar/customer-ageing?asOf=2026-12-31&basis=DocumentDate&limit=50'],
      ['one group, currency USD, buckets 15,30,45,60,90,180', `/ar/customer-ageing?asOf=2026-09-30&group=${group.id}&currency=USD&buckets=15,30,45,60,90,180`],
      ['drill-down: one customer, first page', `/ar/customer-ageing/items?asOf=2026-09-30&party=${party}&limit=50`],
    ];
    const measure = async (when: string) => {
      for (const [label, url] of cases) {
        let s;
        try {
          s = await timed(() => json(url));
        } catch (e) {
          console.log(`   ${when}, ${label}: no answer (${e instanceof Error ? e.message.slice(0, 80) : String(e)})   MISSES the goal p95 < ${GOAL_P95_MS} ms`);
          continue;
        }
        const runs = s.gaveUp ? `stopped after a run over ${GIVE_UP_MS / 1000} s` : `${RUNS} runs`;
        console.log(`   ${when}, ${label}: p50 ${ms(s.median)}, p95 ${ms(s.p95)} (${runs})   ${s.p95 < GOAL_P95_MS && !s.gaveUp ? 'meets' : 'MISSES'} the goal p95 < ${GOAL_P95_MS} ms`);
      }
    };
    await measure('before ANALYZE');
    await client.query('analyze invoices; analyze open_items; analyze invoice_credits; analyze customers; analyze ageing_states; analyze ageing_sums');
    await measure('after an explicit ANALYZE');
  } finally {
    await client.end();
  }
}
