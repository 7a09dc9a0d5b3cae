import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  type IntercompanyTemplateInput,
  type IntercompanyTemplateListItem,
  type IntercompanyTemplateView,
} from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { containsPattern } from '../../../platform/db/search';
import { recordAudit } from '../../../platform/audit/audit';
import { conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { accounts } from '../setup/setup.tables';
import { intercompanyTemplateLines, intercompanyTemplates } from './intercompany.tables';
import { allowPair, checkLineAccounts, companyOf, companyView, minorOf, partnerOf } from './intercompany-scope';
import { companyLedger } from '../posting/posting-context';
import type { Actor } from '../journals/journals.service';

/** Intercompany journal templates: a company's reusable lines with one partner; amounts may be left to fill. */

async function templateOf(tx: Tx, scope: KitScope, id: string, lock = false) {
  const q = tx.select().from(intercompanyTemplates).where(and(eq(intercompanyTemplates.id, id), eq(intercompanyTemplates.companyId, scope.companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Intercompany journal template');
  await allowPair(tx, row);
  return row;
}

async function codeTaken(tx: Tx, scope: KitScope, code: string, id?: string): Promise<void> {
  const [row] = await tx
    .select({ id: intercompanyTemplates.id })
    .from(intercompanyTemplates)
    .where(and(eq(intercompanyTemplates.companyId, scope.companyId), sql`lower(${intercompanyTemplates.code}) = lower(${code})`));
  if (row && row.id !== id) throw conflict(`An intercompany journal template with code ${code} already exists`);
}

/** A zero amount on a template line means the same as none: to be filled on the journal. */
const blankZero = (v: bigint | null) => (v === 0n ? null : v);

/** The template's lines checked (partner, accounts of their companies, currencies) as rows to write. */
async function lineRows(tx: Tx, actor: Actor, templateId: string, input: IntercompanyTemplateInput) {
  const partner = await partnerOf(tx, actor, input.partnerCompany);
  const own = await companyOf(tx, actor.companyId);
  const { scales } = await companyLedger(tx, actor);
  await checkLineAccounts(tx, input.lines, [own, partner]);
  return input.lines.map((l, i) => {
    const scale = scales[l.currency];
    if (scale === undefined) throw unprocessable(`Line ${i + 1}: currency ${l.currency} is unknown or inactive`);
    return {
      tenantId: actor.tenantId, templateId, lineNo: i + 1, companyId: l.company, accountId: l.account, description: l.description ?? null, currency: l.currency,
      debitMinor: blankZero(minorOf(l.debit, scale, i + 1)), creditMinor: blankZero(minorOf(l.credit, scale, i + 1)), dimensions: l.dimensions ?? {},
    };
  });
}

const headerValues = (input: IntercompanyTemplateInput) => ({ code: input.code, name: input.name, partnerCompanyId: input.partnerCompany, description: input.description ?? null });

/** Creates (no id) or replaces a template, without the label check: the routes and the import check their own label. */
export async function writeIntercompanyTemplate(tx: Tx, actor: Actor, input: IntercompanyTemplateInput, id?: string): Promise<string> {
  await codeTaken(tx, actor, input.code, id);
  const before = id ? await templateOf(tx, actor, id, true) : undefined;
  // Everything is checked before the first write: a refusal is a clear answer, never a key violation.
  const templateId = id ?? crypto.randomUUID();
  const rows = await lineRows(tx, actor, templateId, input);
  if (id) await tx.update(intercompanyTemplates).set({ ...headerValues(input), updatedAt: sql`now()` }).where(eq(intercompanyTemplates.id, id));
  else await tx.insert(intercompanyTemplates).values({ tenantId: actor.tenantId, companyId: actor.companyId, id: templateId, ...headerValues(input), createdBy: actor.userId });
  await tx.delete(intercompanyTemplateLines).where(eq(intercompanyTemplateLines.templateId, templateId));
  await tx.insert(intercompanyTemplateLines).values(rows);
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'intercompanyTemplate', recordId: templateId, action: id ? 'edit' : 'create', before, after: { ...input } }]);
  return templateId;
}

export async function createIntercompanyTemplate(tx: Tx, actor: Actor, input: IntercompanyTemplateInput): Promise<IntercompanyTemplateView> {
  return getIntercompanyTemplate(tx, actor, await writeIntercompanyTemplate(tx, actor, input));
}

export async function editIntercompanyTemplate(tx: Tx, actor: Actor, id: string, input: IntercompanyTemplateInput): Promise<IntercompanyTemplateView> {
  await templateOf(tx, actor, id);
  return getIntercompanyTemplate(tx, actor, await writeIntercompanyTemplate(tx, actor, input, id));
}

/** The template of a code in the company, if any (the import updates it). */
export async function templateIdOfCode(tx: Tx, scope: KitScope, code: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: intercompanyTemplates.id })
    .from(intercompanyTemplates)
    .where(and(eq(intercompanyTemplates.companyId, scope.companyId), sql`lower(${intercompanyTemplates.code}) = lower(${code})`));
  return row?.id;
}

/** Journals keep only the template's id as a record of where their lines came from: deleting it changes none of them. */
export async function deleteIntercompanyTemplate(tx: Tx, actor: Actor, id: string): Promise<void> {
  const before = await templateOf(tx, actor, id, true);
  await tx.delete(intercompanyTemplates).where(eq(intercompanyTemplates.id, id));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'intercompanyTemplate', recordId: id, action: 'delete', before }]);
}

export async function getIntercompanyTemplate(tx: Tx, scope: KitScope, id: string): Promise<IntercompanyTemplateView> {
  const t = await templateOf(tx, scope, id);
  const { scales } = await companyLedger(tx, scope);
  const rows = await tx
    .select({ l: intercompanyTemplateLines, code: accounts.code, name: accounts.name })
    .from(intercompanyTemplateLines)
    .innerJoin(accounts, eq(accounts.id, intercompanyTemplateLines.accountId))
    .where(eq(intercompanyTemplateLines.templateId, id))
    .orderBy(asc(intercompanyTemplateLines.lineNo));
  const money = (v: bigint | null, c: string) => (v === null ? '' : formatMoney(v, scales[c] ?? 2));
  return {
    id: t.id, code: t.code, name: t.name, description: t.description,
    company: companyView(await companyOf(tx, t.companyId)), partnerCompany: companyView(await companyOf(tx, t.partnerCompanyId)),
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
    lines: rows.map(({ l, code, name }) => ({
      lineNo: l.lineNo, company: l.companyId, account: l.accountId, accountCode: code, accountName: name, description: l.description, currency: l.currency,
      debit: money(l.debitMinor, l.currency), credit: money(l.creditMinor, l.currency), dimensions: l.dimensions,
    })),
  };
}

export type TemplateListQuery = { search?: string; sort?: string; limit: number; page: number };

export async function listIntercompanyTemplates(tx: Tx, scope: KitScope, q: TemplateListQuery): Promise<{ items: IntercompanyTemplateListItem[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(intercompanyTemplates.companyId, scope.companyId)];
  const text = q.search?.trim();
  if (text) {
    const p = containsPattern(text);
    conditions.push(or(ilike(intercompanyTemplates.code, p), ilike(intercompanyTemplates.name, p), ilike(intercompanyTemplates.description, p), ilike(companies.code, p), ilike(companies.description, p)));
  }
  const where = and(...conditions);
  const sortable = { code: intercompanyTemplates.code, name: intercompanyTemplates.name, updatedAt: intercompanyTemplates.updatedAt } as const;
  const sort = q.sort ?? 'code';
  const column = sortable[sort.replace(/^-/, '') as keyof typeof sortable] ?? intercompanyTemplates.code;
  const lineCount = sql<number>`(select count(*)::int from ${intercompanyTemplateLines} where ${intercompanyTemplateLines.templateId} = ${intercompanyTemplates.id})`;
  const rows = await tx
    .select({ t: intercompanyTemplates, partnerCode: companies.code, partnerName: companies.description, lineCount })
    .from(intercompanyTemplates)
    .innerJoin(companies, eq(companies.companyId, intercompanyTemplates.partnerCompanyId))
    .where(where)
    .orderBy(sort.startsWith('-') ? desc(column) : asc(column), asc(intercompanyTemplates.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(intercompanyTemplates).innerJoin(companies, eq(companies.companyId, intercompanyTemplates.partnerCompanyId)).where(where);
  return {
    items: rows.map((r) => ({
      id: r.t.id, code: r.t.code, name: r.t.name, description: r.t.description, partnerCode: r.partnerCode, partnerName: r.partnerName, lineCount: Number(r.lineCount), updatedAt: r.t.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
