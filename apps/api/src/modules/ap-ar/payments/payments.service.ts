import { and, asc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  convert,
  divRound,
  formatMoney,
  parseMoney,
  parseRate,
  pow10,
  PAYMENT_KIND,
  RATE_SCALE,
  REFUND_KIND,
  WRITE_OFF_TOLERANCE_SETTING,
  type AllocationInput,
  type AllocationStatus,
  type OnAccountInput,
  type PaymentFace,
  type PaymentInput,
  type PostingRole,
} from '@erp/contracts';
import { randomUUID } from 'node:crypto';
import { pgArray, rowsOf, type Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import { currencies } from '../../organisation/index';
import { banks } from '../../cash-management/index';
import { journals, moduleConfigs, moduleSequence, nextNumberInTick, postEntry, ratesOn, resolvePostingAccounts, reverseEntries, type Posted } from '../../ledger/index';
import { partyMayTransact } from '../parties.rules';
import { currencyFacts, partiesFacts, partyFacts, type PartyFacts } from '../invoices/invoice-facts';
import { invoices, openItems } from '../invoices/invoices.tables';
import { cashOf, paymentEntryLines, settledOf, swapped, type AllocationFact } from './payment-posting';
import { paymentAllocations, payments } from './payments.tables';

/*
 * The engine of payments, for either face: drafts with their allocation lines, posting (one entry
 * through the port, the open items settled by one conditional update under row locks), later
 * allocation of what is on account, un-allocation and reversal, each audited.
 */

export type PaymentRow = typeof payments.$inferSelect;
const RATE_ONE = pow10(RATE_SCALE);

const fieldRefusal = (field: string, message: string) => unprocessable(`${field}: ${message}`);
const nounOf = (pf: PaymentFace) => `${pf.face.partyWord} ${pf.noun}`;

export async function storedPayment(tx: Tx, scope: KitScope, pf: PaymentFace, id: string, lock: boolean): Promise<PaymentRow> {
  const q = tx.select().from(payments).where(and(eq(payments.companyId, scope.companyId), eq(payments.id, id), eq(payments.side, pf.face.side)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(`${pf.face.partyLabel} ${pf.noun}`);
  return row;
}

type BankFacts = { id: string; code: string; account: string; currency: string; status: string };
/** The company's banks of a batch of payments by id, one statement; a bank of another company is absent. */
async function banksFacts(tx: Tx, scope: KitScope, ids: string[]): Promise<Map<string, BankFacts>> {
  const rows = await tx
    .select({ id: banks.id, code: banks.code, account: banks.account, currency: currencies.code, status: banks.status })
    .from(banks)
    .innerJoin(currencies, and(eq(currencies.tenantId, banks.tenantId), eq(currencies.id, banks.currency)))
    .where(and(eq(banks.companyId, scope.companyId), inArray(banks.id, [...new Set(ids)])));
  return new Map(rows.map((b) => [b.id, b]));
}
function bankOf(found: ReadonlyMap<string, BankFacts>, id: string): BankFacts {
  const b = found.get(id);
  if (!b) throw fieldRefusal('bank', 'the bank does not exist in this company');
  return b;
}
const bankFacts = async (tx: Tx, scope: KitScope, bankId: string): Promise<BankFacts> => bankOf(await banksFacts(tx, scope, [bankId]), bankId);
function partyOf(pf: PaymentFace, found: ReadonlyMap<string, PartyFacts>, id: string): PartyFacts {
  const p = found.get(id);
  if (!p) throw unprocessable(`party: the ${pf.face.partyWord} does not exist in this company`);
  return p;
}

/**
 * How the caller of a batch names a refusal of its payment `index` (a payment run names the party and
 * the invoice); a payment alone (a batch of one, no caller's naming) is refused as the engine says.
 */
export type RefusalOf = (index: number, error: unknown) => unknown;
function each<T>(refuse: RefusalOf | undefined, index: number, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw refuse ? refuse(index, e) : e;
  }
}

/** An amount field in minor units of the currency's scale (empty: zero); more decimals than the scale are refused, naming the field. */
export const money = (text: string | undefined, scale: number, field: string): bigint => {
  if (text === undefined || text === '') return 0n;
  try {
    return parseMoney(text, scale);
  } catch {
    throw fieldRefusal(field, `${text} has more decimals than the currency has (${scale})`);
  }
};

type DraftAllocation = { lineNo: number; openItemId: string; amountMinor: bigint; discountMinor: bigint; writeOffMinor: bigint };
/** A refund's line returning a posted payment's amount on account. */
export type DraftReturn = { lineNo: number; sourcePaymentId: string; amountMinor: bigint };
const isRefund = (h: Pick<PaymentRow, 'kind'>) => h.kind === REFUND_KIND;

function allocationsOf(input: AllocationInput[], scale: number, firstLine = 1): DraftAllocation[] {
  const seen = new Set<string>();
  return input.map((a, i) => {
    if (seen.has(a.openItem)) throw fieldRefusal(`allocations.${i}.openItem`, 'the open item is named twice: put its amounts on one line');
    seen.add(a.openItem);
    const row = {
      lineNo: firstLine + i, openItemId: a.openItem, amountMinor: money(a.amount, scale, `allocations.${i}.amount`),
      discountMinor: money(a.discount, scale, `allocations.${i}.discount`), writeOffMinor: money(a.writeOff, scale, `allocations.${i}.writeOff`),
    };
    if (row.amountMinor + row.discountMinor + row.writeOffMinor === 0n) throw fieldRefusal(`allocations.${i}.amount`, 'an allocation settles something: an amount, a discount or a write-off');
    return row;
  });
}

function returnsOf(input: OnAccountInput[], scale: number, firstLine: number): DraftReturn[] {
  const seen = new Set<string>();
  return input.map((r, i) => {
    if (seen.has(r.payment)) throw fieldRefusal(`onAccount.${i}.payment`, 'the payment is named twice: put its amount on one line');
    seen.add(r.payment);
    const amountMinor = money(r.amount, scale, `onAccount.${i}.amount`);
    if (amountMinor === 0n) throw fieldRefusal(`onAccount.${i}.amount`, 'a line returns an amount');
    return { lineNo: firstLine + i, sourcePaymentId: r.payment, amountMinor };
  });
}

/** A refund's lines name payments (not refunds) of its party, side and currency (one statement for a batch; posting checks what they have on account, locked). */
async function paymentsOfParties(tx: Tx, scope: KitScope, pf: PaymentFace, drafts: { partyId: string; currency: string; returns: DraftReturn[] }[], refuse?: RefusalOf): Promise<void> {
  const ids = drafts.flatMap((d) => d.returns.map((r) => r.sourcePaymentId));
  if (ids.length === 0) return;
  const found = new Map(rowsOf<{ id: string; party_id: string; currency: string }>(
    await tx.execute(sql`select p.id, p.party_id, p.currency from unnest(${pgArray([...new Set(ids)])}::uuid[]) as a(id) join ${payments} p on p.tenant_id = ${scope.tenantId}::uuid and p.id = a.id
      where p.company_id = ${scope.companyId}::uuid and p.side = ${pf.face.side} and p.kind = ${PAYMENT_KIND}`),
  ).map((r) => [r.id, r]));
  drafts.forEach((d, i) => each(refuse, i, () => {
    const missing = d.returns.findIndex((r) => found.get(r.sourcePaymentId)?.party_id !== d.partyId || found.get(r.sourcePaymentId)?.currency !== d.currency);
    if (missing >= 0) throw fieldRefusal(`onAccount.${missing}.payment`, `the payment is not one of this ${pf.face.partyWord}'s ${pf.noun}s in ${d.currency}`);
  }));
}

/** A draft's lines name open items of its party, side and currency (one statement for a batch; posting checks what is left of them, locked). */
async function itemsOfParties(tx: Tx, scope: KitScope, pf: PaymentFace, drafts: { partyId: string; currency: string; allocations: DraftAllocation[] }[], refuse?: RefusalOf): Promise<void> {
  const ids = drafts.flatMap((d) => d.allocations.map((a) => a.openItemId));
  if (ids.length === 0) return;
  const found = new Map(rowsOf<{ id: string; party_id: string; currency: string }>(
    await tx.execute(sql`select o.id, o.party_id, o.currency from unnest(${pgArray([...new Set(ids)])}::uuid[]) as a(id) join ${openItems} o on o.tenant_id = ${scope.tenantId}::uuid and o.id = a.id
      where o.company_id = ${scope.companyId}::uuid and o.side = ${pf.face.side}`),
  ).map((r) => [r.id, r]));
  drafts.forEach((d, i) => each(refuse, i, () => {
    const missing = d.allocations.findIndex((a) => found.get(a.openItemId)?.party_id !== d.partyId || found.get(a.openItemId)?.currency !== d.currency);
    if (missing >= 0) throw fieldRefusal(`allocations.${missing}.openItem`, `the open item is not one of this ${pf.face.partyWord}'s in ${d.currency}`);
  }));
}

/**
 * The headers and lines of drafts, checked: the bank and party of the company, amounts in the bank's
 * currency (a few statements for a batch). `linesChecked`: the lines' items and payments are of the
 * party (a draft that is stored); a post in the same call skips it, `postPayments` checks them locked.
 */
async function storedFields(tx: Tx, actor: Actor, pf: PaymentFace, inputs: PaymentInput[], linesChecked: boolean, refuse?: RefusalOf) {
  const foundBanks = await banksFacts(tx, actor, inputs.map((i) => i.bank));
  const parties = await partiesFacts(tx, actor, pf.face, inputs.map((i) => i.party));
  const { scales, baseCurrency } = await currencyFacts(tx, actor);
  const out = inputs.map((input, i) => each(refuse, i, () => {
    const bank = bankOf(foundBanks, input.bank);
    const party = partyOf(pf, parties, input.party);
    const scale = scales[bank.currency];
    if (scale === undefined) throw fieldRefusal('bank', `the bank's currency ${bank.currency} is inactive`);
    const allocations = allocationsOf(input.allocations, scale);
    const onAccount = input.onAccount ?? [];
    if (input.kind !== REFUND_KIND && onAccount.length) throw fieldRefusal('onAccount', `a ${pf.noun} returns no amounts on account: make it a refund`);
    const returns = returnsOf(onAccount, scale, allocations.length + 1);
    const header = {
      tenantId: actor.tenantId, companyId: actor.companyId, side: pf.face.side, kind: input.kind, partyId: party.id, bankId: bank.id, method: input.method,
      documentDate: input.documentDate, postingDate: input.postingDate ?? input.documentDate, currency: bank.currency, rate: input.rate ?? null,
      amountMinor: money(input.amount, scale, 'amount'), reference: input.reference ?? null, description: input.description, baseCurrency,
    };
    return { header, allocations, returns };
  }));
  if (linesChecked) {
    const drafts = out.map((o) => ({ partyId: o.header.partyId, currency: o.header.currency, allocations: o.allocations, returns: o.returns }));
    await itemsOfParties(tx, actor, pf, drafts, refuse);
    await paymentsOfParties(tx, actor, pf, drafts, refuse);
  }
  return out;
}

type AllocationRow = DraftAllocation & { paymentId: string; base?: bigint; journalId?: string };
const arr = (values: readonly (string | number | bigint | null | undefined)[]) => pgArray(values);

/** Allocation rows of one or many payments in one statement of arrays (10,000 lines are one round trip, not 90,000 parameters); `posted`: Active with their bases and journals. */
async function insertAllocations(tx: Tx, actor: Actor, rows: AllocationRow[], posted: boolean): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`insert into ${paymentAllocations} (tenant_id, company_id, payment_id, line_no, open_item_id, amount_minor, discount_minor, write_off_minor, control_base_minor, status, journal_id)
    select ${actor.tenantId}::uuid, ${actor.companyId}::uuid, v.payment, v.line_no, v.item, v.amount, v.discount, v.write_off, v.base, ${posted ? 'Active' : 'Draft'}, v.journal
    from unnest(${arr(rows.map((r) => r.paymentId))}::uuid[], ${arr(rows.map((r) => r.lineNo))}::int[], ${arr(rows.map((r) => r.openItemId))}::uuid[], ${arr(rows.map((r) => r.amountMinor))}::bigint[],
      ${arr(rows.map((r) => r.discountMinor))}::bigint[], ${arr(rows.map((r) => r.writeOffMinor))}::bigint[], ${arr(rows.map((r) => (posted ? r.base : null)))}::bigint[], ${arr(rows.map((r) => (posted ? r.journalId : null)))}::uuid[])
      as v(payment, line_no, item, amount, discount, write_off, base, journal)`);
}

type ReturnRow = DraftReturn & { paymentId: string; base?: bigint; journalId?: string };
/** A refund's lines returning payments' amounts on account, of one or many refunds in one statement. */
async function insertReturns(tx: Tx, actor: Actor, rows: ReturnRow[], posted: boolean): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`insert into ${paymentAllocations} (tenant_id, company_id, payment_id, line_no, open_item_id, source_payment_id, amount_minor, control_base_minor, status, journal_id)
    select ${actor.tenantId}::uuid, ${actor.companyId}::uuid, v.payment, v.line_no, null, v.source, v.amount, v.base, ${posted ? 'Active' : 'Draft'}, v.journal
    from unnest(${arr(rows.map((r) => r.paymentId))}::uuid[], ${arr(rows.map((r) => r.lineNo))}::int[], ${arr(rows.map((r) => r.sourcePaymentId))}::uuid[], ${arr(rows.map((r) => r.amountMinor))}::bigint[],
      ${arr(rows.map((r) => (posted ? r.base : null)))}::bigint[], ${arr(rows.map((r) => (posted ? r.journalId : null)))}::uuid[])
      as v(payment, line_no, source, amount, base, journal)`);
}

/** Stores a draft with its lines. */
export async function insertPayment(tx: Tx, actor: Actor, pf: PaymentFace, input: PaymentInput): Promise<string> {
  const [made] = await insertPaymentHeaders(tx, actor, pf, [input], true);
  return made!.id;
}

export type MadePayment = { id: string; allocations: DraftAllocation[]; returns: DraftReturn[] };

/**
 * Stores drafts (one or a run's many) in a few statements for all; `withLines: false` keeps their
 * lines in memory for a post in the same call (`postPayments` writes them once, posted).
 */
export async function insertPaymentHeaders(tx: Tx, actor: Actor, pf: PaymentFace, inputs: PaymentInput[], withLines: boolean, refuse?: RefusalOf): Promise<MadePayment[]> {
  const fields = await storedFields(tx, actor, pf, inputs, withLines, refuse);
  if (fields.length === 0) return [];
  const ids = fields.map(() => randomUUID());
  const col = <K extends keyof (typeof fields)[number]['header']>(k: K) => arr(fields.map((f) => f.header[k] as string | bigint | null));
  await tx.execute(sql`insert into ${payments} (tenant_id, company_id, id, side, kind, party_id, bank_id, method, document_date, posting_date, currency, rate, amount_minor, reference, description, base_currency, created_by)
    select ${actor.tenantId}::uuid, ${actor.companyId}::uuid, v.id, ${pf.face.side}, coalesce(v.kind, ${PAYMENT_KIND}), v.party, v.bank, coalesce(v.method, 'Transfer'), v.document_date, v.posting_date, v.currency, v.rate, v.amount, v.reference, v.description,
      ${fields[0]!.header.baseCurrency}, ${actor.userId}::uuid
    from unnest(${arr(ids)}::uuid[], ${col('kind')}::text[], ${col('partyId')}::uuid[], ${col('bankId')}::uuid[], ${col('method')}::text[], ${col('documentDate')}::date[], ${col('postingDate')}::date[],
      ${col('currency')}::text[], ${col('rate')}::numeric[], ${col('amountMinor')}::bigint[], ${col('reference')}::text[], ${col('description')}::text[])
      as v(id, kind, party, bank, method, document_date, posting_date, currency, rate, amount, reference, description)`);
  if (withLines) {
    await insertAllocations(tx, actor, fields.flatMap((f, i) => f.allocations.map((a) => ({ ...a, paymentId: ids[i]! }))), false);
    await insertReturns(tx, actor, fields.flatMap((f, i) => f.returns.map((r) => ({ ...r, paymentId: ids[i]! }))), false);
  }
  return fields.map((f, i) => ({ id: ids[i]!, allocations: f.allocations, returns: f.returns }));
}

export async function replacePayment(tx: Tx, actor: Actor, pf: PaymentFace, id: string, input: PaymentInput): Promise<void> {
  const [{ header, allocations, returns }] = (await storedFields(tx, actor, pf, [input], true)) as [Awaited<ReturnType<typeof storedFields>>[number]];
  await tx.update(payments).set({ ...header, status: 'Draft', updatedAt: sql`now()` }).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, id)));
  await tx.delete(paymentAllocations).where(and(eq(paymentAllocations.tenantId, actor.tenantId), eq(paymentAllocations.paymentId, id)));
  await insertAllocations(tx, actor, allocations.map((a) => ({ ...a, paymentId: id })), false);
  await insertReturns(tx, actor, returns.map((r) => ({ ...r, paymentId: id })), false);
}

export async function deletePayment(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(payments).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, id)));
}

/** The rates of payments: as typed, else the company's rate of the date (1 in the base currency); one lookup per currency and date. */
async function ratesOf(tx: Tx, hs: PaymentRow[]): Promise<(bigint | undefined)[]> {
  const looked = new Map<string, Promise<bigint | undefined>>();
  return Promise.all(hs.map((h) => {
    if (h.currency === h.baseCurrency) return RATE_ONE;
    if (h.rate) return parseRate(h.rate);
    const key = `${h.baseCurrency}\n${h.currency}\n${h.postingDate}`;
    let rate = looked.get(key);
    if (!rate) looked.set(key, (rate = ratesOn(tx, h.baseCurrency, [h.currency], h.postingDate).then((r) => r.get(h.currency))));
    return rate;
  }));
}
const rateRefusal = (h: PaymentRow) => fieldRefusal('rate', `there is no ${h.currency} exchange rate on ${h.postingDate}: type the rate or add it on /exchange-rate`);
async function rateOf(tx: Tx, h: PaymentRow): Promise<bigint> {
  const [rate] = await ratesOf(tx, [h]);
  if (rate === undefined) throw rateRefusal(h);
  return rate;
}

/** The face's write-off tolerance in the currency's minor units (/module-config PaymentWriteOffTolerance; none: zero). */
async function toleranceOf(tx: Tx, scope: KitScope, pf: PaymentFace, scale: number): Promise<bigint> {
  const [row] = await tx.select({ value: moduleConfigs.value }).from(moduleConfigs).where(and(eq(moduleConfigs.companyId, scope.companyId), eq(moduleConfigs.module, pf.face.module), eq(moduleConfigs.setting, WRITE_OFF_TOLERANCE_SETTING)));
  const v = row?.value?.trim();
  if (!v) return 0n;
  try {
    return parseMoney(v, scale);
  } catch {
    // A tolerance with more decimals than the currency: its whole minor units.
    const [w, f = ''] = v.split('.');
    return parseMoney(`${w}.${f.slice(0, scale)}`, scale);
  }
}

type ItemRow = {
  id: string; invoice_id: string; number: string | null; kind: string; amount_minor: string; remaining_minor: string; discount_minor: string; discount_date: string | null;
  status: string; currency: string; total_base_minor: string; total_gross_minor: string; rate: string | null; posting_date: string;
};

/** An allocation line as a payment's view reads it (`viewPayment`), or as a direct post wrote it (from memory: a receipt's 10,000 lines are not read back). */
export type AllocationLine = {
  line_no: number; open_item_id: string | null; invoice_id: string | null; source_payment_id: string | null; number: string | null; kind: string | null; due_date: string;
  amount_minor: string; discount_minor: string; write_off_minor: string; status: AllocationStatus; journal_id: string | null; undone_journal_id: string | null;
};

/** An item's rate and the base of an amount settled on it: what the item put on the control account, in proportion. */
function itemBase(item: ItemRow, signedSettled: bigint, baseCurrency: string, scale: number, baseScale: number): { base: bigint; rate: bigint } {
  if (item.currency === baseCurrency) return { base: signedSettled, rate: RATE_ONE };
  const gross = BigInt(item.total_gross_minor);
  const base = BigInt(item.total_base_minor);
  const rate = item.rate ? parseRate(item.rate) : divRound(base * RATE_ONE * pow10(scale), gross * pow10(baseScale));
  return { base: divRound(signedSettled * base, gross), rate };
}

type LockedItem = ItemRow & { party_id: string; due_date: string };

/** The open items of a batch's allocations, locked in one order (two payments on the same items wait, never deadlock): one statement. */
async function lockedItems(tx: Tx, scope: KitScope, pf: PaymentFace, ids: string[]): Promise<Map<string, LockedItem>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<LockedItem>(
    await tx.execute(sql`select o.id, o.party_id, o.invoice_id, o.due_date::text, i.number, i.kind, o.amount_minor::text, o.remaining_minor::text, o.discount_minor::text, o.discount_date::text, o.status, o.currency,
        i.total_base_minor::text, i.total_gross_minor::text, i.rate::text, i.posting_date::text
      from unnest(${pgArray([...new Set(ids)])}::uuid[]) as a(id)
        join ${openItems} o on o.tenant_id = ${scope.tenantId}::uuid and o.id = a.id
        join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where o.company_id = ${scope.companyId}::uuid and o.side = ${pf.face.side}
      order by o.id for update of o`),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * One payment's allocations to settle: its header, lines, currency scales and `on`, the date of the
 * entry that settles them. An item is settled on or after its document's posting date: settled
 * earlier, the ledger would hold the payment's settlement before the document, and the ageing of
 * those days would not tie to the control accounts.
 */
type Settling = { h: PaymentRow; allocations: DraftAllocation[]; scale: number; baseScale: number; on: string };

/** Checks one payment's allocations against their locked items (pure): each allocation's facts for the entry and what it takes off its item, signed. */
function checkAllocations(pf: PaymentFace, s: Settling, items: ReadonlyMap<string, LockedItem>, tolerance: bigint): { facts: AllocationFact[]; deltas: bigint[] } {
  const { h, scale, baseScale, on } = s;
  const refund = isRefund(h);
  const m = (v: bigint) => formatMoney(v, scale);
  const facts: AllocationFact[] = [];
  const deltas: bigint[] = [];
  s.allocations.forEach((a, i) => {
    const item = items.get(a.openItemId);
    const at = `allocations.${i}`;
    if (!item || item.party_id !== h.partyId || item.currency !== h.currency) throw fieldRefusal(`${at}.openItem`, `the open item is not one of this ${pf.face.partyWord}'s in ${h.currency}`);
    const remaining = BigInt(item.remaining_minor);
    const sign: 1n | -1n = BigInt(item.amount_minor) < 0n ? -1n : 1n;
    const left = sign * remaining;
    const doc = `${item.kind === 'Invoice' ? 'invoice' : 'credit note'} ${item.number ?? ''}`.trim();
    const settled = a.amountMinor + a.discountMinor + a.writeOffMinor;
    if (item.status !== 'Open' || left <= 0n) throw fieldRefusal(`${at}.openItem`, `${doc} is already settled`);
    if (item.posting_date > on) throw fieldRefusal(`${at}.openItem`, `${doc} is posted on ${item.posting_date}, after ${on}: it is settled on or after the day it is posted`);
    if (settled > left) throw fieldRefusal(`${at}.amount`, `${doc} has ${m(left)} left: the allocation settles ${m(settled)}`);
    if (refund && sign === 1n) throw fieldRefusal(`${at}.openItem`, `a refund returns credits: ${doc} is owed, settle it with a ${pf.noun}`);
    if (sign === -1n && (a.discountMinor > 0n || a.writeOffMinor > 0n)) throw fieldRefusal(`${at}.discount`, `${doc} is a credit: it takes no discount or write-off`);
    if (a.discountMinor > 0n) {
      const offered = BigInt(item.discount_minor);
      if (!item.discount_date || h.documentDate > item.discount_date) throw fieldRefusal(`${at}.discount`, `${doc} offers no discount on ${h.documentDate}${item.discount_date ? ` (its discount date was ${item.discount_date})` : ''}`);
      if (a.discountMinor > offered) throw fieldRefusal(`${at}.discount`, `${doc} offers a discount of ${m(offered)}, not ${m(a.discountMinor)}`);
      if (settled !== left) throw fieldRefusal(`${at}.discount`, `the discount is taken when ${doc} is paid in full (${m(left - a.discountMinor - a.writeOffMinor)})`);
    }
    if (a.writeOffMinor > 0n) {
      if (a.writeOffMinor > tolerance) throw fieldRefusal(`${at}.writeOff`, `${m(a.writeOffMinor)} is more than the write-off tolerance of ${m(tolerance)} (${WRITE_OFF_TOLERANCE_SETTING} of ${pf.face.module} on /module-config)`);
      if (settled !== left) throw fieldRefusal(`${at}.writeOff`, `a write-off settles what is left of ${doc}: ${m(left - a.amountMinor - a.discountMinor)}`);
    }
    const signed = sign * settled;
    const { base, rate } = itemBase(item, signed, h.baseCurrency, scale, baseScale);
    facts.push({ sign, amountMinor: a.amountMinor, discountMinor: a.discountMinor, writeOffMinor: a.writeOffMinor, controlBaseMinor: base, itemRate: rate });
    deltas.push(signed);
  });
  return { facts, deltas };
}

/**
 * Checks the allocations of a batch of payments against their items (locked in one statement) and
 * takes them off: ONE conditional update for the batch, which refuses to take more than an item has
 * left even if the check were wrong. An item named by two payments of one batch is refused. Answers
 * each payment's allocation facts for its entry, and the locked items.
 */
async function settle(tx: Tx, scope: KitScope, pf: PaymentFace, batch: Settling[], refuse?: RefusalOf): Promise<{ facts: AllocationFact[][]; items: ReadonlyMap<string, LockedItem> }> {
  const ids = batch.flatMap((s) => s.allocations.map((a) => a.openItemId));
  if (ids.length === 0) return { facts: batch.map(() => []), items: new Map() };
  const items = await lockedItems(tx, scope, pf, ids);
  const tolerances = new Map<number, bigint>();
  for (const s of batch) {
    if (!tolerances.has(s.scale) && s.allocations.some((a) => a.writeOffMinor > 0n)) tolerances.set(s.scale, await toleranceOf(tx, scope, pf, s.scale));
  }
  const named = new Set<string>();
  const checked = batch.map((s, i) => each(refuse, i, () => {
    const c = checkAllocations(pf, s, items, tolerances.get(s.scale) ?? 0n);
    s.allocations.forEach((a, k) => {
      if (named.has(a.openItemId)) throw fieldRefusal(`allocations.${k}.openItem`, 'the open item is settled by another payment of the same run');
      named.add(a.openItemId);
    });
    return c;
  }));
  const deltas = checked.flatMap((c) => c.deltas);
  const taken = rowsOf<{ n: number }>(
    await tx.execute(sql`with t as (update ${openItems} o set remaining_minor = o.remaining_minor - a.delta,
        status = case when o.remaining_minor - a.delta = 0 then 'Closed' else 'Open' end, updated_at = now()
      from unnest(${pgArray(ids)}::uuid[], ${pgArray(deltas)}::bigint[]) as a(id, delta)
      where o.tenant_id = ${scope.tenantId}::uuid and o.id = a.id and o.status = 'Open'
        and ((a.delta > 0 and o.remaining_minor >= a.delta) or (a.delta < 0 and o.remaining_minor <= a.delta))
      returning 1) select count(*)::int as n from t`),
  );
  if ((taken[0]?.n ?? 0) !== ids.length) throw unprocessable('An open item was settled by another payment meanwhile: propose the allocation again');
  return { facts: checked.map((c) => c.facts), items };
}

type SourceRow = { id: string; number: string | null; party_id: string; currency: string; kind: string; status: string; unallocated_minor: string; rate: string | null; posting_date: string };

/**
 * The refunds' lines of a batch returning payments' amounts on account: the payments locked in one
 * order (before the open items: a payment allocating locks itself, then its items), checked, and
 * their facts for the entry (a credit at the payment's own rate, the base its amount on account carried).
 */
async function lockedSources(tx: Tx, scope: KitScope, pf: PaymentFace, batch: { h: PaymentRow; returns: DraftReturn[]; scale: number; baseScale: number }[], refuse?: RefusalOf): Promise<AllocationFact[][]> {
  const ids = batch.flatMap((b) => b.returns.map((r) => r.sourcePaymentId));
  if (ids.length === 0) return batch.map(() => []);
  const rows = rowsOf<SourceRow>(
    await tx.execute(sql`select p.id, p.number, p.party_id, p.currency, p.kind, p.status, p.unallocated_minor::text, p.rate::text, p.posting_date::text
      from unnest(${pgArray([...new Set(ids)])}::uuid[]) as a(id) join ${payments} p on p.tenant_id = ${scope.tenantId}::uuid and p.id = a.id
      where p.company_id = ${scope.companyId}::uuid and p.side = ${pf.face.side}
      order by p.id for update of p`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const named = new Set<string>();
  return batch.map(({ h, returns, scale, baseScale }, k) => each(refuse, k, () => {
    const m = (v: bigint) => formatMoney(v, scale);
    return returns.map((r, i): AllocationFact => {
      const p = byId.get(r.sourcePaymentId);
      const at = `onAccount.${i}`;
      if (!p || p.kind !== PAYMENT_KIND || p.party_id !== h.partyId || p.currency !== h.currency) throw fieldRefusal(`${at}.payment`, `the payment is not one of this ${pf.face.partyWord}'s ${pf.noun}s in ${h.currency}`);
      if (named.has(p.id)) throw fieldRefusal(`${at}.payment`, `the ${pf.noun} is returned by another refund of the same batch`);
      named.add(p.id);
      const doc = `${pf.noun} ${p.number ?? ''}`.trim();
      const left = BigInt(p.unallocated_minor);
      if (p.status !== 'Posted' || left <= 0n) throw fieldRefusal(`${at}.payment`, `${doc} has nothing on account`);
      if (r.amountMinor > left) throw fieldRefusal(`${at}.amount`, `${doc} has ${m(left)} on account: the refund returns ${m(r.amountMinor)}`);
      if (p.posting_date > h.postingDate) throw fieldRefusal(`${at}.payment`, `${doc} is posted on ${p.posting_date}, after the refund's ${h.postingDate}: a refund returns what is on account by its day`);
      const rate = h.currency === h.baseCurrency || !p.rate ? RATE_ONE : parseRate(p.rate);
      const base = h.currency === h.baseCurrency ? r.amountMinor : convert(r.amountMinor, scale, rate, baseScale);
      return { sign: -1n, amountMinor: r.amountMinor, discountMinor: 0n, writeOffMinor: 0n, controlBaseMinor: -base, itemRate: rate };
    });
  }));
}

/** Takes refunds' lines off their payments' amounts on account: one conditional update that never takes more than is there. */
async function takeFromAccount(tx: Tx, scope: KitScope, returns: DraftReturn[]): Promise<void> {
  if (returns.length === 0) return;
  const taken = rowsOf<{ id: string }>(
    await tx.execute(sql`update ${payments} p set unallocated_minor = p.unallocated_minor - a.delta, updated_at = now()
      from unnest(${pgArray(returns.map((r) => r.sourcePaymentId))}::uuid[], ${pgArray(returns.map((r) => r.amountMinor))}::bigint[]) as a(id, delta)
      where p.tenant_id = ${scope.tenantId}::uuid and p.id = a.id and p.status = 'Posted' and p.unallocated_minor >= a.delta
      returning p.id`),
  );
  if (taken.length !== returns.length) throw unprocessable('A payment\'s amount on account was used meanwhile: propose the refund again');
}

/** Puts allocations' amounts back on their items (an un-allocation or a reversal). */
async function restore(tx: Tx, scope: KitScope, rows: { openItemId: string; delta: bigint }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`update ${openItems} o set remaining_minor = o.remaining_minor + a.delta, status = case when o.remaining_minor + a.delta = 0 then 'Closed' else 'Open' end, updated_at = now()
    from (select id, sum(delta) as delta from unnest(${`{${rows.map((r) => r.openItemId).join(',')}}`}::uuid[], ${`{${rows.map((r) => r.delta).join(',')}}`}::bigint[]) as u(id, delta) group by id) a
    where o.tenant_id = ${scope.tenantId}::uuid and o.id = a.id`);
}

type Roles = Partial<Record<'discountAccount' | 'writeOffAccount' | 'exchangeGainAccount' | 'exchangeLossAccount', string>>;
/** Accounts resolved by profile within one posting (a run's parties share their group's profile: one read for all of them). */
type AccountMemo = Map<string, Promise<unknown>>;
const memoOf = <T>(memo: AccountMemo | undefined, key: string, read: () => Promise<T>): Promise<T> => {
  if (!memo) return read();
  let found = memo.get(key) as Promise<T> | undefined;
  if (!found) memo.set(key, (found = read()));
  return found;
};
const whoOf = (pf: PaymentFace, party: PartyFacts) => ({ label: `${pf.face.partyWord} ${party.code}`, profileId: party.profileId, group: { label: `${pf.face.partyWord} group ${party.groupCode}`, profileId: party.groupProfileId } });

/** The profile's accounts an entry needs: the discount's, the write-off's and, in a foreign currency, the exchange gain's and loss's. */
async function roleAccounts(tx: Tx, scope: KitScope, pf: PaymentFace, party: PartyFacts, facts: AllocationFact[], foreign: boolean, memo?: AccountMemo): Promise<Roles> {
  const roles: PostingRole[] = [];
  if (facts.some((f) => f.discountMinor > 0n)) roles.push('discountAccount');
  if (facts.some((f) => f.writeOffMinor > 0n)) roles.push('writeOffAccount');
  if (foreign && facts.length > 0) roles.push('exchangeGainAccount', 'exchangeLossAccount');
  if (roles.length === 0) return {};
  return memoOf(memo, `roles\n${party.profileId}\n${party.groupProfileId}\n${roles.join()}`, async () => {
    const resolved = await resolvePostingAccounts(tx, scope, pf.face.module, roles as ('discountAccount' | 'writeOffAccount' | 'exchangeGainAccount' | 'exchangeLossAccount')[], whoOf(pf, party));
    return Object.fromEntries(Object.entries(resolved).map(([role, r]) => [role, (r as { accountId: string }).accountId])) as Roles;
  });
}

/** The party's control account: its own posting profile's, else its group's. */
async function controlOf(tx: Tx, scope: KitScope, pf: PaymentFace, party: PartyFacts, memo?: AccountMemo): Promise<string> {
  if (!party.profileId) return party.controlAccount;
  const fromParty = await memoOf(memo, `control\n${party.profileId}\n${party.groupProfileId}`, async () => {
    const resolved = await resolvePostingAccounts(tx, scope, pf.face.module, ['controlAccount'], whoOf(pf, party));
    return resolved.controlAccount.from === 'party' ? resolved.controlAccount.accountId : null;
  });
  return fromParty ?? party.controlAccount;
}

const source = (pf: PaymentFace, h: PaymentRow) => ({ module: pf.face.module, documentType: pf.label, documentId: h.id });

/**
 * The next cheque or transfer numbers of the banks, taken by the vendor payments (and refunds to
 * customers) of a batch paying out by that method, in the batch's order: one `update … returning`
 * per bank and method for the whole batch (never read then written).
 */
async function takeBankNumbers(tx: Tx, scope: KitScope, pf: PaymentFace, hs: PaymentRow[]): Promise<(string | null)[]> {
  const out: (string | null)[] = hs.map(() => null);
  const groups = new Map<string, number[]>();
  hs.forEach((h, i) => {
    // Money leaving the bank by cheque or transfer: a vendor payment, or a refund to a customer.
    const paysOut = (pf.bankSide === 'credit') !== isRefund(h);
    if (!paysOut || (h.method !== 'Cheque' && h.method !== 'Transfer')) return;
    const key = `${h.bankId}\n${h.method}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  for (const [, at] of groups) {
    const h = hs[at[0]!]!;
    const column = h.method === 'Cheque' ? sql.raw('next_cheque_number') : sql.raw('next_transfer_number');
    const [row] = rowsOf<{ first: number }>(
      await tx.execute(sql`update ${banks} set ${column} = ${column} + ${at.length}::int, updated_at = now() where tenant_id = ${scope.tenantId}::uuid and id = ${h.bankId}::uuid returning ${column} - ${at.length}::int as first`),
    );
    if (row) at.forEach((i, k) => (out[i] = String(Number(row.first) + k)));
  }
  return out;
}

/** A payment to post: its id and, when stored without its lines (a direct post, a run), its lines in memory (written once, posted). */
export type PostWanted = { id: string; inMemory?: { allocations: DraftAllocation[]; returns: DraftReturn[] } };

/** Entries handed to the posting port at once: its group commit reads their facts and writes them in one statement each. */
const ENTRY_BATCH = 2000;

/** Posts a draft payment (Post of the kit, or of its approval): a batch of one of `postPayments`; answers its lines when they were in memory (see `postPayments`). */
export async function postPayment(tx: Tx, actor: Actor, pf: PaymentFace, id: string, inMemory?: DraftAllocation[], returnsInMemory?: DraftReturn[]): Promise<AllocationLine[] | undefined> {
  const [lines] = await postPayments(tx, actor, pf, [{ id, inMemory: inMemory ? { allocations: inMemory, returns: returnsInMemory ?? [] } : undefined }]);
  return lines;
}

/**
 * Posts draft payments, one or a run's many, set-based: each payment's checks run in memory on facts
 * read once for the batch (headers locked in id order, parties, banks, rates, lines), the refunds'
 * sources and the open items locked in one statement each and settled by one conditional update, the
 * numbers (gapless, in the batch's order) and the banks' cheque or transfer numbers taken by one
 * statement each, one entry per payment through the posting port's group commit (ENTRY_BATCH entries
 * read and written by one statement each), the allocations and headers written by one statement each.
 * A refusal of any payment refuses the batch (named by `refuse`) and the caller's transaction writes nothing.
 * Answers per payment the allocation lines it wrote from memory, as its view shows them (from the
 * locked items: the direct post's response does not read back what it just wrote); undefined for a
 * stored draft's lines or a refund's returns (read them).
 */
export async function postPayments(tx: Tx, actor: Actor, pf: PaymentFace, wanted: PostWanted[], refuse?: RefusalOf): Promise<(AllocationLine[] | undefined)[]> {
  if (wanted.length === 0) return [];
  // Driven from the ids (a join, not `in`/`any`: the planner knows the array's size, not the rows this transaction just wrote).
  const locked = await tx.select(getTableColumns(payments)).from(payments)
    .innerJoin(sql`unnest(${pgArray(wanted.map((w) => w.id))}::uuid[]) as a(id)`, sql`${payments.id} = a.id`)
    .where(and(eq(payments.tenantId, actor.tenantId), eq(payments.companyId, actor.companyId), eq(payments.side, pf.face.side)))
    .orderBy(asc(payments.id)).for('update', { of: payments });
  const byId = new Map(locked.map((r) => [r.id, r]));
  const hs = wanted.map((w, i) => each(refuse, i, () => {
    const h = byId.get(w.id);
    if (!h) throw notFound(`${pf.face.partyLabel} ${pf.noun}`);
    return h;
  }));
  const parties = await partiesFacts(tx, actor, pf.face, hs.map((h) => h.partyId));
  const foundBanks = await banksFacts(tx, actor, hs.map((h) => h.bankId));
  const { scales } = await currencyFacts(tx, actor);
  const rates = await ratesOf(tx, hs);
  const storedIds = wanted.filter((w) => !w.inMemory).map((w) => w.id);
  const stored = new Map<string, (typeof paymentAllocations.$inferSelect)[]>();
  if (storedIds.length) {
    const rows = await tx.select(getTableColumns(paymentAllocations)).from(paymentAllocations)
      .innerJoin(sql`unnest(${pgArray(storedIds)}::uuid[]) as a(id)`, sql`${paymentAllocations.paymentId} = a.id`)
      .where(eq(paymentAllocations.tenantId, actor.tenantId))
      .orderBy(asc(paymentAllocations.paymentId), asc(paymentAllocations.lineNo));
    for (const r of rows) {
      const lines = stored.get(r.paymentId);
      if (lines) lines.push(r);
      else stored.set(r.paymentId, [r]);
    }
  }
  const plans = hs.map((h, i) => each(refuse, i, () => {
    const party = partyOf(pf, parties, h.partyId);
    partyMayTransact(pf.face, { code: party.code, status: party.status, onHold: party.onHold });
    const bank = bankOf(foundBanks, h.bankId);
    if (bank.status !== 'Active') throw fieldRefusal('bank', `bank ${bank.code} is inactive`);
    if (bank.currency !== h.currency) throw fieldRefusal('bank', `bank ${bank.code} holds ${bank.currency}, the ${pf.noun} is in ${h.currency}: save it again`);
    const scale = scales[h.currency]!;
    const baseScale = scales[h.baseCurrency] ?? 2;
    const rate = rates[i];
    if (rate === undefined) throw rateRefusal(h);
    const w = wanted[i]!;
    const lines = stored.get(h.id) ?? [];
    const drafts: DraftAllocation[] = w.inMemory ? w.inMemory.allocations : lines.flatMap((r) => (r.openItemId ? [{ ...r, openItemId: r.openItemId }] : []));
    const returns: DraftReturn[] = w.inMemory ? w.inMemory.returns : lines.flatMap((r) => (r.sourcePaymentId ? [{ lineNo: r.lineNo, sourcePaymentId: r.sourcePaymentId, amountMinor: r.amountMinor }] : []));
    const refund = isRefund(h);
    if (h.amountMinor === 0n && drafts.length === 0) throw fieldRefusal('amount', `a ${pf.noun} of nothing with no allocations posts nothing`);
    if (refund && drafts.length + returns.length === 0) throw fieldRefusal('allocations', `a refund returns the ${pf.face.partyWord}'s credits: name its open credit notes or its ${pf.noun}s on account`);
    return { h, party, bank, scale, baseScale, rate, drafts, returns, refund, inMemory: !!w.inMemory };
  }));
  // Refunds' payments on account are locked before the open items (the order a payment allocating takes).
  const sourceFacts = await lockedSources(tx, actor, pf, plans, refuse);
  const { facts: itemFacts, items } = await settle(tx, actor, pf, plans.map((p) => ({ h: p.h, allocations: p.drafts, scale: p.scale, baseScale: p.baseScale, on: p.h.postingDate })), refuse);
  await takeFromAccount(tx, actor, plans.flatMap((p) => p.returns));
  const memo: AccountMemo = new Map();
  const entries = await Promise.all(plans.map(async (p, i) => {
    const facts = [...itemFacts[i]!, ...sourceFacts[i]!];
    const used = facts.reduce((s, f) => s + cashOf(f), 0n);
    each(refuse, i, () => {
      const m = (v: bigint) => formatMoney(v, p.scale);
      if (p.refund) {
        if (p.h.amountMinor > -used) throw fieldRefusal('amount', `the refund of ${m(p.h.amountMinor)} is more than the credits its lines return (${m(-used)}): a refund never returns more than the credit available`);
        if (p.h.amountMinor < -used) throw fieldRefusal('amount', `the refund's lines return ${m(-used)}, more than its amount of ${m(p.h.amountMinor)}`);
      } else {
        if (used > p.h.amountMinor) throw fieldRefusal('allocations', `the allocations use ${m(used)}, more than the ${pf.noun}'s ${m(p.h.amountMinor)}`);
        if (used < 0n) throw fieldRefusal('allocations', `the credits allocated (${m(-used)}) are more than the invoices take`);
      }
    });
    const control = await controlOf(tx, actor, pf, p.party, memo);
    const accounts = await roleAccounts(tx, actor, pf, p.party, facts, p.h.currency !== p.h.baseCurrency, memo);
    return { facts, used, control, accounts };
  }));
  const sequence = await moduleSequence(tx, actor, pf.face.module, pf.label);
  // One statement takes every number of the batch (gapless, in the batch's order: the port's per-tick numbering).
  const numbers = await Promise.all(plans.map((p) => nextNumberInTick(tx, actor, sequence, p.h.postingDate)));
  const bankNumbers = await takeBankNumbers(tx, actor, pf, hs);
  const requests = plans.map((p, i) => {
    const { facts, control, accounts } = entries[i]!;
    const what = p.refund ? `${pf.face.partyLabel} refund` : `${pf.face.partyLabel} ${pf.noun}`;
    const description = `${what} ${numbers[i]}: ${p.h.description}`;
    const lines = each(refuse, i, () => paymentEntryLines({
      pf, mode: p.refund ? 'refund' : 'payment', bankAccountId: p.bank.account, controlAccountId: control, partyId: p.party.id, currency: p.h.currency, baseCurrency: p.h.baseCurrency,
      scale: p.scale, baseScale: p.baseScale, rate: p.rate, amountMinor: p.h.amountMinor, allocations: facts, accounts, description,
    }));
    return { kind: 'Standard' as const, journalDate: p.h.postingDate, description, reference: p.h.reference ?? numbers[i]!, source: source(pf, p.h), exact: true as const, lines };
  });
  const posted: Posted[] = [];
  for (let k = 0; k < requests.length; k += ENTRY_BATCH) {
    posted.push(...(await Promise.all(requests.slice(k, k + ENTRY_BATCH).map((req, j) => postEntry(tx, actor, req).catch((e: unknown) => {
      throw refuse ? refuse(k + j, e) : e;
    })))));
  }
  const lineOf = <T extends { lineNo: number }>(p: (typeof plans)[number], i: number, rows: T[], facts: AllocationFact[]) =>
    rows.map((r, k) => ({ ...r, paymentId: p.h.id, base: facts[k]!.controlBaseMinor, journalId: posted[i]!.journalId }));
  await insertAllocations(tx, actor, plans.flatMap((p, i) => (p.inMemory ? lineOf(p, i, p.drafts, itemFacts[i]!) : [])), true);
  await insertReturns(tx, actor, plans.flatMap((p, i) => (p.inMemory ? lineOf(p, i, p.returns, sourceFacts[i]!) : [])), true);
  const activated = plans.flatMap((p, i) => (p.inMemory ? [] : [...lineOf(p, i, p.drafts, itemFacts[i]!), ...lineOf(p, i, p.returns, sourceFacts[i]!)]));
  if (activated.length) {
    await tx.execute(sql`update ${paymentAllocations} a set status = 'Active', control_base_minor = v.base, journal_id = v.journal
      from unnest(${pgArray(activated.map((r) => r.paymentId))}::uuid[], ${pgArray(activated.map((r) => r.lineNo))}::int[], ${pgArray(activated.map((r) => r.base))}::bigint[],
        ${pgArray(activated.map((r) => r.journalId))}::uuid[]) as v(payment, line_no, base, journal)
      where a.tenant_id = ${actor.tenantId}::uuid and a.payment_id = v.payment and a.line_no = v.line_no`);
  }
  const col = (f: (p: (typeof plans)[number], i: number) => string | bigint | null) => pgArray(plans.map(f));
  await tx.execute(sql`update ${payments} p set status = 'Posted', number = v.number, bank_number = v.bank_number, rate = v.rate, unallocated_minor = v.unallocated, journal_id = v.journal,
      total_base_minor = v.total_base, posted_at = v.posted_at, posted_by = ${actor.userId}::uuid, updated_at = now()
    from unnest(${col((p) => p.h.id)}::uuid[], ${col((_, i) => numbers[i]!)}::text[], ${col((_, i) => bankNumbers[i]!)}::text[], ${col((p) => p.h.rate ?? formatRateText(p.rate))}::numeric[],
      ${col((p, i) => (p.refund ? 0n : p.h.amountMinor - entries[i]!.used))}::bigint[], ${col((_, i) => posted[i]!.journalId)}::uuid[], ${col((_, i) => posted[i]!.totalBaseMinor)}::bigint[],
      ${col((_, i) => posted[i]!.postedAt.toISOString())}::timestamptz[])
      as v(id, number, bank_number, rate, unallocated, journal, total_base, posted_at)
    where p.tenant_id = ${actor.tenantId}::uuid and p.id = v.id`);
  return plans.map((p, i) => (!p.inMemory || p.returns.length > 0 ? undefined : p.drafts.map((a): AllocationLine => {
    const item = items.get(a.openItemId)!;
    return {
      line_no: a.lineNo, open_item_id: a.openItemId, invoice_id: item.invoice_id, source_payment_id: null, number: item.number, kind: item.kind, due_date: item.due_date,
      amount_minor: a.amountMinor.toString(), discount_minor: a.discountMinor.toString(), write_off_minor: a.writeOffMinor.toString(), status: 'Active', journal_id: posted[i]!.journalId, undone_journal_id: null,
    };
  })));
}

const formatRateText = (rate: bigint) => formatMoney(rate, RATE_SCALE);

/** The base amount of a draft for the approval thresholds: its amount at its rate. */
export async function paymentBase(tx: Tx, scope: KitScope, pf: PaymentFace, id: string): Promise<bigint> {
  const h = await storedPayment(tx, scope, pf, id, false);
  const { scales } = await currencyFacts(tx, scope);
  if (h.currency === h.baseCurrency) return h.amountMinor;
  const rate = await rateOf(tx, h).catch(() => RATE_ONE);
  return divRound(h.amountMinor * rate * pow10(scales[h.baseCurrency] ?? 2), pow10((scales[h.currency] ?? 2) + RATE_SCALE));
}

/** Common facts of an entry on a posted payment (allocation, un-allocation). */
async function postedFacts(tx: Tx, actor: Actor, pf: PaymentFace, h: PaymentRow) {
  if (h.status !== 'Posted') throw unprocessable(`${pf.face.partyLabel} ${pf.noun} ${h.number ?? ''} is ${h.status.toLowerCase()}: only a posted ${pf.noun} is allocated`.replace('  ', ' '));
  if (isRefund(h)) throw unprocessable(`Refund ${h.number ?? ''} returns exactly its credits: it is neither allocated nor un-allocated (reverse it to restore the credits)`.replace('  ', ' '));
  const party = await partyFacts(tx, actor, pf.face, h.partyId);
  const bank = await bankFacts(tx, actor, h.bankId);
  const { scales } = await currencyFacts(tx, actor);
  return { party, bank, scale: scales[h.currency]!, baseScale: scales[h.baseCurrency] ?? 2, rate: h.rate ? parseRate(h.rate) : RATE_ONE, control: await controlOf(tx, actor, pf, party) };
}

/** Allocates what a posted payment has on account to open items: an entry of its own (the control account from account to the items). */
export async function allocatePosted(tx: Tx, actor: Actor, pf: PaymentFace, id: string, input: { date?: string; allocations: AllocationInput[] }): Promise<void> {
  const h = await storedPayment(tx, actor, pf, id, true);
  const f = await postedFacts(tx, actor, pf, h);
  partyMayTransact(pf.face, { code: f.party.code, status: f.party.status, onHold: f.party.onHold });
  const [last] = rowsOf<{ n: number }>(await tx.execute(sql`select coalesce(max(line_no), 0)::int as n from ${paymentAllocations} where tenant_id = ${actor.tenantId}::uuid and payment_id = ${h.id}::uuid`));
  const rows = allocationsOf(input.allocations, f.scale, (last?.n ?? 0) + 1);
  const date = input.date ?? h.postingDate;
  if (date < h.postingDate) throw fieldRefusal('date', `the ${pf.noun} is posted on ${h.postingDate}: what it has on account is allocated on or after that day`);
  const [facts] = (await settle(tx, actor, pf, [{ h, allocations: rows, scale: f.scale, baseScale: f.baseScale, on: date }])).facts as [AllocationFact[]];
  const used = facts.reduce((s, x) => s + cashOf(x), 0n);
  if (used > h.unallocatedMinor) throw fieldRefusal('allocations', `the allocations use ${formatMoney(used, f.scale)}; the ${pf.noun} has ${formatMoney(h.unallocatedMinor, f.scale)} on account`);
  if (used < 0n) throw fieldRefusal('allocations', `the credits allocated (${formatMoney(-used, f.scale)}) are more than the invoices take`);
  const accounts = await roleAccounts(tx, actor, pf, f.party, facts, h.currency !== h.baseCurrency);
  const description = `${pf.face.partyLabel} ${pf.noun} ${h.number}: allocation`;
  const lines = paymentEntryLines({
    pf, mode: 'allocate', bankAccountId: f.bank.account, controlAccountId: f.control, partyId: h.partyId, currency: h.currency, baseCurrency: h.baseCurrency, scale: f.scale, baseScale: f.baseScale,
    rate: f.rate, amountMinor: 0n, allocations: facts, accounts, description,
  });
  const posted = await postEntry(tx, actor, { kind: 'Standard', journalDate: date, description, reference: h.number, source: source(pf, h), exact: true, lines });
  await tx.insert(paymentAllocations).values(rows.map((r, i) => ({ tenantId: actor.tenantId, companyId: actor.companyId, paymentId: h.id, ...r, status: 'Active' as const, controlBaseMinor: facts[i]!.controlBaseMinor, journalId: posted.journalId })));
  await tx.update(payments).set({ unallocatedMinor: h.unallocatedMinor - used, updatedAt: sql`now()` }).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, h.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{
    entity: pf.face.partyWord + 'Payment', recordId: h.id, action: 'edit', before: { unallocated: formatMoney(h.unallocatedMinor, f.scale) },
    after: { allocated: rows.map((r) => ({ line: r.lineNo, openItem: r.openItemId, amount: formatMoney(r.amountMinor, f.scale), discount: formatMoney(r.discountMinor, f.scale), writeOff: formatMoney(r.writeOffMinor, f.scale) })), journal: posted.number, unallocated: formatMoney(h.unallocatedMinor - used, f.scale) },
  }]);
}

type ActiveAllocation = typeof paymentAllocations.$inferSelect & { sign: 1n | -1n; itemRate: bigint };

/** The active allocations of a payment with their items' sign and rate (to undo exactly what they posted). */
async function activeAllocations(tx: Tx, scope: KitScope, h: PaymentRow, scale: number, baseScale: number, lines?: number[]): Promise<ActiveAllocation[]> {
  const rows = await tx.select().from(paymentAllocations)
    .where(and(eq(paymentAllocations.tenantId, scope.tenantId), eq(paymentAllocations.paymentId, h.id), eq(paymentAllocations.status, 'Active'), isNotNull(paymentAllocations.openItemId), ...(lines?.length ? [inArray(paymentAllocations.lineNo, lines)] : [])))
    .orderBy(asc(paymentAllocations.lineNo));
  if (rows.length === 0) return [];
  const items = rowsOf<ItemRow>(
    await tx.execute(sql`select o.id, o.invoice_id, i.number, i.kind, o.amount_minor::text, o.remaining_minor::text, o.discount_minor::text, o.discount_date::text, o.status, o.currency,
        i.total_base_minor::text, i.total_gross_minor::text, i.rate::text
      from unnest(${`{${[...new Set(rows.map((r) => r.openItemId))].join(',')}}`}::uuid[]) as a(id)
        join ${openItems} o on o.tenant_id = ${scope.tenantId}::uuid and o.id = a.id
        join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      order by o.id for update of o`),
  );
  const byId = new Map(items.map((i) => [i.id, i]));
  return rows.map((r) => {
    const item = byId.get(r.openItemId!)!;
    const sign: 1n | -1n = BigInt(item.amount_minor) < 0n ? -1n : 1n;
    return { ...r, sign, itemRate: itemBase(item, 0n, h.baseCurrency, scale, baseScale).rate };
  });
}

const factOf = (a: ActiveAllocation): AllocationFact => ({ sign: a.sign, amountMinor: a.amountMinor, discountMinor: a.discountMinor, writeOffMinor: a.writeOffMinor, controlBaseMinor: a.controlBaseMinor ?? 0n, itemRate: a.itemRate });

/** Undoes allocations of a posted payment without reversing it: their items reopen, their cash goes back on account; an entry of its own. */
export async function unallocate(tx: Tx, actor: Actor, pf: PaymentFace, id: string, input: { date?: string; lines: number[] }): Promise<void> {
  const h = await storedPayment(tx, actor, pf, id, true);
  const f = await postedFacts(tx, actor, pf, h);
  const active = await activeAllocations(tx, actor, h, f.scale, f.baseScale, input.lines);
  const missing = input.lines.filter((n) => !active.some((a) => a.lineNo === n));
  if (missing.length) throw fieldRefusal('lines', `line ${missing[0]} is not an active allocation of this ${pf.noun}`);
  if (active.length === 0) throw fieldRefusal('lines', `this ${pf.noun} has no active allocations`);
  const date = input.date ?? h.postingDate;
  const [made] = rowsOf<{ d: string }>(await tx.execute(sql`select max(journal_date)::text as d from ${journals} where tenant_id = ${actor.tenantId}::uuid and id = any(${`{${active.map((a) => a.journalId).join(',')}}`}::uuid[])`));
  if (made?.d && date < made.d) throw fieldRefusal('date', `the allocation is dated ${made.d}: it is undone on or after that day`);
  const facts = active.map(factOf);
  const back = facts.reduce((s, x) => s + cashOf(x), 0n);
  // A credit note's allocation gives cash to the invoices it was paid with: undone alone, the payment would use more than its amount.
  if (h.unallocatedMinor + back < 0n) {
    throw fieldRefusal('lines', `undoing this would leave the ${pf.noun} using ${formatMoney(-(h.unallocatedMinor + back), f.scale)} more than its amount (a credit note's allocation pays towards the invoices beside it): undo their allocations with it`);
  }
  const accounts = await roleAccounts(tx, actor, pf, f.party, facts, h.currency !== h.baseCurrency);
  const description = `${pf.face.partyLabel} ${pf.noun} ${h.number}: allocation undone`;
  const lines = swapped(paymentEntryLines({
    pf, mode: 'allocate', bankAccountId: f.bank.account, controlAccountId: f.control, partyId: h.partyId, currency: h.currency, baseCurrency: h.baseCurrency, scale: f.scale, baseScale: f.baseScale,
    rate: f.rate, amountMinor: 0n, allocations: facts, accounts, description,
  }));
  const posted = await postEntry(tx, actor, { kind: 'Standard', journalDate: date, description, reference: h.number, source: source(pf, h), exact: true, lines });
  await restore(tx, actor, active.map((a, i) => ({ openItemId: a.openItemId!, delta: settledOf(facts[i]!) })));
  await tx.update(paymentAllocations).set({ status: 'Undone', undoneJournalId: posted.journalId })
    .where(and(eq(paymentAllocations.tenantId, actor.tenantId), eq(paymentAllocations.paymentId, h.id), inArray(paymentAllocations.lineNo, active.map((a) => a.lineNo))));
  await tx.update(payments).set({ unallocatedMinor: h.unallocatedMinor + back, updatedAt: sql`now()` }).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, h.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{
    entity: pf.face.partyWord + 'Payment', recordId: h.id, action: 'edit', before: { unallocated: formatMoney(h.unallocatedMinor, f.scale) },
    after: { undone: active.map((a) => a.lineNo), journal: posted.number, unallocated: formatMoney(h.unallocatedMinor + back, f.scale) },
  }]);
}

/**
 * Reverses a posted payment (Reverse of the kit or of its reversal approval, a failure): a batch of
 * one of `reversePayments`.
 */
export async function reversePayment(tx: Tx, actor: Actor, pf: PaymentFace, id: string, date: string): Promise<void> {
  await reversePayments(tx, actor, pf, [id], date);
}

/**
 * Reverses posted payments, one or a run's many, set-based (a bounded number of statements for the
 * batch, as `postPayments` posts it): the headers locked in id order and checked, the refunds standing
 * on them and the entries each made (its own, later allocations', un-allocations') read once, every
 * entry reversed through the port's `reverseEntries` on `date` (numbered in the batch's order, each
 * payment's latest first), the refunds' sources then the items of the Active allocations locked in one
 * order (as posting takes them), the items reopened and the sources given back their returns by one
 * update each, the allocations and the headers Reversed by one statement each. Any refusal refuses the
 * batch and the caller's transaction writes nothing.
 */
export async function reversePayments(tx: Tx, actor: Actor, pf: PaymentFace, ids: string[], date: string): Promise<void> {
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length) throw unprocessable(`A ${pf.noun} is named twice in one reversal: it is reversed once`);
  const T = actor.tenantId;
  const idArray = pgArray(ids);
  // Driven from the ids (a join: the planner knows the array's size, not the rows this transaction just wrote), locked in one order.
  const locked = await tx.select(getTableColumns(payments)).from(payments)
    .innerJoin(sql`unnest(${idArray}::uuid[]) as a(id)`, sql`${payments.id} = a.id`)
    .where(and(eq(payments.tenantId, T), eq(payments.companyId, actor.companyId), eq(payments.side, pf.face.side)))
    .orderBy(asc(payments.id)).for('update', { of: payments });
  const byId = new Map(locked.map((r) => [r.id, r]));
  const hs = ids.map((id) => {
    const h = byId.get(id);
    if (!h) throw notFound(`${pf.face.partyLabel} ${pf.noun}`);
    if (h.status !== 'Posted') throw unprocessable(`${pf.face.partyLabel} ${pf.noun} ${h.number ?? ''} is ${h.status.toLowerCase()}: only a posted ${pf.noun} is reversed`);
    return h;
  });
  // A refund (not reversed with it) returned part of what one has on account: reversing it first would leave the refund returning a credit that is gone.
  const standing = rowsOf<{ source: string; number: string | null }>(
    await tx.execute(sql`select a.source_payment_id as source, r.number from unnest(${idArray}::uuid[]) as x(id)
        join ${paymentAllocations} a on a.tenant_id = ${T}::uuid and a.source_payment_id = x.id
        join ${payments} r on r.tenant_id = a.tenant_id and r.id = a.payment_id
      where a.source_payment_id is not null and a.status = 'Active' and r.id <> all(${idArray}::uuid[]) order by a.source_payment_id, r.number`),
  );
  for (const h of hs) {
    const refunded = standing.find((r) => r.source === h.id);
    if (refunded) throw unprocessable(`Refund ${refunded.number ?? ''} returned part of this ${pf.noun}'s amount on account: reverse the refund first`.replace('  ', ' '));
  }
  // Every entry each payment made, the payment's latest first (the order a reversal of one takes them).
  const made = rowsOf<{ ord: number; id: string; d: string }>(
    await tx.execute(sql`with x as (select * from unnest(${idArray}::uuid[]) with ordinality as x(id, ord)),
      js as (
        select x.ord, p.journal_id as jid from x join ${payments} p on p.tenant_id = ${T}::uuid and p.id = x.id
        union select x.ord, a.journal_id from x join ${paymentAllocations} a on a.tenant_id = ${T}::uuid and a.payment_id = x.id
        union select x.ord, a.undone_journal_id from x join ${paymentAllocations} a on a.tenant_id = ${T}::uuid and a.payment_id = x.id
      )
      select js.ord::int as ord, j.id, j.journal_date::text as d from js join ${journals} j on j.tenant_id = ${T}::uuid and j.id = js.jid
      where j.status = 'Posted' order by js.ord, j.created_at desc, j.id`),
  );
  // A reversal is dated on or after every entry it reverses (else the ledger of the days between holds the reversal alone).
  const last = new Map<number, string>();
  for (const j of made) if (j.d > (last.get(j.ord) ?? '')) last.set(j.ord, j.d);
  hs.forEach((h, i) => {
    const d = last.get(i + 1);
    if (d && date < d) throw unprocessable(`date: ${pf.face.partyLabel} ${pf.noun} ${h.number ?? ''} has an entry dated ${d}: it is reversed on or after that day`.replace('  ', ' '));
  });
  // A refund's returns go back on account of their payments: locked in id order before the items, as posting locks them.
  const refundIds = hs.filter(isRefund).map((h) => h.id);
  const back = refundIds.length === 0 ? [] : rowsOf<{ id: string; amt: string }>(
    await tx.execute(sql`with back as (
        select a.source_payment_id as id, sum(a.amount_minor) as amt from unnest(${pgArray(refundIds)}::uuid[]) as x(id)
          join ${paymentAllocations} a on a.tenant_id = ${T}::uuid and a.payment_id = x.id
        where a.status = 'Active' and a.source_payment_id is not null group by 1)
      select p.id, back.amt::text as amt from back join ${payments} p on p.tenant_id = ${T}::uuid and p.id = back.id order by p.id for update of p`),
  );
  // The items of the Active allocations, locked in one order, with what each allocation settled (signed by its item).
  const settled = rowsOf<{ item: string; delta: string }>(
    await tx.execute(sql`select a.open_item_id as item, (case when o.amount_minor < 0 then -1 else 1 end * (a.amount_minor + a.discount_minor + a.write_off_minor))::text as delta
      from unnest(${idArray}::uuid[]) as x(id)
        join ${paymentAllocations} a on a.tenant_id = ${T}::uuid and a.payment_id = x.id
        join ${openItems} o on o.tenant_id = a.tenant_id and o.id = a.open_item_id
      where a.status = 'Active' and a.open_item_id is not null
      order by o.id for update of o`),
  );
  await reverseEntries(tx, actor, made.map((j) => ({ journalId: j.id, date })));
  await restore(tx, actor, settled.map((r) => ({ openItemId: r.item, delta: BigInt(r.delta) })));
  if (back.length) {
    await tx.execute(sql`update ${payments} p set unallocated_minor = p.unallocated_minor + a.amt, updated_at = now()
      from unnest(${pgArray(back.map((r) => r.id))}::uuid[], ${pgArray(back.map((r) => r.amt))}::bigint[]) as a(id, amt)
      where p.tenant_id = ${T}::uuid and p.id = a.id`);
  }
  await tx.execute(sql`update ${paymentAllocations} a set status = 'Reversed' from unnest(${idArray}::uuid[]) as x(id)
    where a.tenant_id = ${T}::uuid and a.payment_id = x.id and a.status = 'Active'`);
  await tx.execute(sql`update ${payments} p set status = 'Reversed', unallocated_minor = 0, updated_at = now() from unnest(${idArray}::uuid[]) as x(id)
    where p.tenant_id = ${T}::uuid and p.id = x.id`);
}

export { nounOf };
