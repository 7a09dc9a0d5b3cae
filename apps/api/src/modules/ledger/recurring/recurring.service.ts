import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  isPosted,
  journalDocument,
  nextOccurrenceAfter,
  type GeneratedJournal,
  type RecurringFrequency,
  type RecurringJournalInput,
  type RecurringJournalView,
  type RecurringMode,
  type RecurringState,
} from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { containsPattern } from '../../../platform/db/search';
import { recordAudit } from '../../../platform/audit/audit';
import { AppError, conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { journals } from '../journals/journals.tables';
import { journalTemplates } from '../templates/templates.tables';
import { recurringJournalRuns, recurringJournals } from './recurring.tables';
import { companyLedger } from '../posting/posting-context';
import { blankLineNumbers, loadTemplate } from '../templates/templates.service';
import type { Actor } from '../../../platform/http/actor';
import { openNextDate } from '../../../platform/jobs/occurrences';

export type RecurringRow = typeof recurringJournals.$inferSelect;

export const ruleOf = (row: Pick<RecurringRow, 'frequency' | 'intervalCount' | 'startDate'>) => ({
  frequency: row.frequency as RecurringFrequency,
  interval: row.intervalCount,
  startDate: row.startDate,
});

export { openNextDate };

const stateOf = (row: RecurringRow): RecurringState => (row.nextDate === null ? 'Completed' : row.active ? 'Active' : 'Inactive');

export function recurringView(row: RecurringRow, template: { code: string; name: string }): RecurringJournalView {
  return {
    id: row.id, code: row.code, description: row.description, template: row.templateId, templateCode: template.code, templateName: template.name,
    frequency: row.frequency as RecurringFrequency, interval: row.intervalCount, startDate: row.startDate, nextDate: row.nextDate, endDate: row.endDate,
    occurrences: row.maxOccurrences, mode: row.mode as RecurringMode, active: row.active, state: stateOf(row), occurrencesGenerated: row.occurrencesGenerated,
    lastRunAt: row.lastRunAt?.toISOString() ?? null, lastOccurrenceDate: row.lastOccurrenceDate, lastJournalId: row.lastJournalId,
    lastError: row.lastError, lastErrorAt: row.lastErrorAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}

export async function loadRecurring(tx: Tx, scope: KitScope, id: string, lock = false): Promise<RecurringRow> {
  const q = tx.select().from(recurringJournals).where(and(eq(recurringJournals.id, id), eq(recurringJournals.companyId, scope.companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Recurring journal');
  return row;
}

export async function getRecurring(tx: Tx, scope: KitScope, id: string): Promise<RecurringJournalView> {
  const row = await loadRecurring(tx, scope, id);
  const [template] = await tx.select({ code: journalTemplates.code, name: journalTemplates.name }).from(journalTemplates).where(eq(journalTemplates.id, row.templateId));
  return recurringView(row, template!);
}

/** The template must be the company's and active; a schedule that posts needs every amount filled. */
async function checkTemplate(tx: Tx, scope: KitScope, input: RecurringJournalInput): Promise<void> {
  const { header, lines } = await loadTemplate(tx, scope, input.template).catch((e: unknown) => {
    throw e instanceof AppError && e.statusCode === 404 ? unprocessable('The template does not exist in this company') : e;
  });
  if (!header.active) throw unprocessable(`Journal template ${header.code} is inactive`);
  const blanks = blankLineNumbers(lines);
  if (input.mode === 'Post' && blanks.length > 0) {
    throw unprocessable(`Journal template ${header.code} leaves line ${blanks.join(', ')} without an amount: a schedule that posts needs every amount (or generate drafts)`);
  }
}

async function refuseTakenCode(tx: Tx, scope: KitScope, code: string, exceptId?: string): Promise<void> {
  const conditions = [eq(recurringJournals.companyId, scope.companyId), sql`lower(${recurringJournals.code}) = lower(${code})`];
  if (exceptId) conditions.push(ne(recurringJournals.id, exceptId));
  const [taken] = await tx.select({ id: recurringJournals.id }).from(recurringJournals).where(and(...conditions));
  if (taken) throw conflict(`A recurring journal with code ${code} already exists`);
}

const scheduleColumns = (input: RecurringJournalInput) => ({
  code: input.code, description: input.description, templateId: input.template, frequency: input.frequency, intervalCount: input.interval,
  startDate: input.startDate, endDate: input.endDate ?? null, maxOccurrences: input.occurrences ?? null, mode: input.mode, active: input.active,
});

export async function createRecurring(tx: Tx, actor: Actor, input: RecurringJournalInput): Promise<RecurringJournalView> {
  return getRecurring(tx, actor, await insertRecurring(tx, actor, input));
}

export async function editRecurring(tx: Tx, actor: Actor, id: string, input: RecurringJournalInput): Promise<RecurringJournalView> {
  await updateRecurring(tx, actor, id, input);
  return getRecurring(tx, actor, id);
}

/** Writes a new schedule (the caller checked the label: Save, or Import); it starts at its next date, else its start. */
export async function insertRecurring(tx: Tx, actor: KitScope, input: RecurringJournalInput): Promise<string> {
  await refuseTakenCode(tx, actor, input.code);
  await checkTemplate(tx, actor, input);
  const nextDate = input.nextDate ?? input.startDate;
  if (input.endDate && nextDate > input.endDate) throw unprocessable('The next date is after the end date');
  const [row] = await tx
    .insert(recurringJournals)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, ...scheduleColumns(input), nextDate, authorisedBy: actor.userId })
    .returning();
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'recurringJournal', recordId: row!.id, action: 'create', after: row }]);
  return row!.id;
}

/**
 * Edits the template and schedule. Without a next date the schedule carries on from where it is
 * (a completed one from the occurrence after its last); an end moved before the next date, or a
 * count already reached, completes it. The editor becomes the user the journals are made for.
 */
export async function updateRecurring(tx: Tx, actor: KitScope, id: string, input: RecurringJournalInput): Promise<void> {
  const before = await loadRecurring(tx, actor, id, true);
  await refuseTakenCode(tx, actor, input.code, id);
  await checkTemplate(tx, actor, input);
  const columns = scheduleColumns(input);
  const carryOn = before.nextDate ?? (before.lastOccurrenceDate ? nextOccurrenceAfter(ruleOf(columns), before.lastOccurrenceDate) : input.startDate);
  const candidate = input.nextDate ?? (carryOn < input.startDate ? input.startDate : carryOn);
  const nextDate = openNextDate({ ...columns, occurrencesGenerated: before.occurrencesGenerated }, candidate);
  const [after] = await tx
    .update(recurringJournals)
    .set({ ...columns, nextDate, authorisedBy: actor.userId, updatedAt: sql`now()` })
    .where(eq(recurringJournals.id, id))
    .returning();
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'recurringJournal', recordId: id, action: 'edit', before, after }]);
}

/** A schedule that has generated journals stays, as their origin: deactivate it instead. */
export async function deleteRecurring(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await loadRecurring(tx, actor, id, true);
  const [made] = await tx.select({ n: count() }).from(journals).where(eq(journals.recurringId, id));
  if ((made?.n ?? 0) > 0) throw conflict(`Recurring journal ${before.code} has generated ${made!.n} journal(s): deactivate it instead`);
  await tx.delete(recurringJournals).where(eq(recurringJournals.id, id));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'recurringJournal', recordId: id, action: 'delete', before }]);
}

export type RecurringListQuery = { search?: string; sort?: string; state?: RecurringState; limit: number; page: number };

function recurringWhere(scope: KitScope, q: Pick<RecurringListQuery, 'search' | 'state'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(recurringJournals.companyId, scope.companyId)];
  if (q.state === 'Completed') conditions.push(sql`${recurringJournals.nextDate} is null`);
  if (q.state === 'Active') conditions.push(and(sql`${recurringJournals.nextDate} is not null`, eq(recurringJournals.active, true)));
  if (q.state === 'Inactive') conditions.push(and(sql`${recurringJournals.nextDate} is not null`, eq(recurringJournals.active, false)));
  if (q.search?.trim()) {
    const p = containsPattern(q.search.trim());
    conditions.push(or(ilike(recurringJournals.code, p), ilike(recurringJournals.description, p), ilike(journalTemplates.code, p), ilike(journalTemplates.name, p)));
  }
  return and(...conditions);
}

function recurringOrder(sort: string | undefined): SQL[] {
  const columns = { code: recurringJournals.code, nextDate: recurringJournals.nextDate, lastRunAt: recurringJournals.lastRunAt, updatedAt: recurringJournals.updatedAt } as const;
  const spec = sort ?? 'code';
  const column = columns[spec.replace(/^-/, '') as keyof typeof columns] ?? recurringJournals.code;
  // Completed schedules (no next date) and never-run ones sort last either way.
  return [spec.startsWith('-') ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(recurringJournals.id)];
}

export async function listRecurring(tx: Tx, scope: KitScope, q: RecurringListQuery): Promise<{ items: RecurringJournalView[]; total: number }> {
  const where = recurringWhere(scope, q);
  const base = () => tx.select({ r: recurringJournals, code: journalTemplates.code, name: journalTemplates.name }).from(recurringJournals).innerJoin(journalTemplates, eq(journalTemplates.id, recurringJournals.templateId));
  const rows = await base().where(where).orderBy(...recurringOrder(q.sort)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(recurringJournals).innerJoin(journalTemplates, eq(journalTemplates.id, recurringJournals.templateId)).where(where);
  return { items: rows.map(({ r, code, name }) => recurringView(r, { code, name })), total: total?.n ?? 0 };
}

/** Every schedule of the list's search and order, for export. */
export async function allRecurring(tx: Tx, scope: KitScope, q: Pick<RecurringListQuery, 'search' | 'sort' | 'state'>): Promise<RecurringJournalView[]> {
  const rows = await tx
    .select({ r: recurringJournals, code: journalTemplates.code, name: journalTemplates.name })
    .from(recurringJournals)
    .innerJoin(journalTemplates, eq(journalTemplates.id, recurringJournals.templateId))
    .where(recurringWhere(scope, q))
    .orderBy(...recurringOrder(q.sort));
  return rows.map(({ r, code, name }) => recurringView(r, { code, name }));
}

/** The occurrences a schedule generated (those of `dates` only, when given), newest first, with their journals ('Deleted' for a draft removed since). */
export async function recurringHistory(tx: Tx, scope: KitScope, id: string, limit: number, page: number, dates?: string[]): Promise<{ items: GeneratedJournal[]; total: number }> {
  await loadRecurring(tx, scope, id);
  const { scales } = await companyLedger(tx, scope);
  const where = and(eq(recurringJournalRuns.recurringId, id), dates ? inArray(recurringJournalRuns.occurrenceDate, dates) : undefined);
  // The journal's id first: Drizzle reads a left-joined object as absent when its first column is null (a draft has no number).
  const rows = await tx
    .select({ run: recurringJournalRuns, j: { id: journals.id, number: journals.number, status: journals.status, total: journals.totalBaseMinor, currency: journals.baseCurrency } })
    .from(recurringJournalRuns)
    .leftJoin(journals, eq(journals.id, recurringJournalRuns.journalId))
    .where(where)
    .orderBy(desc(recurringJournalRuns.occurrenceDate))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await tx.select({ n: count() }).from(recurringJournalRuns).where(where);
  return {
    items: rows.map(({ run, j }) => ({
      occurrenceDate: run.occurrenceDate, journalId: j ? run.journalId : null, number: j?.number ?? null, status: j?.status ?? 'Deleted',
      total: j && isPosted(journalDocument, j.status) ? formatMoney(j.total, scales[j.currency] ?? 2) : null, createdAt: run.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
