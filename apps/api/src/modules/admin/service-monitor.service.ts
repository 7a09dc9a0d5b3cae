import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, desc, eq } from 'drizzle-orm';
import type { HealthStatus, MonitorFailure, ServiceMonitor } from '@erp/contracts';
import { readMigrations } from '../../platform/db/migrate';
import type { Tx } from '../../platform/db/client';
import { mailOutbox } from '../../platform/mail/mail.tables';
import type { Platform } from '../../platform/platform';
import { tenants } from '../organisation/index';
import type { EventLoopLag } from './event-loop-lag';

type Health<K extends keyof ServiceMonitor> = ServiceMonitor[K];

/** Thresholds past which a working part shows as a warning. */
export const LAG_P99_WARN_MS = 200;
export const DB_LATENCY_WARN_MS = 500;
const MAIL_FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
const FAILURES_SHOWN = 10;
const HIDDEN_DETAIL = 'Details are shown to the operator (the license-manager tenant)';

const API_VERSION = (() => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
})();
let committedMigrations: number | undefined;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const round1 = (n: number) => Math.round(n * 10) / 10;

export function apiHealth(startedAt: Date, lag: Pick<EventLoopLag, 'read'>): Health<'api'> {
  const memory = process.memoryUsage();
  const eventLoopLagMs = lag.read();
  return {
    status: eventLoopLagMs.p99 > LAG_P99_WARN_MS ? 'warning' : 'ok',
    version: API_VERSION,
    node: process.version,
    startedAt: startedAt.toISOString(),
    uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
    eventLoopLagMs,
  };
}

/** Round trip of `select 1`, the database's size and the migrations applied, as the connecting role (no tenant table is read). */
export async function databaseHealth(platform: Platform): Promise<Health<'database'>> {
  const { database } = platform;
  const down = (error: unknown): Health<'database'> => ({ status: 'down', kind: database.kind, latencyMs: null, sizeBytes: null, migrations: null, error: messageOf(error) });
  let latencyMs: number;
  try {
    const started = performance.now();
    await database.query('select 1', []);
    latencyMs = round1(performance.now() - started);
  } catch (e) {
    return down(e);
  }
  // The size is a nicety: an engine or role that cannot tell leaves it empty.
  const size = await database.query('select pg_database_size(current_database()) as size', []).catch(() => ({ rows: [] }));
  const sizeValue = (size.rows[0] as { size?: unknown } | undefined)?.size;
  const applied = await database.query('select count(*)::int as n, max(tag) as last, max(applied_at) as at from erp_migrations', []);
  const row = applied.rows[0] as { n: number; last: string | null; at: Date | string | null };
  committedMigrations ??= readMigrations().length;
  const migrations = { applied: row.n, committed: committedMigrations, last: row.last, lastAppliedAt: row.at === null ? null : new Date(row.at).toISOString() };
  const status: HealthStatus = migrations.applied < migrations.committed || latencyMs > DB_LATENCY_WARN_MS ? 'warning' : 'ok';
  return { status, kind: database.kind, latencyMs, sizeBytes: sizeValue === undefined || sizeValue === null ? null : Number(sizeValue), migrations, error: null };
}

/** Queue depths and failures from the job queue; failure texts only for the operator (they come from every tenant's work). */
export async function jobsHealth(platform: Platform, isOperator: boolean): Promise<Health<'jobs'>> {
  const health = await platform.jobs.health();
  const queues = health.queues.map((q) => ({
    name: q.name, cron: q.cron, queued: q.queued, active: q.active, failed: q.failed,
    lastRunAt: q.lastRun?.at ?? null, lastRunMs: q.lastRun?.durationMs ?? null, lastRunFailed: q.lastRun?.error != null,
  }));
  const lastFailures: MonitorFailure[] = health.queues
    .flatMap((q) => q.lastFailures.map((f) => ({ at: f.at, source: q.name, message: isOperator ? f.message : HIDDEN_DETAIL })))
    .sort((x, y) => y.at.localeCompare(x.at))
    .slice(0, FAILURES_SHOWN);
  const failing = queues.some((q) => q.failed > 0 || q.lastRunFailed);
  const status: HealthStatus = !health.running ? 'off' : failing ? 'warning' : 'ok';
  return { status, running: health.running, queues, lastFailures, failureDetails: isOperator };
}

/** This tenant's outbox by status and its latest failed mails; a failure within a day is a warning. */
export async function mailHealth(tx: Tx, platform: Platform, tenantId: string): Promise<Health<'mail'>> {
  const byStatus = await tx.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId)).groupBy(mailOutbox.status);
  const n = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const failed = await tx
    .select({ at: mailOutbox.createdAt, to: mailOutbox.toAddress, subject: mailOutbox.subject, error: mailOutbox.error })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.status, 'Failed')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(FAILURES_SHOWN);
  const lastFailures = failed.map((f) => ({ at: f.at.toISOString(), source: `Mail to ${f.to}: ${f.subject}`, message: f.error ?? 'Delivery failed' }));
  const recent = failed.some((f) => platform.now().getTime() - f.at.getTime() < MAIL_FAILURE_WINDOW_MS);
  return {
    status: recent ? 'warning' : 'ok',
    mode: platform.config.smtpUrl ? 'smtp' : 'outbox',
    counts: { queued: n('Queued'), outbox: n('Outbox'), sent: n('Sent'), failed: n('Failed') },
    lastFailures,
  };
}

/** Whether the tenant of the transaction operates the installation (a license-manager tenant). */
export async function isOperatorTenant(tx: Tx, tenantId: string): Promise<boolean> {
  const [row] = await tx.select({ isLicenseManager: tenants.isLicenseManager }).from(tenants).where(eq(tenants.tenantId, tenantId));
  return row?.isLicenseManager ?? false;
}
