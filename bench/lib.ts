// Benchmark harness: the machine, statistics, a seeded generator, and a real server on a fresh database.
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { transformPassword, type SignedInUser } from '@erp/contracts';

export const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Scales every data size (0.1 for a quick look); the figures are at 1. */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
export const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  let pgVersion = 'unknown';
  try {
    pgVersion = execSync(`psql "${ADMIN_URL}" -Atc "show server_version"`, { encoding: 'utf8' }).trim();
  } catch {
    // psql missing: the version stays unknown
  }
  return `${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, PostgreSQL ${pgVersion}`;
}

export function stats(samplesMs: number[]) {
  const s = [...samplesMs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
  return { n: s.length, median: at(50), p95: at(95), p99: at(99), max: s.at(-1) ?? NaN };
}
export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const rate = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString('en-US');

/** Deterministic pseudo-random numbers (mulberry32): every run generates the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export type BenchServer = {
  url: string;
  dbUrl: string;
  /** The server process (its memory is read from /proc by benchmarks that bound it). */
  pid: number;
  auth: Record<string, string>;
  accounts: Map<string, string>;
  /** Signs in n more users of the tenant, answering their request headers. */
  users: (n: number) => Promise<Record<string, string>[]>;
  close: () => Promise<void>;
};

export function dbUrlOf(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The real server in its own process (as in production, and so the load generator does not share
 * its event loop) on a fresh PostgreSQL database; one tenant with an open 2026, signed in.
 */
export async function startServer(baseName: string, basePort: number): Promise<BenchServer> {
  // BENCH_SUFFIX and BENCH_PORT_OFFSET let two checkouts run the same benchmark at once (own database, own port).
  const name = process.env.BENCH_SUFFIX ? `${baseName}_${process.env.BENCH_SUFFIX.replace(/[^a-z0-9_]/gi, '').toLowerCase()}` : baseName;
  const port = basePort + Number(process.env.BENCH_PORT_OFFSET ?? 0);
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const dbUrl = dbUrlOf(name);
  const host = 'bench.test';
  // BENCH_SERVER_NODE_ARGS: extra flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/main.ts'], {
    detached: true,
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: dbUrl, TOKEN_SECRET: 'bench-secret-0123456789-0123456789-0123', DEFAULT_TENANT_HOST: host, LOG_LEVEL: 'warn', PUBLIC_RATE_PER_MINUTE: '1000000', WEB_DIST: '/nonexistent' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const pub = { host, authorization: 'Bearer erp-public', 'content-type': 'application/json' };
  const p = await transformPassword('Bench pass 1');
  await fetch(`${url}/auth/user/createfirst/${p}`, { method: 'POST', headers: pub, body: JSON.stringify({ name: 'Bench', mailAddress: 'bench@bench.test', password: p, confirmPassword: p }) });
  const signed = (await (await fetch(`${url}/auth/user/validate`, { method: 'POST', headers: pub, body: JSON.stringify({ key: 'bench@bench.test', value: p }) })).json()) as SignedInUser;
  const auth = { host, authorization: `Bearer ${signed.token}`, token: signed.activeUser.tenant.id, 'content-type': 'application/json' };
  const fy = (await (await fetch(`${url}/gl/fiscal-years`, { method: 'POST', headers: auth, body: JSON.stringify({ code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' }) })).json()) as { id: string };
  await fetch(`${url}/gl/fiscal-years/${fy.id}/periods`, { method: 'POST', headers: auth, body: JSON.stringify({ pattern: 'monthly' }) });
  const list = (await (await fetch(`${url}/gl/accounts?limit=500`, { headers: auth })).json()) as { items: { id: string; code: string }[] };
  const administrators = signed.parentRole.id;
  return {
    url, dbUrl, auth, pid: child.pid!,
    accounts: new Map(list.items.map((a) => [a.code, a.id])),
    users: async (n: number) => {
      // n more users of the tenant (Administrators: they may post), each signed in: one per client.
      const out: Record<string, string>[] = [];
      for (let i = 0; i < n; i++) {
        const mail = `clerk${i}@bench.test`;
        await fetch(`${url}/auth/user/create/${p}`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Clerk ${i}`, mailAddress: mail, password: p, confirmPassword: p, roleID: administrators }) });
        const user = (await (await fetch(`${url}/auth/user/validate`, { method: 'POST', headers: pub, body: JSON.stringify({ key: mail, value: p }) })).json()) as SignedInUser;
        out.push({ ...auth, authorization: `Bearer ${user.token}` });
      }
      return out;
    },
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** Posting, non-control accounts of the seeded chart: what generated journals use. */
export const POSTING_CODES = ['1010', '1300', '1400', '1510', '2100', '2200', '2500', '3000', '3100', '4000', '4100', '4900', '5000', '6000', '6100', '6200', '6300', '6400', '7000'];

/** A process's CPU time so far (user + system, seconds): what a bench cost it, whatever else the machine runs. */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The CPU seconds the backends spent between two readings of databaseCpu (a backend that ended meanwhile is not counted). */
export const cpuSpent = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);

/** CPU seconds so far of each PostgreSQL backend serving the database `dbName` (a bench's share of the database's work). */
export async function databaseCpu(dbName: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const pids = (await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid);
    const out = new Map<number, number>();
    for (const pid of pids) {
      try {
        out.set(pid, cpuSecondsOf(pid));
      } catch {
        // the backend ended meanwhile
      }
    }
    return out;
  } finally {
    await client.end();
  }
}
