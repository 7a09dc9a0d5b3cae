import { z } from 'zod';

/*
 * The service monitor (/service-monitor, Admin > Configuration): the health of the API, the
 * database, the job queue and mail, from GET /admin/service-monitor.
 */
export const SERVICE_MONITOR_PAGE = '/service-monitor';
/** The screen refreshes itself this often. */
export const SERVICE_MONITOR_REFRESH_MS = 30_000;

/** ok: working; warning: working with failures or slow; down: not answering; off: not running in this process. */
export const healthStatuses = ['ok', 'warning', 'down', 'off'] as const;
export type HealthStatus = (typeof healthStatuses)[number];
const status = z.enum(healthStatuses);

export const failureSchema = z.object({ at: z.string(), source: z.string(), message: z.string() });
export type MonitorFailure = z.infer<typeof failureSchema>;

export const apiHealthSchema = z.object({
  status,
  version: z.string(),
  node: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number(), heapTotalBytes: z.number() }),
  /** Event-loop delay since the previous reading (or start), in milliseconds. */
  eventLoopLagMs: z.object({ mean: z.number(), p99: z.number(), max: z.number() }),
});

export const databaseHealthSchema = z.object({
  status,
  kind: z.enum(['pglite', 'postgres']),
  /** Round trip of `select 1`. */
  latencyMs: z.number().nullable(),
  sizeBytes: z.number().nullable(),
  migrations: z.object({ applied: z.number().int(), committed: z.number().int(), last: z.string().nullable(), lastAppliedAt: z.string().nullable() }).nullable(),
  error: z.string().nullable(),
});

export const queueHealthSchema = z.object({
  name: z.string(),
  cron: z.string().nullable(),
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastRunMs: z.number().nullable(),
  lastRunFailed: z.boolean(),
});

export const jobsHealthSchema = z.object({
  status,
  running: z.boolean(),
  queues: z.array(queueHealthSchema),
  lastFailures: z.array(failureSchema),
  /** Failure texts come from work across tenants, so only the operator (a license-manager tenant) reads them. */
  failureDetails: z.boolean(),
});

export const mailHealthSchema = z.object({
  status,
  /** smtp: delivered through the configured server; outbox: kept in the outbox for an admin to read. */
  mode: z.enum(['smtp', 'outbox']),
  /** This tenant's outbox by status. */
  counts: z.object({ queued: z.number().int(), outbox: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  lastFailures: z.array(failureSchema),
});

export const serviceMonitorSchema = z.object({
  checkedAt: z.string(),
  api: apiHealthSchema,
  database: databaseHealthSchema,
  jobs: jobsHealthSchema,
  mail: mailHealthSchema,
});
export type ServiceMonitor = z.infer<typeof serviceMonitorSchema>;
