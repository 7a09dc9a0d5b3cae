import { and, eq } from 'drizzle-orm';
import { faces, invoiceDocuments, type Face, type CreditNoteInput, type InvoiceInput, type InvoiceSource } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import type { Actor } from '../../../platform/http/actor';
import { unprocessable } from '../../../platform/http/errors';
import { partiesFacts } from './invoice-facts';
import { partyMayTransact } from '../parties.rules';
import { insertDocument, postCreditNote, postInvoice } from './invoices.service';
import { invoices } from './invoices.tables';

/*
 * Customer invoices made by another module's document (a fixed-asset disposal's sale), through this
 * engine's own paths: the draft stored as any (`insertDocument`: party, taxes, currency checked),
 * marked with its source, posted by `postInvoice` (number, entry through the port, open items, credit
 * limit), in the caller's transaction. Undone by the invoice's own full reversal (a credit note of
 * kind Reversal, `postCreditNote`), refused as that is while payments or credit notes touch it.
 * Vendor invoices made by another module's document (an insurance premium instalment) are only
 * stored as drafts marked with their source: the finance user reviews and posts them through the
 * vendor invoice's own flow (approval, posting).
 */

const face = faces.receivables;

/** One line of a sourced invoice: an amount on an account (tax added by the tax code, if any). */
export type SourcedLine = { account: string; description: string; amount: string; tax: string | null };
export type SourcedInvoiceRequest = {
  customer: string;
  date: string;
  currency: string;
  description: string;
  reference: string | null;
  lines: SourcedLine[];
  source: InvoiceSource;
};
export type SourcedInvoice = { id: string; number: string; journalId: string; grossMinor: bigint };

type SourcedDraft = Omit<SourcedInvoiceRequest, 'customer'> & { party: string };

/** Stores a draft invoice of a face for another module's document (party, taxes, currency checked by `insertDocument`), marked with its source. */
async function insertSourcedDraft(tx: Tx, actor: Actor, side: Face, req: SourcedDraft): Promise<{ id: string; input: InvoiceInput }> {
  const input: InvoiceInput = {
    kind: 'Invoice', party: req.party, documentDate: req.date, currency: req.currency, description: req.description, ...(req.reference ? { reference: req.reference } : {}),
    lines: req.lines.map((l) => ({ account: l.account, description: l.description, quantity: '1', unitPrice: l.amount, taxInclusive: false, ...(l.tax ? { tax: l.tax } : {}) })),
  };
  const id = await insertDocument(tx, actor, side, 'Invoice', input);
  await tx.update(invoices).set({ source: req.source }).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.id, id)));
  return { id, input };
}

/** Creates and posts a customer invoice for another module's document; it keeps that document as its source. */
export async function postSourcedCustomerInvoice(tx: Tx, actor: Actor, req: SourcedInvoiceRequest): Promise<SourcedInvoice> {
  const { customer, ...rest } = req;
  const { id, input } = await insertSourcedDraft(tx, actor, face, { ...rest, party: customer });
  await postInvoice(tx, actor, face, id);
  const [row] = await tx.select({ number: invoices.number, journalId: invoices.journalId, gross: invoices.totalGrossMinor }).from(invoices).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.id, id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: invoiceDocuments.receivables.invoice.name, recordId: id, action: 'create', after: { ...input, source: req.source, status: 'Posted' } }]);
  return { id, number: row!.number!, journalId: row!.journalId!, grossMinor: row!.gross };
}

export type SourcedVendorDraftRequest = Omit<SourcedInvoiceRequest, 'customer'> & {
  vendor: string;
  /** The caller's name of the vendor field, named in a refusal (`vendor: ...`). */
  vendorField?: string;
};
export type SourcedVendorDraft = { id: string; grossMinor: bigint };

/**
 * Stores a draft vendor invoice for another module's document (not posted: it is reviewed, approved
 * and posted on the vendor invoice's screen), its source kept. The vendor is of this company, active
 * and not on hold, refused under the caller's field name.
 */
export async function createSourcedVendorInvoiceDraft(tx: Tx, actor: Actor, req: SourcedVendorDraftRequest): Promise<SourcedVendorDraft> {
  const payables = faces.payables;
  const field = req.vendorField ?? 'vendor';
  const party = (await partiesFacts(tx, actor, payables, [req.vendor])).get(req.vendor);
  if (!party) throw unprocessable(`${field}: the ${payables.partyWord} does not exist in this company`);
  try {
    partyMayTransact(payables, { code: party.code, status: party.status, onHold: party.onHold });
  } catch (e) {
    throw unprocessable(`${field}: ${(e as Error).message}`);
  }
  const { vendor, vendorField: _f, ...rest } = req;
  const { id, input } = await insertSourcedDraft(tx, actor, payables, { ...rest, party: vendor });
  const [row] = await tx.select({ gross: invoices.totalGrossMinor }).from(invoices).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.id, id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: invoiceDocuments.payables.invoice.name, recordId: id, action: 'create', after: { ...input, source: req.source, status: 'Draft' } }]);
  return { id, grossMinor: row!.gross };
}

/**
 * Reverses a sourced customer invoice in full on a date (a posted credit note of kind Reversal); answers the credit
 * note's id and number, or null when the invoice was already reversed on its own screen (nothing left to undo).
 */
export async function reverseSourcedCustomerInvoice(tx: Tx, actor: Actor, invoiceId: string, date: string, description: string): Promise<{ id: string; number: string | null } | null> {
  const [inv] = await tx.select({ party: invoices.partyId, number: invoices.number, status: invoices.status }).from(invoices).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.companyId, actor.companyId), eq(invoices.id, invoiceId))).for('update');
  if (!inv) throw new Error(`Invariant: the sourced customer invoice ${invoiceId} exists`);
  if (inv.status === 'Reversed') return null;
  const input: CreditNoteInput = { kind: 'Reversal', invoice: invoiceId, party: inv.party, documentDate: date, description, lines: [] };
  const id = await insertDocument(tx, actor, face, 'Reversal', input);
  await postCreditNote(tx, actor, face, id);
  const [row] = await tx.select({ number: invoices.number }).from(invoices).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.id, id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: invoiceDocuments.receivables.creditNote.name, recordId: id, action: 'create', after: { ...input, status: 'Posted' } }]);
  return { id, number: row?.number ?? null };
}

/** What a disposal (or an insurance instalment) shows of its invoice: number, gross (minor units) and state; null once a draft was deleted. */
export async function sourcedInvoiceFacts(tx: Tx, scope: { tenantId: string; companyId: string }, invoiceId: string): Promise<{ number: string | null; grossMinor: bigint; status: string } | null> {
  const [row] = await tx.select({ number: invoices.number, gross: invoices.totalGrossMinor, status: invoices.status }).from(invoices).where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.companyId, scope.companyId), eq(invoices.id, invoiceId)));
  return row ? { number: row.number, grossMinor: row.gross, status: row.status } : null;
}
