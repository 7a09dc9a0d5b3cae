// Proves the service monitor reports the real state of the API, the database, the job queue and this tenant's mail, and shows job failure texts only to the operator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transformPassword, type ErrorObject, type ServiceMonitor } from '@erp/contracts';
import { readMigrations } from '../../src/platform/db/migrate';
import { apiHealth, DB_LATENCY_WARN_MS, LAG_P99_WARN_MS } from '../../src/modules/admin/index';
import { withTenant } from '../../src/platform/db/tenancy';
import { mailOutbox } from '../../src/platform/mail/mail.tables';
import { testDbKind } from '../helpers/databases';
import { adminOf, call, createFirstUser, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;

const monitor = async (as: Session = admin, host = tenant.host) => {
  const res = await call<ServiceMonitor>(t.app, host, 'GET', '/admin/service-monitor', undefined, as);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  // Port 9 (discard) refuses on this machine: delivery fails for real, as a dead SMTP server would.
  t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
  ({ tenant, admin } = await adminOf(t, 'MONITOR'));
  t.platform.jobs.define({ name: 'test.monitor-ok', cron: '*/5 * * * *', run: async () => undefined });
  t.platform.jobs.define({
    name: 'test.monitor-fails',
    run: async () => {
      throw new Error('Recurring journal RJ-7 of tenant MONITOR has no open period');
    },
  });
});
afterAll(() => t.close());

describe('the service monitor', () => {
  it('reports the API process: version, uptime, memory and event-loop lag', async () => {
    const { api, checkedAt } = await monitor();
    expect(api).toMatchObject({ version: '1.0.0', node: process.version });
    // The status follows the lag measured since the last reading: a loaded test machine may lag.
    expect(api.status).toBe(api.eventLoopLagMs.p99 > LAG_P99_WARN_MS ? 'warning' : 'ok');
    expect(api.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(api.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(api.memory.rssBytes).toBeGreaterThan(api.memory.heapUsedBytes);
    expect(api.memory.heapTotalBytes).toBeGreaterThanOrEqual(api.memory.heapUsedBytes);
    expect(api.eventLoopLagMs.max).toBeGreaterThanOrEqual(api.eventLoopLagMs.mean);
    expect(Date.parse(checkedAt)).not.toBeNaN();
  });

  it('warns when the event loop lagged past its threshold', () => {
    const lagging = { read: () => ({ mean: 50, p99: LAG_P99_WARN_MS + 1, max: 400 }) };
    const calm = { read: () => ({ mean: 1, p99: LAG_P99_WARN_MS, max: 5 }) };
    expect(apiHealth(new Date(), lagging).status).toBe('warning');
    expect(apiHealth(new Date(), calm).status).toBe('ok');
  });

  it('reports the database it runs on, its latency, size and every committed migration applied', async () => {
    const { database } = await monitor();
    const committed = readMigrations();
    expect(database).toMatchObject({ kind: testDbKind(), error: null });
    expect(database.status).toBe((database.latencyMs ?? 0) > DB_LATENCY_WARN_MS ? 'warning' : 'ok');
    expect(database.migrations).toMatchObject({ applied: committed.length, committed: committed.length, last: committed.at(-1)!.tag });
    expect(database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(database.sizeBytes).toBeGreaterThan(1_000_000);
  });

  it('shows the job queue as not running under tests, with each queue and its last run', async () => {
    await t.platform.jobs.runNow('test.monitor-ok');
    const { jobs } = await monitor();
    expect(jobs).toMatchObject({ status: 'off', running: false, lastFailures: [] });
    const ok = jobs.queues.find((q) => q.name === 'test.monitor-ok')!;
    expect(ok).toMatchObject({ cron: '*/5 * * * *', queued: 0, active: 0, failed: 0, lastRunFailed: false });
    expect(ok.lastRunAt).not.toBeNull();
    expect(jobs.queues.find((q) => q.name === 'test.monitor-fails')).toMatchObject({ lastRunAt: null, lastRunFailed: false });
  });

  it('lists a failed job with its time; the text only for the license-manager tenant', async () => {
    await expect(t.platform.jobs.runNow('test.monitor-fails')).rejects.toThrow('no open period');
    const { jobs } = await monitor();
    expect(jobs.failureDetails).toBe(false);
    expect(jobs.queues.find((q) => q.name === 'test.monitor-fails')).toMatchObject({ lastRunFailed: true });
    expect(jobs.lastFailures).toEqual([{ at: expect.any(String), source: 'test.monitor-fails', message: 'Details are shown to the operator (the license-manager tenant)' }]);
    expect(JSON.stringify(jobs)).not.toContain('RJ-7');

    const operator = await t.tenant('OPERATOR', { isLicenseManager: true });
    await createFirstUser(t.app, operator.host, 'ops@operator.test', 'Correct horse 1');
    const ops = await signIn(t.app, operator.host, 'ops@operator.test', 'Correct horse 1');
    const seen = (await monitor(ops, operator.host)).jobs;
    expect(seen.failureDetails).toBe(true);
    expect(seen.lastFailures.map((f) => f.message)).toEqual(['Recurring journal RJ-7 of tenant MONITOR has no open period']);
  });

  it("counts this tenant's outbox and shows its real delivery failures, never another tenant's", async () => {
    const before = (await monitor()).mail;
    expect(before).toMatchObject({ status: 'ok', mode: 'smtp', counts: { queued: 0, outbox: 0, sent: 0, failed: 0 }, lastFailures: [] });

    const { db } = t.platform.database;
    const mailId = await withTenant(db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => t.platform.mailer.enqueue(tx, tenant.tenantId, { to: 'clerk@monitor.test', subject: 'Your code', body: 'x' }));
    await withTenant(db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => t.platform.mailer.enqueue(tx, tenant.tenantId, { to: 'later@monitor.test', subject: 'Later', body: 'y' }));
    await t.platform.mailer.deliver(db, tenant.tenantId, mailId);

    const after = (await monitor()).mail;
    expect(after.status).toBe('warning');
    expect(after.counts).toEqual({ queued: 1, outbox: 0, sent: 0, failed: 1 });
    const [row] = await withTenant(db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.mailId, mailId)));
    expect(after.lastFailures).toEqual([{ at: row!.createdAt.toISOString(), source: 'Mail to clerk@monitor.test: Your code', message: row!.error }]);
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);

    const other = await adminOf(t, 'QUIET');
    const quiet = (await monitor(other.admin, other.tenant.host)).mail;
    expect(quiet).toMatchObject({ status: 'ok', counts: { queued: 0, outbox: 0, sent: 0, failed: 0 }, lastFailures: [] });
  });

  it('is open to roles holding /service-monitor only', async () => {
    const roles = (await call<{ items: { id: string; name: string }[] }>(t.app, tenant.host, 'GET', '/auth/role/getroles', undefined, admin)).body.items;
    const p = await transformPassword('Pass word 1');
    const accountantRole = roles.find((r) => r.name === 'Accountant')!.id;
    await call(t.app, tenant.host, 'POST', `/auth/user/create/${p}`, { name: 'Acc', mailAddress: 'acc@monitor.test', password: p, confirmPassword: p, roleID: accountantRole }, admin);
    const accountant = await signIn(t.app, tenant.host, 'acc@monitor.test', 'Pass word 1');
    const refused = await call<ErrorObject>(t.app, tenant.host, 'GET', '/admin/service-monitor', undefined, accountant);
    expect(refused.body).toEqual({ message: 'You are not permitted to do this', statusCode: 403, serverError: 'Forbidden' });
    expect((await call(t.app, tenant.host, 'GET', '/admin/service-monitor')).status).toBe(401);
  });
});
