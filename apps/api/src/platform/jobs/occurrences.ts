import type { Tx } from '../db/client';
import { withSystem, withTenant } from '../db/tenancy';
import { tenantHosts } from '../db/tenancy.tables';
import { AppError } from '../http/errors';
import type { Platform } from '../platform';

/*
 * The run of recurring schedules, shared by every module that has them (recurring journals, recurring
 * payments): each occurrence in its own tenant transaction, in date order, claimed by the module in
 * the same transaction as what it makes (a repeated run never makes it twice); a failing occurrence
 * writes nothing of itself, is recorded on its schedule, and the schedule stops there until a later
 * run. The job walks every tenant (the host table: the only tenant list outside row-level security).
 */

/** Occurrences of one schedule per run: a schedule years behind catches up over a few runs, without one endless loop. */
export const OCCURRENCES_PER_RUN_MAX = 400;

export type Occurrence = { occurrenceDate: string; made: boolean };
export type ScheduleOutcome = { occurrences: string[]; failure: { occurrenceDate: string; message: string } | null };
export type RunSummary = { tenants: number; schedules: number; generated: number; failed: number };

/** What a module says of its schedules. */
export type OccurrenceSchedules = {
  /** What the log calls one (e.g. 'recurring journal'). */
  noun: string;
  /** The tenant's schedules due by `upTo`, next date first (an inactive tenant has none). */
  due: (tx: Tx, tenantId: string, upTo: string) => Promise<string[]>;
  /**
   * Makes the schedule's next occurrence if it is due by `upTo`: locks the schedule, claims the
   * occurrence (ON CONFLICT DO NOTHING), makes it and advances the next date, all in `tx`; null when
   * nothing is due.
   */
  generateNext: (tx: Tx, tenantId: string, scheduleId: string, upTo: string, userId: string | undefined) => Promise<Occurrence | null>;
  /** Keeps the failure on the schedule (in a transaction of its own); answers the occurrence that failed. */
  recordFailure: (tx: Tx, tenantId: string, scheduleId: string, message: string) => Promise<string>;
};

/** The next date left to make, or null when the end date or the count of occurrences is reached. */
export function openNextDate(row: { endDate: string | null; maxOccurrences: number | null; occurrencesGenerated: number }, candidate: string | null): string | null {
  if (candidate === null) return null;
  if (row.endDate !== null && candidate > row.endDate) return null;
  if (row.maxOccurrences !== null && row.occurrencesGenerated >= row.maxOccurrences) return null;
  return candidate;
}

/** The database's own words behind Drizzle's "Failed query" wrapper; a business rule's message as it is. */
export function messageOf(e: unknown): string {
  if (e instanceof AppError) return e.message;
  const cause = e instanceof Error ? e.cause : undefined;
  if (cause instanceof Error) return cause.message;
  return e instanceof Error ? e.message : String(e);
}

/** Makes every occurrence of one schedule due by `upTo`, each in its own tenant transaction. */
export async function runScheduleOccurrences(platform: Platform, s: OccurrenceSchedules, tenantId: string, scheduleId: string, upTo: string, userId?: string): Promise<ScheduleOutcome> {
  const occurrences: string[] = [];
  for (let i = 0; i < OCCURRENCES_PER_RUN_MAX; i++) {
    let occurrence: Occurrence | null;
    try {
      occurrence = await withTenant(platform.database.db, { tenantId, userId, companies: 'all' }, (tx) => s.generateNext(tx, tenantId, scheduleId, upTo, userId));
    } catch (e) {
      const message = messageOf(e);
      const occurrenceDate = await withTenant(platform.database.db, { tenantId, companies: 'all' }, (tx) => s.recordFailure(tx, tenantId, scheduleId, message));
      return { occurrences, failure: { occurrenceDate, message } };
    }
    if (occurrence === null) break;
    if (occurrence.made) occurrences.push(occurrence.occurrenceDate);
  }
  return { occurrences, failure: null };
}

/**
 * The work of a schedules job: every tenant, each tenant's due schedules, each on its own.
 * Idempotent: run again for the same time, it finds nothing left to do. A schedule that cannot be
 * run at all (not a business rule: the database failing) is logged and the others go on; the job
 * then fails so the service monitor shows it.
 */
export async function runDueSchedules(platform: Platform, s: OccurrenceSchedules, upTo: string): Promise<RunSummary> {
  const tenantIds = (await withSystem(platform.database.db, (tx) => tx.selectDistinct({ id: tenantHosts.tenantId }).from(tenantHosts))).map((r) => r.id);
  const summary: RunSummary = { tenants: 0, schedules: 0, generated: 0, failed: 0 };
  let broken = 0;
  for (const tenantId of tenantIds) {
    const due = await withTenant(platform.database.db, { tenantId, companies: 'all' }, (tx) => s.due(tx, tenantId, upTo));
    if (due.length > 0) summary.tenants++;
    for (const id of due) {
      try {
        const outcome = await runScheduleOccurrences(platform, s, tenantId, id, upTo);
        summary.schedules++;
        summary.generated += outcome.occurrences.length;
        if (outcome.failure) summary.failed++;
      } catch (e) {
        broken++;
        platform.log.error({ err: e, tenantId, scheduleId: id }, `${s.noun} could not be run`);
      }
    }
  }
  if (broken > 0) throw new Error(`${broken} ${s.noun}(s) could not be run`);
  return summary;
}
