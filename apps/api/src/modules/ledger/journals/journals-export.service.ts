import { asc, eq, sql } from 'drizzle-orm';
import { formatMoney, formatRate, parseRate } from '@erp/contracts';
import { pgArray, rowsOf, type Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import type { Table } from '../../../platform/kit/tabular-files';
import { accounts, taxes } from '../setup/setup.tables';
import { dimensionSets, journalLines, journals, ledgerEntries } from './journals.tables';
import { companyLedger } from '../posting/posting-context';
import type { Scope } from '../../../platform/http/actor';
import { journalFilter, type JournalListQuery } from './journals.service';

/** An export holds at most this many lines: past it, the user narrows the filter (dates, kind, status). */
export const JOURNAL_EXPORT_LINES_MAX = 100_000;

const HEADERS = ['Number', 'Date', 'Kind', 'Status', 'Journal Description', 'Reference', 'Line', 'Account', 'Account Name', 'Line Description', 'Currency', 'Rate', 'Debit', 'Credit', 'Base Debit', 'Base Credit', 'Dimensions', 'Tax', 'Generated'];

type ExportLine = {
  journalId: string; lineNo: number; accountId: string; description: string | null; currency: string; rate: string | null;
  debitMinor: bigint; creditMinor: bigint; baseDebitMinor: bigint | null; baseCreditMinor: bigint | null; dimensions: Record<string, string>; taxId: string | null; generated: string | null;
};

/**
 * The journals of a list filter as a file, one row per line, in the list's order: a posted or
 * reversed journal's ledger lines (generated rounding and exchange lines included, base amounts),
 * a draft's lines as entered (no base amounts yet). Three reads: headers, posted lines, draft lines.
 */
export async function exportJournals(tx: Tx, actor: Scope, q: Omit<JournalListQuery, 'limit' | 'page'>): Promise<Table> {
  const { where, order } = journalFilter(actor, q);
  // The size first, in one statement (the lines of the filter's journals, posted and draft): a
  // filter too wide is refused before anything is read into memory.
  const matching = sql`select ${journals.id} from ${journals} where ${where}`;
  const [size] = rowsOf<{ lines: number }>(
    await tx.execute(sql`select ((select count(*) from ${ledgerEntries} where ${ledgerEntries.journalId} in (${matching}))
      + (select count(*) from ${journalLines} where ${journalLines.journalId} in (${matching})))::int as lines`),
  );
  if ((size?.lines ?? 0) > JOURNAL_EXPORT_LINES_MAX) {
    throw unprocessable(`The export would hold ${size!.lines.toLocaleString('en-US')} lines, more than ${JOURNAL_EXPORT_LINES_MAX.toLocaleString('en-US')}: narrow the filter (dates, kind or status)`);
  }
  const headers = await tx.select().from(journals).where(where).orderBy(...order);
  const ids = headers.map((h) => h.id);
  const lines = ids.length === 0 ? [] : await linesOf(tx, ids);
  const byJournal = new Map<string, ExportLine[]>();
  for (const l of lines) {
    const of = byJournal.get(l.journalId);
    if (of) of.push(l);
    else byJournal.set(l.journalId, [l]);
  }
  const [accountRows, taxRows, ledger] = await Promise.all([
    tx.select({ id: accounts.id, code: accounts.code, name: accounts.name }).from(accounts).where(eq(accounts.companyId, actor.companyId)),
    tx.select({ id: taxes.id, code: taxes.code }).from(taxes).where(eq(taxes.companyId, actor.companyId)),
    companyLedger(tx, actor),
  ]);
  const accountOf = new Map(accountRows.map((a) => [a.id, a]));
  const taxOf = new Map(taxRows.map((t) => [t.id, t.code]));
  const money = (minor: bigint | null, currency: string) => (minor === null || minor === 0n ? '' : formatMoney(minor, ledger.scales[currency] ?? 2));
  const rows = headers.flatMap((h) =>
    (byJournal.get(h.id) ?? []).map((l) => [
      h.number ?? '', h.journalDate, h.kind, h.status, h.description, h.reference ?? '', String(l.lineNo), accountOf.get(l.accountId)?.code ?? '', accountOf.get(l.accountId)?.name ?? '',
      l.description ?? '', l.currency, l.rate === null ? '' : formatRate(parseRate(l.rate)), money(l.debitMinor, l.currency), money(l.creditMinor, l.currency),
      money(l.baseDebitMinor, h.baseCurrency), money(l.baseCreditMinor, h.baseCurrency),
      Object.entries(l.dimensions).map(([group, code]) => `${group}=${code}`).join(';'), l.taxId ? (taxOf.get(l.taxId) ?? '') : '', l.generated ?? '',
    ]),
  );
  return { headers: HEADERS, rows };
}

/** The lines of journals: ledger lines of the posted ones, entered lines of the drafts, each in line order. */
async function linesOf(tx: Tx, ids: string[]): Promise<ExportLine[]> {
  const posted = await tx
    .select({
      journalId: ledgerEntries.journalId, lineNo: ledgerEntries.lineNo, accountId: ledgerEntries.accountId, description: ledgerEntries.description, currency: ledgerEntries.currency, rate: ledgerEntries.rate,
      debitMinor: ledgerEntries.debitMinor, creditMinor: ledgerEntries.creditMinor, baseDebitMinor: ledgerEntries.baseDebitMinor, baseCreditMinor: ledgerEntries.baseCreditMinor,
      dimensions: dimensionSets.dimensions, taxId: ledgerEntries.taxId, generated: ledgerEntries.generated,
    })
    .from(ledgerEntries)
    .leftJoin(dimensionSets, eq(dimensionSets.id, ledgerEntries.dimensionSetId))
    .where(sql`${ledgerEntries.journalId} = any(${pgArray(ids)}::uuid[])`)
    .orderBy(asc(ledgerEntries.journalId), asc(ledgerEntries.lineNo));
  const drafts = await tx
    .select({
      journalId: journalLines.journalId, lineNo: journalLines.lineNo, accountId: journalLines.accountId, description: journalLines.description, currency: journalLines.currency, rate: journalLines.rate,
      debitMinor: journalLines.debitMinor, creditMinor: journalLines.creditMinor, dimensions: journalLines.dimensions, taxId: journalLines.taxId,
    })
    .from(journalLines)
    .where(sql`${journalLines.journalId} = any(${pgArray(ids)}::uuid[])`)
    .orderBy(asc(journalLines.journalId), asc(journalLines.lineNo));
  return [
    ...posted.map((l) => ({ ...l, dimensions: l.dimensions ?? {} })),
    ...drafts.map((l) => ({ ...l, baseDebitMinor: null, baseCreditMinor: null, generated: null })),
  ];
}
