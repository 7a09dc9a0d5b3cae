import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatMoney, type DocumentEntry, type DocumentEntryLine, type Face, type InvoiceDocumentKind } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import { accounts, ledgerEntries } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { currencyFacts } from './invoice-facts';
import { entryOf, journalNumber, storedRow, type InvoiceRow } from './invoices.service';
import { invoices } from './invoices.tables';

/*
 * The ledger entry of an invoice or a credit note (the kit's GET …/:id/entry): once posted, the
 * entry as the ledger holds it (with the port's rounding and exchange lines); before, the entry
 * posting will write, built by the posting's own code (entryOf) and nothing written. A full
 * reversal's preview is its invoice's entry, each side turned over (reverseEntry's rule).
 */

export type Line = { accountId: string; description: string | null; currency: string; debitMinor: bigint; creditMinor: bigint; partyId: string | null };

export async function labelled(tx: Tx, scope: KitScope, face: Face, lines: Line[]): Promise<DocumentEntryLine[]> {
  const { scales } = await currencyFacts(tx, scope);
  const accountIds = [...new Set(lines.map((l) => l.accountId))];
  const names = new Map(
    accountIds.length ? (await tx.select({ id: accounts.id, code: accounts.code, name: accounts.name }).from(accounts).where(and(eq(accounts.companyId, scope.companyId), inArray(accounts.id, accountIds)))).map((a) => [a.id, a]) : [],
  );
  const party = faceTables[face.side].party;
  const partyIds = [...new Set(lines.flatMap((l) => (l.partyId ? [l.partyId] : [])))];
  const parties = new Map(
    partyIds.length ? (await tx.select({ id: party.id, code: party.code, name: party.name }).from(party).where(and(eq(party.companyId, scope.companyId), inArray(party.id, partyIds)))).map((p) => [p.id, `${p.code} · ${p.name}`]) : [],
  );
  return lines.map((l) => {
    const scale = scales[l.currency] ?? 2;
    const a = names.get(l.accountId);
    return {
      accountCode: a?.code ?? '', accountName: a?.name ?? '', description: l.description, currency: l.currency,
      debit: formatMoney(l.debitMinor, scale), credit: formatMoney(l.creditMinor, scale), party: l.partyId ? (parties.get(l.partyId) ?? null) : null,
    };
  });
}

/** The lines of a posted entry, in the ledger's order. */
export async function postedLines(tx: Tx, scope: KitScope, journalId: string): Promise<Line[]> {
  return tx
    .select({ accountId: ledgerEntries.accountId, description: ledgerEntries.description, currency: ledgerEntries.currency, debitMinor: ledgerEntries.debitMinor, creditMinor: ledgerEntries.creditMinor, partyId: ledgerEntries.partyId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.companyId, scope.companyId), eq(ledgerEntries.journalId, journalId)))
    .orderBy(asc(ledgerEntries.lineNo));
}

async function previewLines(tx: Tx, scope: KitScope, face: Face, h: InvoiceRow): Promise<Line[]> {
  if (h.kind === 'Reversal') {
    const [invoice] = h.invoiceId ? await tx.select({ journalId: invoices.journalId }).from(invoices).where(and(eq(invoices.companyId, scope.companyId), eq(invoices.id, h.invoiceId))) : [];
    if (!invoice?.journalId) return [];
    return (await postedLines(tx, scope, invoice.journalId)).map((l) => ({ ...l, debitMinor: l.creditMinor, creditMinor: l.debitMinor }));
  }
  const { entry } = await entryOf(tx, scope, face, h);
  return entry.map((l) => ({ accountId: l.accountId, description: l.description ?? null, currency: l.currency, debitMinor: l.debitMinor, creditMinor: l.creditMinor, partyId: l.party?.id ?? null }));
}

export async function documentEntry(tx: Tx, scope: KitScope, face: Face, id: string, kinds: readonly InvoiceDocumentKind[]): Promise<DocumentEntry> {
  const h = await storedRow(tx, scope, face, id, kinds, false);
  if (h.journalId) {
    return { posted: true, journal: h.journalId, journalNumber: await journalNumber(tx, h.journalId), date: h.postingDate, lines: await labelled(tx, scope, face, await postedLines(tx, scope, h.journalId)) };
  }
  return { posted: false, journal: null, journalNumber: null, date: h.postingDate, lines: await labelled(tx, scope, face, await previewLines(tx, scope, face, h)) };
}
