import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DocumentEntry, PaymentFace } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import { journals } from '../../ledger/index';
import { journalNumber } from '../invoices/invoices.service';
import { labelled, postedLines, type Line } from '../invoices/invoice-entry.service';
import { paymentAllocations } from './payments.tables';
import { postPayment, reversePayment, storedPayment } from './payments.service';

/*
 * The ledger entry of a payment (the kit's GET …/:id/entry) and of its reversal (GET
 * …/:id/reversal-entry, what a CustomerPaymentReversalApproval / VendorPaymentReversalApproval task
 * shows). Once posted (reversed), the entry as the ledger holds it; before, the entry posting (or
 * reversing) will write: the engine's own code runs in a savepoint, the ledger lines it wrote are
 * read and everything is rolled back (numbers, open items, the bank's cheque number), so the preview
 * is what the port would write, exchange lines included, and nothing stays written.
 */

class Staged extends Error {
  constructor(readonly result: Line[]) {
    super('staged');
  }
}

/** Runs `write` in a savepoint, reads what `read` says it posted, and rolls everything back. */
async function staged(tx: Tx, write: (sp: Tx) => Promise<void>, read: (sp: Tx) => Promise<Line[]>): Promise<Line[]> {
  try {
    await tx.transaction(async (sp) => {
      await write(sp);
      throw new Staged(await read(sp));
    });
  } catch (e) {
    if (e instanceof Staged) return e.result;
    throw e;
  }
  return [];
}

/** The engine takes an actor; a preview has no operation to check (the engine checks none of them). */
const previewActor = (scope: KitScope): Actor => ({ ...scope, operations: new Set<string>() });

/** The lines of several journals, one after the other. */
async function linesOf(tx: Tx, scope: KitScope, ids: string[]): Promise<Line[]> {
  const out: Line[] = [];
  for (const id of ids) out.push(...(await postedLines(tx, scope, id)));
  return out;
}

/** The reversals of every entry the payment made (its own, its later allocations', its un-allocations'), its own first. */
async function reversalJournals(tx: Tx, scope: KitScope, paymentId: string, own: string | null): Promise<{ id: string; number: string | null; date: string }[]> {
  const made = await tx
    .select({ journal: paymentAllocations.journalId, undone: paymentAllocations.undoneJournalId })
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.tenantId, scope.tenantId), eq(paymentAllocations.paymentId, paymentId), or(isNotNull(paymentAllocations.journalId), isNotNull(paymentAllocations.undoneJournalId))));
  const ids = [...new Set([own, ...made.flatMap((m) => [m.journal, m.undone])].filter((j): j is string => !!j))];
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: journals.id, number: journals.number, date: journals.journalDate, of: journals.reversalOf, at: journals.createdAt })
    .from(journals)
    .where(and(eq(journals.companyId, scope.companyId), inArray(journals.reversalOf, ids)))
    .orderBy(asc(journals.createdAt), asc(journals.id));
  return rows.sort((a, b) => Number(b.of === own) - Number(a.of === own));
}

export async function paymentEntry(tx: Tx, scope: KitScope, pf: PaymentFace, id: string): Promise<DocumentEntry> {
  const h = await storedPayment(tx, scope, pf, id, false);
  if (h.journalId) {
    return { posted: true, journal: h.journalId, journalNumber: await journalNumber(tx, h.journalId), date: h.postingDate, lines: await labelled(tx, scope, pf.face, await postedLines(tx, scope, h.journalId)) };
  }
  const lines = await staged(tx, async (sp) => { await postPayment(sp, previewActor(scope), pf, id); }, async (sp) => {
    const after = await storedPayment(sp, scope, pf, id, false);
    return after.journalId ? postedLines(sp, scope, after.journalId) : [];
  });
  return { posted: false, journal: null, journalNumber: null, date: h.postingDate, lines: await labelled(tx, scope, pf.face, lines) };
}

/**
 * The entry of a payment's reversal: once reversed, the reversing entries as posted (the payment's
 * own first; `journal` names it); while posted, the entries reversing it today would write.
 */
export async function paymentReversalEntry(tx: Tx, scope: KitScope, pf: PaymentFace, id: string, today: string): Promise<DocumentEntry> {
  const h = await storedPayment(tx, scope, pf, id, false);
  if (h.status === 'Reversed') {
    const reversals = await reversalJournals(tx, scope, h.id, h.journalId);
    const first = reversals[0];
    return { posted: true, journal: first?.id ?? null, journalNumber: first?.number ?? null, date: first?.date ?? today, lines: await labelled(tx, scope, pf.face, await linesOf(tx, scope, reversals.map((r) => r.id))) };
  }
  const lines = h.status === 'Posted'
    ? await staged(tx, (sp) => reversePayment(sp, previewActor(scope), pf, id, today), async (sp) => linesOf(sp, scope, (await reversalJournals(sp, scope, h.id, h.journalId)).map((r) => r.id)))
    : [];
  return { posted: false, journal: null, journalNumber: null, date: today, lines: await labelled(tx, scope, pf.face, lines) };
}
