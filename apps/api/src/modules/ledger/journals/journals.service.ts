import { strict as assert } from 'node:assert';
import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { formatMoney, formatRate, isPosted, journalDocument, parseMoney, parseRate, stateOf, type JournalInput, type JournalListFilter, type JournalListItem, type JournalKind, type JournalView, type LedgerModule, type SourceRef } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { containsPattern } from '../../../platform/db/search';
import { badRequest, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { accountingPeriods } from '../periods/periods.tables';
import { accounts } from '../setup/setup.tables';
import { dimensionSets, journalLines, journals, ledgerEntries } from './journals.tables';
import { accountsById, companyLedger, postingFacts, type PostingGate } from '../posting/posting-context';
import { postEntry, reverseEntry, stageEntry, type EntryLine, type EntryRequest, type Staged } from '../posting/posting.service';

export type Actor = KitScope & { operations: ReadonlySet<string> };

/** The source of a journal typed in the ledger: the journal is its own document. */
const GL_JOURNAL: SourceRef = { module: 'General Ledger', documentType: 'Journal', documentId: null };

/** Input lines (decimal strings) as engine lines (minor units at each currency's scale). */
export function toEntryLines(input: JournalInput['lines'], scales: Record<string, number>): EntryLine[] {
  return input.map((l, i) => {
    const scale = scales[l.currency];
    if (scale === undefined) throw unprocessable(`Line ${i + 1}: currency ${l.currency} is unknown or inactive`);
    try {
      return {
        accountId: l.account,
        currency: l.currency,
        rate: l.rate ? parseRate(l.rate) : undefined,
        debitMinor: l.debit ? parseMoney(l.debit, scale) : 0n,
        creditMinor: l.credit ? parseMoney(l.credit, scale) : 0n,
        dimensions: l.dimensions ?? {},
        description: l.description ?? null,
        taxId: l.tax ?? null,
      };
    } catch (e) {
      throw badRequest(`Line ${i + 1}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}

export async function headerOf(tx: Tx, scope: KitScope, id: string, lock = false) {
  const q = tx.select().from(journals).where(and(eq(journals.id, id), eq(journals.companyId, scope.companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Journal');
  return row;
}

async function saveDraftLines(tx: Tx, scope: KitScope, journalId: string, lines: EntryLine[]) {
  const known = await accountsById(tx, scope, [...new Set(lines.map((l) => l.accountId))]);
  const missing = lines.findIndex((l) => !known.has(l.accountId));
  if (missing >= 0) throw unprocessable(`Line ${missing + 1}: the account does not exist in this company`);
  await tx.delete(journalLines).where(eq(journalLines.journalId, journalId));
  const rateText = (r: bigint | undefined) => (r === undefined ? null : formatRate(r));
  await tx.insert(journalLines).values(
    lines.map((l, i) => ({
      tenantId: scope.tenantId, journalId, lineNo: i + 1, accountId: l.accountId, description: l.description ?? null, currency: l.currency,
      rate: rateText(l.rate), debitMinor: l.debitMinor, creditMinor: l.creditMinor, dimensions: l.dimensions ?? {}, taxId: l.taxId ?? null,
    })),
  );
}

/** A new draft journal and its lines; the documents kit checks the kind's label and records the audit. */
export async function insertDraft(tx: Tx, actor: Actor, input: JournalInput): Promise<string> {
  const ledger = await companyLedger(tx, actor);
  const lines = toEntryLines(input.lines, ledger.scales);
  const [row] = await tx
    .insert(journals)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, kind: input.kind, journalDate: input.journalDate, description: input.description, reference: input.reference ?? null, baseCurrency: ledger.baseCurrency, createdBy: actor.userId })
    .returning({ id: journals.id });
  await saveDraftLines(tx, actor, row!.id, lines);
  return row!.id;
}

/** A draft or validated journal's new content: it returns to draft (the kit checked its state and kind). */
export async function replaceDraft(tx: Tx, actor: Actor, id: string, input: JournalInput): Promise<void> {
  const ledger = await companyLedger(tx, actor);
  const lines = toEntryLines(input.lines, ledger.scales);
  await tx.update(journals).set({ status: 'Draft', journalDate: input.journalDate, description: input.description, reference: input.reference ?? null, updatedAt: sql`now()` }).where(eq(journals.id, id));
  await saveDraftLines(tx, actor, id, lines);
}

export async function deleteDraft(tx: Tx, id: string): Promise<void> {
  await tx.delete(journals).where(eq(journals.id, id));
}

export async function draftRequest(tx: Tx, header: typeof journals.$inferSelect): Promise<EntryRequest & { exact?: false }> {
  const rows = await tx.select().from(journalLines).where(eq(journalLines.journalId, header.id)).orderBy(asc(journalLines.lineNo));
  return {
    kind: header.kind as JournalKind, journalDate: header.journalDate, description: header.description, reference: header.reference,
    source: { module: header.sourceModule as LedgerModule, documentType: header.sourceType, documentId: header.sourceId },
    lines: rows.map((r) => ({ accountId: r.accountId, currency: r.currency, rate: r.rate ? parseRate(r.rate) : undefined, debitMinor: r.debitMinor, creditMinor: r.creditMinor, dimensions: r.dimensions, description: r.description, taxId: r.taxId })),
  };
}

/**
 * Validate (JournalApproval's first operation): the posting checks run in a savepoint that is
 * rolled back, so the journal is known to post cleanly without taking a number or a balance.
 */
export async function validateDraft(tx: Tx, actor: Actor, id: string): Promise<void> {
  const request = await draftRequest(tx, await headerOf(tx, actor, id));
  class DryRun extends Error {}
  try {
    await tx.transaction(async (sp) => {
      await postEntry(sp, actor, request);
      throw new DryRun();
    });
  } catch (e) {
    if (!(e instanceof DryRun)) throw e;
  }
  await tx.update(journals).set({ status: 'Validated', updatedAt: sql`now()` }).where(eq(journals.id, id));
}

/** Post (JournalApproval's second operation): a draft or validated journal becomes ledger lines (the port records the audit). */
export async function postDraft(tx: Tx, actor: Actor, id: string): Promise<void> {
  const staged = await stageEntry(tx, actor, await draftRequest(tx, await headerOf(tx, actor, id)), id);
  await staged.finish();
}

type ViewHeader = Pick<typeof journals.$inferSelect, 'kind' | 'journalDate' | 'description' | 'reference' | 'sourceModule' | 'reversalOf' | 'reversedBy' | 'createdAt'>;

/**
 * Builds the answer from what was written (reading the entry back would cost round trips), then
 * has the number (a posted draft takes it only now: the sequence lock is held for that statement
 * and the commit).
 */
async function finishWithView(staged: Staged, h: ViewHeader): Promise<JournalView> {
  const { scales, baseCurrency } = staged.ledger;
  const money = (v: bigint, c: string) => formatMoney(v, scales[c] ?? 2);
  const total = money(staged.totalBaseMinor, baseCurrency);
  const lines = staged.lines.map((l, i) => {
    const account = staged.accounts.get(l.accountId);
    assert(account, 'a written line names a known account');
    return {
      lineNo: i + 1, account: l.accountId, accountCode: account.code, accountName: account.name, description: l.description ?? null, currency: l.currency, rate: formatRate(l.rate),
      debit: money(l.debitMinor, l.currency), credit: money(l.creditMinor, l.currency), baseDebit: money(l.baseDebitMinor, baseCurrency), baseCredit: money(l.baseCreditMinor, baseCurrency),
      dimensions: staged.dimensions[i] ?? {}, tax: l.taxId ?? null, generated: l.generated,
    };
  });
  const posted = await staged.finish();
  return {
    id: staged.journalId, number: posted.number, kind: h.kind as JournalKind, status: 'Posted', journalDate: h.journalDate, period: staged.period.name,
    description: h.description, reference: h.reference, baseCurrency, totalDebit: total, totalCredit: total, sourceModule: h.sourceModule,
    reversalOf: h.reversalOf, reversedBy: h.reversedBy, createdAt: (staged.createdAt ?? h.createdAt).toISOString(), postedAt: posted.postedAt.toISOString(), lines,
  };
}

/**
 * Create and post in one call (the API for bulk and subledger-style posting). `gate`: a refusal
 * the caller needs checked (the approval gate of the direct route), read with the posting's facts.
 */
export async function createAndPost(tx: Tx, actor: Actor, input: JournalInput, gate?: PostingGate): Promise<JournalView> {
  // One read for the gate, the ledger, the period and the accounts; its errors come in the order of separate reads.
  const facts = await postingFacts(tx, actor, input.kind, input.journalDate, input.lines.map((l) => l.account), gate, undefined, input.lines.flatMap((l) => (l.tax ? [l.tax] : [])));
  const request = { ...input, reference: input.reference ?? null, source: GL_JOURNAL, lines: toEntryLines(input.lines, facts.ledger.scales) };
  const staged = await stageEntry(tx, actor, request, undefined, facts);
  return finishWithView(staged, { ...request, sourceModule: GL_JOURNAL.module, reversalOf: null, reversedBy: null, createdAt: staged.createdAt ?? new Date() });
}

/**
 * Reverses a posted journal on a date: a new journal with every ledger line's sides swapped
 * (generated lines included), linked both ways; a journal is reversed at most once. The port
 * marks the original Reversed and records both journals in the audit trail. Answers the reversal's id.
 */
export async function reverseJournal(tx: Tx, scope: KitScope, id: string, date: string): Promise<string> {
  return (await reverseEntry(tx, scope, id, date)).journalId;
}

/** `staged`: the entry is written but not yet numbered (read its ledger lines). */
export async function getJournal(tx: Tx, scope: KitScope, id: string, staged = false): Promise<JournalView> {
  const h = await headerOf(tx, scope, id);
  const { scales } = await companyLedger(tx, scope);
  const money = (v: bigint, c: string) => formatMoney(v, scales[c] ?? 2);
  const [period] = h.periodId ? await tx.select({ name: accountingPeriods.name }).from(accountingPeriods).where(eq(accountingPeriods.id, h.periodId)) : [];
  const posted = staged || isPosted(journalDocument, h.status);
  const lines = posted
    ? (await tx.select({ e: ledgerEntries, code: accounts.code, name: accounts.name, dims: dimensionSets.dimensions }).from(ledgerEntries).innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId)).leftJoin(dimensionSets, eq(dimensionSets.id, ledgerEntries.dimensionSetId)).where(eq(ledgerEntries.journalId, id)).orderBy(asc(ledgerEntries.lineNo))).map(({ e, code, name, dims }) => ({
        lineNo: e.lineNo, account: e.accountId, accountCode: code, accountName: name, description: e.description, currency: e.currency, rate: formatRate(parseRate(e.rate)),
        debit: money(e.debitMinor, e.currency), credit: money(e.creditMinor, e.currency), baseDebit: money(e.baseDebitMinor, h.baseCurrency), baseCredit: money(e.baseCreditMinor, h.baseCurrency),
        dimensions: dims ?? {}, tax: e.taxId, generated: e.generated,
      }))
    : (await tx.select({ l: journalLines, code: accounts.code, name: accounts.name }).from(journalLines).innerJoin(accounts, eq(accounts.id, journalLines.accountId)).where(eq(journalLines.journalId, id)).orderBy(asc(journalLines.lineNo))).map(({ l, code, name }) => ({
        lineNo: l.lineNo, account: l.accountId, accountCode: code, accountName: name, description: l.description, currency: l.currency, rate: l.rate ? formatRate(parseRate(l.rate)) : '',
        debit: money(l.debitMinor, l.currency), credit: money(l.creditMinor, l.currency), baseDebit: '', baseCredit: '', dimensions: l.dimensions, tax: l.taxId, generated: null,
      }));
  const total = posted ? h.totalBaseMinor : 0n;
  return {
    id: h.id, number: h.number, kind: h.kind as JournalKind, status: stateOf(journalDocument, h.status), journalDate: h.journalDate, period: period?.name ?? null,
    description: h.description, reference: h.reference, baseCurrency: h.baseCurrency, totalDebit: money(total, h.baseCurrency), totalCredit: money(total, h.baseCurrency),
    sourceModule: h.sourceModule, reversalOf: h.reversalOf, reversedBy: h.reversedBy, createdAt: h.createdAt.toISOString(), postedAt: h.postedAt?.toISOString() ?? null, lines,
  };
}

export type JournalListQuery = JournalListFilter & { limit: number; page: number };

/** The journals of a list filter and their order (the list's pages and its export). */
export function journalFilter(scope: KitScope, q: Omit<JournalListQuery, 'limit' | 'page'>): { where: SQL | undefined; order: SQL[] } {
  const conditions: (SQL | undefined)[] = [eq(journals.companyId, scope.companyId)];
  if (q.kind) conditions.push(eq(journals.kind, q.kind));
  if (q.status) conditions.push(eq(journals.status, q.status));
  if (q.from) conditions.push(gte(journals.journalDate, q.from));
  if (q.to) conditions.push(lte(journals.journalDate, q.to));
  if (q.search?.trim()) {
    const p = containsPattern(q.search.trim());
    conditions.push(or(ilike(journals.number, p), ilike(journals.description, p), ilike(journals.reference, p)));
  }
  const sortable = { journalDate: journals.journalDate, number: journals.number, createdAt: journals.createdAt, status: journals.status } as const;
  const key = (q.sort ?? '-journalDate').replace(/^-/, '') as keyof typeof sortable;
  const column = sortable[key] ?? journals.journalDate;
  return { where: and(...conditions), order: [(q.sort ?? '-journalDate').startsWith('-') ? desc(column) : asc(column), desc(journals.createdAt), asc(journals.id)] };
}

export async function listJournals(tx: Tx, scope: KitScope, q: JournalListQuery): Promise<{ items: JournalListItem[]; total: number }> {
  const { where, order } = journalFilter(scope, q);
  const rows = await tx.select().from(journals).where(where).orderBy(...order).limit(q.limit).offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(journals).where(where);
  const { scales } = await companyLedger(tx, scope);
  return {
    items: rows.map((h) => ({
      id: h.id, number: h.number, kind: h.kind as JournalKind, status: stateOf(journalDocument, h.status), journalDate: h.journalDate, description: h.description, reference: h.reference,
      total: formatMoney(h.totalBaseMinor, scales[h.baseCurrency] ?? 2), baseCurrency: h.baseCurrency, reversalOf: h.reversalOf, reversedBy: h.reversedBy,
    })),
    total: total?.n ?? 0,
  };
}

