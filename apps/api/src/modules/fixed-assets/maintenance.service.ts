import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CAPITALISED_BY_MAINTENANCE,
  formatMoney,
  MAINTENANCE_ACTIVE,
  MAINTENANCE_CAPITALISED,
  MAINTENANCE_COMPLETED,
  MAIL_ADDRESS,
  occurrenceDate,
  type MaintenanceCompletionInput,
  type MaintenanceHistory,
} from '@erp/contracts';
import { pgArray, rowsOf, type Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { KitRule, KitScope } from '../../platform/kit/registry';
import type { Platform } from '../../platform/platform';
import { invoices } from '../ap-ar/index';
import { assets } from './assets.tables';
import { maintenanceCompletions, maintenanceSchedules } from './maintenance.tables';
import { amountOf, capitalise, checkInvoiceLine } from './capitalisations.service';
import { baseCurrencyOf } from './money';
import { REMINDERS_JOB_CRON, runReminders, type ReminderSummary } from './reminder-job';

/*
 * Maintenance schedules (RULES.md of this module): the kit serves the records; completing an
 * occurrence and the reminders are here. Completing as Capitalised is a capitalisation of the asset
 * (capitalisations.service.ts, the one mechanism); as Expensed it posts nothing (the vendor invoice
 * carries the expense).
 */

const refuse = (field: string, message: string) => unprocessable(`${field}: ${message}`);

/** A schedule as given: a new one is Active, the status changes by completing only; a mail address; amounts in the currency's decimals. */
export const maintenanceFits: KitRule = async (tx, scope, input, id) => {
  const { scale } = await baseCurrencyOf(tx, scope);
  if (input.estimatedCost != null && input.estimatedCost !== '' && (String(input.estimatedCost).split('.')[1]?.replace(/0+$/, '').length ?? 0) > scale) throw refuse('estimatedCost', `The estimated cost has more than ${scale} decimals (the company's currency)`);
  if (typeof input.remindTo === 'string' && input.remindTo !== '' && !MAIL_ADDRESS.test(input.remindTo)) throw refuse('remindTo', 'Give a mail address (name@example.com), or leave it empty for no reminder');
  if (id === undefined) {
    if (input.status !== undefined && input.status !== MAINTENANCE_ACTIVE) throw refuse('status', 'A new maintenance schedule is Active');
    return;
  }
  const [before] = await tx.select({ status: maintenanceSchedules.status }).from(maintenanceSchedules).where(and(eq(maintenanceSchedules.tenantId, scope.tenantId), eq(maintenanceSchedules.id, id)));
  if (before && input.status !== undefined && input.status !== before.status) throw refuse('status', `The status changes by completing an occurrence, not by an edit; it is ${before.status}`);
};

/** The next date of a recurring schedule: `months` later, on the same day or the month's last (the recurring grid's own stepping). */
const nextOccurrence = (date: string, months: number): string => occurrenceDate({ frequency: 'Monthly', interval: months, startDate: date }, 1);

async function scheduleOf(tx: Tx, scope: KitScope, id: string, lock: boolean) {
  const q = tx.select().from(maintenanceSchedules).where(and(eq(maintenanceSchedules.tenantId, scope.tenantId), eq(maintenanceSchedules.companyId, scope.companyId), eq(maintenanceSchedules.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('The maintenance schedule');
  return row;
}

/**
 * Completes the schedule's next occurrence: its actual cost and treatment (Capitalised: a
 * capitalisation of the asset at the completion date), the vendor invoice line if given; a recurring
 * schedule moves its next date by its interval, a one-off one becomes Completed.
 */
export async function completeMaintenance(tx: Tx, scope: KitScope, id: string, input: MaintenanceCompletionInput): Promise<MaintenanceHistory> {
  const s = await scheduleOf(tx, scope, id, true);
  if (s.status !== MAINTENANCE_ACTIVE) throw unprocessable(`Maintenance schedule ${s.code} is ${s.status.toLowerCase()}: nothing is left to complete`);
  const { scale } = await baseCurrencyOf(tx, scope);
  const costMinor = amountOf(input.actualCost, scale, 'actualCost');
  let capitalisation: string | null = null;
  if (input.treatment === MAINTENANCE_CAPITALISED) {
    if (costMinor <= 0n) throw refuse('actualCost', 'A capitalised maintenance has a cost');
    capitalisation = await capitalise(tx, scope, s.asset, {
      date: input.completedDate, amountMinor: costMinor, source: CAPITALISED_BY_MAINTENANCE, invoiceLine: input.invoiceLine,
      description: `Maintenance ${s.code} (${s.description}) of ${s.nextDate} capitalised`,
    });
  } else if (input.invoiceLine) {
    await checkInvoiceLine(tx, scope, input.invoiceLine);
  }
  await tx.insert(maintenanceCompletions).values({
    tenantId: scope.tenantId, companyId: scope.companyId, schedule: s.id, occurrenceDate: s.nextDate, completedDate: input.completedDate, actualCostMinor: costMinor, treatment: input.treatment,
    vendorInvoice: input.invoiceLine?.vendorInvoice ?? null, invoiceLineNo: input.invoiceLine?.lineNo ?? null, capitalisation, note: input.note ?? '', createdBy: scope.userId ?? null,
  });
  const next = s.intervalMonths ? { nextDate: nextOccurrence(s.nextDate, s.intervalMonths), status: MAINTENANCE_ACTIVE } : { nextDate: s.nextDate, status: MAINTENANCE_COMPLETED };
  await tx.update(maintenanceSchedules).set({ ...next, updatedAt: new Date() }).where(and(eq(maintenanceSchedules.tenantId, scope.tenantId), eq(maintenanceSchedules.id, s.id)));
  await recordAudit(tx, scope.tenantId, scope.userId, [
    { entity: 'maintenanceSchedule', recordId: s.id, action: 'edit', before: { nextDate: s.nextDate, status: s.status }, after: { ...next, completed: s.nextDate, treatment: input.treatment, actualCost: formatMoney(costMinor, scale), capitalisation } },
  ]);
  return maintenanceHistory(tx, scope, id);
}

/** A schedule's completions, oldest first, and where it stands. */
export async function maintenanceHistory(tx: Tx, scope: KitScope, id: string): Promise<MaintenanceHistory> {
  const s = await scheduleOf(tx, scope, id, false);
  const { scale } = await baseCurrencyOf(tx, scope);
  const rows = await tx
    .select({ c: maintenanceCompletions, invoiceNumber: invoices.number })
    .from(maintenanceCompletions)
    .leftJoin(invoices, and(eq(invoices.tenantId, maintenanceCompletions.tenantId), eq(invoices.id, maintenanceCompletions.vendorInvoice)))
    .where(and(eq(maintenanceCompletions.tenantId, scope.tenantId), eq(maintenanceCompletions.schedule, s.id)))
    .orderBy(asc(maintenanceCompletions.occurrenceDate), asc(maintenanceCompletions.createdAt));
  return {
    schedule: s.id, status: s.status, nextDate: s.nextDate, remindedFor: s.remindedFor,
    completions: rows.map(({ c, invoiceNumber }) => ({
      id: c.id, schedule: c.schedule, occurrenceDate: c.occurrenceDate, completedDate: c.completedDate, actualCost: formatMoney(c.actualCostMinor, scale), treatment: c.treatment,
      vendorInvoice: c.vendorInvoice, invoiceNumber, invoiceLineNo: c.invoiceLineNo, capitalisation: c.capitalisation, note: c.note,
    })),
  };
}

export const MAINTENANCE_REMINDERS_JOB = 'fixed-assets.maintenance-reminders';
export const MAINTENANCE_REMINDERS_JOB_CRON = REMINDERS_JOB_CRON;

/**
 * The reminders due at `now` in one tenant's transaction: every active schedule with an address
 * whose next date is at most its reminder days away and not reminded for that date yet; each mail
 * queued in the outbox and the date claimed (`reminded_for`) in the same transaction, so a reminder
 * goes once per occurrence however often the job runs. Answers the mails to deliver after commit.
 */
export async function remindTenant(tx: Tx, platform: Platform, tenantId: string, today: string): Promise<string[]> {
  const due = rowsOf<{ id: string; code: string; description: string; next_date: string; remind_to: string; asset_code: string; asset_description: string; estimated_cost: string | null }>(await tx.execute(sql`
    select s.id, s.code, s.description, to_char(s.next_date, 'YYYY-MM-DD') as next_date, s.remind_to, a.code as asset_code, a.description as asset_description, s.estimated_cost::text as estimated_cost
    from ${maintenanceSchedules} s join ${assets} a on a.tenant_id = s.tenant_id and a.id = s.asset
    where s.tenant_id = ${tenantId}::uuid and s.status = ${MAINTENANCE_ACTIVE} and s.remind_to is not null and s.remind_to <> ''
      and s.next_date - s.reminder_days <= ${today}::date and s.reminded_for is distinct from s.next_date
    order by s.next_date
    for update of s skip locked`));
  const mails: string[] = [];
  for (const s of due) {
    const body = [
      `Maintenance ${s.code}: ${s.description}`,
      `Asset ${s.asset_code} · ${s.asset_description}`,
      `Due ${s.next_date}${s.estimated_cost ? `, estimated cost ${s.estimated_cost.includes('.') ? s.estimated_cost.replace(/\.?0+$/, '') : s.estimated_cost}` : ''}`,
      'Complete it on /maintenance-schedule when it is done.',
    ].join('\n');
    mails.push(await platform.mailer.enqueue(tx, tenantId, { to: s.remind_to, subject: `Maintenance due ${s.next_date}: ${s.asset_code} ${s.description}`, body }));
  }
  // Each reminded date claimed, for all the schedules at once (their rows are locked above: the date cannot move meanwhile).
  if (due.length) {
    await tx.execute(sql`update ${maintenanceSchedules} s set reminded_for = s.next_date from unnest(${pgArray(due.map((s) => s.id))}::uuid[]) as a(id) where s.tenant_id = ${tenantId}::uuid and s.id = a.id`);
  }
  return mails;
}

/** The job: every active tenant in its own transaction (reminder-job.ts, shared with insurance). */
export const runMaintenanceReminders = (platform: Platform, now: Date): Promise<ReminderSummary> => runReminders(platform, now, 'Maintenance', remindTenant);
