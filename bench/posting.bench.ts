// Benchmarks 1-3 of issue 5: bulk posting against a bare insert, interactive posting, the hot account.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { ms, POSTING_CODES, prng, rate, scaled, stats, type BenchServer } from './lib';

type Line = { account: string; currency: string; debit?: string; credit?: string };
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

function journal(rand: () => number, accounts: string[], pairs: number, hot?: string) {
  const lines: Line[] = [];
  for (let p = 0; p < pairs; p++) {
    const amount = cents(1 + Math.floor(rand() * 1_000_000));
    const a = hot && p === 0 ? hot : accounts[Math.floor(rand() * accounts.length)]!;
    const b = accounts[Math.floor(rand() * accounts.length)]!;
    lines.push({ account: a, currency: 'USD', debit: amount }, { account: b, currency: 'USD', credit: amount });
  }
  const month = 1 + Math.floor(rand() * 12);
  return { journalDate: `2026-${String(month).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`, description: 'Bench', lines };
}

// The load generator shares the machine with the server and PostgreSQL: node:http on kept-alive
// sockets costs it a fraction of what fetch does, so less of the machine goes to the clients.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request, one journal; the whole answer is read. */
function postOne(server: BenchServer, body: string, auth = server.auth): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}/gl/journals/post`, { method: 'POST', agent, headers: { ...auth, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => (res.statusCode === 200 ? resolve(200) : reject(new Error(`${res.statusCode} ${Buffer.concat(chunks).toString()}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** 1. Lines per second through the API in 1,000-line journals, against a bare multi-row insert of the same rows. */
export async function bulkPosting(server: BenchServer): Promise<void> {
  const totalLines = scaled(1_000_000);
  const perJournal = 1000;
  const journals = Math.ceil(totalLines / perJournal);
  const clients = 3;
  const accounts = POSTING_CODES.map((c) => server.accounts.get(c)!);
  const rand = prng(1);
  const bodies = Array.from({ length: Math.min(journals, 50) }, () => journal(rand, accounts, perJournal / 2));
  const texts = bodies.map((b) => JSON.stringify(b));
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < journals) {
      const i = next++;
      await postOne(server, texts[i % texts.length]!);
    }
  }));
  const apiSeconds = (performance.now() - started) / 1000;
  const apiRate = (journals * perJournal) / apiSeconds;

  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  await client.query('set session_replication_role = replica');
  const { tenant_id: tenantId, company_id: companyId, id: periodId } = (await client.query(`select tenant_id, company_id, id from accounting_periods where type = 'Regular' order by start_date limit 1`)).rows[0] as { tenant_id: string; company_id: string; id: string };
  const bareStarted = performance.now();
  for (let j = 0; j < journals; j++) {
    const body = bodies[j % bodies.length]!;
    const journalId = randomUUID();
    const values: unknown[] = [];
    const rows = body.lines.map((l, i) => {
      const amount = Math.round(Number(l.debit ?? l.credit) * 100);
      values.push(journalId, i + 1, l.account, l.debit ? amount : 0, l.credit ? amount : 0);
      const o = i * 5;
      return `($${o + 1},$${o + 2},'2026-01-15','${periodId}',$${o + 3},'USD',1,$${o + 4},$${o + 5},$${o + 4},$${o + 5},'00000000-0000-0000-0000-000000000000','${tenantId}','${companyId}')`;
    });
    await client.query(`insert into ledger_entries (journal_id, line_no, entry_date, period_id, account_id, currency, rate, debit_minor, credit_minor, base_debit_minor, base_credit_minor, dimension_set_id, tenant_id, company_id) values ${rows.join(',')}`, values);
  }
  const bareSeconds = (performance.now() - bareStarted) / 1000;
  await client.end();
  const bareRate = (journals * perJournal) / bareSeconds;
  console.log(`1. bulk posting: ${(journals * perJournal).toLocaleString('en-US')} lines in ${journals} journals of ${perJournal} through the API (${clients} clients): ${apiSeconds.toFixed(1)} s, ${rate(journals * perJournal, apiSeconds)} lines/s`);
  console.log(`   bare multi-row insert of the same rows (no checks, no triggers): ${bareSeconds.toFixed(1)} s, ${rate(journals * perJournal, bareSeconds)} lines/s`);
  console.log(`   ratio API / bare: ${((apiRate / bareRate) * 100).toFixed(0)}%   (goal: >= 50,000 lines/s and >= 40%)`);
}

/** Seconds each interactive run posts before it starts measuring: the server's JIT, its pool's connections and PostgreSQL's plans settle. */
const WARM_UP_SECONDS = 3;

/**
 * `clients` users of the tenant, each posting one journal after another for the warm-up and then
 * `seconds`; the figures are of the journals sent after the warm-up, and `cold` of all of them.
 */
async function interactive(server: BenchServer, hot: string | undefined, seconds: number, clients: Record<string, string>[]) {
  const accounts = POSTING_CODES.filter((c) => c !== '1010').map((c) => server.accounts.get(c)!);
  const latencies: number[] = [];
  const all: number[] = [];
  let errors = 0;
  const measuredFrom = performance.now() + WARM_UP_SECONDS * 1000;
  const until = measuredFrom + seconds * 1000;
  await Promise.all(clients.map(async (auth, k) => {
    const rand = prng(100 + k);
    while (performance.now() < until) {
      const body = journal(rand, accounts, 1 + Math.floor(rand() * 3), hot);
      const t0 = performance.now();
      try {
        await postOne(server, JSON.stringify(body), auth);
        const took = performance.now() - t0;
        all.push(took);
        if (t0 >= measuredFrom) latencies.push(took);
      } catch {
        errors += 1;
      }
    }
  }));
  const elapsed = (performance.now() - measuredFrom) / 1000;
  return { perSecond: latencies.length / elapsed, ...stats(latencies), errors, cold: stats(all) };
}

/** The period and the day balances each equal a recompute from the ledger lines. */
async function balancesMatchRecompute(server: BenchServer): Promise<boolean> {
  const client = new pg.Client({ connectionString: server.dbUrl });
  await client.connect();
  const mismatches = async (table: string, key: string) => {
    const { rows } = await client.query(`
      with lines as (select ${key}, sum(debit_minor) d, sum(credit_minor) c, sum(base_debit_minor) bd, sum(base_credit_minor) bc
        from ledger_entries where journal_id in (select id from journals) group by ${key})
      select count(*)::int as n from lines l full join ${table} b using (${key})
      where b.debit_minor is distinct from l.d or b.credit_minor is distinct from l.c or b.base_debit_minor is distinct from l.bd or b.base_credit_minor is distinct from l.bc`);
    return (rows[0] as { n: number }).n;
  };
  const periods = await mismatches('account_balances', 'tenant_id, company_id, account_id, period_id, currency, dimension_set_id');
  const days = await mismatches('account_day_balances', 'tenant_id, company_id, account_id, period_id, entry_date, currency, dimension_set_id');
  await client.end();
  return periods === 0 && days === 0;
}

/** 2 and 3. 32 clients posting small journals, then the same with one cash account in every journal. */
export async function interactivePosting(server: BenchServer): Promise<void> {
  const seconds = Math.max(5, scaled(20));
  const clients = await server.users(32);
  const spread = await interactive(server, undefined, seconds, clients);
  const spreadOk = await balancesMatchRecompute(server);
  console.log(`2. interactive posting, 32 clients (32 users of one tenant), 2-6-line journals, ${seconds} s after a ${WARM_UP_SECONDS} s warm-up: ${spread.perSecond.toFixed(0)} journals/s, median ${ms(spread.median)}, p99 ${ms(spread.p99)}, ${spread.errors} errors, balances equal a recompute: ${spreadOk ? 'yes' : 'NO'}   (goal: >= 1,500 journals/s, p99 < 25 ms)`);
  console.log(`   the warm-up included: median ${ms(spread.cold.median)}, p99 ${ms(spread.cold.p99)}`);
  const hot = await interactive(server, server.accounts.get('1010')!, seconds, clients);
  const hotOk = await balancesMatchRecompute(server);
  console.log(`3. hot account (every journal touches 1010): ${hot.perSecond.toFixed(0)} journals/s, median ${ms(hot.median)}, p99 ${ms(hot.p99)}, ${hot.errors} errors, balances equal a recompute: ${hotOk ? 'yes' : 'NO'}; ratio to (2): ${((hot.perSecond / spread.perSecond) * 100).toFixed(0)}%`);
  console.log(`   the warm-up included: median ${ms(hot.cold.median)}, p99 ${ms(hot.cold.p99)}`);
}
