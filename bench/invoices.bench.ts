// Benchmark 8 of issue 15: vendor invoices posted through the API (create and post in one call), 32
// clients, each invoice three lines with tax (five ledger lines: payables with the vendor, three
// expenses, input tax), against journals of the same size posted the same way.
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { cpuSecondsOf, cpuSpent, databaseCpu, ms, prng, scaled, stats, type BenchServer } from './lib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const WARM_UP_SECONDS = 3;

function send(server: BenchServer, path: string, body: string, auth: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method: 'POST', agent, headers: { ...auth, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString()) : reject(new Error(`${res.statusCode} ${Buffer.concat(chunks).toString()}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Each client posts one body after another for the warm-up and then `seconds`; figures of what was sent after the warm-up. */
async function run(server: BenchServer, clients: Record<string, string>[], seconds: number, path: string, body: (rand: () => number) => unknown) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  const measuredFrom = performance.now() + WARM_UP_SECONDS * 1000;
  const until = measuredFrom + seconds * 1000;
  // The CPU the server process and the database's backends spent over the measured window, per document
  // sent (what one costs whatever else the shared machine runs).
  const dbName = new URL(server.dbUrl).pathname.slice(1);
  const cpuFrom = new Promise<{ server: number; db: Map<number, number> }>((resolve) =>
    setTimeout(() => void databaseCpu(dbName).then((db) => resolve({ server: cpuSecondsOf(server.pid), db })), WARM_UP_SECONDS * 1000));
  await Promise.all(clients.map(async (auth, k) => {
    const rand = prng(800 + k);
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await send(server, path, JSON.stringify(body(rand)), auth);
        if (t0 >= measuredFrom) latencies.push(performance.now() - t0);
      } catch (e) {
        errors += 1;
        firstError ||= e instanceof Error ? e.message.slice(0, 200) : String(e);
      }
    }
  }));
  const elapsed = (performance.now() - measuredFrom) / 1000;
  const from = await cpuFrom;
  const serverCpuMs = ((cpuSecondsOf(server.pid) - from.server) * 1000) / latencies.length;
  const dbCpuMs = (cpuSpent(from.db, await databaseCpu(dbName)) * 1000) / latencies.length;
  return { perSecond: latencies.length / elapsed, ...stats(latencies), errors, firstError, serverCpuMs, dbCpuMs };
}

export async function invoicePosting(server: BenchServer): Promise<void> {
  const seconds = Math.max(5, scaled(20));
  const auth = server.auth;
  const json = async <T>(path: string, body?: unknown): Promise<T> =>
    (await (await fetch(`${server.url}${path}`, body === undefined ? { headers: auth } : { method: 'POST', headers: auth, body: JSON.stringify(body) })).json()) as T;
  const tax = await json<{ id: string }>('/gl/taxes', { code: 'VAT20', name: 'VAT 20%', rate: '20', kind: 'Both', inputAccount: server.accounts.get('1400'), outputAccount: server.accounts.get('2200') });
  const group = (await json<{ items: { id: string; code: string }[] }>('/ap/vendor-groups?limit=50')).items.find((g) => g.code === 'LOCAL')!;
  const vendors: string[] = [];
  for (let i = 0; i < 50; i++) vendors.push((await json<{ id: string }>('/ap/vendors', { code: `BV${i}`, name: `Bench vendor ${i}`, group: group.id })).id);
  const expenses = ['6000', '6100', '6200', '6300', '6400'].map((c) => server.accounts.get(c)!);
  const date = (rand: () => number) => `2026-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
  const invoice = (rand: () => number) => ({
    party: vendors[Math.floor(rand() * vendors.length)], documentDate: date(rand), description: 'Bench invoice',
    lines: Array.from({ length: 3 }, () => ({ account: expenses[Math.floor(rand() * expenses.length)], quantity: String(1 + Math.floor(rand() * 5)), unitPrice: cents(100 + Math.floor(rand() * 100_000)), tax: tax.id })),
  });
  // A journal of the same size: five lines (the payables side on a plain liability account: a journal names no vendor).
  const journal = (rand: () => number) => {
    const nets = Array.from({ length: 3 }, () => 100 + Math.floor(rand() * 100_000));
    const net = nets.reduce((s, n) => s + n, 0);
    const vat = Math.round(net / 5);
    return {
      journalDate: date(rand), description: 'Bench journal',
      lines: [
        ...nets.map((n) => ({ account: expenses[Math.floor(rand() * expenses.length)], currency: 'USD', debit: cents(n) })),
        { account: server.accounts.get('1400'), currency: 'USD', debit: cents(vat) },
        { account: server.accounts.get('2100'), currency: 'USD', credit: cents(net + vat) },
      ],
    };
  };
  const clients = await server.users(32);
  const invoices = await run(server, clients, seconds, '/ap/vendor-invoices/post', invoice);
  const journals = await run(server, clients, seconds, '/gl/journals/post', journal);
  console.log(`8. vendor invoices, 32 clients, 3 lines with tax each (5 ledger lines), ${seconds} s after a ${WARM_UP_SECONDS} s warm-up: ${invoices.perSecond.toFixed(0)} invoices/s, median ${ms(invoices.median)}, p99 ${ms(invoices.p99)}, ${invoices.errors} errors${invoices.firstError ? ` (${invoices.firstError})` : ''}   (goal: >= 1,000 invoices/s)`);
  console.log(`   journals of the same size the same way: ${journals.perSecond.toFixed(0)} journals/s, median ${ms(journals.median)}, p99 ${ms(journals.p99)}; ratio invoices / journals: ${((invoices.perSecond / journals.perSecond) * 100).toFixed(0)}%`);
  const cpu = (r: typeof invoices) => `server ${r.serverCpuMs.toFixed(2)} ms + PostgreSQL ${r.dbCpuMs.toFixed(2)} ms`;
  console.log(`   CPU per document: invoice ${cpu(invoices)}, journal ${cpu(journals)} (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
}
