// Benchmarks 4-6 of issue 5: trial balance over millions of lines (PostgreSQL and PGlite), drill-down, and hledger as a peer.
import { execFileSync, execSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { transformPassword, type SignedInUser } from '@erp/contracts';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { createTenant } from '../apps/api/src/modules/organisation/index';
import { ms, POSTING_CODES, scaled, stats, type BenchServer } from './lib';

type Exec = (sql: string) => Promise<unknown>;
export type ReportLedger = { mainAccount: string; other: { auth: Record<string, string>; companyId: string } };

/**
 * Generates `lines` balanced lines (1,000-line journals over 2026) for one company in SQL, with
 * triggers off (session_replication_role) so generation is fast; the period and day balances are
 * then rebuilt in set-based statements, exactly as the flush would have kept them.
 */
async function generate(exec: Exec, tenantId: string, companyId: string, accountIds: string[], lines: number, prefix: string): Promise<void> {
  const perJournal = 1000;
  const journals = Math.ceil(lines / perJournal);
  const accts = `array[${accountIds.map((a) => `'${a}'::uuid`).join(',')}]`;
  const chunk = 200;
  for (let from = 1; from <= journals; from += chunk) {
    const to = Math.min(journals, from + chunk - 1);
    await exec(`
      set session_replication_role = replica;
      create temp table if not exists bj (n int, id uuid, d date, period uuid);
      truncate bj;
      insert into bj select g, gen_random_uuid(), date '2026-01-01' + ((g * 7) % 365), null from generate_series(${from}, ${to}) g;
      update bj set period = p.id from accounting_periods p where p.company_id = '${companyId}' and p.type = 'Regular' and bj.d between p.start_date and p.end_date;
      insert into journals (tenant_id, company_id, id, number, kind, status, journal_date, period_id, description, base_currency, total_base_minor)
        select '${tenantId}', '${companyId}', id, '${prefix}' || n, 'Standard', 'Posted', d, period, 'Generated', 'USD', 0 from bj;
      insert into ledger_entries (tenant_id, company_id, journal_id, line_no, entry_date, period_id, account_id, currency, rate, debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id)
        select '${tenantId}', '${companyId}', bj.id, l, bj.d, bj.period,
          (${accts})[1 + (case when l % 2 = 1 then bj.n * 31 + ((l + 1) / 2) * 17 else bj.n * 13 + ((l + 1) / 2) * 7 + 5 end) % ${accountIds.length}],
          'USD', 1, case when l % 2 = 1 then a.amt else 0 end, case when l % 2 = 0 then a.amt else 0 end,
          case when l % 2 = 1 then a.amt else 0 end, case when l % 2 = 0 then a.amt else 0 end, '00000000-0000-0000-0000-000000000000'
        from bj cross join generate_series(1, ${perJournal}) l cross join lateral (select ((bj.n::bigint * 7919 + ((l + 1) / 2) * 104729) % 1000000 + 1) as amt) a;
      set session_replication_role = origin;`);
  }
  await exec(`
    delete from account_balances where company_id = '${companyId}';
    insert into account_balances select tenant_id, company_id, account_id, period_id, currency, dimension_set_id, sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
      from ledger_entries where company_id = '${companyId}' group by 1, 2, 3, 4, 5, 6;
    delete from account_day_balances where company_id = '${companyId}';
    insert into account_day_balances select tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id, sum(debit_minor), sum(credit_minor), sum(base_debit_minor), sum(base_credit_minor)
      from ledger_entries where company_id = '${companyId}' group by 1, 2, 3, 4, 5, 6, 7;
    analyze ledger_entries; analyze account_balances; analyze account_day_balances; analyze journals;`);
}

async function timed(samples: number, call: () => Promise<void>) {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return stats(times);
}

async function get(server: { url: string }, auth: Record<string, string>, url: string) {
  const res = await fetch(`${server.url}${url}`, { headers: auth });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

/** 4. Trial balance over 10,000,000 lines of one company, with another company and another tenant present. */
export async function trialBalancePostgres(server: BenchServer): Promise<ReportLedger> {
  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  const exec: Exec = (sql) => client.query(sql);
  const { tenant_id: tenantId, company_id: companyId } = (await client.query(`select tenant_id, company_id from companies where code = 'HQ' limit 1`)).rows[0] as { tenant_id: string; company_id: string };
  const accountIds = POSTING_CODES.map((c) => server.accounts.get(c)!);
  const other = await otherCompany(server);
  const otherAccounts = (await client.query(`select id from accounts where company_id = $1 and code = any($2)`, [other.companyId, POSTING_CODES])).rows.map((r: { id: string }) => r.id);
  const started = performance.now();
  await generate(exec, tenantId, companyId, accountIds, scaled(10_000_000), 'BJ');
  await generate(exec, tenantId, other.companyId, otherAccounts, scaled(1_000_000), 'OJ');
  // Another tenant's rows in the same tables (its own ids; foreign keys are off while generating).
  await generate(exec, '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', accountIds, scaled(1_000_000), 'XJ').catch(() => undefined);
  const generatedSeconds = (performance.now() - started) / 1000;
  const { rows } = await client.query(`select count(*)::bigint as n from ledger_entries where company_id = $1`, [companyId]);
  await client.end();
  const lines = Number((rows[0] as { n: string }).n);
  const tb = await timed(50, async () => void (await get(server, server.auth, '/gl/trial-balance?from=2026-01-01&to=2026-12-31')));
  console.log(`4. trial balance, PostgreSQL, ${lines.toLocaleString('en-US')} lines of one company (+ another company and another tenant; generated in ${generatedSeconds.toFixed(0)} s): warm median ${ms(tb.median)}, p95 ${ms(tb.p95)} over ${tb.n} runs through the API   (goal: p95 < 50 ms)`);
  const asOf = await timed(20, async () => void (await get(server, server.auth, '/gl/trial-balance?from=2026-01-01&to=2026-06-15')));
  console.log(`   as of a day inside a month (2026-06-15: the months before from the period balances, half of June from the day balances): warm median ${ms(asOf.median)}, p95 ${ms(asOf.p95)} over ${asOf.n} runs`);
  return { mainAccount: server.accounts.get('1010')!, other };
}

/** A second company of the tenant with its own administrator (the trial balance is per signed-in company). */
async function otherCompany(server: BenchServer) {
  const [company] = (await (await fetch(`${server.url}/gl/SaveCompanies`, { method: 'POST', headers: server.auth, body: JSON.stringify([{ code: 'OTHER', description: 'Other company' }]) })).json()) as { id: string }[];
  const p = await transformPassword('Other pass 1');
  const roles = (await (await fetch(`${server.url}/auth/role/getroles`, { headers: server.auth })).json()) as { items: { id: string; name: string }[] };
  const admin = roles.items.find((r) => r.name === 'Administrator')!;
  await fetch(`${server.url}/auth/user/create/${p}`, { method: 'POST', headers: server.auth, body: JSON.stringify({ name: 'Other', mailAddress: 'other@bench.test', password: p, confirmPassword: p, roleID: admin.id, company: company!.id }) });
  const signed = (await (await fetch(`${server.url}/auth/user/validate`, { method: 'POST', headers: { ...server.auth, authorization: 'Bearer erp-public' }, body: JSON.stringify({ key: 'other@bench.test', value: p }) })).json()) as SignedInUser;
  const auth = { ...server.auth, authorization: `Bearer ${signed.token}` };
  const fy = (await (await fetch(`${server.url}/gl/fiscal-years`, { method: 'POST', headers: auth, body: JSON.stringify({ code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' }) })).json()) as { id: string };
  await fetch(`${server.url}/gl/fiscal-years/${fy.id}/periods`, { method: 'POST', headers: auth, body: JSON.stringify({ pattern: 'monthly' }) });
  return { auth, companyId: company!.id };
}

/** 5. One account, one month, a 100-line page with its running balance. */
export async function drillDown(server: BenchServer, ledger: ReportLedger): Promise<void> {
  let cursor: string | undefined;
  const page = await timed(50, async () => {
    const body = (await get(server, server.auth, `/gl/accounts/${ledger.mainAccount}/transactions?from=2026-03-01&to=2026-03-31&limit=100`)) as { items: unknown[]; nextCursor?: string };
    cursor = body.nextCursor;
  });
  const deep = cursor
    ? await timed(50, async () => void (await get(server, server.auth, `/gl/accounts/${ledger.mainAccount}/transactions?from=2026-03-01&to=2026-03-31&limit=100&cursor=${cursor}`)))
    : undefined;
  console.log(`5. drill-down, one account, one month, 100-line page: first page median ${ms(page.median)}, p95 ${ms(page.p95)}${deep ? `; a next page p95 ${ms(deep.p95)}` : ''}   (goal: p95 < 20 ms)`);
}

/** 4 (embedded). The same trial balance on PGlite over 1,000,000 lines, in process. */
export async function trialBalancePglite(): Promise<void> {
  const pglite = new PGlite();
  const database = await openDatabase({ pglite });
  await migrate(database);
  const config = loadConfig({}, { tokenSecret: 'bench-secret-0123456789-0123456789-0123', publicRatePerMinute: 1_000_000, webDist: '/nonexistent' });
  const { app, platform } = await buildApp({ config, database });
  const host = 'embedded.test';
  const tenant = await createTenant(platform, { code: 'EMB', name: 'Embedded', host });
  const p = await transformPassword('Bench pass 1');
  const pub = { host, authorization: 'Bearer erp-public' };
  await app.inject({ method: 'POST', url: `/auth/user/createfirst/${p}`, headers: pub, payload: { name: 'E', mailAddress: 'e@embedded.test', password: p, confirmPassword: p } });
  const signed = JSON.parse((await app.inject({ method: 'POST', url: '/auth/user/validate', headers: pub, payload: { key: 'e@embedded.test', value: p } })).body) as SignedInUser;
  const auth = { host, authorization: `Bearer ${signed.token}`, token: tenant.tenantId };
  const fy = JSON.parse((await app.inject({ method: 'POST', url: '/gl/fiscal-years', headers: auth, payload: { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' } })).body) as { id: string };
  await app.inject({ method: 'POST', url: `/gl/fiscal-years/${fy.id}/periods`, headers: auth, payload: { pattern: 'monthly' } });
  const accountIds = (await pglite.query<{ id: string }>(`select id from accounts where company_id = $1 and code = any($2)`, [tenant.companyId, POSTING_CODES])).rows.map((r) => r.id);
  const started = performance.now();
  await generate((sql) => pglite.exec(sql), tenant.tenantId, tenant.companyId, accountIds, scaled(1_000_000), 'PJ');
  const generatedSeconds = (performance.now() - started) / 1000;
  const tb = await timed(30, async () => {
    const res = await app.inject({ method: 'GET', url: '/gl/trial-balance?from=2026-01-01&to=2026-12-31', headers: auth });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  console.log(`4. trial balance, PGlite (embedded), ${scaled(1_000_000).toLocaleString('en-US')} lines (generated in ${generatedSeconds.toFixed(0)} s): warm median ${ms(tb.median)}, p95 ${ms(tb.p95)}   (goal: p95 < 200 ms)`);
  await app.close();
  await database.close();
}

/** 6. hledger (Debian's) as an independent peer: the same 1,000,000 lines, balances equal to the cent. */
export async function peerHledger(server: BenchServer, ledger: ReportLedger): Promise<void> {
  try {
    execSync('command -v hledger', { stdio: 'ignore' });
  } catch {
    console.log('   installing Debian hledger for benchmark 6');
    execSync('apt-get install -y -qq hledger >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq hledger >/dev/null)', { stdio: 'inherit', shell: '/bin/bash' });
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-hledger-'));
  const file = path.join(dir, 'ledger.journal');
  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  const out = createWriteStream(file);
  const { rows: journals } = await client.query(`select id, number, journal_date::text as d from journals where company_id = $1 order by journal_date, id`, [ledger.other.companyId]);
  const { rows: lines } = await client.query(`select e.journal_id, a.code, e.base_debit_minor::text as dr, e.base_credit_minor::text as cr from ledger_entries e join accounts a on a.id = e.account_id where e.company_id = $1 order by e.journal_id, e.line_no`, [ledger.other.companyId]);
  await client.end();
  const byJournal = new Map<string, { code: string; dr: string; cr: string }[]>();
  for (const l of lines as { journal_id: string; code: string; dr: string; cr: string }[]) (byJournal.get(l.journal_id) ?? byJournal.set(l.journal_id, []).get(l.journal_id)!).push(l);
  const amount = (minor: bigint) => `${minor < 0n ? '-' : ''}${(minor < 0n ? -minor : minor) / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, '0')}`;
  for (const j of journals as { id: string; number: string; d: string }[]) {
    out.write(`${j.d} ${j.number}\n`);
    for (const l of byJournal.get(j.id) ?? []) out.write(`    ${l.code}  ${amount(BigInt(l.dr) - BigInt(l.cr))} USD\n`);
    out.write('\n');
  }
  await new Promise((r) => out.end(r));
  const t0 = performance.now();
  const csv = execFileSync('hledger', ['-f', file, 'balance', '--flat', '-N', '-O', 'csv'], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const hledgerMs = performance.now() - t0;
  const theirs = new Map(csv.trim().split('\n').slice(1).map((row) => row.split(',').map((c) => c.replace(/"/g, ''))).map(([acct, amt]) => [acct!, amt!.replace(/ ?USD/, '').replace(/,/g, '')]));
  const t1 = performance.now();
  const tb = (await get(server, ledger.other.auth, '/gl/trial-balance?from=2026-01-01&to=2026-12-31')) as { rows: { code: string; closing: string }[] };
  const oursMs = performance.now() - t1;
  const ours = new Map(tb.rows.map((r) => [r.code, r.closing]));
  const differences = [...new Set([...ours.keys(), ...theirs.keys()])].filter((code) => Number(ours.get(code) ?? 0).toFixed(2) !== Number(theirs.get(code) ?? 0).toFixed(2) || (ours.get(code) ?? '0.00').replace(/^-?0\.00$/, '0.00') !== (theirs.get(code) ?? '0.00').replace(/^-?0(\.00)?$/, '0.00').replace(/^(-?\d+)$/, '$1.00'));
  rmSync(dir, { recursive: true, force: true });
  console.log(`6. peer: hledger balance over the ${lines.length.toLocaleString('en-US')} lines of the other company: ${(hledgerMs / 1000).toFixed(1)} s; our trial balance ${ms(oursMs)}; ratio ${(hledgerMs / oursMs).toFixed(0)}x; accounts that differ: ${differences.length === 0 ? 'none (equal to the cent)' : differences.join(', ')}`);
}
