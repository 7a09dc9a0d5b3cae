import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  bicIsValid,
  convert,
  formatMoney,
  ibanIsValid,
  LIST_TOTAL_MAX,
  paymentDocuments,
  paymentRunDocuments,
  paymentRunLabel,
  stateOf,
  type PartyBankAccount,
  type PaymentInput,
  type PaymentMethod,
  type PaymentRunBasis,
  type PaymentRunCriteria,
  type PaymentRunFace,
  type PaymentRunInput,
  type PaymentRunLine,
  type PaymentRunListFilter,
  type PaymentRunListItem,
  type PaymentRunProposal,
  type PaymentRunView,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { AppError, notFound, unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import type { Table } from '../../../platform/kit/tabular-files';
import { banks } from '../../cash-management/index';
import { currencies } from '../../organisation/index';
import { moduleSequence, nextNumber, ratesOn } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { currencyFacts } from '../invoices/invoice-facts';
import { invoices, openItems } from '../invoices/invoices.tables';
import { insertPaymentHeaders, money, postPayments, reversePayments, type RefusalOf } from '../payments/payments.service';
import { payments } from '../payments/payments.tables';
import { paymentRunLines, paymentRuns } from './payment-runs.tables';

/*
 * The engine of payment runs, for either face: the proposal (open items selected by the run's
 * criteria, amounts with discounts on time), drafts with their lines, posting (one payment per party
 * through the payments engine, all in the caller's one transaction) and reversal (every payment of
 * the run reversed through the payments engine).
 */

export type RunRow = typeof paymentRuns.$inferSelect;

const fieldRefusal = (field: string, message: string) => unprocessable(`${field}: ${message}`);

export async function storedRun(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string, lock: boolean): Promise<RunRow> {
  const q = tx.select().from(paymentRuns).where(and(eq(paymentRuns.companyId, scope.companyId), eq(paymentRuns.id, id), eq(paymentRuns.side, rf.pf.face.side)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(paymentRunLabel(rf));
  return row;
}

export type RunBank = { id: string; code: string; name: string; currency: string; iban: string; bic: string | null; status: string };
export async function runBank(tx: Tx, scope: KitScope, bankId: string): Promise<RunBank> {
  const [b] = await tx
    .select({ id: banks.id, code: banks.code, name: banks.name, currency: currencies.code, iban: banks.accountNumber, bic: banks.bic, status: banks.status })
    .from(banks)
    .innerJoin(currencies, and(eq(currencies.tenantId, banks.tenantId), eq(currencies.id, banks.currency)))
    .where(and(eq(banks.companyId, scope.companyId), eq(banks.id, bankId)));
  if (!b) throw fieldRefusal('bank', 'the bank does not exist in this company');
  return b;
}

/** A party's account for a currency: the further account in that currency, else the default one. */
export type PartyAccount = { iban: string | null; bic: string | null };
export function accountFor(party: { iban: string | null; bic: string | null; bank_accounts: PartyBankAccount[] | null }, currency: string): PartyAccount {
  const other = (party.bank_accounts ?? []).find((a) => a.currency?.toUpperCase() === currency);
  if (other) return { iban: other.iban.replace(/\s+/g, '').toUpperCase(), bic: other.bic ?? null };
  return { iban: party.iban ? party.iban.replace(/\s+/g, '').toUpperCase() : null, bic: party.bic ?? null };
}

export type PartyRow = {
  id: string; code: string; name: string; iban: string | null; bic: string | null; bank_accounts: PartyBankAccount[] | null; contacts: { name: string; mail?: string | null }[] | null;
  mandate_reference: string | null; mandate_signed_on: string | null; mandate_sequence: 'First' | 'Recurring' | null;
};

/** What stops a party from being paid (or collected from) by the run's method, in words naming it; null when nothing. */
export function partyProblem(rf: PaymentRunFace, method: PaymentMethod, currency: string, p: PartyRow): string | null {
  if (method !== 'Transfer' && method !== 'DirectDebit') return null;
  const who = `${rf.pf.face.partyLabel} ${p.code} (${p.name})`;
  const { iban, bic } = accountFor(p, currency);
  if (!iban) return `${who} has no IBAN: add it on ${rf.pf.face.pages.party}`;
  if (!ibanIsValid(iban)) return `${who} has no valid IBAN (${iban}): correct it on ${rf.pf.face.pages.party}`;
  if (bic && !bicIsValid(bic)) return `${who} has an invalid BIC (${bic})`;
  if (method === 'DirectDebit') {
    if (!p.mandate_reference || !p.mandate_signed_on) return `${who} has no direct-debit mandate (reference and signature date): add it on ${rf.pf.face.pages.party}`;
  }
  return null;
}

const partyColumns = (rf: PaymentRunFace): SQL =>
  rf.pf.face.side === 'receivables'
    ? sql`q.mandate_reference, q.mandate_signed_on::text, q.mandate_sequence`
    : sql`null::text as mandate_reference, null::text as mandate_signed_on, null::text as mandate_sequence`;

type ItemRow = PartyRow & {
  open_item_id: string; invoice_id: string; number: string | null; party_document_number: string | null; due_date: string; discount_date: string | null;
  remaining_minor: string; discount_offered_minor: string;
};

/** The discount an item offers when paid on `date` in full: an invoice's, by its discount date, less than what is left. */
export const discountOnDate = (remaining: bigint, offered: bigint, discountDate: string | null, date: string): bigint =>
  discountDate !== null && date <= discountDate && offered > 0n && offered < remaining ? offered : 0n;

/** The open invoices' items of the face the criteria select, oldest due first per party. */
async function selectedItems(tx: Tx, scope: KitScope, rf: PaymentRunFace, c: PaymentRunCriteria & { basis: PaymentRunBasis }, currency: string): Promise<ItemRow[]> {
  const t = faceTables[rf.pf.face.side];
  const when = c.basis === 'Discount date' ? sql`coalesce(o.discount_date, o.due_date) <= ${c.upTo}::date` : sql`o.due_date <= ${c.upTo}::date`;
  const group = c.partyGroup ? sql` and q.party_group = ${c.partyGroup}::uuid` : sql``;
  const mandate = rf.pf.face.side === 'receivables' && c.method === 'DirectDebit' ? sql` and q.mandate_reference is not null` : sql``;
  return rowsOf<ItemRow>(
    await tx.execute(sql`select o.id as open_item_id, o.invoice_id, i.number, i.party_document_number, o.due_date::text, o.discount_date::text, o.remaining_minor::text, o.discount_minor::text as discount_offered_minor,
        q.id, q.code, q.name, q.iban, q.bic, q.bank_accounts, q.contacts, ${partyColumns(rf)}
      from ${openItems} o
        join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
        join ${t.party} q on q.tenant_id = o.tenant_id and q.id = o.party_id
      where o.company_id = ${scope.companyId}::uuid and o.side = ${rf.pf.face.side} and o.status = 'Open' and o.currency = ${currency}
        and o.amount_minor > 0 and o.remaining_minor > 0 and q.status = 'Active' and not q.on_hold and ${when}${group}${mandate}
      order by q.code, q.id, o.due_date, i.number nulls last, o.line`),
  );
}

/** A party's problem, judged once per party of a run (an IBAN's checksum per line cost a run of 50,000 lines its time). */
const problemsOf = (rf: PaymentRunFace, method: PaymentMethod, currency: string) => {
  const known = new Map<string, string | null>();
  return (p: PartyRow): string | null => {
    let problem = known.get(p.id);
    if (problem === undefined) {
      problem = partyProblem(rf, method, currency, p);
      known.set(p.id, problem);
    }
    return problem;
  };
};

const lineOf = (problemOf: (p: PartyRow) => string | null, scale: number, r: ItemRow, lineNo: number, amount: bigint, discount: bigint, excluded: boolean, payment: { id: string | null; number: string | null }): PaymentRunLine => ({
  lineNo, openItem: r.open_item_id, invoice: r.invoice_id, invoiceNumber: r.number, partyDocumentNumber: r.party_document_number, party: r.id, partyCode: r.code, partyName: r.name,
  dueDate: r.due_date, discountDate: r.discount_date, remaining: formatMoney(BigInt(r.remaining_minor), scale), discountAvailable: formatMoney(BigInt(r.discount_offered_minor), scale),
  amount: formatMoney(amount, scale), discount: formatMoney(discount, scale), excluded, payment: payment.id, paymentNumber: payment.number, problem: problemOf(r),
});

const totalsOf = (lines: { amountMinor: bigint; discountMinor: bigint; excluded: boolean; partyId: string }[]) => {
  const kept = lines.filter((l) => !l.excluded);
  return { total: kept.reduce((s, l) => s + l.amountMinor, 0n), discount: kept.reduce((s, l) => s + l.discountMinor, 0n), parties: new Set(kept.map((l) => l.partyId)).size };
};

/** The proposal of criteria: each selected item paid in full, less its discount when the payment date is on or before its discount date. */
export async function proposeRun(tx: Tx, scope: KitScope, rf: PaymentRunFace, c: PaymentRunCriteria): Promise<PaymentRunProposal> {
  const bank = await runBank(tx, scope, c.bank);
  const method = c.method ?? rf.defaultMethod;
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[bank.currency] ?? 2;
  const rows = await selectedItems(tx, scope, rf, { ...c, method }, bank.currency);
  const facts = rows.map((r, i) => {
    const remaining = BigInt(r.remaining_minor);
    const discount = discountOnDate(remaining, BigInt(r.discount_offered_minor), r.discount_date, c.paymentDate);
    return { r, lineNo: i + 1, amountMinor: remaining - discount, discountMinor: discount, excluded: false, partyId: r.id };
  });
  const t = totalsOf(facts);
  const problemOf = problemsOf(rf, method, bank.currency);
  return {
    currency: bank.currency,
    lines: facts.map((f) => lineOf(problemOf, scale, f.r, f.lineNo, f.amountMinor, f.discountMinor, false, { id: null, number: null })),
    total: formatMoney(t.total, scale), discount: formatMoney(t.discount, scale), parties: t.parties,
  };
}

type DraftLine = { lineNo: number; openItemId: string; partyId: string; amountMinor: bigint; discountMinor: bigint; excluded: boolean };


/** The header and lines of a draft, checked: the bank of the company, the group of the face, each line an open item of the face in the bank's currency. */
async function storedFields(tx: Tx, actor: Actor, rf: PaymentRunFace, input: PaymentRunInput) {
  const bank = await runBank(tx, actor, input.bank);
  const { scales, baseCurrency } = await currencyFacts(tx, actor);
  const scale = scales[bank.currency];
  if (scale === undefined) throw fieldRefusal('bank', `the bank's currency ${bank.currency} is inactive`);
  if (input.partyGroup) {
    const g = faceTables[rf.pf.face.side].group;
    const [found] = await tx.select({ id: g.id }).from(g).where(and(eq(g.companyId, actor.companyId), eq(g.id, input.partyGroup)));
    if (!found) throw fieldRefusal('partyGroup', `the ${rf.pf.face.partyWord} group does not exist in this company`);
  }
  const seen = new Set<string>();
  const parsed = input.lines.map((l, i) => {
    if (seen.has(l.openItem)) throw fieldRefusal(`lines.${i}.openItem`, 'the open item is named twice: put its amounts on one line');
    seen.add(l.openItem);
    const amountMinor = money(l.amount, scale, `lines.${i}.amount`);
    const discountMinor = money(l.discount, scale, `lines.${i}.discount`);
    if (!l.excluded && amountMinor + discountMinor === 0n) throw fieldRefusal(`lines.${i}.amount`, 'a line pays something: an amount or a discount (or exclude it)');
    return { lineNo: i + 1, openItemId: l.openItem, amountMinor, discountMinor, excluded: l.excluded };
  });
  const owners = new Map<string, string>();
  if (parsed.length) {
    const rows = rowsOf<{ id: string; party_id: string }>(
      await tx.execute(sql`select o.id, o.party_id from unnest(${`{${parsed.map((r) => r.openItemId).join(',')}}`}::uuid[]) as a(id)
          join ${openItems} o on o.tenant_id = ${actor.tenantId}::uuid and o.id = a.id
        where o.company_id = ${actor.companyId}::uuid and o.side = ${rf.pf.face.side} and o.currency = ${bank.currency} and o.amount_minor > 0`),
    );
    for (const r of rows) owners.set(r.id, r.party_id);
  }
  const lines: DraftLine[] = parsed.map((l, i) => {
    const partyId = owners.get(l.openItemId);
    if (!partyId) throw fieldRefusal(`lines.${i}.openItem`, `the open item is not an invoice's of a ${rf.pf.face.partyWord} in ${bank.currency}`);
    return { ...l, partyId };
  });
  const header = {
    tenantId: actor.tenantId, companyId: actor.companyId, side: rf.pf.face.side, bankId: bank.id, currency: bank.currency, method: input.method ?? rf.defaultMethod,
    paymentDate: input.paymentDate, basis: input.basis, upTo: input.upTo, partyGroupId: input.partyGroup ?? null, description: input.description, baseCurrency,
    totalMinor: totalsOf(lines).total,
  };
  return { header, lines };
}

/** Line rows written in one statement of arrays. */
async function insertLines(tx: Tx, actor: Actor, runId: string, rows: DraftLine[]): Promise<void> {
  if (rows.length === 0) return;
  const arr = (values: (string | number | bigint | boolean)[]) => `{${values.join(',')}}`;
  await tx.execute(sql`insert into ${paymentRunLines} (tenant_id, company_id, run_id, line_no, open_item_id, party_id, amount_minor, discount_minor, excluded)
    select ${actor.tenantId}::uuid, ${actor.companyId}::uuid, ${runId}::uuid, v.line_no, v.item, v.party, v.amount, v.discount, v.excluded
    from unnest(${arr(rows.map((r) => r.lineNo))}::int[], ${arr(rows.map((r) => r.openItemId))}::uuid[], ${arr(rows.map((r) => r.partyId))}::uuid[],
      ${arr(rows.map((r) => r.amountMinor))}::bigint[], ${arr(rows.map((r) => r.discountMinor))}::bigint[], ${arr(rows.map((r) => r.excluded))}::boolean[])
      as v(line_no, item, party, amount, discount, excluded)`);
}

export async function createRun(tx: Tx, actor: Actor, rf: PaymentRunFace, input: PaymentRunInput): Promise<string> {
  const { header, lines } = await storedFields(tx, actor, rf, input);
  const [row] = await tx.insert(paymentRuns).values({ ...header, createdBy: actor.userId }).returning({ id: paymentRuns.id });
  await insertLines(tx, actor, row!.id, lines);
  return row!.id;
}

export async function editRun(tx: Tx, actor: Actor, rf: PaymentRunFace, id: string, input: PaymentRunInput): Promise<void> {
  const { header, lines } = await storedFields(tx, actor, rf, input);
  await tx.update(paymentRuns).set({ ...header, status: 'Draft', updatedAt: sql`now()` }).where(and(eq(paymentRuns.tenantId, actor.tenantId), eq(paymentRuns.id, id)));
  await tx.delete(paymentRunLines).where(and(eq(paymentRunLines.tenantId, actor.tenantId), eq(paymentRunLines.runId, id)));
  await insertLines(tx, actor, id, lines);
}

export async function deleteRun(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(paymentRuns).where(and(eq(paymentRuns.tenantId, actor.tenantId), eq(paymentRuns.id, id)));
}

type StoredLineRow = ItemRow & { line_no: number; amount_minor: string; discount_minor: string; excluded: boolean; payment_id: string | null; payment_number: string | null; payment_amount_minor: string | null; line_sequence: 'First' | 'Recurring' | null };

/** A run's lines with their items and parties, in line order. */
export async function runLines(tx: Tx, scope: KitScope, rf: PaymentRunFace, runId: string): Promise<StoredLineRow[]> {
  const t = faceTables[rf.pf.face.side];
  return rowsOf<StoredLineRow>(
    await tx.execute(sql`select l.line_no, l.amount_minor::text, l.discount_minor::text, l.excluded, l.payment_id, p.number as payment_number, p.amount_minor::text as payment_amount_minor, l.mandate_sequence as line_sequence,
        o.id as open_item_id, o.invoice_id, i.number, i.party_document_number, o.due_date::text, o.discount_date::text, o.remaining_minor::text, o.discount_minor::text as discount_offered_minor,
        q.id, q.code, q.name, q.iban, q.bic, q.bank_accounts, q.contacts, ${partyColumns(rf)}
      from ${paymentRunLines} l
        join ${openItems} o on o.tenant_id = l.tenant_id and o.id = l.open_item_id
        join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
        join ${t.party} q on q.tenant_id = l.tenant_id and q.id = l.party_id
        left join ${payments} p on p.tenant_id = l.tenant_id and p.id = l.payment_id
      where l.tenant_id = ${scope.tenantId}::uuid and l.run_id = ${runId}::uuid
      order by l.line_no`),
  );
}

export async function viewRun(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string): Promise<PaymentRunView> {
  const h = await storedRun(tx, scope, rf, id, false);
  const def = paymentRunDocuments[rf.pf.face.side];
  const bank = await runBank(tx, scope, h.bankId);
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[h.currency] ?? 2;
  const rows = await runLines(tx, scope, rf, id);
  let groupCode: string | null = null;
  if (h.partyGroupId) {
    const g = faceTables[rf.pf.face.side].group;
    const [found] = await tx.select({ code: g.code }).from(g).where(eq(g.id, h.partyGroupId));
    groupCode = found?.code ?? null;
  }
  const facts = rows.map((r) => ({ amountMinor: BigInt(r.amount_minor), discountMinor: BigInt(r.discount_minor), excluded: r.excluded, partyId: r.id }));
  const t = totalsOf(facts);
  const problemOf = problemsOf(rf, h.method, h.currency);
  return {
    id: h.id, number: h.number, side: h.side, status: stateOf(def, h.status), bank: h.bankId, bankCode: bank.code, currency: h.currency, paymentDate: h.paymentDate, method: h.method,
    basis: h.basis, upTo: h.upTo, partyGroup: h.partyGroupId, partyGroupCode: groupCode, description: h.description,
    total: formatMoney(t.total, scale), discount: formatMoney(t.discount, scale), parties: t.parties,
    lines: rows.map((r) => lineOf(problemOf, scale, r, r.line_no, BigInt(r.amount_minor), BigInt(r.discount_minor), r.excluded, { id: r.payment_id, number: r.payment_number })),
    createdAt: h.createdAt.toISOString(), postedAt: h.postedAt ? h.postedAt.toISOString() : null,
  };
}

const SORTS: Record<string, SQL> = {
  paymentDate: sql`r.payment_date asc, r.id asc`, '-paymentDate': sql`r.payment_date desc, r.id desc`,
  number: sql`r.number asc nulls last, r.id asc`, '-number': sql`r.number desc nulls last, r.id desc`,
  createdAt: sql`r.created_at asc, r.id asc`, '-createdAt': sql`r.created_at desc, r.id desc`,
};

function whereOf(scope: KitScope, rf: PaymentRunFace, f: PaymentRunListFilter): SQL {
  const c: SQL[] = [sql`r.company_id = ${scope.companyId}::uuid`, sql`r.side = ${rf.pf.face.side}`];
  if (f.status) c.push(sql`r.status = ${f.status}`);
  if (f.from) c.push(sql`r.payment_date >= ${f.from}::date`);
  if (f.to) c.push(sql`r.payment_date <= ${f.to}::date`);
  if (f.bank) c.push(sql`r.bank_id = ${f.bank}::uuid`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`(r.number ilike ${like} or r.description ilike ${like} or b.code ilike ${like})`);
  }
  return sql.join(c, sql` and `);
}

type ListRow = { id: string; number: string | null; status: string; bank_code: string; currency: string; payment_date: string; method: PaymentMethod; description: string; total_minor: string; parties: number; lines: number };

async function listRows(tx: Tx, scope: KitScope, rf: PaymentRunFace, f: PaymentRunListFilter & { limit?: number; page?: number }): Promise<ListRow[]> {
  const order = SORTS[f.sort ?? '-paymentDate'] ?? SORTS['-paymentDate']!;
  const paging = f.limit ? sql` limit ${f.limit} offset ${(Math.max(1, f.page ?? 1) - 1) * f.limit}` : sql``;
  return rowsOf<ListRow>(
    await tx.execute(sql`select r.id, r.number, r.status, b.code as bank_code, r.currency, r.payment_date::text, r.method, r.description, r.total_minor::text,
        (select count(distinct l.party_id)::int from ${paymentRunLines} l where l.tenant_id = r.tenant_id and l.run_id = r.id and not l.excluded) as parties,
        (select count(*)::int from ${paymentRunLines} l where l.tenant_id = r.tenant_id and l.run_id = r.id) as lines
      from ${paymentRuns} r join ${banks} b on b.tenant_id = r.tenant_id and b.id = r.bank_id
      where ${whereOf(scope, rf, f)} order by ${order}${paging}`),
  );
}

export async function listRuns(tx: Tx, scope: KitScope, rf: PaymentRunFace, q: PaymentRunListFilter & { limit: number; page: number }): Promise<{ items: PaymentRunListItem[]; total: number }> {
  const { scales } = await currencyFacts(tx, scope);
  const def = paymentRunDocuments[rf.pf.face.side];
  const rows = await listRows(tx, scope, rf, q);
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 from ${paymentRuns} r join ${banks} b on b.tenant_id = r.tenant_id and b.id = r.bank_id where ${whereOf(scope, rf, q)} limit ${LIST_TOTAL_MAX + 1}) c`));
  return {
    items: rows.map((r) => ({
      id: r.id, number: r.number, status: stateOf(def, r.status), bankCode: r.bank_code, currency: r.currency, paymentDate: r.payment_date, method: r.method, description: r.description,
      total: formatMoney(BigInt(r.total_minor), scales[r.currency] ?? 2), parties: r.parties, lines: r.lines,
    })),
    total: count?.n ?? 0,
  };
}

export async function exportRuns(tx: Tx, scope: KitScope, rf: PaymentRunFace, f: PaymentRunListFilter): Promise<Table> {
  const { scales } = await currencyFacts(tx, scope);
  const rows = await listRows(tx, scope, rf, { ...f, limit: 100_000, page: 1 });
  return {
    headers: ['Number', 'Status', 'Bank', 'Payment Date', 'Method', 'Currency', 'Total', 'Parties', 'Lines', 'Description'],
    rows: rows.map((r) => [r.number ?? '', r.status, r.bank_code, r.payment_date, r.method, r.currency, formatMoney(BigInt(r.total_minor), scales[r.currency] ?? 2), String(r.parties), String(r.lines), r.description]),
  };
}

/** A line the payments engine refused, named once the whole batch has stopped. */
class LineRefused extends Error {
  constructor(readonly partyCode: string, readonly line: { line_no: number; open_item_id: string } | undefined, message: string) {
    super(message);
  }
}

/**
 * Posts a draft run: the run's number, then per party (in code order) one payment of the face whose
 * allocations are the party's lines not excluded, created and posted by the payments engine in this
 * transaction; a refusal of any party (its IBAN, its hold, an item settled meanwhile, a discount
 * too late) refuses the whole run, naming the party, and nothing is written.
 */
export async function postRun(tx: Tx, actor: Actor, rf: PaymentRunFace, id: string): Promise<void> {
  const h = await storedRun(tx, actor, rf, id, true);
  // The lines to pay with their parties only: the payments engine reads the items itself (a run of 50,000 lines read them twice).
  const t = faceTables[rf.pf.face.side];
  const rows = rowsOf<PartyRow & { line_no: number; open_item_id: string; amount_minor: string; discount_minor: string }>(
    await tx.execute(sql`select l.line_no, l.open_item_id, l.amount_minor::text, l.discount_minor::text, q.id, q.code, q.name, q.iban, q.bic, q.bank_accounts, q.contacts, ${partyColumns(rf)}
      from ${paymentRunLines} l join ${t.party} q on q.tenant_id = l.tenant_id and q.id = l.party_id
      where l.tenant_id = ${actor.tenantId}::uuid and l.run_id = ${id}::uuid and not l.excluded
      order by l.line_no`),
  );
  if (rows.length === 0) throw fieldRefusal('lines', `the ${paymentRunLabel(rf).toLowerCase()} pays nothing: propose its lines, or include one`);
  const byParty = new Map<string, typeof rows>();
  for (const r of rows) {
    const lines = byParty.get(r.id);
    if (lines) lines.push(r);
    else byParty.set(r.id, [r]);
  }
  for (const [, lines] of byParty) {
    const problem = partyProblem(rf, h.method, h.currency, lines[0]!);
    if (problem) throw unprocessable(problem);
  }
  const { scales } = await currencyFacts(tx, actor);
  const scale = scales[h.currency] ?? 2;
  const sequence = await moduleSequence(tx, actor, rf.pf.face.module, rf.label);
  const number = await nextNumber(tx, actor, sequence, h.paymentDate);
  const parties = [...byParty.entries()];
  const inputs = parties.map(([partyId, lines]): PaymentInput => {
    const amount = lines.reduce((s, l) => s + BigInt(l.amount_minor), 0n);
    return {
      kind: 'Payment', bank: h.bankId, party: partyId, documentDate: h.paymentDate, amount: formatMoney(amount, scale), method: h.method, reference: number,
      description: `${paymentRunLabel(rf)} ${number}: ${h.description}`.slice(0, 500),
      allocations: lines.map((l) => ({ openItem: l.open_item_id, amount: formatMoney(BigInt(l.amount_minor), scale), discount: formatMoney(BigInt(l.discount_minor), scale) })),
    };
  });
  // The payments engine names the line by its place in the party's payment: say which party and item (the invoice's number read for the refused line only).
  const refuse: RefusalOf = (index, e) => {
    const lines = parties[index]![1];
    const message = e instanceof Error ? e.message : String(e);
    const at = /^allocations\.(\d+)\./.exec(message);
    if (e instanceof AppError && e.statusCode === 422) return new LineRefused(lines[0]!.code, at ? lines[Number(at[1])] : undefined, message.replace(/^allocations\.\d+\.\w+: /, ''));
    return e;
  };
  // Every payment of the run made and posted by the payments engine as one batch (a few statements for all, not a score per payment).
  let madePayments: Awaited<ReturnType<typeof insertPaymentHeaders>>;
  try {
    madePayments = await insertPaymentHeaders(tx, actor, rf.pf, inputs, false, refuse);
    await postPayments(tx, actor, rf.pf, madePayments.map((p) => ({ id: p.id, inMemory: { allocations: p.allocations, returns: p.returns } })), refuse);
  } catch (e) {
    if (!(e instanceof LineRefused)) throw e;
    const invoice = e.line
      ? await tx.execute(sql`select i.number from ${openItems} o join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id where o.tenant_id = ${actor.tenantId}::uuid and o.id = ${e.line.open_item_id}::uuid`)
        .then((r) => rowsOf<{ number: string | null }>(r)[0]?.number ?? null, () => null)
      : null;
    throw unprocessable(`${rf.pf.face.partyLabel} ${e.partyCode}${e.line ? `, ${invoice ?? 'invoice'} (line ${e.line.line_no})` : ''}: ${e.message}`);
  }
  const made = parties.map(([partyId], i) => ({ partyId, paymentId: madePayments[i]!.id }));
  // Each line notes its party's payment: one statement for the run (not one scan of its lines per party).
  await tx.execute(sql`update ${paymentRunLines} l set payment_id = m.payment
    from unnest(${`{${made.map((m) => m.partyId).join(',')}}`}::uuid[], ${`{${made.map((m) => m.paymentId).join(',')}}`}::uuid[]) as m(party, payment)
    where l.tenant_id = ${actor.tenantId}::uuid and l.run_id = ${id}::uuid and l.party_id = m.party and not l.excluded`);
  if (rf.pf.face.side === 'receivables' && h.method === 'DirectDebit') {
    // Each collection's sequence is its mandate's as the run posts (first, else recurring); a first collection makes the mandate recurring.
    const customers = faceTables.receivables.party;
    await tx.execute(sql`update ${paymentRunLines} l set mandate_sequence = coalesce(c.mandate_sequence, 'First') from ${customers} c
      where l.tenant_id = ${actor.tenantId}::uuid and l.run_id = ${id}::uuid and not l.excluded and c.tenant_id = l.tenant_id and c.id = l.party_id`);
    await tx.execute(sql`update ${customers} c set mandate_sequence = 'Recurring', updated_at = now()
      where c.tenant_id = ${actor.tenantId}::uuid and coalesce(c.mandate_sequence, 'First') = 'First'
        and c.id in (select party_id from ${paymentRunLines} where tenant_id = ${actor.tenantId}::uuid and run_id = ${id}::uuid and not excluded)`);
  }
  await tx.update(paymentRuns).set({ status: 'Posted', number, postedAt: sql`now()`, postedBy: actor.userId, updatedAt: sql`now()` })
    .where(and(eq(paymentRuns.tenantId, actor.tenantId), eq(paymentRuns.id, id)));
}

/**
 * Reverses a posted run: every payment it made (and not reversed since) reversed by the payments engine
 * on `date` as one batch (`reversePayments`: a bounded number of statements for the run, their entries
 * through the port's `reverseEntries`, their items reopened), each payment's reversal audited with the run's.
 */
export async function reverseRun(tx: Tx, actor: Actor, rf: PaymentRunFace, id: string, date: string): Promise<void> {
  const h = await storedRun(tx, actor, rf, id, true);
  if (h.status !== 'Posted') throw unprocessable(`${paymentRunLabel(rf)} ${h.number ?? ''} is ${h.status.toLowerCase()}: only a posted run is reversed`);
  const made = rowsOf<{ id: string; number: string | null }>(
    await tx.execute(sql`select distinct p.id, p.number from ${paymentRunLines} l join ${payments} p on p.tenant_id = l.tenant_id and p.id = l.payment_id
      where l.tenant_id = ${actor.tenantId}::uuid and l.run_id = ${id}::uuid and p.status = 'Posted' order by p.id`),
  );
  await reversePayments(tx, actor, rf.pf, made.map((p) => p.id), date);
  await recordAudit(tx, actor.tenantId, actor.userId, made.map((p) => ({
    entity: paymentDocuments[rf.pf.face.side].name, recordId: p.id, action: 'edit' as const, before: { status: 'Posted' }, after: { status: 'Reversed', date, run: h.number },
  })));
  await tx.update(paymentRuns).set({ status: 'Reversed', updatedAt: sql`now()` }).where(and(eq(paymentRuns.tenantId, actor.tenantId), eq(paymentRuns.id, id)));
}

/** The approval thresholds' amount: the run's total in the base currency (at the company's rate of the payment date; none: zero). */
export async function runAmount(tx: Tx, scope: KitScope, rf: PaymentRunFace, id: string): Promise<bigint> {
  const h = await storedRun(tx, scope, rf, id, false);
  if (h.currency === h.baseCurrency) return h.totalMinor;
  const { scales } = await currencyFacts(tx, scope);
  const rate = (await ratesOn(tx, h.baseCurrency, [h.currency], h.paymentDate)).get(h.currency);
  return rate === undefined ? 0n : convert(h.totalMinor, scales[h.currency] ?? 2, rate, scales[h.baseCurrency] ?? 2);
}

/** The lines of a run ordered for reading (the remittance advice, the bank file). */
export async function runLinesInOrder(tx: Tx, scope: KitScope, rf: PaymentRunFace, h: RunRow) {
  const rows = await runLines(tx, scope, rf, h.id);
  return rows.filter((r) => !r.excluded);
}
