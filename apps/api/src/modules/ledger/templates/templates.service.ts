import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  parseMoney,
  type JournalFromTemplate,
  type JournalTemplateInput,
  type JournalTemplateListItem,
  type JournalTemplateView,
  type JournalView,
  type TemplateJournalKind,
} from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { containsPattern } from '../../../platform/db/search';
import { recordAudit } from '../../../platform/audit/audit';
import { badRequest, conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { accounts } from '../setup/setup.tables';
import { journalTemplateLines, journalTemplates } from './templates.tables';
import { recurringJournals } from '../recurring/recurring.tables';
import { accountsById, companyLedger } from '../posting/posting-context';
import type { Actor } from '../../../platform/http/actor';
import { createDocument } from '../../../platform/kit/documents';
import { journalBinding } from '../journals/journals.document';
import type { EntryLine } from '../posting/posting.service';

type TemplateRow = typeof journalTemplates.$inferSelect;
type LineRow = typeof journalTemplateLines.$inferSelect;
export type TemplateWithLines = { header: TemplateRow; lines: LineRow[] };

/** Input lines as stored lines: amounts in minor units of each line's currency, blank amounts null. */
async function toStoredLines(tx: Tx, scope: KitScope, templateId: string, input: JournalTemplateInput['lines']) {
  const { scales } = await companyLedger(tx, scope);
  const known = await accountsById(tx, scope, [...new Set(input.map((l) => l.account))]);
  return input.map((l, i) => {
    const n = i + 1;
    const account = known.get(l.account);
    if (!account) throw unprocessable(`Line ${n}: the account does not exist in this company`);
    if (account.kind !== 'Posting') throw unprocessable(`Line ${n}: account ${account.code} is a header account`);
    const scale = scales[l.currency];
    if (scale === undefined) throw unprocessable(`Line ${n}: currency ${l.currency} is unknown or inactive`);
    const minor = (text: string | undefined) => {
      if (!text) return null;
      try {
        const value = parseMoney(text, scale);
        // A zero amount is no amount: the line is to be filled.
        return value === 0n ? null : value;
      } catch (e) {
        throw badRequest(`Line ${n}: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    return {
      tenantId: scope.tenantId, templateId, lineNo: n, accountId: l.account, description: l.description ?? null, currency: l.currency,
      debitMinor: minor(l.debit), creditMinor: minor(l.credit), dimensions: l.dimensions ?? {}, taxId: l.tax ?? null,
    };
  });
}

async function refuseTakenCode(tx: Tx, scope: KitScope, code: string, exceptId?: string): Promise<void> {
  const conditions = [eq(journalTemplates.companyId, scope.companyId), sql`lower(${journalTemplates.code}) = lower(${code})`];
  if (exceptId) conditions.push(ne(journalTemplates.id, exceptId));
  const [taken] = await tx.select({ id: journalTemplates.id }).from(journalTemplates).where(and(...conditions));
  if (taken) throw conflict(`A journal template with code ${code} already exists`);
}

export async function loadTemplate(tx: Tx, scope: KitScope, id: string, lock = false): Promise<TemplateWithLines> {
  const q = tx.select().from(journalTemplates).where(and(eq(journalTemplates.id, id), eq(journalTemplates.companyId, scope.companyId)));
  const [header] = lock ? await q.for('update') : await q;
  if (!header) throw notFound('Journal template');
  const lines = await tx.select().from(journalTemplateLines).where(eq(journalTemplateLines.templateId, id)).orderBy(asc(journalTemplateLines.lineNo));
  return { header, lines };
}

export async function createTemplate(tx: Tx, actor: Actor, input: JournalTemplateInput): Promise<JournalTemplateView> {
  return getTemplate(tx, actor, await insertTemplate(tx, actor, input));
}

export async function editTemplate(tx: Tx, actor: Actor, id: string, input: JournalTemplateInput): Promise<JournalTemplateView> {
  await replaceTemplate(tx, actor, id, input);
  return getTemplate(tx, actor, id);
}

/** Writes a new template (the caller checked the label: Save, or Import). */
export async function insertTemplate(tx: Tx, actor: KitScope, input: JournalTemplateInput): Promise<string> {
  await refuseTakenCode(tx, actor, input.code);
  const [row] = await tx
    .insert(journalTemplates)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, code: input.code, name: input.name, description: input.description ?? null, kind: input.kind, active: input.active, createdBy: actor.userId })
    .returning();
  await tx.insert(journalTemplateLines).values(await toStoredLines(tx, actor, row!.id, input.lines));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'journalTemplate', recordId: row!.id, action: 'create', after: input }]);
  return row!.id;
}

/** Replaces a template's header and lines (the caller checked the label: Edit, or Import). */
export async function replaceTemplate(tx: Tx, actor: KitScope, id: string, input: JournalTemplateInput): Promise<void> {
  const before = await loadTemplate(tx, actor, id, true);
  await refuseTakenCode(tx, actor, input.code, id);
  const lines = await toStoredLines(tx, actor, id, input.lines);
  const blank = lines.find(blankLine);
  if (blank) {
    const [posting] = await tx.select({ code: recurringJournals.code }).from(recurringJournals).where(and(eq(recurringJournals.templateId, id), eq(recurringJournals.mode, 'Post'))).limit(1);
    if (posting) throw unprocessable(`Line ${blank.lineNo}: recurring journal ${posting.code} posts from this template, so every line needs an amount`);
  }
  await tx
    .update(journalTemplates)
    .set({ code: input.code, name: input.name, description: input.description ?? null, kind: input.kind, active: input.active, updatedAt: sql`now()` })
    .where(eq(journalTemplates.id, id));
  await tx.delete(journalTemplateLines).where(eq(journalTemplateLines.templateId, id));
  await tx.insert(journalTemplateLines).values(lines);
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'journalTemplate', recordId: id, action: 'edit', before, after: input }]);
}

/** A template a recurring journal uses stays: the schedule would have nothing to generate. */
export async function deleteTemplate(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await loadTemplate(tx, actor, id, true);
  const [user] = await tx.select({ code: recurringJournals.code }).from(recurringJournals).where(eq(recurringJournals.templateId, id)).orderBy(asc(recurringJournals.code)).limit(1);
  if (user) throw conflict(`Journal template ${before.header.code} is used by recurring journal ${user.code}: change or delete that schedule first`);
  await tx.delete(journalTemplates).where(eq(journalTemplates.id, id));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'journalTemplate', recordId: id, action: 'delete', before }]);
}

async function usage(tx: Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: recurringJournals.templateId, n: count() }).from(recurringJournals).where(inArray(recurringJournals.templateId, ids)).groupBy(recurringJournals.templateId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const blankLine = (l: Pick<LineRow, 'debitMinor' | 'creditMinor'>) => l.debitMinor === null && l.creditMinor === null;

function headerView(h: TemplateRow, usedBy: number, hasBlankAmounts: boolean): Omit<JournalTemplateView, 'lines'> {
  return {
    id: h.id, code: h.code, name: h.name, description: h.description, kind: h.kind as TemplateJournalKind, active: h.active, hasBlankAmounts, usedBy,
    createdAt: h.createdAt.toISOString(), updatedAt: h.updatedAt.toISOString(),
  };
}

export async function getTemplate(tx: Tx, scope: KitScope, id: string): Promise<JournalTemplateView> {
  const { header } = await loadTemplate(tx, scope, id);
  const { scales } = await companyLedger(tx, scope);
  const rows = await tx
    .select({ l: journalTemplateLines, code: accounts.code, name: accounts.name })
    .from(journalTemplateLines)
    .innerJoin(accounts, eq(accounts.id, journalTemplateLines.accountId))
    .where(eq(journalTemplateLines.templateId, id))
    .orderBy(asc(journalTemplateLines.lineNo));
  const money = (v: bigint | null, c: string) => (v === null ? '' : formatMoney(v, scales[c] ?? 2));
  const lines = rows.map(({ l, code, name }) => ({
    lineNo: l.lineNo, account: l.accountId, accountCode: code, accountName: name, description: l.description, currency: l.currency,
    debit: money(l.debitMinor, l.currency), credit: money(l.creditMinor, l.currency), dimensions: l.dimensions, tax: l.taxId,
  }));
  const usedBy = (await usage(tx, [id])).get(id) ?? 0;
  return { ...headerView(header, usedBy, rows.some(({ l }) => blankLine(l))), lines };
}

export type TemplateListQuery = { search?: string; sort?: string; kind?: string; active?: boolean; limit: number; page: number };

function templateWhere(scope: KitScope, q: Omit<TemplateListQuery, 'limit' | 'page' | 'sort'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(journalTemplates.companyId, scope.companyId)];
  if (q.kind) conditions.push(eq(journalTemplates.kind, q.kind));
  if (q.active !== undefined) conditions.push(eq(journalTemplates.active, q.active));
  if (q.search?.trim()) {
    const p = containsPattern(q.search.trim());
    conditions.push(or(ilike(journalTemplates.code, p), ilike(journalTemplates.name, p), ilike(journalTemplates.description, p)));
  }
  return and(...conditions);
}

function templateOrder(sort: string | undefined): SQL[] {
  const columns = { code: journalTemplates.code, name: journalTemplates.name, kind: journalTemplates.kind, updatedAt: journalTemplates.updatedAt } as const;
  const spec = sort ?? 'code';
  const column = columns[spec.replace(/^-/, '') as keyof typeof columns] ?? journalTemplates.code;
  return [spec.startsWith('-') ? desc(column) : asc(column), asc(journalTemplates.id)];
}

export async function listTemplates(tx: Tx, scope: KitScope, q: TemplateListQuery): Promise<{ items: JournalTemplateListItem[]; total: number }> {
  const where = templateWhere(scope, q);
  const rows = await tx.select().from(journalTemplates).where(where).orderBy(...templateOrder(q.sort)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(journalTemplates).where(where);
  const ids = rows.map((r) => r.id);
  const stats = ids.length === 0 ? [] : await tx
    .select({ id: journalTemplateLines.templateId, lines: count(), blanks: sql<number>`count(*) filter (where ${journalTemplateLines.debitMinor} is null and ${journalTemplateLines.creditMinor} is null)::int` })
    .from(journalTemplateLines)
    .where(inArray(journalTemplateLines.templateId, ids))
    .groupBy(journalTemplateLines.templateId);
  const statOf = new Map(stats.map((s) => [s.id, s]));
  const used = await usage(tx, ids);
  return {
    items: rows.map((h) => ({ ...headerView(h, used.get(h.id) ?? 0, (statOf.get(h.id)?.blanks ?? 0) > 0), lineCount: statOf.get(h.id)?.lines ?? 0 })),
    total: total?.n ?? 0,
  };
}

/** Active templates matching a search, for pickers (the recurring journal form). */
export async function lookupTemplates(tx: Tx, scope: KitScope, search: string | undefined, limit: number): Promise<{ id: string; label: string }[]> {
  const rows = await tx.select().from(journalTemplates).where(templateWhere(scope, { search, active: true })).orderBy(asc(journalTemplates.code)).limit(limit);
  return rows.map((r) => ({ id: r.id, label: `${r.code} · ${r.name}` }));
}

/** The template's lines as posting-engine lines; a blank amount is a zero (the engine refuses it on posting). */
export function entryLinesOf(lines: LineRow[]): EntryLine[] {
  return lines.map((l) => ({
    accountId: l.accountId, currency: l.currency, debitMinor: l.debitMinor ?? 0n, creditMinor: l.creditMinor ?? 0n,
    dimensions: l.dimensions, description: l.description, taxId: l.taxId,
  }));
}

/** The numbers (1-based) of the lines that have no amount. */
export function blankLineNumbers(lines: LineRow[]): number[] {
  return lines.filter(blankLine).map((l) => l.lineNo);
}

/** "Create journal from template": a draft of the template's kind, its blank amounts left to fill. */
export async function journalFromTemplate(tx: Tx, actor: Actor, id: string, body: JournalFromTemplate): Promise<JournalView> {
  const { header, lines } = await loadTemplate(tx, actor, id);
  if (!header.active) throw unprocessable(`Journal template ${header.code} is inactive`);
  const { scales } = await companyLedger(tx, actor);
  const amount = (v: bigint | null, c: string) => (v === null ? undefined : formatMoney(v, scales[c] ?? 2));
  return createDocument(journalBinding, tx, actor, {
    kind: header.kind as TemplateJournalKind,
    journalDate: body.journalDate,
    description: body.description ?? header.description ?? header.name,
    reference: body.reference ?? header.code,
    lines: lines.map((l) => ({
      account: l.accountId, currency: l.currency, description: l.description ?? undefined, debit: amount(l.debitMinor, l.currency), credit: amount(l.creditMinor, l.currency),
      dimensions: l.dimensions, tax: l.taxId ?? undefined,
    })),
  });
}
