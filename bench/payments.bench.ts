// Benchmark 11 of issue 16: allocate one receipt across a customer with 10,000 open invoices, the
// proposal (GET …/proposal: every open item read, the amount spread oldest first) and the post (POST
// …/post with the proposal's 10,000 allocation lines: the items locked and settled by one conditional
// update, one entry through the port, the allocations written set-based), through the API, against
// the goal of 200 ms for the two. The invoices and their open items are generated set-based in SQL
// (posted, one instalment each, due over 2026); each round has a customer of its own (a post settles
// its items). The generated invoices have no ledger entries of their own: the benchmark times the
// allocation, not the tie-out.
//
// The post is the payments engine's batch of one (postPayments): the receipt's 10,000 items locked by
// one statement driven from unnest(ids), settled by one conditional update, the allocations inserted by
// one statement of arrays; the draft's separate check of its items against the party is left to the
// locked rows (one read of 10,000 items less). Measured 27 Nov 2026, full scale, 2 x AMD EPYC shared by
// ~6 sessions: before (main 93059ad, load 21-24) proposal median 1,372 ms, post 9,173 ms; after (load
// 19-22) proposal 1,027 ms, post 5,521 ms. Still far from 200 ms: per EXPLAIN ANALYZE on 10,000 items
// the update of open_items takes 0.76 s and its statement trigger invoices_sync_open_items (the
// invoice list's columns, issue 15) 1.7 s under that load, then the allocations' insert, the entry and
// the 10,000-line view the response returns.
import pg from 'pg';
import { ms, scaled, stats, type BenchServer } from './lib';

const GOAL_MS = 200;
const ROUNDS = 3;

export async function paymentAllocation(server: BenchServer): Promise<void> {
  const n = scaled(10_000);
  const json = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, body === undefined ? { headers: server.auth, signal: AbortSignal.timeout(120_000) } : { method: 'POST', headers: server.auth, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const usd = (await json<{ items: { id: string; code: string }[] }>('/gl/currencies?limit=200')).items.find((c) => c.code === 'USD')!;
  const bankGroup = await json<{ id: string }>('/cm/bank-groups', { code: 'OPS', name: 'Operating' });
  const bank = await json<{ id: string }>('/cm/banks', { code: 'MAIN', name: 'Main', bankGroup: bankGroup.id, account: server.accounts.get('1020'), currency: usd.id, accountNumber: '0123456789' });
  const group = (await json<{ items: { id: string; code: string }[] }>('/ar/customer-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const customers: string[] = [];
  for (let r = 0; r < ROUNDS; r++) customers.push((await json<{ id: string }>('/ar/customers', { code: `BIG${r}`, name: `Big customer ${r}`, group: group.id })).id);

  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  try {
    const { tenant_id: tenantId, company_id: companyId } = (await client.query(`select tenant_id, company_id from companies where code = 'HQ' limit 1`)).rows[0] as { tenant_id: string; company_id: string };
    const t0 = performance.now();
    for (const [r, customer] of customers.entries()) {
      // Amounts 1.00 to 1,000.00, dates over 2026, due 30 days later, one open item each.
      await client.query(`
        create temp table if not exists bp (n int, id uuid, d date, gross bigint);
        truncate bp;
        insert into bp select g, gen_random_uuid(), date '2026-01-01' + ((g * 13) % 300), 100 + (g::bigint * 7919) % 99900 from generate_series(1, ${n}) g;
        insert into invoices (tenant_id, company_id, id, side, kind, number, status, party_id, document_date, posting_date, currency, description,
            total_net_minor, total_tax_minor, total_gross_minor, base_currency, total_base_minor, created_at, updated_at)
          select '${tenantId}', '${companyId}', id, 'receivables', 'Invoice', 'BP${r}-' || lpad(n::text, 6, '0'), 'Posted', '${customer}', d, d, 'USD',
            'Generated invoice ' || n, gross, 0, gross, 'USD', gross, now(), now()
          from bp;
        insert into open_items (tenant_id, company_id, side, invoice_id, line, party_id, currency, due_date, amount_minor, remaining_minor, status)
          select '${tenantId}', '${companyId}', 'receivables', id, 1, '${customer}', 'USD', d + 30, gross, gross, 'Open' from bp;`);
    }
    await client.query('analyze invoices; analyze open_items');
    console.log(`11. one receipt across a customer with ${n.toLocaleString('en-US')} open invoices (${ROUNDS} customers, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const proposals: number[] = [];
    const posts: number[] = [];
    const both: number[] = [];
    for (const [r, customer] of customers.entries()) {
      const [{ total }] = (await client.query(`select (sum(remaining_minor) / 100.0)::numeric(18,2)::text as total from open_items where party_id = $1`, [customer])).rows as [{ total: string }];
      const url = `/ar/customer-payments/proposal?party=${customer}&currency=USD&amount=${total}&date=2026-12-15`;
      // The proposal is read-only: a warm-up, then timed.
      await json(url);
      const p0 = performance.now();
      const proposal = await json<{ lines: { openItem: string; amount: string; discount: string }[] }>(url);
      const p1 = performance.now();
      if (proposal.lines.length !== n) throw new Error(`the proposal reached ${proposal.lines.length} of ${n} invoices`);
      const posted = await json<{ status: string; unallocated: string; allocations: unknown[] }>('/ar/customer-payments/post', {
        bank: bank.id, party: customer, documentDate: '2026-12-15', amount: total, description: `Receipt ${r}`,
        allocations: proposal.lines.map((l) => ({ openItem: l.openItem, amount: l.amount, discount: l.discount })),
      });
      const p2 = performance.now();
      if (posted.status !== 'Posted' || posted.unallocated !== '0.00' || posted.allocations.length !== n) throw new Error(`the receipt did not settle every invoice: ${posted.status}, ${posted.unallocated} on account`);
      const [{ open }] = (await client.query(`select count(*)::int as open from open_items where party_id = $1 and status = 'Open'`, [customer])).rows as [{ open: number }];
      if (open !== 0) throw new Error(`${open} invoices are still open after the receipt`);
      proposals.push(p1 - p0);
      posts.push(p2 - p1);
      both.push(p2 - p0);
    }
    const s = stats(both);
    console.log(`   proposal: median ${ms(stats(proposals).median)}; post (${n.toLocaleString('en-US')} allocations, one entry): median ${ms(stats(posts).median)}`);
    console.log(`   proposal + post: median ${ms(s.median)}, worst ${ms(Math.max(...both))} (${ROUNDS} receipts)   ${Math.max(...both) < GOAL_MS ? 'meets' : 'MISSES'} the goal < ${GOAL_MS} ms`);
  } finally {
    await client.end();
  }
}
