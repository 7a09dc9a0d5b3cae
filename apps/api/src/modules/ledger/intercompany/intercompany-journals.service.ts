import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  formatMoney,
  formatRate,
  intercompanyJournalDocument,
  stateOf,
  parseRate,
  type IntercompanyJournalInput,
  type IntercompanyJournalListItem,
  type IntercompanyJournalView,
  type IntercompanyLeg,
  type JournalStatus,
} from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { containsPattern } from '../../../platform/db/search';
import { notFound } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companies } from '../../organisation/index';
import { accounts } from '../setup/setup.tables';
import { journals } from '../journals/journals.tables';
import { intercompanyJournalLines, intercompanyJournals } from './intercompany.tables';
import { allowJournalPartners, allowPair, checkLineAccounts, companyOf, companyView, inCompany, partnerOf, toIntercompanyLines } from './intercompany-scope';
import { companyLedger } from '../posting/posting-context';
import type { IntercompanyLine } from './intercompany';
import { getJournal, type Actor } from '../journals/journals.service';

export type IntercompanyHeader = typeof intercompanyJournals.$inferSelect;

/**
 * An intercompany journal of the actor's company. Both companies of the pair read it; only the
 * company that entered it (`write`) changes, posts or reverses it. Anything else is not found.
 */
export async function icHeaderOf(tx: Tx, scope: KitScope, id: string, write = false): Promise<IntercompanyHeader> {
  const mine = eq(intercompanyJournals.companyId, scope.companyId);
  const where = and(eq(intercompanyJournals.id, id), write ? mine : or(mine, eq(intercompanyJournals.partnerCompanyId, scope.companyId)));
  const q = tx.select().from(intercompanyJournals).where(where);
  const [row] = write ? await q.for('update') : await q;
  if (!row) throw notFound('Intercompany journal');
  await allowPair(tx, row);
  return row;
}

/** The lines checked and converted: the partner is another company of the tenant, every account is its line company's. */
async function linesOf(tx: Tx, actor: Actor, input: IntercompanyJournalInput) {
  const partner = await partnerOf(tx, actor, input.partnerCompany);
  const own = await companyOf(tx, actor.companyId);
  const { scales } = await companyLedger(tx, actor);
  const lines = toIntercompanyLines(input.lines, scales);
  await checkLineAccounts(tx, input.lines, [own, partner]);
  return lines;
}

/** The draft's lines replace whatever it had; `lines` come checked from linesOf. */
async function saveLines(tx: Tx, actor: Actor, id: string, lines: IntercompanyLine[]): Promise<void> {
  await tx.delete(intercompanyJournalLines).where(eq(intercompanyJournalLines.intercompanyId, id));
  await tx.insert(intercompanyJournalLines).values(
    lines.map((l, i) => ({
      tenantId: actor.tenantId, intercompanyId: id, lineNo: i + 1, companyId: l.companyId, accountId: l.accountId, description: l.description ?? null,
      currency: l.currency, rate: l.rate === undefined ? null : formatRate(l.rate), debitMinor: l.debitMinor, creditMinor: l.creditMinor, dimensions: l.dimensions ?? {},
    })),
  );
}

const headerValues = (input: IntercompanyJournalInput) => ({
  partnerCompanyId: input.partnerCompany, journalDate: input.journalDate, description: input.description, reference: input.reference ?? null, templateId: input.template ?? null,
});

/**
 * A new draft (the documents kit checks the label and records the audit of the create route; the
 * import checks its own label and records its own).
 */
export async function insertIntercompanyDraft(tx: Tx, actor: Actor, input: IntercompanyJournalInput): Promise<string> {
  const lines = await linesOf(tx, actor, input);
  const [row] = await tx.insert(intercompanyJournals).values({ tenantId: actor.tenantId, companyId: actor.companyId, ...headerValues(input), createdBy: actor.userId }).returning({ id: intercompanyJournals.id });
  await saveLines(tx, actor, row!.id, lines);
  return row!.id;
}

/** A draft or validated journal's new content: it returns to draft (the kit checked its state). */
export async function replaceIntercompanyDraft(tx: Tx, actor: Actor, id: string, input: IntercompanyJournalInput): Promise<void> {
  const lines = await linesOf(tx, actor, input);
  await tx.update(intercompanyJournals).set({ ...headerValues(input), status: 'Draft', updatedAt: sql`now()` }).where(eq(intercompanyJournals.id, id));
  await saveLines(tx, actor, id, lines);
}

export async function deleteIntercompanyDraft(tx: Tx, id: string): Promise<void> {
  await tx.delete(intercompanyJournals).where(eq(intercompanyJournals.id, id));
}

/** The journal of one company of a posted intercompany journal, and its reversal's number. */
async function legOf(tx: Tx, scope: KitScope, companyId: string, journalId: string | null, reversalId: string | null): Promise<IntercompanyLeg | undefined> {
  if (!journalId) return undefined;
  const company = companyView(await companyOf(tx, companyId));
  const journal = await getJournal(tx, inCompany(scope, companyId), journalId);
  const [reversal] = reversalId ? await tx.select({ number: journals.number }).from(journals).where(eq(journals.id, reversalId)) : [];
  return { company, journal, reversalNumber: reversal?.number ?? null };
}

export async function getIntercompanyJournal(tx: Tx, scope: KitScope, id: string): Promise<IntercompanyJournalView> {
  const h = await icHeaderOf(tx, scope, id);
  const { scales } = await companyLedger(tx, scope);
  const rows = await tx
    .select({ l: intercompanyJournalLines, code: accounts.code, name: accounts.name })
    .from(intercompanyJournalLines)
    .innerJoin(accounts, eq(accounts.id, intercompanyJournalLines.accountId))
    .where(eq(intercompanyJournalLines.intercompanyId, id))
    .orderBy(asc(intercompanyJournalLines.lineNo));
  const money = (v: bigint, c: string) => formatMoney(v, scales[c] ?? 2);
  const legs = [await legOf(tx, scope, h.companyId, h.journalId, h.reversalId), await legOf(tx, scope, h.partnerCompanyId, h.partnerJournalId, h.partnerReversalId)];
  return {
    id: h.id, status: stateOf(intercompanyJournalDocument, h.status), company: companyView(await companyOf(tx, h.companyId)), partnerCompany: companyView(await companyOf(tx, h.partnerCompanyId)),
    journalDate: h.journalDate, description: h.description, reference: h.reference, template: h.templateId, createdAt: h.createdAt.toISOString(), postedAt: h.postedAt?.toISOString() ?? null,
    lines: rows.map(({ l, code, name }) => ({
      lineNo: l.lineNo, company: l.companyId, account: l.accountId, accountCode: code, accountName: name, description: l.description, currency: l.currency,
      rate: l.rate ? formatRate(parseRate(l.rate)) : '', debit: money(l.debitMinor, l.currency), credit: money(l.creditMinor, l.currency), dimensions: l.dimensions,
    })),
    legs: legs.filter((leg): leg is IntercompanyLeg => leg !== undefined),
  };
}

export type IntercompanyListQuery = { status?: JournalStatus; search?: string; sort?: string; limit: number; page: number };

const origin = alias(companies, 'origin_company');
const partnerCo = alias(companies, 'partner_company');
const ownLeg = alias(journals, 'own_leg');
const partnerLeg = alias(journals, 'partner_leg');

/** The journals both companies of a pair see, the other company and the journal numbers told from the viewer's side. */
export async function listIntercompanyJournals(tx: Tx, scope: KitScope, q: IntercompanyListQuery): Promise<{ items: IntercompanyJournalListItem[]; total: number }> {
  await allowJournalPartners(tx, scope);
  const conditions: (SQL | undefined)[] = [or(eq(intercompanyJournals.companyId, scope.companyId), eq(intercompanyJournals.partnerCompanyId, scope.companyId))];
  if (q.status) conditions.push(eq(intercompanyJournals.status, q.status));
  const text = q.search?.trim();
  if (text) {
    const p = containsPattern(text);
    conditions.push(or(ilike(intercompanyJournals.description, p), ilike(intercompanyJournals.reference, p), ilike(origin.code, p), ilike(partnerCo.code, p), ilike(partnerCo.description, p), ilike(origin.description, p), ilike(ownLeg.number, p), ilike(partnerLeg.number, p)));
  }
  const where = and(...conditions);
  const sortable = { journalDate: intercompanyJournals.journalDate, description: intercompanyJournals.description, status: intercompanyJournals.status, createdAt: intercompanyJournals.createdAt } as const;
  const sort = q.sort ?? '-journalDate';
  const column = sortable[sort.replace(/^-/, '') as keyof typeof sortable] ?? intercompanyJournals.journalDate;
  const base = () =>
    tx
      .select({ h: intercompanyJournals, origin, partner: partnerCo, own: { number: ownLeg.number, total: ownLeg.totalBaseMinor }, other: { number: partnerLeg.number, total: partnerLeg.totalBaseMinor } })
      .from(intercompanyJournals)
      .innerJoin(origin, eq(origin.companyId, intercompanyJournals.companyId))
      .innerJoin(partnerCo, eq(partnerCo.companyId, intercompanyJournals.partnerCompanyId))
      .leftJoin(ownLeg, eq(ownLeg.id, intercompanyJournals.journalId))
      .leftJoin(partnerLeg, eq(partnerLeg.id, intercompanyJournals.partnerJournalId));
  const rows = await base().where(where).orderBy(sort.startsWith('-') ? desc(column) : asc(column), desc(intercompanyJournals.createdAt)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ n: count() })
    .from(intercompanyJournals)
    .innerJoin(origin, eq(origin.companyId, intercompanyJournals.companyId))
    .innerJoin(partnerCo, eq(partnerCo.companyId, intercompanyJournals.partnerCompanyId))
    .leftJoin(ownLeg, eq(ownLeg.id, intercompanyJournals.journalId))
    .leftJoin(partnerLeg, eq(partnerLeg.id, intercompanyJournals.partnerJournalId))
    .where(where);
  const { scales } = await companyLedger(tx, scope);
  return {
    items: rows.map((r) => {
      const mine = r.h.companyId === scope.companyId;
      const [me, other] = mine ? [r.origin, r.partner] : [r.partner, r.origin];
      const [myLeg, otherLeg] = mine ? [r.own, r.other] : [r.other, r.own];
      return {
        id: r.h.id, status: stateOf(intercompanyJournalDocument, r.h.status), journalDate: r.h.journalDate, description: r.h.description, reference: r.h.reference,
        partnerCode: other.code, partnerName: other.description, number: myLeg?.number ?? null, partnerNumber: otherLeg?.number ?? null,
        total: myLeg?.total == null ? null : formatMoney(myLeg.total, scales[me.baseCurrency] ?? 2), baseCurrency: me.baseCurrency, createdAt: r.h.createdAt.toISOString(),
      };
    }),
    total: total?.n ?? 0,
  };
}

/** The ids of every journal of a filter, in the list's order (the export). */
export async function intercompanyIdsOf(tx: Tx, scope: KitScope, q: Omit<IntercompanyListQuery, 'limit' | 'page'>): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { items } = await listIntercompanyJournals(tx, scope, { ...q, limit: 500, page });
    ids.push(...items.map((i) => i.id));
    if (items.length < 500) return ids;
  }
}
