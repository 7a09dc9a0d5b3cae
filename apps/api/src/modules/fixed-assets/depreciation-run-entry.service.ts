import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatMoney, lastDayOfPeriod, periodOfDate, type DocumentEntry } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import type { Actor } from '../../platform/http/actor';
import type { KitScope } from '../../platform/kit/registry';
import { accounts, journals, ledgerEntries } from '../ledger/index';
import { postRun, storedRun } from './depreciation-runs.service';
import { baseCurrencyOf } from './money';

/*
 * The ledger entry of a depreciation run (the kit's GET /fa/depreciation-runs/:id/entry, what /journal
 * shows of a DepreciationSchedule task). Posted, the entry as the ledger holds it; a draft, the entry
 * posting it now would write: the run's own posting runs in a savepoint (rows claimed, entry posted
 * through the port, assets marked), its ledger lines are read and everything is rolled back, so the
 * preview is the posting's own entry and nothing stays written. A run that finds nothing to post has
 * no lines.
 */

type Line = { accountId: string; description: string | null; currency: string; debitMinor: bigint; creditMinor: bigint };

class Staged extends Error {
  constructor(readonly lines: Line[]) {
    super('staged');
  }
}

async function postedLines(tx: Tx, scope: KitScope, journalId: string): Promise<Line[]> {
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

export async function depreciationRunEntry(tx: Tx, scope: KitScope, id: string): Promise<DocumentEntry> {
  const run = await storedRun(tx, scope, id, false);
  if (run.journalId) {
    const [j] = await tx.select({ number: journals.number, date: journals.journalDate }).from(journals).where(and(eq(journals.companyId, scope.companyId), eq(journals.id, run.journalId)));
    return { posted: true, journal: run.journalId, journalNumber: j?.number ?? null, date: j?.date ?? lastDayOfPeriod(periodOfDate(run.period)), lines: await labelled(tx, scope, await postedLines(tx, scope, run.journalId)) };
  }
  // The engine takes an actor; posting a run checks no operation of it.
  const actor: Actor = { ...scope, operations: new Set<string>() };
  let date = lastDayOfPeriod(periodOfDate(run.period));
  let lines: Line[] = [];
  try {
    await tx.transaction(async (sp) => {
      await postRun(sp, actor, id);
      const after = await storedRun(sp, scope, id, false);
      if (after.journalId) {
        const [j] = await sp.select({ date: journals.journalDate }).from(journals).where(eq(journals.id, after.journalId));
        date = j?.date ?? date;
      }
      throw new Staged(after.journalId ? await postedLines(sp, scope, after.journalId) : []);
    });
  } catch (e) {
    if (!(e instanceof Staged)) throw e;
    lines = e.lines;
  }
  return { posted: false, journal: null, journalNumber: null, date, lines: await labelled(tx, scope, lines) };
}
