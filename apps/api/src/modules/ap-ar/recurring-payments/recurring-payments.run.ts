import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { formatMoney, nextOccurrenceAfter, utcCalendarDate, type PaymentInput, type RecurringPaymentFace, type RecurringPaymentRunResult } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { userContext, withTenant } from '../../../platform/db/tenancy';
import { recordAudit } from '../../../platform/audit/audit';
import { unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import { openNextDate, runDueSchedules, runScheduleOccurrences, type OccurrenceSchedules, type RunSummary } from '../../../platform/jobs/occurrences';
import { tenants } from '../../organisation/index';
import { approvalGate } from '../../workflow/index';
import { currencyFacts } from '../invoices/invoice-facts';
import { paymentBinding } from '../payments/payments.document';
import { proposal } from '../payments/payments-read.service';
import { insertPayment } from '../payments/payments.service';
import { recurringPaymentRuns, recurringPayments } from './recurring-payments.tables';
import { scheduleHistory, storedSchedule, viewSchedule, type RecurringPaymentRow } from './recurring-payments.service';

/*
 * The run of recurring payments on the shared run of schedules (platform/jobs/occurrences.ts), as
 * recurring journals: each occurrence claimed in recurring_payment_runs in the same transaction as
 * the payment it makes, so the job and "Run now" at once, or a run after a crash, never pay twice.
 */

export const RECURRING_PAYMENTS_JOB = 'ap-ar.recurring-payments';
/** Every five minutes (UTC): a due occurrence waits at most that long. */
export const RECURRING_PAYMENTS_JOB_CRON = '*/5 * * * *';

const ruleOf = (r: RecurringPaymentRow) => ({ frequency: r.frequency, interval: r.intervalCount, startDate: r.startDate });

/** The payment of one occurrence: the schedule's bank, party, amount and method; allocated by its rule. */
async function paymentInputOf(tx: Tx, actor: Actor, rf: RecurringPaymentFace, s: RecurringPaymentRow, occurrenceDate: string): Promise<PaymentInput> {
  const { scales } = await currencyFacts(tx, actor);
  const amount = formatMoney(s.amountMinor, scales[s.currency] ?? 2);
  const allocations = s.allocation === 'OldestFirst'
    ? (await proposal(tx, actor, rf.pf, { party: s.partyId, currency: s.currency, amount, date: occurrenceDate })).lines.map((l) => ({ openItem: l.openItem, amount: l.amount, discount: l.discount }))
    : [];
  return {
    kind: 'Payment', bank: s.bankId, party: s.partyId, documentDate: occurrenceDate, amount, method: s.method, reference: s.reference ?? `${s.code} ${occurrenceDate}`,
    description: `${s.description} (${s.code} ${occurrenceDate})`, allocations,
  };
}

/**
 * Makes the schedule's payment: posted in Post mode, unless the face's payment approval workflow is
 * active (a schedule never bypasses it: the occurrence is then a draft to submit); a draft in Draft mode.
 */
async function makePayment(tx: Tx, actor: Actor, rf: RecurringPaymentFace, s: RecurringPaymentRow, occurrenceDate: string): Promise<{ paymentId: string; posted: boolean }> {
  const input = await paymentInputOf(tx, actor, rf, s, occurrenceDate);
  if (s.mode === 'Post' && !(await approvalGate(tx, actor, rf.pf.approval)).workflowActive) {
    const view = await paymentBinding(rf.pf).direct!.run(tx, actor, input, undefined);
    return { paymentId: view.id, posted: true };
  }
  const paymentId = await insertPayment(tx, actor, rf.pf, input);
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: `${rf.pf.face.partyWord}Payment`, recordId: paymentId, action: 'create', after: { ...input, allocations: input.allocations.length, recurring: s.id } }]);
  return { paymentId, posted: false };
}

async function generateNext(tx: Tx, platform: Platform, rf: RecurringPaymentFace, tenantId: string, scheduleId: string, upTo: string, userId: string | undefined) {
  const [s] = await tx.select().from(recurringPayments).where(and(eq(recurringPayments.id, scheduleId), eq(recurringPayments.side, rf.pf.face.side))).for('update');
  if (!s || s.status !== 'Active' || s.nextDate === null || s.nextDate > upTo) return null;
  const occurrenceDate = s.nextDate;
  const actor: Actor = { tenantId, companyId: s.companyId, userId: userId ?? s.authorisedBy ?? s.createdBy ?? '', operations: new Set() };
  const claimed = await tx.insert(recurringPaymentRuns).values({ tenantId, companyId: s.companyId, recurringId: s.id, occurrenceDate }).onConflictDoNothing().returning({ at: recurringPaymentRuns.occurrenceDate });
  const made = claimed.length > 0 ? await makePayment(tx, actor, rf, s, occurrenceDate) : undefined;
  if (made) await tx.update(recurringPaymentRuns).set({ paymentId: made.paymentId }).where(and(eq(recurringPaymentRuns.tenantId, tenantId), eq(recurringPaymentRuns.recurringId, s.id), eq(recurringPaymentRuns.occurrenceDate, occurrenceDate)));
  const occurrencesGenerated = s.occurrencesGenerated + (made ? 1 : 0);
  const nextDate = openNextDate({ ...s, occurrencesGenerated }, nextOccurrenceAfter(ruleOf(s), occurrenceDate));
  const progress = {
    nextDate, occurrencesGenerated, status: nextDate === null ? ('Completed' as const) : ('Active' as const), lastRunAt: platform.now(), lastError: null, lastErrorAt: null,
    ...(made ? { lastOccurrenceDate: occurrenceDate } : {}),
  };
  await tx.update(recurringPayments).set(progress).where(and(eq(recurringPayments.tenantId, tenantId), eq(recurringPayments.id, s.id)));
  await recordAudit(tx, tenantId, actor.userId || undefined, [{ entity: `${rf.pf.face.partyWord}RecurringPayment`, recordId: s.id, action: 'edit', before: { nextDate: s.nextDate, status: s.status }, after: { ...progress, payment: made?.paymentId ?? null } }]);
  return { occurrenceDate, made: made !== undefined };
}

/** Keeps the failure on the schedule for its screen; the trail gets it once, not at every retry. */
async function recordFailure(tx: Tx, platform: Platform, rf: RecurringPaymentFace, tenantId: string, scheduleId: string, message: string): Promise<string> {
  const [before] = await tx.select().from(recurringPayments).where(eq(recurringPayments.id, scheduleId)).for('update');
  if (!before) return '';
  const at = platform.now();
  await tx.update(recurringPayments).set({ lastError: message, lastErrorAt: at, lastRunAt: at }).where(and(eq(recurringPayments.tenantId, tenantId), eq(recurringPayments.id, scheduleId)));
  if (before.lastError !== message) {
    await recordAudit(tx, tenantId, undefined, [{ entity: `${rf.pf.face.partyWord}RecurringPayment`, recordId: scheduleId, action: 'edit', before: { lastError: before.lastError }, after: { lastError: message, occurrenceDate: before.nextDate } }]);
  }
  return before.nextDate ?? '';
}

async function dueSchedules(tx: Tx, rf: RecurringPaymentFace, tenantId: string, upTo: string): Promise<string[]> {
  const [tenant] = await tx.select({ status: tenants.status }).from(tenants).where(eq(tenants.tenantId, tenantId));
  if (tenant?.status !== 'Active') return [];
  const rows = await tx.select({ id: recurringPayments.id }).from(recurringPayments)
    .where(and(eq(recurringPayments.side, rf.pf.face.side), eq(recurringPayments.status, 'Active'), isNotNull(recurringPayments.nextDate), lte(recurringPayments.nextDate, upTo)))
    .orderBy(asc(recurringPayments.nextDate), asc(recurringPayments.id));
  return rows.map((r) => r.id);
}

const schedulesOf = (platform: Platform, rf: RecurringPaymentFace): OccurrenceSchedules => ({
  noun: `${rf.pf.face.partyWord} recurring ${rf.pf.noun}`,
  due: (tx, tenantId, upTo) => dueSchedules(tx, rf, tenantId, upTo),
  generateNext: (tx, tenantId, id, upTo, userId) => generateNext(tx, platform, rf, tenantId, id, upTo, userId),
  recordFailure: (tx, tenantId, id, message) => recordFailure(tx, platform, rf, tenantId, id, message),
});

/** The job's work: both faces' due schedules of every tenant, each occurrence once. */
export async function runDueRecurringPayments(platform: Platform, asOf: Date, faces: RecurringPaymentFace[]): Promise<RunSummary> {
  const total: RunSummary = { tenants: 0, schedules: 0, generated: 0, failed: 0 };
  for (const rf of faces) {
    const s = await runDueSchedules(platform, schedulesOf(platform, rf), utcCalendarDate(asOf));
    total.tenants += s.tenants; total.schedules += s.schedules; total.generated += s.generated; total.failed += s.failed;
  }
  return total;
}

/** "Run now": one active schedule of the user's company, every occurrence due by `upTo` (today by default), made in the user's name. */
export async function runRecurringPaymentNow(platform: Platform, actor: Actor, rf: RecurringPaymentFace, id: string, upTo: string | undefined): Promise<RecurringPaymentRunResult> {
  const db = platform.database.db;
  const s = await withTenant(db, userContext(actor), (tx) => storedSchedule(tx, actor, rf, id, false));
  if (s.status !== 'Active') throw unprocessable(`Recurring ${rf.pf.noun} ${s.code} is ${s.status.toLowerCase()}: only an active schedule runs`);
  const until = upTo ?? utcCalendarDate(platform.now());
  const outcome = await runScheduleOccurrences(platform, schedulesOf(platform, rf), actor.tenantId, id, until, actor.userId);
  return withTenant(db, userContext(actor), async (tx) => {
    const made = outcome.occurrences.length ? (await scheduleHistory(tx, actor, rf, id, outcome.occurrences.length, 1, outcome.occurrences)).items.reverse() : [];
    return { made, failure: outcome.failure, schedule: await viewSchedule(tx, actor, rf, id), ranUpTo: until };
  });
}

/** Activation (the kit's `post`, directly or by the approval's Post): from the next date, in the activating user's name. */
export async function activateSchedule(tx: Tx, actor: Actor, rf: RecurringPaymentFace, id: string): Promise<void> {
  const s = await storedSchedule(tx, actor, rf, id, true);
  const nextDate = openNextDate(s, s.nextDate ?? s.startDate);
  await tx.update(recurringPayments).set({ status: nextDate === null ? 'Completed' : 'Active', nextDate, authorisedBy: actor.userId, lastError: null, lastErrorAt: null, updatedAt: sql`now()` })
    .where(and(eq(recurringPayments.tenantId, actor.tenantId), eq(recurringPayments.id, id)));
}

export async function stopSchedule(tx: Tx, actor: Actor, rf: RecurringPaymentFace, id: string): Promise<void> {
  await tx.update(recurringPayments).set({ status: 'Stopped', updatedAt: sql`now()` }).where(and(eq(recurringPayments.tenantId, actor.tenantId), eq(recurringPayments.id, id), eq(recurringPayments.companyId, actor.companyId)));
}

