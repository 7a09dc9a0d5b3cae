import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatMoney, type DocumentEntry } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import type { Actor } from '../../platform/http/actor';
import type { KitScope } from '../../platform/kit/registry';
import { accounts, journals, ledgerEntries } from '../ledger/index';
import { baseCurrencyOf } from './money';

/*
 * The ledger entry of a fixed-asset document (the kit's GET …/:id/entry, what /journal shows of a
 * DisposalSchedule or RevaluationSchedule task), as depreciation-run-entry.service.ts does for the
 * run. Posted: the entry as the ledger holds it. A draft: the document's own posting runs in a
 * savepoint, its entry's ledger lines are read and everything is rolled back, so the preview is the
 * posting's own entry and nothing stays written. A posting that refuses answers its refusal.
 */

type Line = { accountId: string; description: string | null; currency: string; debitMinor: bigint; creditMinor: bigint };

class Staged extends Error {
  constructor(readonly lines: Line[], readonly date: string | null) {
    super('staged');
  }
}

async function ledgerLines(tx: Tx, scope: KitScope, journalId: string): Promise<Line[]> {
  return tx
    .select({ accountId: ledgerEntries.accountId, description: ledgerEntries.description, currency: ledgerEntries.currency, debitMinor: ledgerEntries.debitMinor, creditMinor: ledgerEntries.creditMinor })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, scope.companyId), eq(ledgerEntries.journalId, journalId)))
    .orderBy(asc(ledgerEntries.lineNo));
}

async function labelled(tx: Tx, scope: KitScope, lines: Line[]): Promise<DocumentEntry['lines']> {
  const { scale } = await baseCurrencyOf(tx, scope);
  const ids = [...new Set(lines.map((l) => l.accountId))];
  const names = new Map(
    ids.length ? (await tx.select({ id: accounts.id, code: accounts.code, name: accounts.name }).from(accounts).where(and(eq(accounts.companyId, scope.companyId), inArray(accounts.id, ids)))).map((a) => [a.id, a]) : [],
  );
  return lines.map((l) => ({
    accountCode: names.get(l.accountId)?.code ?? '', accountName: names.get(l.accountId)?.name ?? '', description: l.description, currency: l.currency,
    debit: formatMoney(l.debitMinor, scale), credit: formatMoney(l.creditMinor, scale), party: null,
  }));
}

async function journalDate(tx: Tx, scope: KitScope, journalId: string): Promise<{ number: string | null; date: string } | undefined> {
  const [j] = await tx.select({ number: journals.number, date: journals.journalDate }).from(journals).where(and(eq(journals.companyId, scope.companyId), eq(journals.id, journalId)));
  return j;
}

/**
 * A document's entry: `journalId` once posted; else `post` (the document's posting, answering the
 * journal it wrote) staged in a savepoint and rolled back. `date`: the document's date.
 */
export async function fixedAssetDocumentEntry(tx: Tx, scope: KitScope, journalId: string | null, date: string, post: (sp: Tx, actor: Actor) => Promise<string | null>): Promise<DocumentEntry> {
  if (journalId) {
    const j = await journalDate(tx, scope, journalId);
    return { posted: true, journal: journalId, journalNumber: j?.number ?? null, date: j?.date ?? date, lines: await labelled(tx, scope, await ledgerLines(tx, scope, journalId)) };
  }
  // The posting takes an actor; it checks no operation of it (the kit checked the route's).
  const actor: Actor = { ...scope, operations: new Set<string>() };
  let staged: Staged | undefined;
  try {
    await tx.transaction(async (sp) => {
      const written = await post(sp, actor);
      throw new Staged(written ? await ledgerLines(sp, scope, written) : [], written ? ((await journalDate(sp, scope, written))?.date ?? null) : null);
    });
  } catch (e) {
    if (!(e instanceof Staged)) throw e;
    staged = e;
  }
  return { posted: false, journal: null, journalNumber: null, date: staged?.date ?? date, lines: await labelled(tx, scope, staged?.lines ?? []) };
}
