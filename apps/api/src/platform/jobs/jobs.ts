import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/**
 * Scheduled and queued work (DESIGN.md: pg-boss 10 on the application's own database). Modules
 * define their jobs when they register; only the server process starts the queue (tests call
 * the jobs' work functions directly with a controlled clock, so they never start pg-boss).
 */
export type JobDefinition = {
  /** The queue name, e.g. 'ledger.recurring-journals'. */
  name: string;
  /** A 5-field cron schedule in UTC, e.g. every five minutes: '*\/5 * * * *'. */
  cron?: string;
  /** The work. It must be idempotent: pg-boss may run a job again after a crash. */
  run: (data: Record<string, unknown>) => Promise<void>;
};

export type JobRun = { at: string; durationMs: number; error: string | null };

export type QueueHealth = {
  name: string;
  cron: string | null;
  queued: number;
  active: number;
  failed: number;
  lastRun: JobRun | null;
  lastFailures: { at: string; message: string }[];
};

export type JobsHealth = { running: boolean; queues: QueueHealth[] };

type SendOptions = { singletonKey?: string; startAfterSeconds?: number };

const FAILURES_KEPT = 5;

export class Jobs {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly lastRuns = new Map<string, JobRun>();
  private readonly failures = new Map<string, { at: string; message: string }[]>();
  private boss: PgBoss | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  define(def: JobDefinition): void {
    if (this.definitions.has(def.name)) throw new Error(`Job ${def.name} is defined twice`);
    this.definitions.set(def.name, def);
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  get running(): boolean {
    return this.boss !== undefined;
  }

  /** Installs pg-boss's schema if needed, creates the queues, schedules the cron jobs and starts the workers. */
  async start(): Promise<void> {
    if (this.boss) return;
    const boss = new PgBoss({ db: { executeSql: (text, values?: unknown[]) => this.database.query(text, values ?? []) }, schema: 'pgboss' });
    boss.on('error', (err: Error) => this.log.error({ err }, 'job queue error'));
    await boss.start();
    for (const def of this.definitions.values()) {
      await boss.createQueue(def.name, { name: def.name, retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 });
      if (def.cron) await boss.schedule(def.name, def.cron, {}, { singletonKey: def.name });
      else await boss.unschedule(def.name).catch(() => undefined);
      await boss.work<Record<string, unknown>>(def.name, { batchSize: 1, pollingIntervalSeconds: 5 }, async ([job]) => {
        if (job) await this.runNow(def.name, job.data ?? {});
      });
    }
    this.boss = boss;
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** Queues a job; without a running queue (tests, one-off scripts) the work runs at once, in process. */
  async send(name: string, data: Record<string, unknown> = {}, options: SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name}`);
    if (!this.boss) {
      await this.runNow(name, data);
      return null;
    }
    return this.boss.send(name, data, { singletonKey: options.singletonKey, startAfter: options.startAfterSeconds });
  }

  /** Runs a job's work in this process, recording how it went for the service monitor; rethrows its failure. */
  async runNow(name: string, data: Record<string, unknown> = {}): Promise<void> {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`No job named ${name}`);
    const started = Date.now();
    const at = new Date(started).toISOString();
    try {
      await def.run(data);
      this.lastRuns.set(name, { at, durationMs: Date.now() - started, error: null });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.lastRuns.set(name, { at, durationMs: Date.now() - started, error: message });
      this.failures.set(name, [{ at, message }, ...(this.failures.get(name) ?? [])].slice(0, FAILURES_KEPT));
      this.log.error({ job: name, err: e }, 'job failed');
      throw e;
    }
  }

  /** Queue depths from pg-boss's tables when it runs, and each job's last run and failures in this process. */
  async health(): Promise<JobsHealth> {
    const counts = new Map<string, Record<string, number>>();
    if (this.boss) {
      const result = await this.database.query("select name, state, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name, state", []);
      for (const row of result.rows as { name: string; state: string; n: number }[]) {
        counts.set(row.name, { ...(counts.get(row.name) ?? {}), [row.state]: row.n });
      }
    }
    const queues = [...this.definitions.values()].map((def) => {
      const c = counts.get(def.name) ?? {};
      return {
        name: def.name,
        cron: def.cron ?? null,
        queued: (c.created ?? 0) + (c.retry ?? 0),
        active: c.active ?? 0,
        failed: c.failed ?? 0,
        lastRun: this.lastRuns.get(def.name) ?? null,
        lastFailures: this.failures.get(def.name) ?? [],
      };
    });
    return { running: this.running, queues };
  }
}
