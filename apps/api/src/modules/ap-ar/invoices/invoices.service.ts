import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  decimalToMinor,
  dueSchedule,
  formatMoney,
  invoiceTotals,
  parseMoney,
  parseRate,
  tryParseDecimal,
  type CreditNoteInput,
  type DueLine,
  type Face,
  type InvoiceDocumentKind,
  type InvoiceDocumentLineInput,
  type InvoiceInput,
  type InstalmentInput,
  type PaymentTermRule,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import { invoiceReversalHolds } from '../ports';
import { accounts, journals, moduleSequence, nextNumber, partyBalances, postEntry, resolvePostingAccounts, reverseEntry, companySettings, type EntryLine } from '../../ledger/index';
import { partyMayTransact } from '../parties.rules';
import { currencyFacts, partyFacts, paymentTermOf, taxFacts, type PartyFacts, type TaxFacts } from './invoice-facts';
import { invoiceEntryLines, type PostingLine } from './invoice-posting';
import { invoiceCredits, invoiceLines, invoices, openItems } from './invoices.tables';

/*
 * The engine of invoices and credit notes, for either face: storing drafts (amounts rounded once by
 * invoiceTotals), posting through the ledger's port (numbers from the module's sequence, open items
 * per instalment), full reversals and credit notes (open items reduced, or a credit open item).
 */

export type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLines.$inferInsert;
type AnyInput = (InvoiceInput | CreditNoteInput) & { invoice?: string };

export const documentTypeOf = (face: Face, kind: InvoiceDocumentKind) => (kind === 'Invoice' ? face.labels.invoice : `${face.partyLabel}CreditNote`);
const nounOf = (face: Face, kind: InvoiceDocumentKind) => (kind === 'Invoice' ? `${face.partyWord} invoice` : kind === 'Reversal' ? `${face.partyWord} invoice reversal` : `${face.partyWord} credit note`);

/** A refusal of a document's input: the field named first, so the screen can show it there. */
export const fieldRefusal = (field: string, message: string) => unprocessable(`${field}: ${message}`);

/** The lines of an input with their amounts, rounded once in the currency's minor unit (invoiceTotals). */
async function pricedLines(tx: Tx, scope: KitScope, face: Face, lines: InvoiceDocumentLineInput[], scale: number): Promise<PricedLines> {
  return priceLines(face, lines, await taxFacts(tx, scope, lines.flatMap((l) => (l.tax ? [l.tax] : []))), scale);
}

export type PricedLines = { rows: Omit<LineRow, 'tenantId' | 'invoiceId'>[]; net: bigint; tax: bigint; gross: bigint };

/** pricedLines with the tax codes already read (the direct path reads them with its other facts). */
export function priceLines(face: Face, lines: InvoiceDocumentLineInput[], taxes: ReadonlyMap<string, TaxFacts>, scale: number): PricedLines {
  const wrong = face.side === 'payables' ? 'Sales' : 'Purchase';
  lines.forEach((l, i) => {
    if (!l.tax) return;
    const t = taxes.get(l.tax);
    if (!t) throw fieldRefusal(`lines.${i}.tax`, 'the tax code does not exist in this company');
    if (!t.active) throw fieldRefusal(`lines.${i}.tax`, `tax ${t.code} is inactive`);
    if (t.kind === wrong) throw fieldRefusal(`lines.${i}.tax`, `tax ${t.code} applies to ${wrong.toLowerCase()}s only`);
  });
  let totals;
  try {
    totals = invoiceTotals(
      lines.map((l) => {
        const t = l.tax ? taxes.get(l.tax) : undefined;
        return { quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent ?? null, taxRate: t?.rate ?? null, taxInclusive: l.taxInclusive, taxKey: t?.code ?? null };
      }),
      scale,
    );
  } catch (e) {
    throw unprocessable(e instanceof Error ? e.message : String(e));
  }
  const rows = lines.map((l, i) => {
    const a = totals.lines[i]!;
    return {
      lineNo: i + 1, accountId: l.account ?? null, description: l.description ?? null, quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent ?? '0',
      taxId: l.tax ?? null, taxInclusive: l.taxInclusive, dimensions: l.dimensions ?? {}, netMinor: a.netMinor, taxMinor: a.taxMinor, grossMinor: a.grossMinor,
    };
  });
  return { rows, net: totals.netMinor, tax: totals.taxMinor, gross: totals.grossMinor };
}

/** Typed instalments: their amounts in minor units must add up to the gross. */
export function typedInstalments(typed: InstalmentInput[], gross: bigint, scale: number, documentDate: string): DueLine[] {
  const due = typed.map((i, n) => {
    if (i.dueDate < documentDate) throw fieldRefusal(`instalments.${n}.dueDate`, 'the due date is before the document date');
    return { line: n + 1, dueDate: i.dueDate, amountMinor: parseMoney(i.amount, scale), discountDate: i.discountDate ?? null, discountMinor: i.discountAmount ? parseMoney(i.discountAmount, scale) : 0n };
  });
  const sum = due.reduce((s, i) => s + i.amountMinor, 0n);
  if (sum !== gross) throw fieldRefusal('instalments', `they add up to ${formatMoney(sum, scale)}, the gross is ${formatMoney(gross, scale)}`);
  return due;
}

/** The due dates of a document: typed before posting, else the party's payment term, else one on the document date. */
export async function instalmentsOf(tx: Tx, scope: KitScope, face: Face, h: InvoiceRow, party: PartyFacts | null, scale: number): Promise<DueLine[]> {
  if (h.instalments && h.instalments.length > 0) return typedInstalments(h.instalments, h.totalGrossMinor, scale, h.documentDate);
  return dueLinesOf(h, h.kind === 'Invoice' && party ? await paymentTermOf(tx, scope, face, party.termId) : null, scale);
}

/** instalmentsOf with the payment term already read (null: none). */
export function dueLinesOf(h: Pick<InvoiceRow, 'instalments' | 'totalGrossMinor' | 'totalTaxMinor' | 'documentDate'>, term: PaymentTermRule | null, scale: number): DueLine[] {
  if (h.instalments && h.instalments.length > 0) return typedInstalments(h.instalments, h.totalGrossMinor, scale, h.documentDate);
  if (!term) return [{ line: 1, dueDate: h.documentDate, amountMinor: h.totalGrossMinor, discountDate: null, discountMinor: 0n }];
  try {
    return dueSchedule(term, h.documentDate, { grossMinor: h.totalGrossMinor, taxMinor: h.totalTaxMinor }, scale);
  } catch (e) {
    throw fieldRefusal('instalments', `payment term ${term.code} cannot schedule this document (${e instanceof Error ? e.message : String(e)}): type its due dates`);
  }
}

/** A vendor's own invoice number is taken once among its invoices that are not reversed. */
async function refuseDuplicateVendorNumber(tx: Tx, scope: KitScope, face: Face, kind: InvoiceDocumentKind, partyId: string, number: string | null | undefined, self?: string): Promise<void> {
  if (face.side !== 'payables' || kind !== 'Invoice' || !number) return;
  const [other] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(
      eq(invoices.companyId, scope.companyId), eq(invoices.side, 'payables'), eq(invoices.kind, 'Invoice'), eq(invoices.partyId, partyId),
      sql`lower(${invoices.partyDocumentNumber}) = lower(${number})`, sql`${invoices.status} <> 'Reversed'`, self ? sql`${invoices.id} <> ${self}::uuid` : undefined,
    ))
    .limit(1);
  if (other) throw fieldRefusal('partyDocumentNumber', `this vendor's invoice ${number} is already entered${other.number ? ` (${other.number})` : ' (a draft)'}`);
}

/**
 * A credit note that names an invoice credits at most what is left to credit of it: its gross less
 * the credit notes applied to it so far. More is refused at save and at posting (the rest is a
 * standalone credit note, allocated later); what payments have settled does not limit it (a credit
 * past the open items stays a credit of the party's).
 */
async function refuseOverCredit(tx: Tx, face: Face, invoice: InvoiceRow, grossMinor: bigint, scale: number, self?: string): Promise<void> {
  const [row] = await tx
    .select({ credited: sql<string>`coalesce(sum(${invoiceCredits.amountMinor}), 0)::text` })
    .from(invoiceCredits)
    .where(and(eq(invoiceCredits.tenantId, invoice.tenantId), eq(invoiceCredits.invoiceId, invoice.id), self ? sql`${invoiceCredits.creditNoteId} <> ${self}::uuid` : undefined));
  const left = invoice.totalGrossMinor - BigInt(row?.credited ?? '0');
  if (grossMinor <= left) return;
  const m = (v: bigint) => `${formatMoney(v, scale)} ${invoice.currency}`;
  throw fieldRefusal('invoice', `${face.partyWord} invoice ${invoice.number ?? ''} has ${m(left < 0n ? 0n : left)} left to credit; this credit note is ${m(grossMinor)}: credit at most that, or credit the rest with a standalone credit note`);
}

/** A full reversal waits while another module holds the invoice (fixed assets: its lines capitalised into assets): ports.ts. */
async function refuseHeldReversal(tx: Tx, scope: KitScope, face: Face, invoice: InvoiceRow): Promise<void> {
  const holds = await invoiceReversalHolds(tx, scope, invoice.id);
  if (holds.length) throw fieldRefusal('invoice', `${face.partyWord} invoice ${invoice.number ?? ''} ${holds.join('; ')}`);
}

/** The stored fields of an input (header and lines), checked against the party, the taxes and the invoice a credit note names. */
async function storedFields(tx: Tx, scope: KitScope, face: Face, kind: InvoiceDocumentKind, input: AnyInput, self?: string) {
  const party = await partyFacts(tx, scope, face, input.party);
  const { baseCurrency, scales } = await currencyFacts(tx, scope);
  let linked: InvoiceRow | undefined;
  if (input.invoice) {
    [linked] = await tx.select().from(invoices).where(and(eq(invoices.companyId, scope.companyId), eq(invoices.id, input.invoice), eq(invoices.side, face.side), eq(invoices.kind, 'Invoice')));
    if (!linked) throw fieldRefusal('invoice', `the ${face.partyWord} invoice does not exist in this company`);
    if (linked.partyId !== input.party) throw fieldRefusal('invoice', `the invoice is another ${face.partyWord}'s`);
    if (linked.status !== 'Posted') throw fieldRefusal('invoice', `the invoice is ${linked.status.toLowerCase()}: only a posted invoice can be credited`);
  }
  const currency = kind === 'Reversal' ? linked!.currency : (input.currency ?? party.currency ?? baseCurrency);
  const scale = scales[currency];
  if (scale === undefined) throw fieldRefusal('currency', `${currency} is unknown or inactive`);
  if (linked && linked.currency !== currency) throw fieldRefusal('currency', `the invoice is in ${linked.currency}: a credit note of it is too`);
  let lines: Awaited<ReturnType<typeof pricedLines>>;
  if (kind === 'Reversal') {
    const rows = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, linked!.id)).orderBy(asc(invoiceLines.lineNo));
    lines = { rows: rows.map(({ tenantId: _t, invoiceId: _i, ...r }) => r), net: linked!.totalNetMinor, tax: linked!.totalTaxMinor, gross: linked!.totalGrossMinor };
  } else {
    lines = await pricedLines(tx, scope, face, input.lines, scale);
  }
  if (lines.gross <= 0n) throw fieldRefusal('lines', `a ${nounOf(face, kind)} totals more than zero`);
  if (kind === 'CreditNote' && linked) await refuseOverCredit(tx, face, linked, lines.gross, scale);
  if (kind === 'Reversal') await refuseHeldReversal(tx, scope, face, linked!);
  if (kind === 'Invoice' && input.instalments?.length) typedInstalments(input.instalments, lines.gross, scale, input.documentDate);
  await refuseDuplicateVendorNumber(tx, scope, face, kind, input.party, input.partyDocumentNumber, self);
  const header = {
    side: face.side, kind, partyId: input.party, invoiceId: input.invoice ?? null, documentDate: input.documentDate, postingDate: input.postingDate ?? input.documentDate,
    currency, rate: input.rate ?? null, partyDocumentNumber: input.partyDocumentNumber ?? null, reference: input.reference ?? null, description: input.description,
    dimensions: input.dimensions ?? (kind === 'Reversal' ? linked!.dimensions : {}),
    // A credit note is one open item on its date: only an invoice keeps typed due dates.
    instalments: kind === 'Invoice' ? (input.instalments ?? null) : null,
    totalNetMinor: lines.net, totalTaxMinor: lines.tax, totalGrossMinor: lines.gross, baseCurrency,
  };
  return { header, lines: lines.rows };
}

export async function insertDocument(tx: Tx, actor: Actor, face: Face, kind: InvoiceDocumentKind, input: AnyInput): Promise<string> {
  const { header, lines } = await storedFields(tx, actor, face, kind, input);
  const [row] = await tx.insert(invoices).values({ tenantId: actor.tenantId, companyId: actor.companyId, ...header, createdBy: actor.userId }).returning({ id: invoices.id });
  if (lines.length) await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, tenantId: actor.tenantId, invoiceId: row!.id })));
  return row!.id;
}

export async function replaceDocument(tx: Tx, actor: Actor, face: Face, kind: InvoiceDocumentKind, id: string, input: AnyInput): Promise<void> {
  const { header, lines } = await storedFields(tx, actor, face, kind, input, id);
  await tx.update(invoices).set({ ...header, status: 'Draft', updatedAt: sql`now()` }).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.id, id)));
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.tenantId, actor.tenantId), eq(invoiceLines.invoiceId, id)));
  if (lines.length) await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, tenantId: actor.tenantId, invoiceId: id })));
}

export async function deleteDocument(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(invoices).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.id, id)));
}

export async function storedRow(tx: Tx, scope: KitScope, face: Face, id: string, kinds: readonly InvoiceDocumentKind[], lock: boolean): Promise<InvoiceRow> {
  const q = tx.select().from(invoices).where(and(eq(invoices.companyId, scope.companyId), eq(invoices.id, id), eq(invoices.side, face.side), inArray(invoices.kind, [...kinds])));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(kinds.includes('Invoice') ? `${face.partyLabel} invoice` : `${face.partyLabel} credit note`);
  return row;
}

/** The customer's exposure after this invoice (its receivables balance in base plus the invoice) against its credit limit. */
async function creditLimitExceeded(tx: Tx, scope: KitScope, face: Face, party: PartyFacts, addBaseMinor: bigint, baseScale: number): Promise<string | null> {
  if (face.side !== 'receivables' || party.creditLimit === null) return null;
  const stored = tryParseDecimal(party.creditLimit, 20);
  if (!stored) throw new Error(`Invariant: customer ${party.code}'s credit limit ${party.creditLimit} is not a decimal`);
  const limit = decimalToMinor(stored, baseScale);
  const [row] = rowsOf<{ balance: string | null }>(
    await tx.execute(sql`select sum(${partyBalances.baseDebitMinor} - ${partyBalances.baseCreditMinor})::text as balance from ${partyBalances}
      where ${partyBalances.companyId} = ${scope.companyId}::uuid and ${partyBalances.partyType} = ${face.party} and ${partyBalances.partyId} = ${party.id}::uuid`),
  );
  const exposure = BigInt(row?.balance ?? '0') + addBaseMinor;
  if (exposure <= limit) return null;
  return `${face.partyLabel} ${party.code} would owe ${formatMoney(exposure, baseScale)}, past its credit limit of ${formatMoney(limit, baseScale)}`;
}

type PostContext = { viaWorkflow: boolean };

/** A customer's invoice past its credit limit: refused, or only through its approval workflow (the company's policy). */
export async function refuseOverCreditLimit(tx: Tx, actor: Actor & Partial<PostContext>, face: Face, party: PartyFacts, totalBaseMinor: bigint): Promise<void> {
  if (face.side !== 'receivables' || party.creditLimit === null) return;
  const { scales, baseCurrency } = await currencyFacts(tx, actor);
  const over = await creditLimitExceeded(tx, actor, face, party, totalBaseMinor, scales[baseCurrency] ?? 2);
  if (over) {
    const [settings] = await tx.select({ policy: companySettings.creditLimitPolicy }).from(companySettings).where(eq(companySettings.companyId, actor.companyId));
    if (settings?.policy !== 'Approval') throw unprocessable(`${over}: the invoice is refused`);
    if (!actor.viaWorkflow) throw unprocessable(`${over}: the invoice needs approval (submit it to a ${face.approvals.invoice} workflow)`);
  }
}

/** The entry of a draft invoice or credit note, and what posting it writes besides (instalments). */
export async function entryOf(tx: Tx, scope: KitScope, face: Face, h: InvoiceRow) {
  const party = await partyFacts(tx, scope, face, h.partyId);
  partyMayTransact(face, { code: party.code, status: party.status, onHold: party.onHold });
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[h.currency];
  if (scale === undefined) throw fieldRefusal('currency', `${h.currency} is unknown or inactive`);
  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, h.id)).orderBy(asc(invoiceLines.lineNo));
  // Accounts are data: the party's own posting profile, then its group (its control account, its
  // profile), then the module's default profile (resolvePostingAccounts).
  const role = face.side === 'payables' ? 'expenseAccount' : 'revenueAccount';
  const who = { label: `${face.partyWord} ${party.code}`, profileId: party.profileId, group: { label: `${face.partyWord} group ${party.groupCode}`, profileId: party.groupProfileId } };
  const needsLineAccount = lines.some((l) => !l.accountId);
  // Only a party's own profile can override its group's control account: without one, and with an
  // account on every line, there is nothing to resolve (two statements saved on every posting).
  const resolved = needsLineAccount || party.profileId ? await resolvePostingAccounts(tx, scope, face.module, needsLineAccount ? ['controlAccount', role] : ['controlAccount'], who) : null;
  const control = resolved?.controlAccount.from === 'party' ? resolved.controlAccount.accountId : party.controlAccount;
  const fallback = needsLineAccount ? (resolved as Record<typeof role, { accountId: string }>)[role].accountId : null;
  // The tax accounts of the tax codes (taxAccount's rule, read with the codes in one statement).
  const taxes = await taxFacts(tx, scope, lines.flatMap((l) => (l.taxId ? [l.taxId] : [])));
  const taxAccounts = new Map<string, string>();
  for (const l of lines) {
    if (!l.taxId || l.taxMinor === 0n || taxAccounts.has(l.taxId)) continue;
    const t = taxes.get(l.taxId);
    if (!t) throw unprocessable('The tax code does not exist in this company');
    const account = face.taxDirection === 'input' ? t.inputAccount : t.outputAccount;
    if (!account) throw unprocessable(`Tax ${t.code} has no ${face.taxDirection} tax account: set it on /tax`);
    taxAccounts.set(l.taxId, account);
  }
  const postingLines: PostingLine[] = lines.map((l) => ({
    lineNo: l.lineNo, accountId: l.accountId ?? fallback!, description: l.description, netMinor: l.netMinor, taxMinor: l.taxMinor, taxId: l.taxId,
    taxAccountId: l.taxId ? (taxAccounts.get(l.taxId) ?? null) : null, taxCode: l.taxId ? (taxes.get(l.taxId)?.code ?? null) : null, dimensions: l.dimensions,
  }));
  const due = h.kind === 'Invoice' ? await instalmentsOf(tx, scope, face, h, party, scale) : [{ line: 1, dueDate: h.documentDate, amountMinor: h.totalGrossMinor, discountDate: null, discountMinor: 0n }];
  const entry = invoiceEntryLines({
    face, credit: h.kind !== 'Invoice', controlAccountId: control, partyId: party.id, currency: h.currency, ...(h.rate ? { rate: parseRate(h.rate) } : {}),
    description: h.description, dimensions: h.dimensions, lines: postingLines, instalments: due.map((d) => ({ line: d.line, amountMinor: d.amountMinor })),
  });
  return { party, scale, due, entry };
}

const source = (face: Face, h: InvoiceRow) => ({ module: face.module, documentType: documentTypeOf(face, h.kind), documentId: h.id });

/** The base amount of a draft (the approval thresholds): its entry posted in a savepoint that is rolled back. */
export async function measuredBase(tx: Tx, scope: KitScope, face: Face, id: string, kinds: readonly InvoiceDocumentKind[]): Promise<bigint> {
  class Measured extends Error {
    constructor(readonly total: bigint) {
      super('measured');
    }
  }
  const h = await storedRow(tx, scope, face, id, kinds, false);
  try {
    await tx.transaction(async (sp) => {
      if (h.kind === 'Reversal') throw new Measured(await reversalBase(sp, h));
      const { entry } = await entryOf(sp, scope, face, h);
      const posted = await postEntry(sp, scope, { kind: 'Standard', journalDate: h.postingDate, description: h.description, source: source(face, h), lines: entry as EntryLine[] });
      throw new Measured(posted.totalBaseMinor);
    });
  } catch (e) {
    if (e instanceof Measured) return e.total;
    throw e;
  }
  return 0n;
}

async function reversalBase(tx: Tx, h: InvoiceRow): Promise<bigint> {
  const [inv] = await tx.select({ total: invoices.totalBaseMinor }).from(invoices).where(eq(invoices.id, h.invoiceId!));
  return inv?.total ?? 0n;
}

async function numberOf(tx: Tx, scope: KitScope, face: Face, h: InvoiceRow): Promise<string> {
  const sequence = await moduleSequence(tx, scope, face.module, documentTypeOf(face, h.kind));
  return nextNumber(tx, scope, sequence, h.postingDate);
}

/** The document posted: its number, its entry and who posted it. */
async function markPosted(tx: Tx, actor: Actor, id: string, number: string, posted: { journalId: string; totalBaseMinor: bigint; postedAt: Date }): Promise<void> {
  await tx.update(invoices).set({ status: 'Posted', number, journalId: posted.journalId, totalBaseMinor: posted.totalBaseMinor, postedAt: posted.postedAt, postedBy: actor.userId, updatedAt: sql`now()` }).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.id, id)));
}

/** Posts a draft invoice (Post of the kit, or of its approval): one entry through the port, one open item per instalment. */
export async function postInvoice(tx: Tx, actor: Actor & Partial<PostContext>, face: Face, id: string): Promise<void> {
  const h = await storedRow(tx, actor, face, id, ['Invoice'], true);
  await refuseDuplicateVendorNumber(tx, actor, face, h.kind, h.partyId, h.partyDocumentNumber, h.id);
  const { party, due, entry } = await entryOf(tx, actor, face, h);
  const number = await numberOf(tx, actor, face, h);
  const posted = await postEntry(tx, actor, {
    kind: 'Standard', journalDate: h.postingDate, description: `${face.partyLabel} invoice ${number}: ${h.description}`, reference: h.partyDocumentNumber ?? h.reference ?? number,
    source: source(face, h), lines: entry,
  });
  await refuseOverCreditLimit(tx, actor, face, party, posted.totalBaseMinor);
  await tx.insert(openItems).values(due.map((d) => ({
    tenantId: actor.tenantId, companyId: actor.companyId, side: face.side, invoiceId: h.id, line: d.line, partyId: h.partyId, currency: h.currency,
    dueDate: d.dueDate, discountDate: d.discountDate, amountMinor: d.amountMinor, discountMinor: d.discountMinor, remainingMinor: d.amountMinor, status: d.amountMinor === 0n ? 'Closed' as const : 'Open' as const,
  })));
  await markPosted(tx, actor, h.id, number, posted);
}

/** Takes `amount` (positive, in the invoice direction) off the invoice's open items, earliest due first; answers what it took. */
async function reduceOpenItems(tx: Tx, invoiceId: string, amount: bigint): Promise<bigint> {
  const items = await tx.select().from(openItems).where(and(eq(openItems.invoiceId, invoiceId), eq(openItems.status, 'Open'))).orderBy(asc(openItems.dueDate), asc(openItems.line)).for('update');
  let left = amount;
  const taken: SQL[] = [];
  for (const item of items) {
    if (left === 0n) break;
    if (item.remainingMinor <= 0n) continue;
    const take = item.remainingMinor < left ? item.remainingMinor : left;
    taken.push(sql`(${item.id}::uuid, ${item.remainingMinor - take}::bigint)`);
    left -= take;
  }
  // The items it took from, in one statement.
  if (taken.length) {
    await tx.execute(sql`update ${openItems} o set remaining_minor = t.remaining, status = case when t.remaining = 0 then 'Closed' else 'Open' end, updated_at = now()
      from (values ${sql.join(taken, sql`, `)}) as t(id, remaining) where o.tenant_id = ${items[0]!.tenantId}::uuid and o.id = t.id`);
  }
  return amount - left;
}

/**
 * Posts a credit note (Reverse of the reversal approval, or Post of the kit). A reversal reverses
 * the invoice's entry through the port and closes its open items; a credit note posts its own entry,
 * takes what it can off its invoice's open items and keeps the rest as a credit open item of its own.
 */
export async function postCreditNote(tx: Tx, actor: Actor, face: Face, id: string): Promise<void> {
  const h = await storedRow(tx, actor, face, id, ['CreditNote', 'Reversal'], true);
  const invoice = h.invoiceId ? await storedRow(tx, actor, face, h.invoiceId, ['Invoice'], true) : null;
  if (invoice && invoice.status !== 'Posted') throw fieldRefusal('invoice', `the invoice is ${invoice.status.toLowerCase()}: only a posted invoice can be credited`);
  const number = await numberOf(tx, actor, face, h);
  if (h.kind === 'Reversal') {
    const inv = invoice!;
    const [credited] = await tx.select({ n: sql<number>`count(*)::int` }).from(invoiceCredits).where(eq(invoiceCredits.invoiceId, inv.id));
    if ((credited?.n ?? 0) > 0) throw fieldRefusal('invoice', `invoice ${inv.number} has credit notes: credit what is left with a credit note instead of reversing it`);
    const items = await tx.select().from(openItems).where(eq(openItems.invoiceId, inv.id));
    if (items.some((i) => i.remainingMinor !== i.amountMinor)) throw fieldRefusal('invoice', `invoice ${inv.number} is partly settled: it cannot be reversed in full`);
    await refuseHeldReversal(tx, actor, face, inv);
    const posted = await reverseEntry(tx, actor, inv.journalId!, h.postingDate);
    await tx.update(openItems).set({ remainingMinor: 0n, status: 'Closed', updatedAt: sql`now()` }).where(eq(openItems.invoiceId, inv.id));
    await tx.update(invoices).set({ status: 'Reversed', updatedAt: sql`now()` }).where(and(eq(invoices.tenantId, actor.tenantId), eq(invoices.id, inv.id)));
    await tx.insert(invoiceCredits).values({ tenantId: actor.tenantId, companyId: actor.companyId, creditNoteId: h.id, invoiceId: inv.id, amountMinor: inv.totalGrossMinor });
    await markPosted(tx, actor, h.id, number, posted);
    return;
  }
  const { entry, scale } = await entryOf(tx, actor, face, h);
  if (invoice) await refuseOverCredit(tx, face, invoice, h.totalGrossMinor, scale, h.id);
  const posted = await postEntry(tx, actor, {
    kind: 'Standard', journalDate: h.postingDate, description: `${face.partyLabel} credit note ${number}: ${h.description}`, reference: invoice?.number ?? h.partyDocumentNumber ?? h.reference ?? number,
    source: source(face, h), lines: entry,
  });
  const applied = invoice ? await reduceOpenItems(tx, invoice.id, h.totalGrossMinor) : 0n;
  if (invoice && applied > 0n) await tx.insert(invoiceCredits).values({ tenantId: actor.tenantId, companyId: actor.companyId, creditNoteId: h.id, invoiceId: invoice.id, amountMinor: applied });
  const rest = h.totalGrossMinor - applied;
  await tx.insert(openItems).values({
    tenantId: actor.tenantId, companyId: actor.companyId, side: face.side, invoiceId: h.id, line: 1, partyId: h.partyId, currency: h.currency,
    dueDate: h.documentDate, amountMinor: -h.totalGrossMinor, remainingMinor: -rest, status: rest === 0n ? 'Closed' : 'Open',
  });
  await markPosted(tx, actor, h.id, number, posted);
}

/** The posted journal's number and the accounts' codes a view shows. */
export async function journalNumber(tx: Tx, journalId: string | null): Promise<string | null> {
  if (!journalId) return null;
  const [j] = await tx.select({ number: journals.number }).from(journals).where(eq(journals.id, journalId));
  return j?.number ?? null;
}

export async function accountCodes(tx: Tx, scope: KitScope, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: accounts.id, code: accounts.code }).from(accounts).where(and(eq(accounts.companyId, scope.companyId), inArray(accounts.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.code]));
}
