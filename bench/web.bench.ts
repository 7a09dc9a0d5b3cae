/*
 * npm run bench:web: the first load of the built web app in Chromium, served by the real server (issue 14).
 * Per route and run: a fresh browser context with the cache disabled and the CPU throttled 4x
 * (CDP Emulation.setCPUThrottlingRate), the bytes that crossed the wire by kind, and the time to interactive.
 * Three runs per route, the median printed. BENCH_WEB_RUNS changes the run count, BENCH_WEB_THROTTLE the CPU factor,
 * BENCH_WEB_ONLY=/login,/journal picks routes.
 *
 * Time to interactive here: from navigation start until both the route's ready element is shown and the last long
 * task (over 50 ms) before a quiet second has ended. Bytes are the compressed bodies as received (the sum of CDP
 * Network.dataReceived encodedDataLength), counted until that quiet second; "wire" adds the response headers.
 * BENCH_WEB_FILES=1 lists the bytes per file of the median run's route.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { transformPassword, type SignedInUser } from '@erp/contracts';

const ROOT = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3904);
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const THROTTLE = Number(process.env.BENCH_WEB_THROTTLE ?? 4);
const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MAIL = 'bench@bench.test';
const PASSWORD = 'Bench pass 1';
const PUBLIC = { authorization: 'Bearer erp-public', 'content-type': 'application/json' };

type Route = { path: string; signedIn: boolean; ready: (page: Page) => Promise<void> };
const ROUTES: Route[] = [
  { path: '/login', signedIn: false, ready: (page) => page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 60_000 }) },
  { path: '/trial-balance?from=2026-01-01&to=2026-12-31', signedIn: true, ready: (page) => page.getByText('Balanced').first().waitFor({ timeout: 60_000 }) },
  { path: '/journal', signedIn: true, ready: (page) => page.getByText('Difference').first().waitFor({ timeout: 60_000 }) },
];

type Sample = { tti: number; requests: number; bytes: Record<string, number>; wire: number; encodings: Set<string>; files: Map<string, number> };

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  return `${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

async function startServer(): Promise<{ close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    detached: true,
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', TOKEN_SECRET: 'bench-secret-0123456789-0123456789-0123', LOG_LEVEL: 'warn', PUBLIC_RATE_PER_MINUTE: '100000', JOBS: 'off', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return {
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first user, an open 2026 and two posted journals: the trial balance has rows, the journal editor its reference data. */
async function seed(): Promise<SignedInUser> {
  const p = await transformPassword(PASSWORD);
  await fetch(`${BASE}/auth/user/createfirst/${p}`, { method: 'POST', headers: PUBLIC, body: JSON.stringify({ name: 'Bench', mailAddress: MAIL, password: p, confirmPassword: p }) });
  const signed = (await (await fetch(`${BASE}/auth/user/validate`, { method: 'POST', headers: PUBLIC, body: JSON.stringify({ key: MAIL, value: p }) })).json()) as SignedInUser;
  const auth = { authorization: `Bearer ${signed.token}`, token: signed.activeUser.tenant.id, 'content-type': 'application/json' };
  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${BASE}${url}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const year = await api<{ id: string }>('POST', '/gl/fiscal-years', { code: 'FY2026', name: '2026', startDate: '2026-01-01', endDate: '2026-12-31' });
  await api('POST', `/gl/fiscal-years/${year.id}/periods`, { pattern: 'monthly' });
  const accounts = new Map((await api<{ items: { id: string; code: string }[] }>('GET', '/gl/accounts?limit=500')).items.map((a) => [a.code, a.id]));
  const line = (code: string, side: 'debit' | 'credit', amount: string) => ({ account: accounts.get(code)!, currency: 'USD', [side]: amount });
  await api('POST', '/gl/journals/post', { journalDate: '2026-03-02', description: 'Rent', lines: [line('6100', 'debit', '12500.00'), line('1010', 'credit', '12500.00')] });
  await api('POST', '/gl/journals/post', { journalDate: '2026-03-16', description: 'Consulting', lines: [line('1010', 'debit', '48000.00'), line('4000', 'credit', '48000.00')] });
  return signed;
}

const KINDS: Record<string, string> = { Script: 'js', Stylesheet: 'css', Font: 'font', Document: 'html', Fetch: 'api', XHR: 'api' };

async function measure(browser: Browser, route: Route, user: SignedInUser): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.addInitScript(
    ([stored]) => {
      if (stored && !localStorage.getItem('user')) {
        localStorage.setItem('user', stored);
        localStorage.setItem('hasActiveUser', 'true');
      }
      const w = window as unknown as { __longTaskEnds: number[] };
      w.__longTaskEnds = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTaskEnds.push(entry.startTime + entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    },
    [route.signedIn ? JSON.stringify(user) : ''],
  );
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const kindOf = new Map<string, string>();
  const urlOf = new Map<string, string>();
  const files = new Map<string, number>();
  let wire = 0;
  const bytes: Record<string, number> = { js: 0, css: 0, font: 0, html: 0, api: 0, other: 0 };
  const encodings = new Set<string>();
  let requests = 0;
  let inFlight = 0;
  cdp.on('Network.requestWillBeSent', () => {
    requests++;
    inFlight++;
  });
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string; headers: Record<string, string> } }) => {
    const kind = KINDS[e.type] ?? 'other';
    kindOf.set(e.requestId, kind);
    urlOf.set(e.requestId, new URL(e.response.url).pathname);
    if (kind === 'js' || kind === 'css' || kind === 'html') encodings.add(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity');
  });
  cdp.on('Network.dataReceived', (e: { requestId: string; encodedDataLength: number }) => {
    const kind = kindOf.get(e.requestId) ?? 'other';
    bytes[kind] = (bytes[kind] ?? 0) + e.encodedDataLength;
    const url = urlOf.get(e.requestId) ?? '?';
    files.set(url, (files.get(url) ?? 0) + e.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    inFlight--;
    wire += e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', () => inFlight--);

  await page.goto(`${BASE}${route.path}`, { waitUntil: 'commit' });
  await route.ready(page);
  const readyAt = await page.evaluate(() => performance.now());
  // Quiet: no long task ended in the last second and nothing in flight.
  let lastLongTaskEnd = 0;
  for (;;) {
    const [now, ends] = await page.evaluate(() => [performance.now(), (window as unknown as { __longTaskEnds: number[] }).__longTaskEnds] as const);
    lastLongTaskEnd = Math.max(0, ...ends);
    if (inFlight <= 0 && now - Math.max(readyAt, lastLongTaskEnd) >= 1000) break;
    await page.waitForTimeout(200);
  }
  await context.close();
  return { tti: Math.max(readyAt, lastLongTaskEnd), requests, bytes, wire, encodings, files };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('no built web app: run npm run build first');
  console.log(`machine: ${machine()}`);
  console.log(`Chromium, cache disabled, CPU throttled ${THROTTLE}x, ${RUNS} runs per route, median`);
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LAUNCH_ARGS });
  try {
    const user = await seed();
    const only = process.env.BENCH_WEB_ONLY?.split(',');
    for (const route of ROUTES.filter((r) => !only || only.includes(r.path.split('?')[0]!))) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await measure(browser, route, user));
      const m = (f: (s: Sample) => number) => median(samples.map(f));
      const jsCss = m((s) => s.bytes.js! + s.bytes.css!);
      const encodings = [...new Set(samples.flatMap((s) => [...s.encodings]))].join(',');
      console.log(
        `${route.path.split('?')[0]!.padEnd(15)} TTI ${m((s) => s.tti).toFixed(0)} ms (runs ${samples.map((s) => s.tti.toFixed(0)).join(', ')}), ` +
          `${m((s) => s.requests)} requests, JS+CSS ${kb(jsCss)} (js ${kb(m((s) => s.bytes.js!))}, css ${kb(m((s) => s.bytes.css!))}), ` +
          `all ${kb(m((s) => Object.values(s.bytes).reduce((a, b) => a + b, 0)))} (wire with headers ${kb(m((s) => s.wire))}), fonts ${kb(m((s) => s.bytes.font!))}, html ${kb(m((s) => s.bytes.html!))}, api ${kb(m((s) => s.bytes.api!))}, encodings ${encodings}`,
      );
      if (process.env.BENCH_WEB_FILES) for (const [file, n] of [...samples[0]!.files].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(n).padStart(10)} ${file}`);
      if (route.path === '/login' && jsCss > 250_000) console.log(`  /login JS+CSS ${kb(jsCss)} is over the 250 KB goal`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
process.exit(0);
