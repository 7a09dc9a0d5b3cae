// Benchmark 16 (issue 16): a vendor payment run selecting 50,000 due items of 50,000 vendors and
// posting 50,000 payments, with its pain.001 file, through the API, against the goal of 30 s. The
// vendors, their invoices and open items are generated set-based in SQL (posted, one instalment each,
// due over 2026, each vendor with a valid IBAN); the generated invoices have no ledger entries of
// their own: the benchmark times the run (proposal, save, post, bank file), not the tie-out.
//
// Post is set-based (payments' postPayments, RULES.md): every payment of the run is made and posted as
// one batch in a bounded number of statements (headers, items locked and settled, numbers, bank
// numbers, allocations, one entry per payment through the port's group commit, 2,000 entries per
// statement). Measured 27 Nov 2026 on 2 x AMD EPYC shared by ~6 sessions (load 16-28, so slower than
// a quiet machine): before, 1,000 payments posted in 15.7 s (64/s) and 5,000 in 132.9 s (38/s, load
// 3-6), about 20 statements per payment; after, 5,000 in 11.3 s (444/s, load 15-17) and the full
// 50,000 in 137.2 s (364/s, load 22-28; proposal 25.1 s, save 24.8 s, pain.001 10.3 s). The goal is
// still missed on that machine: what is left is the ledger's own write (about 1.4 s per 2,000 entries
// under that load), the open items' invoice sync trigger (invoices_sync_open_items: 1.7 s for 10,000
// invoices), the save (the kit audits the whole input) and the proposal's read.
// 27 Nov 2026, later (load 21-29): the save's trail is compact (payment-runs.trail.ts: criteria, summary,
// lines as columns; an edit only the lines it changed) and the run's view is sent as built, a party's IBAN
// judged once, Post reads the lines with their parties only, the pain.001 is streamed. At 5,000 the post
// is now mostly the ageing's statement triggers (0049, not this module's): the payments' update that
// refreshes 5,000 payments' ageing lines took 37 of 57 s, and ageing_refresh of those payments alone 43 s
// in a rolled-back transaction; the allocations' insert 7.7 s. That, not the run, keeps bench 16 from 30 s.
// 28 Nov 2026, first at scale 1 on 2 x AMD EPYC (load 5-12; generating took 19-78 s): total 176.1 and 170.3 s (proposal 6.2, save 15.9,
// post 146.7, pain.001 7.4; then post 150.5), of the post 61.0 s the payments' update (Draft to Posted) whose trigger refreshed the ageing of
// 50,000 payments that have nothing on account (200 passes of ageing_line_states writing no interval). Migration 0057 skips
// a payment posted whole from a draft: total 95.1 s (load 9-12) and 58.3 s (load 2-5) (post 71.6 and 44.9 s, that update 7.3 s: the update itself, 50,000 rows and 4
// indexes, the trigger next to nothing). Left in the post: the items' settlement 9-21 s (its update alone about 9 s, the
// rest invoices_sync_open_items rewriting 50,000 invoices), the allocations' insert 4-7 s (0054's ageing), the entries
// (25 statements of 2,000 at 0.3-0.6 s each), the payments' insert 3-5 s, the lines' payment ids 1.3-3.5 s, the view 2-7 s.
import pg from 'pg';
import { scaled, type BenchServer } from './lib';

const GOAL_S = 30;

export async function paymentRunBench(server: BenchServer): Promise<void> {
  const n = scaled(50_000);
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, { method, headers: server.auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }), signal: AbortSignal.timeout(3_600_000) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as T) : ((await res.text()) as T);
  };
  const usd = (await call<{ items: { id: string; code: string }[] }>('GET', '/gl/currencies?limit=200')).items.find((c) => c.code === 'USD')!;
  const bankGroup = await call<{ id: string }>('POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' });
  const bank = await call<{ id: string }>('POST', '/cm/banks', { code: 'RUN', name: 'Run account', bankGroup: bankGroup.id, account: server.accounts.get('1020'), currency: usd.id, accountNumber: 'NL91ABNA0417164300', bic: 'ABNANL2A' });
  const group = (await call<{ items: { id: string; code: string }[] }>('GET', '/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;

  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  try {
    const { tenant_id: tenantId, company_id: companyId } = (await client.query(`select tenant_id, company_id from companies where code = 'HQ' limit 1`)).rows[0] as { tenant_id: string; company_id: string };
    const t0 = performance.now();
    await client.query(`
      create temp table br (n int, vendor uuid, invoice uuid, d date, gross bigint);
      insert into br select g, gen_random_uuid(), gen_random_uuid(), date '2026-01-01' + ((g * 13) % 300), 100 + (g::bigint * 7919) % 99900 from generate_series(1, ${n}) g;
      insert into vendors (tenant_id, company_id, id, code, name, party_group, iban)
        select '${tenantId}', '${companyId}', vendor, 'BR' || lpad(n::text, 6, '0'), 'Run vendor ' || n, '${group.id}', 'DE89370400440532013000' from br;
      insert into invoices (tenant_id, company_id, id, side, kind, number, status, party_id, document_date, posting_date, currency, description,
          total_net_minor, total_tax_minor, total_gross_minor, base_currency, total_base_minor, created_at, updated_at)
        select '${tenantId}', '${companyId}', invoice, 'payables', 'Invoice', 'BR-' || lpad(n::text, 6, '0'), 'Posted', vendor, d, d, 'USD',
          'Generated invoice ' || n, gross, 0, gross, 'USD', gross, now(), now()
        from br;
      insert into open_items (tenant_id, company_id, side, invoice_id, line, party_id, currency, due_date, amount_minor, remaining_minor, status)
        select '${tenantId}', '${companyId}', 'payables', invoice, 1, vendor, 'USD', d + 30, gross, gross, 'Open' from br;
      analyze vendors; analyze invoices; analyze open_items;`);
    console.log(`16. a vendor payment run of ${n.toLocaleString('en-US')} due items and ${n.toLocaleString('en-US')} payments (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const criteria = { bank: bank.id, paymentDate: '2026-12-15', method: 'Transfer', basis: 'Due date', upTo: '2026-12-31' };
    const p0 = performance.now();
    const proposal = await call<{ lines: { openItem: string; amount: string; discount: string }[]; total: string }>('GET', `/ap/vendor-payment-runs/proposal?${new URLSearchParams(criteria).toString()}`);
    const p1 = performance.now();
    if (proposal.lines.length !== n) throw new Error(`the proposal selected ${proposal.lines.length} of ${n} items`);
    const run = await call<{ id: string }>('POST', '/ap/vendor-payment-runs', { ...criteria, description: 'Bench run', lines: proposal.lines.map((l) => ({ openItem: l.openItem, amount: l.amount, discount: l.discount })) });
    const p2 = performance.now();
    const posted = await call<{ status: string; number: string }>('POST', `/ap/vendor-payment-runs/${run.id}/post`, {});
    const p3 = performance.now();
    if (posted.status !== 'Posted') throw new Error(`the run is ${posted.status}`);
    const xml = await call<string>('GET', `/ap/vendor-payment-runs/${run.id}/bank-file`);
    const p4 = performance.now();
    const txs = (xml.match(/<CdtTrfTxInf>/g) ?? []).length;
    if (txs !== n) throw new Error(`the pain.001 holds ${txs} of ${n} transactions`);
    const [{ open }] = (await client.query(`select count(*)::int as open from open_items where side = 'payables' and status = 'Open'`)).rows as [{ open: number }];
    if (open !== 0) throw new Error(`${open} items are still open after the run`);
    const total = (p4 - p0) / 1000;
    console.log(`   proposal ${((p1 - p0) / 1000).toFixed(1)} s, save ${((p2 - p1) / 1000).toFixed(1)} s, post ${((p3 - p2) / 1000).toFixed(1)} s (${Math.round(n / ((p3 - p2) / 1000))} payments/s), pain.001 ${((p4 - p3) / 1000).toFixed(1)} s (${(xml.length / 1e6).toFixed(1)} MB)`);
    console.log(`   total ${total.toFixed(1)} s   ${total < GOAL_S * (n / 50_000) ? 'meets' : 'MISSES'} the goal < ${GOAL_S} s for 50,000 (scaled to ${(GOAL_S * (n / 50_000)).toFixed(1)} s)`);
  } finally {
    await client.end();
  }
}
