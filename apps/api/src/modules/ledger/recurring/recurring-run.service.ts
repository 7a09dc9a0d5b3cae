import { and, asc, eq, isNotNull, lte, max } from 'drizzle-orm';
import { nextOccurrenceAfter, utcCalendarDate, type RecurringRunResult, type TemplateJournalKind } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { userContext, withTenant } from '../../../platform/db/tenancy';
import { openNextDate, runDueSchedules, runScheduleOccurrences, type OccurrenceSchedules, type RunSummary, type ScheduleOutcome } from '../../../platform/jobs/occurrences';
import { recordAudit } from '../../../platform/audit/audit';
import { unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import type { Platform } from '../../../platform/platform';
import { tenants } from '../../organisation/index';
import { accountingPeriods } from '../periods/periods.tables';
import { journalLines, journals } from '../journals/journals.tables';
import { recurringJournalRuns, recurringJournals } from './recurring.tables';
import { approvalGate } from '../../workflow/index';
import { companyLedger } from '../posting/posting-context';
import { postEntry, type EntryRequest } from '../posting/posting.service';
import { blankLineNumbers, entryLinesOf, loadTemplate } from '../templates/templates.service';
import { getRecurring, loadRecurring, recurringHistory, ruleOf, type RecurringRow } from './recurring.service';
import type { Actor } from '../journals/journals.service';

export const RECURRING_JOB = 'ledger.recurring-journals';
/** Every five minutes (UTC): a due occurrence waits at most that long. */
export const RECURRING_JOB_CRON = '*/5 * * * *';

type Made = { journalId: string; status: 'Draft' | 'Posted' };
export type { ScheduleOutcome, RunSummary };

/** A draft carrying the schedule's id, lines as the template has them (blank amounts as zero, to be filled). */
async function insertDraft(tx: Tx, scope: KitScope, request: EntryRequest & { exact?: false }): Promise<string> {
  const { baseCurrency } = await companyLedger(tx, scope);
  const [header] = await tx
    .insert(journals)
    .values({
      tenantId: scope.tenantId, companyId: scope.companyId, kind: request.kind, status: 'Draft', journalDate: request.journalDate, description: request.description,
      reference: request.reference ?? null, sourceModule: request.source.module, sourceType: request.source.documentType, sourceId: request.source.documentId ?? null, recurringId: request.recurringId ?? null, baseCurrency, createdBy: scope.userId,
    })
    .returning({ id: journals.id });
  await tx.insert(journalLines).values(
    request.lines.map((l, i) => ({
      tenantId: scope.tenantId, journalId: header!.id, lineNo: i + 1, accountId: l.accountId, description: l.description ?? null, currency: l.currency,
      debitMinor: l.debitMinor, creditMinor: l.creditMinor, dimensions: l.dimensions ?? {}, taxId: l.taxId ?? null,
    })),
  );
  return header!.id;
}

/** The journal of one occurrence: a draft, or posted through the posting engine (open period, accounts, balance, number). */
async function makeJournal(tx: Tx, scope: KitScope, schedule: RecurringRow, occurrenceDate: string): Promise<Made> {
  const { header, lines } = await loadTemplate(tx, scope, schedule.templateId);
  if (!header.active) throw unprocessable(`Journal template ${header.code} is inactive`);
  const request: EntryRequest & { exact?: false } = {
    kind: header.kind as TemplateJournalKind, journalDate: occurrenceDate, description: schedule.description, reference: `${schedule.code} ${occurrenceDate}`,
    source: { module: 'General Ledger', documentType: 'RecurringJournal', documentId: schedule.id }, recurringId: schedule.id, lines: entryLinesOf(lines),
  };
  if (schedule.mode === 'Draft') return { journalId: await insertDraft(tx, scope, request), status: 'Draft' };
  // A schedule never bypasses the company's journal approval: under an active JournalApproval workflow it makes drafts to submit.
  if ((await approvalGate(tx, scope, 'JournalApproval')).workflowActive) return { journalId: await insertDraft(tx, scope, request), status: 'Draft' };
  const blanks = blankLineNumbers(lines);
  if (blanks.length > 0) throw unprocessable(`Journal template ${header.code} leaves line ${blanks.join(', ')} without an amount: it cannot be posted`);
  return { journalId: (await postEntry(tx, scope, request)).journalId, status: 'Posted' };
}

/**
 * Generates the schedule's next occurrence if it is due by `upTo`, in the caller's transaction:
 * the schedule row is locked (a second runner waits, then sees the advanced date), the occurrence
 * is claimed in recurring_journal_runs (ON CONFLICT DO NOTHING: an occurrence made before is
 * skipped, never made twice), the journal is written and the next date advanced, all or nothing.
 * Answers the occurrence handled and whether it made a journal, or null when nothing is due.
 */
async function generateNext(tx: Tx, platform: Platform, tenantId: string, scheduleId: string, upTo: string, userId: string | undefined): Promise<{ occurrenceDate: string; made: boolean } | null> {
  const [schedule] = await tx.select().from(recurringJournals).where(eq(recurringJournals.id, scheduleId)).for('update');
  if (!schedule || !schedule.active || schedule.nextDate === null || schedule.nextDate > upTo) return null;
  const occurrenceDate = schedule.nextDate;
  const scope: KitScope = { tenantId, companyId: schedule.companyId, userId: userId ?? schedule.authorisedBy };
  const claimed = await tx.insert(recurringJournalRuns).values({ tenantId, recurringId: schedule.id, occurrenceDate }).onConflictDoNothing().returning({ at: recurringJournalRuns.occurrenceDate });
  const made = claimed.length > 0 ? await makeJournal(tx, scope, schedule, occurrenceDate) : undefined;
  if (made) await tx.update(recurringJournalRuns).set({ journalId: made.journalId }).where(and(eq(recurringJournalRuns.recurringId, schedule.id), eq(recurringJournalRuns.occurrenceDate, occurrenceDate)));
  const occurrencesGenerated = schedule.occurrencesGenerated + (made ? 1 : 0);
  const nextDate = openNextDate({ ...schedule, occurrencesGenerated }, nextOccurrenceAfter(ruleOf(schedule), occurrenceDate));
  const progress = {
    nextDate, occurrencesGenerated, lastRunAt: platform.now(), lastError: null, lastErrorAt: null,
    ...(made ? { lastOccurrenceDate: occurrenceDate, lastJournalId: made.journalId } : {}),
  };
  await tx.update(recurringJournals).set(progress).where(eq(recurringJournals.id, schedule.id));
  // A posted occurrence has its row from the posting port (Posted, its source the schedule); a draft is written here, so recorded here.
  await recordAudit(tx, tenantId, scope.userId, [
    ...(made?.status === 'Draft' ? [{ entity: 'journal', recordId: made.journalId, action: 'create' as const, after: { recurringId: schedule.id, occurrenceDate, status: made.status } }] : []),
    { entity: 'recurringJournal', recordId: schedule.id, action: 'edit' as const, before: { nextDate: schedule.nextDate }, after: progress },
  ]);
  return { occurrenceDate, made: made !== undefined };
}

/** Keeps the failure on the schedule for its screen; the trail gets it once, not at every retry. */
async function recordFailure(platform: Platform, tx: Tx, tenantId: string, scheduleId: string, message: string): Promise<string> {
  const [before] = await tx.select().from(recurringJournals).where(eq(recurringJournals.id, scheduleId)).for('update');
  if (!before) return '';
  const at = platform.now();
  await tx.update(recurringJournals).set({ lastError: message, lastErrorAt: at, lastRunAt: at }).where(eq(recurringJournals.id, scheduleId));
  if (before.lastError !== message) {
    await recordAudit(tx, tenantId, undefined, [{ entity: 'recurringJournal', recordId: scheduleId, action: 'edit', before: { lastError: before.lastError }, after: { lastError: message, occurrenceDate: before.nextDate } }]);
  }
  return before.nextDate ?? '';
}

async function dueSchedules(tx: Tx, tenantId: string, upTo: string): Promise<string[]> {
  const [tenant] = await tx.select({ status: tenants.status }).from(tenants).where(eq(tenants.tenantId, tenantId));
  if (tenant?.status !== 'Active') return [];
  const rows = await tx
    .select({ id: recurringJournals.id })
    .from(recurringJournals)
    .where(and(eq(recurringJournals.active, true), isNotNull(recurringJournals.nextDate), lte(recurringJournals.nextDate, upTo)))
    .orderBy(asc(recurringJournals.nextDate), asc(recurringJournals.id));
  return rows.map((r) => r.id);
}

/** Recurring journals on the shared run of schedules (platform/jobs/occurrences.ts). */
const recurringJournalSchedules = (platform: Platform): OccurrenceSchedules => ({
  noun: 'recurring journal',
  due: dueSchedules,
  generateNext: (tx, tenantId, id, upTo, userId) => generateNext(tx, platform, tenantId, id, upTo, userId),
  recordFailure: (tx, tenantId, id, message) => recordFailure(platform, tx, tenantId, id, message),
});

/** Generates every occurrence of one schedule due by `upTo`, each in its own tenant transaction (a failing one is recorded and stops the schedule). */
export const runSchedule = (platform: Platform, tenantId: string, scheduleId: string, upTo: string, userId?: string): Promise<ScheduleOutcome> =>
  runScheduleOccurrences(platform, recurringJournalSchedules(platform), tenantId, scheduleId, upTo, userId);

/** The work of the job `ledger.recurring-journals`: every tenant's due schedules, each on its own; idempotent. */
export const runDueRecurringJournals = (platform: Platform, asOf: Date): Promise<RunSummary> => runDueSchedules(platform, recurringJournalSchedules(platform), utcCalendarDate(asOf));

/**
 * How far "run now" may go: running ahead of the calendar stops at the end of the company's last open period (one call
 * once made 400 drafts up to 2060), and never before today, so catching up on the past is not limited by it.
 */
async function runLimit(platform: Platform, actor: Actor, asked: string): Promise<{ until: string; notice: string | null }> {
  const today = utcCalendarDate(platform.now());
  if (asked <= today) return { until: asked, notice: null };
  const [open] = await withTenant(platform.database.db, userContext(actor), (tx) =>
    tx.select({ end: max(accountingPeriods.endDate) }).from(accountingPeriods).where(and(eq(accountingPeriods.companyId, actor.companyId), eq(accountingPeriods.status, 'Open'))),
  );
  const lastOpen = open?.end ?? null;
  if (lastOpen !== null && asked <= lastOpen) return { until: asked, notice: null };
  const until = lastOpen !== null && lastOpen > today ? lastOpen : today;
  const why = lastOpen !== null && lastOpen > today ? `the end of the last open period` : `today: no open period lies ahead`;
  return { until, notice: `Ran up to ${until}, ${why}; occurrences after it wait until their period is open (asked for ${asked})` };
}

/** "Run now": one schedule of the user's company, every occurrence due by `upTo`, made in the user's name. */
export async function runRecurringNow(platform: Platform, actor: Actor, id: string, upTo: string | undefined): Promise<RecurringRunResult> {
  const db = platform.database.db;
  const schedule = await withTenant(db, userContext(actor), (tx) => loadRecurring(tx, actor, id));
  if (!schedule.active) throw unprocessable(`Recurring journal ${schedule.code} is inactive: activate it to run it`);
  if (schedule.nextDate === null) throw unprocessable(`Recurring journal ${schedule.code} is completed: it has no occurrence left`);
  const { until, notice } = await runLimit(platform, actor, upTo ?? utcCalendarDate(platform.now()));
  const outcome = await runSchedule(platform, actor.tenantId, id, until, actor.userId);
  return withTenant(db, userContext(actor), async (tx) => {
    // The occurrences of this run only: one moved back may have made dates older than some made before.
    const history = outcome.occurrences.length > 0 ? (await recurringHistory(tx, actor, id, outcome.occurrences.length, 1, outcome.occurrences)).items : [];
    return { generated: history.reverse(), failure: outcome.failure, schedule: await getRecurring(tx, actor, id), ranUpTo: until, notice };
  });
}
