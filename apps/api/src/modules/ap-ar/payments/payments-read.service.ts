import { sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  formatRate,
  LIST_TOTAL_MAX,
  PAYMENT_KIND,
  REFUND_KIND,
  parseMoney,
  parseRate,
  paymentDocuments,
  stateOf,
  type OpenItemsPage,
  type OpenItemsQuery,
  type PaymentFace,
  type PaymentKind,
  type PaymentListFilter,
  type PaymentListItem,
  type PaymentMethod,
  type PaymentView,
  type Proposal,
  type ProposalQuery,
  type RefundProposal,
  type RefundProposalQuery,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import type { Table } from '../../../platform/kit/tabular-files';
import { banks } from '../../cash-management/index';
import { journals } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { currencyFacts } from '../invoices/invoice-facts';
import { invoices, openItems } from '../invoices/invoices.tables';
import { proposeAllocations, type ProposalItem } from './payment-posting';
import { paymentAllocations, payments } from './payments.tables';
import { storedPayment, type AllocationLine } from './payments.service';

/* Reading payments: the list (filters, sorts, pages), the export, one payment with its allocations, the proposal and a party's open items. */

const SORTS: Record<string, SQL> = {
  documentDate: sql`p.document_date asc, p.id asc`, '-documentDate': sql`p.document_date desc, p.id desc`,
  number: sql`p.number asc nulls last, p.id asc`, '-number': sql`p.number desc nulls last, p.id desc`,
  createdAt: sql`p.created_at asc, p.id asc`, '-createdAt': sql`p.created_at desc, p.id desc`,
};

function whereOf(scope: KitScope, pf: PaymentFace, f: PaymentListFilter): SQL {
  const c: SQL[] = [sql`p.company_id = ${scope.companyId}::uuid`, sql`p.side = ${pf.face.side}`];
  if (f.kind) c.push(sql`p.kind = ${f.kind}`);
  if (f.status) c.push(sql`p.status = ${f.status}`);
  if (f.from) c.push(sql`p.document_date >= ${f.from}::date`);
  if (f.to) c.push(sql`p.document_date <= ${f.to}::date`);
  if (f.party) c.push(sql`p.party_id = ${f.party}::uuid`);
  if (f.bank) c.push(sql`p.bank_id = ${f.bank}::uuid`);
  if (f.unallocated === 'true') c.push(sql`p.status = 'Posted' and p.unallocated_minor <> 0`);
  if (f.unallocated === 'false') c.push(sql`not (p.status = 'Posted' and p.unallocated_minor <> 0)`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`(p.number ilike ${like} or p.description ilike ${like} or p.reference ilike ${like} or q.code ilike ${like} or q.name ilike ${like})`);
  }
  return sql.join(c, sql` and `);
}

type ListRow = {
  id: string; number: string | null; kind: PaymentKind; status: string; bank_id: string; bank_code: string; party_id: string; party_code: string; party_name: string;
  document_date: string; posting_date: string; currency: string; method: PaymentMethod; amount_minor: string; unallocated_minor: string; reference: string | null; description: string;
};

function fromOf(pf: PaymentFace): SQL {
  const party = faceTables[pf.face.side].party;
  return sql`from ${payments} p join ${party} q on q.tenant_id = p.tenant_id and q.id = p.party_id join ${banks} b on b.tenant_id = p.tenant_id and b.id = p.bank_id`;
}

async function listRows(tx: Tx, scope: KitScope, pf: PaymentFace, f: PaymentListFilter & { limit?: number; page?: number }): Promise<ListRow[]> {
  const order = SORTS[f.sort ?? '-documentDate'] ?? SORTS['-documentDate']!;
  const paging = f.limit ? sql` limit ${f.limit} offset ${(Math.max(1, f.page ?? 1) - 1) * f.limit}` : sql``;
  return rowsOf<ListRow>(
    await tx.execute(sql`select p.id, p.number, p.kind, p.status, p.bank_id, b.code as bank_code, p.party_id, q.code as party_code, q.name as party_name, p.document_date::text, p.posting_date::text,
        p.currency, p.method, p.amount_minor::text, p.unallocated_minor::text, p.reference, p.description
      ${fromOf(pf)} where ${whereOf(scope, pf, f)} order by ${order}${paging}`),
  );
}

export async function listPayments(tx: Tx, scope: KitScope, pf: PaymentFace, q: PaymentListFilter & { limit: number; page: number }): Promise<{ items: PaymentListItem[]; total: number }> {
  const { scales } = await currencyFacts(tx, scope);
  const def = paymentDocuments[pf.face.side];
  const rows = await listRows(tx, scope, pf, q);
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 ${fromOf(pf)} where ${whereOf(scope, pf, q)} limit ${LIST_TOTAL_MAX + 1}) c`));
  const m = (v: string, c: string) => formatMoney(BigInt(v), scales[c] ?? 2);
  return {
    items: rows.map((r) => ({
      id: r.id, number: r.number, kind: r.kind, status: stateOf(def, r.status), bank: r.bank_id, bankCode: r.bank_code, party: r.party_id, partyCode: r.party_code, partyName: r.party_name,
      documentDate: r.document_date, postingDate: r.posting_date, currency: r.currency, method: r.method, amount: m(r.amount_minor, r.currency), unallocated: m(r.unallocated_minor, r.currency),
      reference: r.reference, description: r.description,
    })),
    total: count?.n ?? 0,
  };
}

export const EXPORT_ROWS_MAX = 100_000;

export async function exportPayments(tx: Tx, scope: KitScope, pf: PaymentFace, f: PaymentListFilter): Promise<Table> {
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 ${fromOf(pf)} where ${whereOf(scope, pf, f)} limit ${EXPORT_ROWS_MAX + 1}) c`));
  if ((count?.n ?? 0) > EXPORT_ROWS_MAX) throw unprocessable(`The export would hold more than ${EXPORT_ROWS_MAX} ${pf.noun}s: narrow the filter`);
  const { scales } = await currencyFacts(tx, scope);
  const rows = await listRows(tx, scope, pf, f);
  const m = (v: string, c: string) => formatMoney(BigInt(v), scales[c] ?? 2);
  return {
    headers: ['Number', 'Kind', 'Status', 'Bank', pf.face.partyLabel, 'Name', 'Payment Date', 'Posting Date', 'Currency', 'Method', 'Amount', 'Unallocated', 'Reference', 'Description'],
    rows: rows.map((r) => [r.number ?? '', r.kind, r.status, r.bank_code, r.party_code, r.party_name, r.document_date, r.posting_date, r.currency, r.method, m(r.amount_minor, r.currency), m(r.unallocated_minor, r.currency), r.reference ?? '', r.description]),
  };
}

/**
 * One payment with its allocations. `written`: the lines a direct post just wrote, from memory (all in
 * its own entry), not read back (a receipt across 10,000 invoices).
 */
export async function viewPayment(tx: Tx, scope: KitScope, pf: PaymentFace, id: string, written?: AllocationLine[]): Promise<PaymentView> {
  const h = await storedPayment(tx, scope, pf, id, false);
  const def = paymentDocuments[pf.face.side];
  const { scales } = await currencyFacts(tx, scope);
  const m = (v: bigint | string) => formatMoney(BigInt(v), scales[h.currency] ?? 2);
  const party = faceTables[pf.face.side].party;
  const [head] = rowsOf<{ party_code: string; party_name: string; bank_code: string; journal_number: string | null }>(
    await tx.execute(sql`select q.code as party_code, q.name as party_name, b.code as bank_code, (select j.number from ${journals} j where j.tenant_id = ${scope.tenantId}::uuid and j.id = ${h.journalId}::uuid) as journal_number
      from ${party} q, ${banks} b where q.tenant_id = ${scope.tenantId}::uuid and q.id = ${h.partyId}::uuid and b.tenant_id = ${scope.tenantId}::uuid and b.id = ${h.bankId}::uuid`),
  );
  // The entries' numbers once (a payment's allocations share a few entries), not a join per line; lines just written are all in the payment's entry.
  const numbers = written ? new Map([[h.journalId, head?.journal_number ?? null]]) : new Map(rowsOf<{ id: string; number: string | null }>(
    await tx.execute(sql`select j.id, j.number from ${journals} j where j.tenant_id = ${scope.tenantId}::uuid and j.id in (
        select journal_id from ${paymentAllocations} where tenant_id = ${scope.tenantId}::uuid and payment_id = ${h.id}::uuid
        union select undone_journal_id from ${paymentAllocations} where tenant_id = ${scope.tenantId}::uuid and payment_id = ${h.id}::uuid)`),
  ).map((j) => [j.id, j.number]));
  const rows = (written ?? rowsOf<AllocationLine>(
    await tx.execute(sql`select a.line_no, a.open_item_id, o.invoice_id, a.source_payment_id, coalesce(i.number, s.number) as number, i.kind, coalesce(o.due_date, s.document_date)::text as due_date,
        a.amount_minor::text, a.discount_minor::text, a.write_off_minor::text, a.status, a.journal_id, a.undone_journal_id
      from ${paymentAllocations} a left join ${openItems} o on o.tenant_id = a.tenant_id and o.id = a.open_item_id left join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
        left join ${payments} s on s.tenant_id = a.tenant_id and s.id = a.source_payment_id
      where a.tenant_id = ${scope.tenantId}::uuid and a.payment_id = ${h.id}::uuid order by a.line_no`),
  )).map((r) => ({ ...r, journal_number: r.journal_id ? (numbers.get(r.journal_id) ?? null) : null, undone_number: r.undone_journal_id ? (numbers.get(r.undone_journal_id) ?? null) : null }));
  // What the lines use (a refund's: what its credits return, a magnitude).
  const refund = h.kind === REFUND_KIND;
  const cash = rows.filter((r) => r.status === 'Active' || r.status === 'Draft').reduce((s, r) => s + (r.kind === 'Invoice' ? 1n : -1n) * BigInt(r.amount_minor), 0n);
  const allocated = refund ? -cash : cash;
  return {
    id: h.id, number: h.number, side: pf.face.side, kind: h.kind, status: stateOf(def, h.status), bank: h.bankId, bankCode: head?.bank_code ?? '', party: h.partyId,
    partyCode: head?.party_code ?? '', partyName: head?.party_name ?? '', documentDate: h.documentDate, postingDate: h.postingDate, currency: h.currency,
    rate: h.rate ? formatRate(parseRate(h.rate)) : null, method: h.method, bankNumber: h.bankNumber, amount: m(h.amountMinor), allocated: m(allocated),
    unallocated: m(h.status === 'Draft' ? h.amountMinor - allocated : h.unallocatedMinor), reference: h.reference, description: h.description,
    allocations: rows.map((r) => ({
      lineNo: r.line_no, openItem: r.open_item_id, invoice: r.invoice_id, payment: r.source_payment_id, invoiceNumber: r.number,
      itemKind: r.source_payment_id ? 'OnAccount' as const : r.kind === 'Invoice' ? 'Invoice' as const : 'CreditNote' as const, dueDate: r.due_date,
      amount: m(r.amount_minor), discount: m(r.discount_minor), writeOff: m(r.write_off_minor), status: r.status, journalNumber: r.journal_number, undoneJournalNumber: r.undone_number,
    })),
    journal: h.journalId, journalNumber: head?.journal_number ?? null, createdAt: h.createdAt.toISOString(), postedAt: h.postedAt ? h.postedAt.toISOString() : null,
  };
}

type OpenRow = {
  id: string; invoice_id: string; number: string | null; kind: string; currency: string; document_date: string; due_date: string; discount_date: string | null; line: number;
  amount_minor: string; discount_minor: string; remaining_minor: string; party_document_number: string | null; reference: string | null;
};

const openWhere = (scope: KitScope, pf: PaymentFace, party: string, currency?: string) =>
  sql`o.tenant_id = ${scope.tenantId}::uuid and o.company_id = ${scope.companyId}::uuid and o.side = ${pf.face.side} and o.party_id = ${party}::uuid and o.status = 'Open' and o.remaining_minor <> 0
    ${currency ? sql`and o.currency = ${currency}` : sql``}`;

/** The proposal of an amount across the party's open items in the currency posted by the payment's date (one read of the items; the spread is pure). */
export async function proposal(tx: Tx, scope: KitScope, pf: PaymentFace, q: ProposalQuery): Promise<Proposal> {
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[q.currency];
  if (scale === undefined) throw unprocessable(`currency: ${q.currency} is unknown or inactive`);
  let amount: bigint;
  try {
    amount = parseMoney(q.amount, scale);
  } catch {
    throw unprocessable(`amount: ${q.amount} has more decimals than ${q.currency} has (${scale})`);
  }
  const rows = rowsOf<OpenRow>(
    await tx.execute(sql`select o.id, o.invoice_id, i.number, i.kind, o.currency, i.document_date::text, o.due_date::text, o.discount_date::text, o.line, o.amount_minor::text, o.discount_minor::text,
        o.remaining_minor::text, i.party_document_number, i.reference
      from ${openItems} o join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where ${openWhere(scope, pf, q.party, q.currency)} and i.posting_date <= ${q.date}::date`),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: ProposalItem[] = rows.map((r) => {
    const sign: 1n | -1n = BigInt(r.amount_minor) < 0n ? -1n : 1n;
    return {
      id: r.id, sign, remainingMinor: sign * BigInt(r.remaining_minor), discountMinor: BigInt(r.discount_minor), discountDate: r.discount_date, dueDate: r.due_date,
      documentDate: r.document_date, line: r.line, references: [r.number, r.party_document_number, r.reference],
    };
  });
  const itemOf = new Map(items.map((i) => [i.id, i]));
  const proposed = proposeAllocations(items, amount, q.date, q.reference);
  const m = (v: bigint) => formatMoney(v, scale);
  const cash = proposed.reduce((s, p) => s + itemOf.get(p.id)!.sign * p.amountMinor, 0n);
  return {
    currency: q.currency, amount: m(amount), openItems: rows.length, unallocated: m(amount - cash),
    lines: proposed.map((p) => {
      const r = byId.get(p.id)!;
      const i = itemOf.get(p.id)!;
      return {
        openItem: p.id, invoice: r.invoice_id, invoiceNumber: r.number, itemKind: r.kind === 'Invoice' ? 'Invoice' as const : 'CreditNote' as const, dueDate: r.due_date,
        remaining: m(i.remainingMinor), discountAvailable: m(i.sign === 1n && r.discount_date && q.date <= r.discount_date ? i.discountMinor : 0n), amount: m(p.amountMinor), discount: m(p.discountMinor), matched: p.matched,
      };
    }),
  };
}

/**
 * The credits a refund can return to a party in a currency: its open credit notes' items and its posted
 * payments' amounts on account, oldest first (by date, then number), the amount (all when empty) spread
 * across them; more than the credit available is refused on `amount`.
 */
export async function refundProposal(tx: Tx, scope: KitScope, pf: PaymentFace, q: RefundProposalQuery): Promise<RefundProposal> {
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[q.currency];
  if (scale === undefined) throw unprocessable(`currency: ${q.currency} is unknown or inactive`);
  const rows = rowsOf<{ kind: 'CreditNote' | 'OnAccount'; open_item: string | null; payment: string | null; number: string | null; date: string; remaining: string }>(
    await tx.execute(sql`select * from (
        select 'CreditNote' as kind, o.id as open_item, null::uuid as payment, i.number, i.document_date::text as date, (-o.remaining_minor)::text as remaining, o.id as tie
        from ${openItems} o join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
        where ${openWhere(scope, pf, q.party, q.currency)} and o.amount_minor < 0
        union all
        select 'OnAccount', null, p.id, p.number, p.document_date::text, p.unallocated_minor::text, p.id
        from ${payments} p where p.tenant_id = ${scope.tenantId}::uuid and p.company_id = ${scope.companyId}::uuid and p.side = ${pf.face.side} and p.party_id = ${q.party}::uuid
          and p.currency = ${q.currency} and p.kind = ${PAYMENT_KIND} and p.status = 'Posted' and p.unallocated_minor > 0
      ) c order by date, number nulls last, tie limit ${LIST_TOTAL_MAX}`),
  );
  const available = rows.reduce((sum, r) => sum + BigInt(r.remaining), 0n);
  const m = (v: bigint) => formatMoney(v, scale);
  let amount = available;
  if (q.amount !== undefined && q.amount !== '') {
    try {
      amount = parseMoney(q.amount, scale);
    } catch {
      throw unprocessable(`amount: ${q.amount} has more decimals than ${q.currency} has (${scale})`);
    }
  }
  if (amount > available) throw unprocessable(`amount: the ${pf.face.partyWord} has ${m(available)} ${q.currency} of credit to refund, not ${m(amount)}`);
  let left = amount;
  const lines: RefundProposal['lines'] = [];
  for (const r of rows) {
    if (left === 0n) break;
    const remaining = BigInt(r.remaining);
    const take = remaining < left ? remaining : left;
    lines.push({ itemKind: r.kind, openItem: r.open_item, payment: r.payment, number: r.number, date: r.date, remaining: m(remaining), amount: m(take) });
    left -= take;
  }
  return { currency: q.currency, available: m(available), amount: m(amount), lines };
}

/** A party's open items, a page at a time, oldest due first. */
export async function partyOpenItems(tx: Tx, scope: KitScope, pf: PaymentFace, q: OpenItemsQuery): Promise<OpenItemsPage> {
  const { scales } = await currencyFacts(tx, scope);
  const rows = rowsOf<OpenRow>(
    await tx.execute(sql`select o.id, o.invoice_id, i.number, i.kind, o.currency, i.document_date::text, o.due_date::text, o.discount_date::text, o.line, o.amount_minor::text, o.discount_minor::text,
        o.remaining_minor::text, i.party_document_number, i.reference
      from ${openItems} o join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where ${openWhere(scope, pf, q.party, q.currency)} order by o.due_date, o.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
  );
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 from ${openItems} o where ${openWhere(scope, pf, q.party, q.currency)} limit ${LIST_TOTAL_MAX + 1}) c`));
  return {
    total: count?.n ?? 0,
    items: rows.map((r) => {
      const scale = scales[r.currency] ?? 2;
      const sign = BigInt(r.amount_minor) < 0n ? -1n : 1n;
      return {
        openItem: r.id, invoice: r.invoice_id, invoiceNumber: r.number, itemKind: r.kind === 'Invoice' ? 'Invoice' as const : 'CreditNote' as const, currency: r.currency, documentDate: r.document_date,
        dueDate: r.due_date, discountDate: r.discount_date, amount: formatMoney(sign * BigInt(r.amount_minor), scale), discount: formatMoney(BigInt(r.discount_minor), scale), remaining: formatMoney(sign * BigInt(r.remaining_minor), scale),
      };
    }),
  };
}

/** What an approval task of a payment is about (SPEC.md links the payment approvals to /journal): the payment, its party, bank, allocations and entry. */
export async function describePayment(tx: Tx, scope: KitScope, pf: PaymentFace, id: string, reversal: boolean): Promise<string> {
  const v = await viewPayment(tx, scope, pf, id);
  const active = v.allocations.filter((a) => a.status === 'Active' || a.status === 'Draft');
  const docs = active.slice(0, 5).map((a) => a.invoiceNumber ?? '?').join(', ') + (active.length > 5 ? ` and ${active.length - 5} more` : '');
  const entry = v.journalNumber ? `; entry ${v.journalNumber}` : `; will post bank ${v.bankCode} against the ${pf.face.partyWord}'s control account`;
  if (v.kind === REFUND_KIND) {
    const what = `${reversal ? 'Reversal of the ' : ''}${pf.refundNoun} ${v.number ?? '(draft)'}`;
    return `${what.charAt(0).toUpperCase()}${what.slice(1)}: ${v.partyCode} ${v.partyName}, ${v.amount} ${v.currency} through bank ${v.bankCode} on ${v.documentDate}; returning ${docs || 'nothing'}${entry}`;
  }
  const what = reversal ? `Reversal of ${pf.face.partyWord} ${pf.noun} ${v.number ?? '(draft)'}` : `${pf.face.partyLabel} ${pf.noun} ${v.number ?? '(draft)'}`;
  return `${what}: ${v.partyCode} ${v.partyName}, ${v.amount} ${v.currency} from bank ${v.bankCode} on ${v.documentDate}; ${active.length ? `allocated to ${docs}` : 'nothing allocated'}, ${v.unallocated} on account${entry}`;
}
