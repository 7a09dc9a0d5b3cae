import { asc, eq, sql } from 'drizzle-orm';
import { parseRate, type IntercompanyCompany } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { AppError, unprocessable } from '../../../platform/http/errors';
import { intercompanyJournalLines, intercompanyJournals } from './intercompany.tables';
import { journals } from '../journals/journals.tables';
import { splitIntercompany, type IntercompanyLeg, type IntercompanyLine } from './intercompany';
import { dueAccountsOf } from './intercompany-accounts.service';
import { icHeaderOf, type IntercompanyHeader } from './intercompany-journals.service';
import { companyOf, companyView, inCompany } from './intercompany-scope';
import { companyLedger } from '../posting/posting-context';
import { stageEntry, type Staged } from '../posting/posting.service';
import { reverseJournal, type Actor } from '../journals/journals.service';

/*
 * Validate, Post and Reverse of an intercompany journal (SPEC.md section 4 JournalApproval's
 * operations). Posting writes one journal per company in the caller's one transaction: each is
 * checked by the posting engine in its own company (open period, accounts, currencies, rates) and
 * numbered from its own company's sequence; a refusal in either company rolls back both.
 */

async function storedLines(tx: Tx, id: string): Promise<IntercompanyLine[]> {
  const rows = await tx.select().from(intercompanyJournalLines).where(eq(intercompanyJournalLines.intercompanyId, id)).orderBy(asc(intercompanyJournalLines.lineNo));
  return rows.map((r) => ({
    companyId: r.companyId, accountId: r.accountId, currency: r.currency, rate: r.rate ? parseRate(r.rate) : undefined,
    debitMinor: r.debitMinor, creditMinor: r.creditMinor, dimensions: r.dimensions, description: r.description, taxId: null,
  }));
}

/** A posting refusal of one leg, said in the user's terms: which company, and which line of the entry. */
function legError(e: unknown, company: IntercompanyCompany, leg: IntercompanyLeg, lineNos: number[]): unknown {
  if (!(e instanceof AppError)) return e;
  const message = e.message.replace(/^Line (\d+): /, (_, n: string) => {
    const index = Number(n) - 1;
    return index < lineNos.length ? `Line ${lineNos[index]}: ` : `The due line in ${leg.lines[index]?.currency ?? ''}: `;
  });
  return new AppError(e.statusCode, `Company ${company.code}: ${message}`, e.serverError);
}

/** Splits the entry and stages each company's journal (written, not numbered yet). */
async function stageLegs(tx: Tx, actor: Actor, h: IntercompanyHeader): Promise<Staged[]> {
  const [own, partner] = [companyView(await companyOf(tx, h.companyId)), companyView(await companyOf(tx, h.partnerCompanyId, 'Partner company'))];
  const ownDue = await dueAccountsOf(tx, own.id, partner.id);
  const partnerDue = await dueAccountsOf(tx, partner.id, own.id);
  const { scales } = await companyLedger(tx, actor);
  const lines = await storedLines(tx, h.id);
  const split = splitIntercompany(
    lines,
    { companyId: own.id, baseCurrency: own.baseCurrency, ...ownDue, partnerLabel: partner.code },
    { companyId: partner.id, baseCurrency: partner.baseCurrency, ...partnerDue, partnerLabel: own.code },
    scales,
  );
  if ('error' in split) throw unprocessable(split.error);
  const staged: Staged[] = [];
  for (const [leg, company] of [[split[0], own], [split[1], partner]] as const) {
    const lineNos = lines.flatMap((l, i) => (l.companyId === company.id ? [i + 1] : []));
    const request = { kind: 'Intercompany' as const, journalDate: h.journalDate, description: h.description, reference: h.reference, source: { module: 'General Ledger' as const, documentType: 'IntercompanyJournal', documentId: h.id }, intercompanyId: h.id, lines: leg.lines };
    try {
      staged.push(await stageEntry(tx, inCompany(actor, company.id), request));
    } catch (e) {
      throw legError(e, company, leg, lineNos);
    }
  }
  return staged;
}

/** Validate: every posting check of both companies in a savepoint that is rolled back; no number, no balance. */
export async function validateIntercompany(tx: Tx, actor: Actor, id: string): Promise<void> {
  const h = await icHeaderOf(tx, actor, id, true);
  class DryRun extends Error {}
  try {
    await tx.transaction(async (sp) => {
      await stageLegs(sp, actor, h);
      throw new DryRun();
    });
  } catch (e) {
    if (!(e instanceof DryRun)) throw e;
  }
  await tx.update(intercompanyJournals).set({ status: 'Validated', updatedAt: sql`now()` }).where(eq(intercompanyJournals.id, id));
}

/**
 * Post: both journals, same intercompany id, each numbered from its company's sequence. The
 * numbers are taken last and in company-id order, so two postings between the same companies in
 * opposite directions queue on the sequences instead of deadlocking.
 */
export async function postIntercompany(tx: Tx, actor: Actor, id: string): Promise<void> {
  const h = await icHeaderOf(tx, actor, id, true);
  const [ownStaged, partnerStaged] = await stageLegs(tx, actor, h);
  const ordered = h.companyId < h.partnerCompanyId ? [ownStaged!, partnerStaged!] : [partnerStaged!, ownStaged!];
  for (const staged of ordered) await staged.finish();
  await tx
    .update(intercompanyJournals)
    .set({ status: 'Posted', journalId: ownStaged!.journalId, partnerJournalId: partnerStaged!.journalId, postedBy: actor.userId, postedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(intercompanyJournals.id, id));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'intercompanyJournal', recordId: id, action: 'edit', after: { status: 'Posted', journalId: ownStaged!.journalId, partnerJournalId: partnerStaged!.journalId } }]);
}

/**
 * Reverse both journals together on a date: each company gets its reversing journal from its own
 * sequence, in its own open period; if either refuses, neither is reversed. A leg already reversed
 * on its own (from the journal screen) is left as it is and the other is reversed now.
 */
export async function reverseIntercompany(tx: Tx, actor: Actor, id: string, date: string): Promise<void> {
  const h = await icHeaderOf(tx, actor, id, true);
  if (!h.journalId || !h.partnerJournalId) throw unprocessable('Only a posted journal can be reversed');
  const legs = [
    { companyId: h.companyId, journalId: h.journalId },
    { companyId: h.partnerCompanyId, journalId: h.partnerJournalId },
  ].sort((a, b) => a.companyId.localeCompare(b.companyId));
  for (const leg of legs) {
    const company = await companyOf(tx, leg.companyId);
    try {
      await reverseJournal(tx, inCompany(actor, leg.companyId), leg.journalId, date);
    } catch (e) {
      if (e instanceof AppError && e.statusCode === 409 && /already reversed/.test(e.message)) continue;
      throw e instanceof AppError ? new AppError(e.statusCode, `Company ${company.code}: ${e.message}`, e.serverError) : e;
    }
  }
  const reversedBy = async (journalId: string) => (await tx.select({ by: journals.reversedBy }).from(journals).where(eq(journals.id, journalId)))[0]?.by ?? null;
  const after = { status: 'Reversed' as const, reversalId: await reversedBy(h.journalId), partnerReversalId: await reversedBy(h.partnerJournalId) };
  await tx.update(intercompanyJournals).set({ ...after, updatedAt: sql`now()` }).where(eq(intercompanyJournals.id, id));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'intercompanyJournal', recordId: id, action: 'edit', after }]);
}
