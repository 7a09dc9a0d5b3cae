// Benchmark 9 of issue 15: the vendor invoice list over 1,000,000 invoices, first page and filtered
// pages through the API, p95 against the goal of 50 ms: each page as the list screen asks it (the page alone, its total taken
// from the sums it asks beside it) and with its total counted in the same request, timed alternately. The invoices are generated set-based in SQL
// (one tenant and company, 40 vendors, drafts, posted and reversed, dates over 2026, one line each,
// an open item per posted invoice, a third of them settled), with the columns the open items' trigger keeps. Autovacuum may be off (it is on the
// benchmark machine): the pages are timed before any ANALYZE and again after an explicit one.
import pg from 'pg';
import { ms, scaled, stats, type BenchServer } from './lib';

const RUNS = 30;
const GOAL_P95_MS = 50;
const CHUNK = 100_000;

/** A page slower than this stops its runs: its query would go on in the database and pile up. */
const GIVE_UP_MS = 10_000;

async function timed(call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    await call();
    const took = performance.now() - t0;
    if (i >= 3) times.push(took);
    if (took > GIVE_UP_MS) return { ...stats(times.length ? times : [took]), gaveUp: true };
  }
  return { ...stats(times), gaveUp: false };
}

/** Two calls timed alternately (A B A B …), so both see the same load. */
async function timedPair(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const times: [number[], number[]] = [[], []];
  let gaveUp = false;
  for (let i = 0; i < RUNS + 3 && !gaveUp; i++) {
    for (const [k, call] of [a, b].entries()) {
      const t0 = performance.now();
      await call();
      const took = performance.now() - t0;
      if (i >= 3 || took > GIVE_UP_MS) times[k]!.push(took);
      if (took > GIVE_UP_MS) gaveUp = true;
    }
  }
  return { a: { ...stats(times[0]), gaveUp }, b: { ...stats(times[1]), gaveUp } };
}

export async function invoiceList(server: BenchServer): Promise<void> {
  const n = scaled(1_000_000);
  const auth = server.auth;
  const json = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, body === undefined ? { headers: auth, signal: AbortSignal.timeout(120_000) } : { method: 'POST', headers: auth, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const tax = await json<{ id: string }>('/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: server.accounts.get('1400'), outputAccount: server.accounts.get('2200') });
  const group = (await json<{ items: { id: string; code: string }[] }>('/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const vendors: string[] = [];
  for (let i = 0; i < 40; i++) vendors.push((await json<{ id: string }>('/ap/vendors', { code: `LV${i}`, name: `List vendor ${i}`, group: group.id })).id);
  const expense = server.accounts.get('6100')!;

  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  try {
    const { tenant_id: tenantId, company_id: companyId } = (await client.query(`select tenant_id, company_id from companies where code = 'HQ' limit 1`)).rows[0] as { tenant_id: string; company_id: string };
    const parties = `array[${vendors.map((v) => `'${v}'::uuid`).join(',')}]`;
    const t0 = performance.now();
    // The generated rows carry the columns the open items' trigger keeps, and their keys are right by
    // construction: the seed skips triggers and foreign key checks (replica role), as a restore would.
    await client.query('set session_replication_role = replica');
    for (let from = 1; from <= n; from += CHUNK) {
      const to = Math.min(n, from + CHUNK - 1);
      // Every 20th a draft (no number, no open item), every 50th reversed (its open item closed), the rest posted;
      // amounts 1.00 to 10,000.00 net with 20% tax; dates over 2026, due 30 days later.
      await client.query(`
        create temp table if not exists bi (n int, id uuid, party uuid, d date, status text, net bigint);
        truncate bi;
        insert into bi select g, gen_random_uuid(), (${parties})[1 + (g * 7) % ${vendors.length}], date '2026-01-01' + ((g * 13) % 365),
          case when g % 20 = 0 then 'Draft' when g % 50 = 1 then 'Reversed' else 'Posted' end, 100 + (g::bigint * 7919) % 999900
          from generate_series(${from}, ${to}) g;
        insert into invoices (tenant_id, company_id, id, side, kind, number, status, party_id, document_date, posting_date, currency, description,
            total_net_minor, total_tax_minor, total_gross_minor, base_currency, total_base_minor, due_date, remaining_minor, open_due_date, created_at, updated_at)
          select '${tenantId}', '${companyId}', id, 'payables', 'Invoice', case when status = 'Draft' then null else 'BI' || lpad(n::text, 8, '0') end, status, party, d, d, 'USD',
            'Generated invoice ' || n, net, net / 5, net + net / 5, 'USD', net + net / 5,
            case when status <> 'Draft' then d + 30 end, case when status = 'Posted' and n % 3 <> 0 then net + net / 5 when status <> 'Draft' then 0 end,
            case when status = 'Posted' and n % 3 <> 0 then d + 30 end, timestamptz '2026-01-01' + n * interval '1 second', now()
          from bi;
        insert into invoice_lines (tenant_id, invoice_id, line_no, account_id, description, quantity, unit_price, discount_percent, tax_id, net_minor, tax_minor, gross_minor)
          select '${tenantId}', id, 1, '${expense}', 'Generated line', 1, net / 100.0, 0, '${tax.id}', net, net / 5, net + net / 5 from bi;
        insert into open_items (tenant_id, company_id, side, invoice_id, line, party_id, currency, due_date, amount_minor, remaining_minor, status)
          select '${tenantId}', '${companyId}', 'payables', id, 1, party, 'USD', d + 30, net + net / 5,
            case when status = 'Posted' and n % 3 <> 0 then net + net / 5 else 0 end, case when status = 'Posted' and n % 3 <> 0 then 'Open' else 'Closed' end
          from bi where status <> 'Draft';`);
    }
    await client.query('set session_replication_role = origin');
    // The list's counts, which the triggers skipped in replica mode, as a restore would bring them along.
    await client.query(`select invoice_list_counts_rebuild('${tenantId}')`);
    console.log(`9. vendor invoice list over ${n.toLocaleString('en-US')} invoices (40 vendors; 5% drafts, 2% reversed, two thirds of the posted ones open), generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const party = vendors[3]!;
    const pages: [string, string][] = [
      ['first page (newest first)', '/ap/vendor-invoices?limit=20'],
      ['filtered: party + Posted + Mar–Jun', `/ap/vendor-invoices?limit=20&party=${party}&status=Posted&from=2026-03-01&to=2026-06-30`],
      ['filtered: overdue on 2026-07-01', '/ap/vendor-invoices?limit=20&overdue=true&overdueOn=2026-07-01'],
      ['filtered: party + overdue', `/ap/vendor-invoices?limit=20&party=${party}&overdue=true&overdueOn=2026-07-01`],
      ['filtered: dates Mar–Jun', '/ap/vendor-invoices?limit=20&from=2026-03-01&to=2026-06-30'],
      ['filtered: state Draft', '/ap/vendor-invoices?limit=20&status=Draft'],
      ['filtered: state Reversed', '/ap/vendor-invoices?limit=20&status=Reversed'],
      ['page 50 (newest first)', '/ap/vendor-invoices?limit=20&page=50'],
    ];
    // The footer: the sums of the whole filter, per currency.
    const sums: [string, string][] = [
      ['sums: all invoices', '/ap/vendor-invoices/sums'],
      ['sums: party', `/ap/vendor-invoices/sums?party=${party}`],
      ['sums: overdue on 2026-07-01', '/ap/vendor-invoices/sums?overdue=true&overdueOn=2026-07-01'],
      ['sums: party + Posted + Mar–Jun', `/ap/vendor-invoices/sums?party=${party}&status=Posted&from=2026-03-01&to=2026-06-30`],
    ];
    // Each page two ways, alternately: as the screen asks it (the page alone, `total=false`: its total comes from
    // the sums below, asked beside it) and with its total counted in the same request (what the screen asked before).
    const measure = async (when: string) => {
      // The floor of a request to this server on this machine now (no query of the list): what the load alone costs.
      const floor = await timed(async () => (await fetch(`${server.url}/health`)).text());
      console.log(`   ${when}, the server's floor (GET /health): p50 ${ms(floor.median)}, p95 ${ms(floor.p95)} (${RUNS} runs)`);
      for (const [label, url] of pages) {
        let total = 0;
        let more = false;
        let s;
        try {
          s = await timedPair(
            async () => {
              more = (await json<{ more?: boolean }>(`${url}&total=false`)).more ?? false;
            },
            async () => {
              total = (await json<{ total?: number }>(url)).total ?? 0;
            },
          );
        } catch (e) {
          console.log(`   ${when}, ${label}: no answer (${e instanceof Error ? e.message.slice(0, 80) : String(e)})   MISSES the goal p95 < ${GOAL_P95_MS} ms`);
          continue;
        }
        const runs = s.a.gaveUp ? `stopped after a run over ${GIVE_UP_MS / 1000} s` : `${RUNS} runs each, alternately`;
        const goal = `${s.a.p95 < GOAL_P95_MS && !s.a.gaveUp ? 'meets' : 'MISSES'} the goal p95 < ${GOAL_P95_MS} ms`;
        console.log(`   ${when}, ${label}: the page alone p50 ${ms(s.a.median)}, p95 ${ms(s.a.p95)}${more ? ' (more follow)' : ''}; with its total p50 ${ms(s.b.median)}, p95 ${ms(s.b.p95)} (total ${total.toLocaleString('en-US')}; ${runs})   ${goal}`);
      }
      for (const [label, url] of sums) {
        let count = 0;
        let s;
        try {
          s = await timed(async () => {
            count = (await json<{ count: number }>(url)).count;
          });
        } catch (e) {
          console.log(`   ${when}, ${label}: no answer (${e instanceof Error ? e.message.slice(0, 80) : String(e)})`);
          continue;
        }
        const runs = s.gaveUp ? `stopped after a run over ${GIVE_UP_MS / 1000} s` : `${RUNS} runs`;
        console.log(`   ${when}, ${label}: p50 ${ms(s.median)}, p95 ${ms(s.p95)} (${runs}; count ${count.toLocaleString('en-US')})   (the footer and the pager's total, asked beside the page: no goal in the issue)`);
      }
    };
    const analysed = (await client.query(`select coalesce(max(last_analyze), max(last_autoanalyze)) as at from pg_stat_user_tables where relname in ('invoices', 'open_items')`)).rows[0] as { at: Date | null };
    await measure(analysed.at ? 'analysed (by autovacuum)' : 'before ANALYZE (no statistics: autovacuum has not run)');
    await client.query('analyze invoices; analyze open_items; analyze invoice_lines; analyze vendors');
    await measure('after an explicit ANALYZE');
  } finally {
    await client.end();
  }
}
