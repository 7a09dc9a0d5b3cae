import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
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
  type OnAccountInput,
  type PaymentFace,
  type PaymentInput,
  type PostingRole,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import { currencies } from '../../organisation/index';
import { banks } from '../../cash-management/index';
import { journals, moduleConfigs, moduleSequence, nextNumber, postEntry, ratesOn, resolvePostingAccounts, reverseEntry } from '../../ledger/index';
import { partyMayTransact } from '../parties.rules';
import { currencyFacts, partyFacts, type PartyFacts } from '../invoices/invoice-facts';
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
async function bankFacts(tx: Tx, scope: KitScope, bankId: string): Promise<BankFacts> {
  const [b] = await tx
    .select({ id: banks.id, code: banks.code, account: banks.account, currency: currencies.code, status: banks.status })
    .from(banks)
    .innerJoin(currencies, and(eq(currencies.tenantId, banks.tenantId), eq(currencies.id, banks.currency)))
    .where(and(eq(banks.companyId, scope.companyId), eq(banks.id, bankId)));
  if (!b) throw fieldRefusal('bank', 'the bank does not exist in this company');
  return b;
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

/** A refund's lines name payments (not refunds) of its party, side and currency (posting checks what they have on account, locked). */
async function paymentsOfParty(tx: Tx, scope: KitScope, pf: PaymentFace, partyId: string, currency: string, rows: DraftReturn[]): Promise<void> {
  if (rows.length === 0) return;
  const found = new Set(rowsOf<{ id: string }>(
    await tx.execute(sql`select p.id from unnest(${`{${rows.map((r) => r.sourcePaymentId).join(',')}}`}::uuid[]) as a(id)
        join ${payments} p on p.tenant_id = ${scope.tenantId}::uuid and p.id = a.id
      where p.company_id = ${scope.companyId}::uuid and p.side = ${pf.face.side} and p.party_id = ${partyId}::uuid and p.currency = ${currency} and p.kind = ${PAYMENT_KIND}`),
  ).map((r) => r.id));
  const missing = rows.findIndex((r) => !found.has(r.sourcePaymentId));
  if (missing >= 0) throw fieldRefusal(`onAccount.${missing}.payment`, `the payment is not one of this ${pf.face.partyWord}'s ${pf.noun}s in ${currency}`);
}

/** A draft's lines name open items of its party, side and currency (posting checks what is left of them, locked). */
async function itemsOfParty(tx: Tx, scope: KitScope, pf: PaymentFace, partyId: string, currency: string, rows: DraftAllocation[]): Promise<void> {
  if (rows.length === 0) return;
  const found = new Set(rowsOf<{ id: string }>(
    await tx.execute(sql`select o.id from unnest(${`{${rows.map((r) => r.openItemId).join(',')}}`}::uuid[]) as a(id)
        join ${openItems} o on o.tenant_id = ${scope.tenantId}::uuid and o.id = a.id
      where o.company_id = ${scope.companyId}::uuid and o.side = ${pf.face.side} and o.party_id = ${partyId}::uuid and o.currency = ${currency}`),
  ).map((r) => r.id));
  const missing = rows.findIndex((r) => !found.has(r.openItemId));
  if (missing >= 0) throw fieldRefusal(`allocations.${missing}.openItem`, `the open item is not one of this ${pf.face.partyWord}'s in ${currency}`);
}

/** The header and lines of a draft, checked: the bank and party of the company, amounts in the bank's currency. */
async function storedFields(tx: Tx, actor: Actor, pf: PaymentFace, input: PaymentInput) {
  const bank = await bankFacts(tx, actor, input.bank);
  const party = await partyFacts(tx, actor, pf.face, input.party);
  const { scales, baseCurrency } = await currencyFacts(tx, actor);
  const scale = scales[bank.currency];
  if (scale === undefined) throw fieldRefusal('bank', `the bank's currency ${bank.currency} is inactive`);
  const allocations = allocationsOf(input.allocations, scale);
  await itemsOfParty(tx, actor, pf, party.id, bank.currency, allocations);
  const onAccount = input.onAccount ?? [];
  if (input.kind !== REFUND_KIND && onAccount.length) throw fieldRefusal('onAccount', `a ${pf.noun} returns no amounts on account: make it a refund`);
  const returns = returnsOf(onAccount, scale, allocations.length + 1);
  await paymentsOfParty(tx, actor, pf, party.id, bank.currency, returns);
  const header = {
    tenantId: actor.tenantId, companyId: actor.companyId, side: pf.face.side, kind: input.kind, partyId: party.id, bankId: bank.id, method: input.method,
    documentDate: input.documentDate, postingDate: input.postingDate ?? input.documentDate, currency: bank.currency, rate: input.rate ?? null,
    amountMinor: money(input.amount, scale, 'amount'), reference: input.reference ?? null, description: input.description, baseCurrency,
  };
  return { header, allocations, returns };
}

/** Allocation rows written in one statement of arrays (10,000 lines are one round trip, not 90,000 parameters). */
async function insertAllocations(tx: Tx, actor: Actor, paymentId: string, rows: DraftAllocation[], posted?: { bases: bigint[]; journalId: string }): Promise<void> {
  if (rows.length === 0) return;
  const arr = (values: (string | number | bigint)[]) => `{${values.join(',')}}`;
  await tx.execute(sql`insert into ${paymentAllocations} (tenant_id, company_id, payment_id, line_no, open_item_id, amount_minor, discount_minor, write_off_minor, control_base_minor, status, journal_id)
    select ${actor.tenantId}::uuid, ${actor.companyId}::uuid, ${paymentId}::uuid, v.line_no, v.item, v.amount, v.discount, v.write_off, v.base, ${posted ? 'Active' : 'Draft'}, ${posted?.journalId ?? null}::uuid
    from unnest(${arr(rows.map((r) => r.lineNo))}::int[], ${arr(rows.map((r) => r.openItemId))}::uuid[], ${arr(rows.map((r) => r.amountMinor))}::bigint[],
      ${arr(rows.map((r) => r.discountMinor))}::bigint[], ${arr(rows.map((r) => r.writeOffMinor))}::bigint[], ${posted ? arr(posted.bases) : arr(rows.map(() => 'NULL'))}::bigint[])
      as v(line_no, item, amount, discount, write_off, base)`);
}

/** A refund's lines returning payments' amounts on account (few: one insert of values). */
async function insertReturns(tx: Tx, actor: Actor, paymentId: string, rows: DraftReturn[], posted?: { bases: bigint[]; journalId: string }): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(paymentAllocations).values(rows.map((r, i) => ({
    tenantId: actor.tenantId, companyId: actor.companyId, paymentId, lineNo: r.lineNo, openItemId: null, sourcePaymentId: r.sourcePaymentId, amountMinor: r.amountMinor,
    status: posted ? 'Active' as const : 'Draft' as const, controlBaseMinor: posted ? posted.bases[i]! : null, journalId: posted?.journalId ?? null,
  })));
}

/** Stores a draft; `withLines: false` keeps its allocation lines in memory for a post in the same call (they are written once, posted). */
export async function insertPayment(tx: Tx, actor: Actor, pf: PaymentFace, input: PaymentInput): Promise<string> {
  const { id } = await insertPaymentHeader(tx, actor, pf, input, true);
  return id;
}

export async function insertPaymentHeader(tx: Tx, actor: Actor, pf: PaymentFace, input: PaymentInput, withLines: boolean): Promise<{ id: string; allocations: DraftAllocation[]; returns: DraftReturn[] }> {
  const { header, allocations, returns } = await storedFields(tx, actor, pf, input);
  const [row] = await tx.insert(payments).values({ ...header, createdBy: actor.userId }).returning({ id: payments.id });
  if (withLines) {
    await insertAllocations(tx, actor, row!.id, allocations);
    await insertReturns(tx, actor, row!.id, returns);
  }
  return { id: row!.id, allocations, returns };
}

export async function replacePayment(tx: Tx, actor: Actor, pf: PaymentFace, id: string, input: PaymentInput): Promise<void> {
  const { header, allocations, returns } = await storedFields(tx, actor, pf, input);
  await tx.update(payments).set({ ...header, status: 'Draft', updatedAt: sql`now()` }).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, id)));
  await tx.delete(paymentAllocations).where(and(eq(paymentAllocations.tenantId, actor.tenantId), eq(paymentAllocations.paymentId, id)));
  await insertAllocations(tx, actor, id, allocations);
  await insertReturns(tx, actor, id, returns);
}

export async function deletePayment(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(payments).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, id)));
}

/** The rate of a payment: as typed, else the company's rate of the date (1 in the base currency). */
async function rateOf(tx: Tx, h: PaymentRow): Promise<bigint> {
  if (h.currency === h.baseCurrency) return RATE_ONE;
  if (h.rate) return parseRate(h.rate);
  const rate = (await ratesOn(tx, h.baseCurrency, [h.currency], h.postingDate)).get(h.currency);
  if (rate === undefined) throw fieldRefusal('rate', `there is no ${h.currency} exchange rate on ${h.postingDate}: type the rate or add it on /exchange-rate`);
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

/** An item's rate and the base of an amount settled on it: what the item put on the control account, in proportion. */
function itemBase(item: ItemRow, signedSettled: bigint, baseCurrency: string, scale: number, baseScale: number): { base: bigint; rate: bigint } {
  if (item.currency === baseCurrency) return { base: signedSettled, rate: RATE_ONE };
  const gross = BigInt(item.total_gross_minor);
  const base = BigInt(item.total_base_minor);
  const rate = item.rate ? parseRate(item.rate) : divRound(base * RATE_ONE * pow10(scale), gross * pow10(baseScale));
  return { base: divRound(signedSettled * base, gross), rate };
}

/** The open items of allocations, locked in one order (two payments on the same items wait, never deadlock). */
async function lockedItems(tx: Tx, scope: KitScope, pf: PaymentFace, partyId: string, currency: string, ids: string[]): Promise<Map<string, ItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<ItemRow>(
    await tx.execute(sql`select o.id, o.invoice_id, i.number, i.kind, o.amount_minor::text, o.remaining_minor::text, o.discount_minor::text, o.discount_date::text, o.status, o.currency,
        i.total_base_minor::text, i.total_gross_minor::text, i.rate::text, i.posting_date::text
      from unnest(${`{${ids.join(',')}}`}::uuid[]) as a(id)
        join ${openItems} o on o.tenant_id = ${scope.tenantId}::uuid and o.id = a.id
        join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where o.company_id = ${scope.companyId}::uuid and o.side = ${pf.face.side} and o.party_id = ${partyId}::uuid and o.currency = ${currency}
      order by o.id for update of o`),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Checks allocations against their items (locked) and takes them off: one conditional update, which
 * refuses to take more than an item has left even if the check were wrong. Answers each allocation's
 * facts for the entry. An item is settled on or after its document's posting date (`on`: the date of
 * the entry that settles it): settled earlier, the ledger would hold the payment's settlement before
 * the document, and the ageing of those days would not tie to the control accounts.
 */
async function settle(
  tx: Tx, scope: KitScope, pf: PaymentFace, h: PaymentRow, allocations: DraftAllocation[], scale: number, baseScale: number, on: string,
): Promise<AllocationFact[]> {
  const refund = isRefund(h);
  if (allocations.length === 0) return [];
  const items = await lockedItems(tx, scope, pf, h.partyId, h.currency, allocations.map((a) => a.openItemId));
  const tolerance = allocations.some((a) => a.writeOffMinor > 0n) ? await toleranceOf(tx, scope, pf, scale) : 0n;
  const m = (v: bigint) => formatMoney(v, scale);
  const facts: AllocationFact[] = [];
  const deltas: bigint[] = [];
  allocations.forEach((a, i) => {
    const item = items.get(a.openItemId);
    const at = `allocations.${i}`;
    if (!item) throw fieldRefusal(`${at}.openItem`, `the open item is not one of this ${pf.face.partyWord}'s in ${h.currency}`);
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
  const ids = allocations.map((a) => a.openItemId);
  const taken = rowsOf<{ id: string }>(
    await tx.execute(sql`update ${openItems} o set remaining_minor = o.remaining_minor - a.delta,
        status = case when o.remaining_minor - a.delta = 0 then 'Closed' else 'Open' end, updated_at = now()
      from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${deltas.join(',')}}`}::bigint[]) as a(id, delta)
      where o.tenant_id = ${scope.tenantId}::uuid and o.id = a.id and o.status = 'Open'
        and ((a.delta > 0 and o.remaining_minor >= a.delta) or (a.delta < 0 and o.remaining_minor <= a.delta))
      returning o.id`),
  );
  if (taken.length !== allocations.length) throw unprocessable('An open item was settled by another payment meanwhile: propose the allocation again');
  return facts;
}

type SourceRow = { id: string; number: string | null; kind: string; status: string; unallocated_minor: string; rate: string | null; posting_date: string };

/**
 * A refund's lines returning payments' amounts on account: the payments locked in one order (before
 * the open items: a payment allocating locks itself, then its items), checked, and their facts for
 * the entry (a credit at the payment's own rate, the base its amount on account carried).
 */
async function lockedSources(tx: Tx, scope: KitScope, pf: PaymentFace, h: PaymentRow, returns: DraftReturn[], scale: number, baseScale: number): Promise<AllocationFact[]> {
  if (returns.length === 0) return [];
  const rows = rowsOf<SourceRow>(
    await tx.execute(sql`select p.id, p.number, p.kind, p.status, p.unallocated_minor::text, p.rate::text, p.posting_date::text
      from unnest(${`{${returns.map((r) => r.sourcePaymentId).join(',')}}`}::uuid[]) as a(id)
        join ${payments} p on p.tenant_id = ${scope.tenantId}::uuid and p.id = a.id
      where p.company_id = ${scope.companyId}::uuid and p.side = ${pf.face.side} and p.party_id = ${h.partyId}::uuid and p.currency = ${h.currency}
      order by p.id for update of p`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const m = (v: bigint) => formatMoney(v, scale);
  return returns.map((r, i) => {
    const p = byId.get(r.sourcePaymentId);
    const at = `onAccount.${i}`;
    if (!p || p.kind !== PAYMENT_KIND) throw fieldRefusal(`${at}.payment`, `the payment is not one of this ${pf.face.partyWord}'s ${pf.noun}s in ${h.currency}`);
    const doc = `${pf.noun} ${p.number ?? ''}`.trim();
    const left = BigInt(p.unallocated_minor);
    if (p.status !== 'Posted' || left <= 0n) throw fieldRefusal(`${at}.payment`, `${doc} has nothing on account`);
    if (r.amountMinor > left) throw fieldRefusal(`${at}.amount`, `${doc} has ${m(left)} on account: the refund returns ${m(r.amountMinor)}`);
    if (p.posting_date > h.postingDate) throw fieldRefusal(`${at}.payment`, `${doc} is posted on ${p.posting_date}, after the refund's ${h.postingDate}: a refund returns what is on account by its day`);
    const rate = h.currency === h.baseCurrency || !p.rate ? RATE_ONE : parseRate(p.rate);
    const base = h.currency === h.baseCurrency ? r.amountMinor : convert(r.amountMinor, scale, rate, baseScale);
    return { sign: -1n, amountMinor: r.amountMinor, discountMinor: 0n, writeOffMinor: 0n, controlBaseMinor: -base, itemRate: rate };
  });
}

/** Takes a refund's lines off their payments' amounts on account: one conditional update that never takes more than is there. */
async function takeFromAccount(tx: Tx, scope: KitScope, returns: DraftReturn[]): Promise<void> {
  if (returns.length === 0) return;
  const taken = rowsOf<{ id: string }>(
    await tx.execute(sql`update ${payments} p set unallocated_minor = p.unallocated_minor - a.delta, updated_at = now()
      from unnest(${`{${returns.map((r) => r.sourcePaymentId).join(',')}}`}::uuid[], ${`{${returns.map((r) => r.amountMinor).join(',')}}`}::bigint[]) as a(id, delta)
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

/** The profile's accounts an entry needs: the discount's, the write-off's and, in a foreign currency, the exchange gain's and loss's. */
async function roleAccounts(tx: Tx, scope: KitScope, pf: PaymentFace, party: PartyFacts, facts: AllocationFact[], foreign: boolean): Promise<Roles> {
  const roles: PostingRole[] = [];
  if (facts.some((f) => f.discountMinor > 0n)) roles.push('discountAccount');
  if (facts.some((f) => f.writeOffMinor > 0n)) roles.push('writeOffAccount');
  if (foreign && facts.length > 0) roles.push('exchangeGainAccount', 'exchangeLossAccount');
  if (roles.length === 0) return {};
  const who = { label: `${pf.face.partyWord} ${party.code}`, profileId: party.profileId, group: { label: `${pf.face.partyWord} group ${party.groupCode}`, profileId: party.groupProfileId } };
  const resolved = await resolvePostingAccounts(tx, scope, pf.face.module, roles as ('discountAccount' | 'writeOffAccount' | 'exchangeGainAccount' | 'exchangeLossAccount')[], who);
  return Object.fromEntries(Object.entries(resolved).map(([role, r]) => [role, (r as { accountId: string }).accountId]));
}

/** The party's control account: its own posting profile's, else its group's. */
async function controlOf(tx: Tx, scope: KitScope, pf: PaymentFace, party: PartyFacts): Promise<string> {
  if (!party.profileId) return party.controlAccount;
  const who = { label: `${pf.face.partyWord} ${party.code}`, profileId: party.profileId, group: { label: `${pf.face.partyWord} group ${party.groupCode}`, profileId: party.groupProfileId } };
  const resolved = await resolvePostingAccounts(tx, scope, pf.face.module, ['controlAccount'], who);
  return resolved.controlAccount.from === 'party' ? resolved.controlAccount.accountId : party.controlAccount;
}

const source = (pf: PaymentFace, h: PaymentRow) => ({ module: pf.face.module, documentType: pf.label, documentId: h.id });

/** The next cheque or transfer number of the bank, taken by a vendor payment of that method (one statement: never read then written). */
async function takeBankNumber(tx: Tx, scope: KitScope, pf: PaymentFace, h: PaymentRow): Promise<string | null> {
  // Money leaving the bank by cheque or transfer: a vendor payment, or a refund to a customer.
  const paysOut = (pf.bankSide === 'credit') !== isRefund(h);
  if (!paysOut || (h.method !== 'Cheque' && h.method !== 'Transfer')) return null;
  const column = h.method === 'Cheque' ? sql.raw('next_cheque_number') : sql.raw('next_transfer_number');
  const [row] = rowsOf<{ taken: number }>(
    await tx.execute(sql`update ${banks} set ${column} = ${column} + 1, updated_at = now() where tenant_id = ${scope.tenantId}::uuid and id = ${h.bankId}::uuid returning ${column} - 1 as taken`),
  );
  return row ? String(row.taken) : null;
}

/** Posts a draft payment (Post of the kit, or of its approval): one entry through the port; its allocations settle their items. */
export async function postPayment(tx: Tx, actor: Actor, pf: PaymentFace, id: string, inMemory?: DraftAllocation[], returnsInMemory?: DraftReturn[]): Promise<void> {
  const h = await storedPayment(tx, actor, pf, id, true);
  const party = await partyFacts(tx, actor, pf.face, h.partyId);
  partyMayTransact(pf.face, { code: party.code, status: party.status, onHold: party.onHold });
  const bank = await bankFacts(tx, actor, h.bankId);
  if (bank.status !== 'Active') throw fieldRefusal('bank', `bank ${bank.code} is inactive`);
  if (bank.currency !== h.currency) throw fieldRefusal('bank', `bank ${bank.code} holds ${bank.currency}, the ${pf.noun} is in ${h.currency}: save it again`);
  const { scales } = await currencyFacts(tx, actor);
  const scale = scales[h.currency]!;
  const baseScale = scales[h.baseCurrency] ?? 2;
  const rate = await rateOf(tx, h);
  const stored = inMemory ? [] : await tx.select().from(paymentAllocations).where(and(eq(paymentAllocations.tenantId, actor.tenantId), eq(paymentAllocations.paymentId, h.id))).orderBy(asc(paymentAllocations.lineNo));
  const drafts: DraftAllocation[] = inMemory ?? stored.flatMap((r) => (r.openItemId ? [{ ...r, openItemId: r.openItemId }] : []));
  const returns: DraftReturn[] = inMemory ? (returnsInMemory ?? []) : stored.flatMap((r) => (r.sourcePaymentId ? [{ lineNo: r.lineNo, sourcePaymentId: r.sourcePaymentId, amountMinor: r.amountMinor }] : []));
  const refund = isRefund(h);
  if (h.amountMinor === 0n && drafts.length === 0) throw fieldRefusal('amount', `a ${pf.noun} of nothing with no allocations posts nothing`);
  if (refund && drafts.length + returns.length === 0) throw fieldRefusal('allocations', `a refund returns the ${pf.face.partyWord}'s credits: name its open credit notes or its ${pf.noun}s on account`);
  const cash = (facts: AllocationFact[]) => facts.reduce((s, f) => s + cashOf(f), 0n);
  // A refund's payments on account are locked before the open items (the order a payment allocating takes).
  const sourceFacts = await lockedSources(tx, actor, pf, h, returns, scale, baseScale);
  const itemFacts = await settle(tx, actor, pf, h, drafts, scale, baseScale, h.postingDate);
  await takeFromAccount(tx, actor, returns);
  const facts = [...itemFacts, ...sourceFacts];
  const used = cash(facts);
  if (refund) {
    const m = (v: bigint) => formatMoney(v, scale);
    if (h.amountMinor > -used) throw fieldRefusal('amount', `the refund of ${m(h.amountMinor)} is more than the credits its lines return (${m(-used)}): a refund never returns more than the credit available`);
    if (h.amountMinor < -used) throw fieldRefusal('amount', `the refund's lines return ${m(-used)}, more than its amount of ${m(h.amountMinor)}`);
  } else {
    if (used > h.amountMinor) throw fieldRefusal('allocations', `the allocations use ${formatMoney(used, scale)}, more than the ${pf.noun}'s ${formatMoney(h.amountMinor, scale)}`);
    if (used < 0n) throw fieldRefusal('allocations', `the credits allocated (${formatMoney(-used, scale)}) are more than the invoices take`);
  }
  const control = await controlOf(tx, actor, pf, party);
  const accounts = await roleAccounts(tx, actor, pf, party, facts, h.currency !== h.baseCurrency);
  const sequence = await moduleSequence(tx, actor, pf.face.module, pf.label);
  const number = await nextNumber(tx, actor, sequence, h.postingDate);
  const bankNumber = await takeBankNumber(tx, actor, pf, h);
  const what = refund ? `${pf.face.partyLabel} refund` : `${pf.face.partyLabel} ${pf.noun}`;
  const lines = paymentEntryLines({
    pf, mode: refund ? 'refund' : 'payment', bankAccountId: bank.account, controlAccountId: control, partyId: party.id, currency: h.currency, baseCurrency: h.baseCurrency, scale, baseScale, rate,
    amountMinor: h.amountMinor, allocations: facts, accounts, description: `${what} ${number}: ${h.description}`,
  });
  const posted = await postEntry(tx, actor, { kind: 'Standard', journalDate: h.postingDate, description: `${what} ${number}: ${h.description}`, reference: h.reference ?? number, source: source(pf, h), exact: true, lines });
  if (inMemory) {
    await insertAllocations(tx, actor, h.id, drafts, { bases: itemFacts.map((f) => f.controlBaseMinor), journalId: posted.journalId });
    await insertReturns(tx, actor, h.id, returns, { bases: sourceFacts.map((f) => f.controlBaseMinor), journalId: posted.journalId });
  } else if (drafts.length + returns.length) {
    const lineNos = [...drafts.map((d) => d.lineNo), ...returns.map((r) => r.lineNo)];
    await tx.execute(sql`update ${paymentAllocations} a set status = 'Active', control_base_minor = v.base, journal_id = ${posted.journalId}::uuid
      from unnest(${`{${lineNos.join(',')}}`}::int[], ${`{${facts.map((f) => f.controlBaseMinor).join(',')}}`}::bigint[]) as v(line_no, base)
      where a.tenant_id = ${actor.tenantId}::uuid and a.payment_id = ${h.id}::uuid and a.line_no = v.line_no`);
  }
  await tx.update(payments).set({
    status: 'Posted', number, bankNumber, rate: h.rate ?? formatRateText(rate), unallocatedMinor: refund ? 0n : h.amountMinor - used, journalId: posted.journalId, totalBaseMinor: posted.totalBaseMinor,
    postedAt: posted.postedAt, postedBy: actor.userId, updatedAt: sql`now()`,
  }).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, h.id)));
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
  const facts = await settle(tx, actor, pf, h, rows, f.scale, f.baseScale, date);
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
 * Reverses a posted payment (Reverse of the kit or of its reversal approval): every entry it made
 * (its own, later allocations', un-allocations') reversed through the port, its active allocations'
 * items reopened, the payment Reversed.
 */
export async function reversePayment(tx: Tx, actor: Actor, pf: PaymentFace, id: string, date: string): Promise<void> {
  const h = await storedPayment(tx, actor, pf, id, true);
  if (h.status !== 'Posted') throw unprocessable(`${pf.face.partyLabel} ${pf.noun} ${h.number ?? ''} is ${h.status.toLowerCase()}: only a posted ${pf.noun} is reversed`);
  // A refund returned part of what it has on account: reversing it first would leave the refund returning a credit that is gone.
  const [refunded] = rowsOf<{ number: string | null }>(
    await tx.execute(sql`select r.number from ${paymentAllocations} a join ${payments} r on r.tenant_id = a.tenant_id and r.id = a.payment_id
      where a.tenant_id = ${actor.tenantId}::uuid and a.source_payment_id = ${h.id}::uuid and a.status = 'Active' order by r.number limit 1`),
  );
  if (refunded) throw unprocessable(`Refund ${refunded.number ?? ''} returned part of this ${pf.noun}'s amount on account: reverse the refund first`.replace('  ', ' '));
  const { scales } = await currencyFacts(tx, actor);
  const active = await activeAllocations(tx, actor, h, scales[h.currency] ?? 2, scales[h.baseCurrency] ?? 2);
  const ids = rowsOf<{ id: string; d: string }>(
    await tx.execute(sql`select j.id, j.journal_date::text as d from ${journals} j where j.tenant_id = ${actor.tenantId}::uuid and j.status = 'Posted' and j.id in (
        select ${h.journalId}::uuid union select journal_id from ${paymentAllocations} where tenant_id = ${actor.tenantId}::uuid and payment_id = ${h.id}::uuid
        union select undone_journal_id from ${paymentAllocations} where tenant_id = ${actor.tenantId}::uuid and payment_id = ${h.id}::uuid)
      order by j.created_at desc, j.id`),
  );
  // A reversal is dated on or after every entry it reverses (else the ledger of the days between holds the reversal alone).
  const last = ids.reduce((d, j) => (j.d > d ? j.d : d), '');
  if (date < last) throw unprocessable(`date: ${pf.face.partyLabel} ${pf.noun} ${h.number ?? ''} has an entry dated ${last}: it is reversed on or after that day`.replace('  ', ' '));
  for (const j of ids) await reverseEntry(tx, actor, j.id, date);
  await restore(tx, actor, active.map((a) => ({ openItemId: a.openItemId!, delta: settledOf(factOf(a)) })));
  // A refund's returns go back on account of their payments (locked in id order, as posting locks them).
  if (isRefund(h)) {
    const back = rowsOf<{ id: string; amt: string }>(
      await tx.execute(sql`select source_payment_id as id, sum(amount_minor)::text as amt from ${paymentAllocations}
        where tenant_id = ${actor.tenantId}::uuid and payment_id = ${h.id}::uuid and status = 'Active' and source_payment_id is not null group by 1 order by 1`),
    );
    if (back.length) {
      await tx.execute(sql`select id from ${payments} where tenant_id = ${actor.tenantId}::uuid and id = any(${`{${back.map((r) => r.id).join(',')}}`}::uuid[]) order by id for update`);
      await tx.execute(sql`update ${payments} p set unallocated_minor = p.unallocated_minor + a.amt, updated_at = now()
        from unnest(${`{${back.map((r) => r.id).join(',')}}`}::uuid[], ${`{${back.map((r) => r.amt).join(',')}}`}::bigint[]) as a(id, amt)
        where p.tenant_id = ${actor.tenantId}::uuid and p.id = a.id`);
    }
  }
  await tx.update(paymentAllocations).set({ status: 'Reversed' }).where(and(eq(paymentAllocations.tenantId, actor.tenantId), eq(paymentAllocations.paymentId, h.id), eq(paymentAllocations.status, 'Active')));
  await tx.update(payments).set({ status: 'Reversed', unallocatedMinor: 0n, updatedAt: sql`now()` }).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, h.id)));
}

export { nounOf };
