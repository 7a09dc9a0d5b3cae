import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  formatRate,
  type DueLine,
  parseRate,
  stateOf,
  type CreditNoteListFilter,
  type CreditNoteListItem,
  type CreditNoteView,
  type Face,
  type InvoiceDocumentKind,
  type InvoiceListFilter,
  type InvoiceListItem,
  type InvoiceSums,
  type InvoiceView,
  invoiceDocuments,
  LIST_TOTAL_MAX,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import type { Table } from '../../../platform/kit/tabular-files';
import { taxes } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { currencyFacts, partyFacts } from './invoice-facts';
import { accountCodes, instalmentsOf, journalNumber, storedRow, type InvoiceRow } from './invoices.service';
import { invoiceCredits, invoiceLines, invoiceListCounts, invoices, openItems } from './invoices.tables';

/** The list, the sums and the export read the same filter. */
type Filter = Omit<InvoiceListFilter, 'kind'> & { kind?: InvoiceDocumentKind; invoice?: string };
const INVOICE_KINDS = ['Invoice'] as const;
const CREDIT_KINDS = ['CreditNote', 'Reversal'] as const;

const SORTS: Record<string, SQL> = {
  documentDate: sql`i.document_day asc, i.id asc`, '-documentDate': sql`i.document_day desc, i.id desc`,
  postingDate: sql`i.posting_day asc, i.id asc`, '-postingDate': sql`i.posting_day desc, i.id desc`,
  number: sql`i.number asc nulls last, i.id asc`, '-number': sql`i.number desc nulls last, i.id desc`,
  dueDate: sql`due_date asc nulls last, i.id asc`, '-dueDate': sql`due_date desc nulls last, i.id desc`,
  createdAt: sql`i.created_at asc, i.id asc`, '-createdAt': sql`i.created_at desc, i.id desc`,
};

const today = () => new Date().toISOString().slice(0, 10);

/** The conditions of a list filter on `invoices i` (and its party `p`). */
function whereOf(scope: KitScope, face: Face, kinds: readonly InvoiceDocumentKind[], f: Filter, branch?: SQL): SQL {
  const c: SQL[] = [sql`i.company_id = ${scope.companyId}::uuid`, sql`i.side = ${face.side}`, sql`i.kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})`];
  if (f.kind) c.push(sql`i.kind = ${f.kind}`);
  if (f.status) c.push(sql`i.status = ${f.status}`);
  if (f.from) c.push(sql`i.document_date >= ${f.from}::date`);
  if (f.to) c.push(sql`i.document_date <= ${f.to}::date`);
  if (f.party) c.push(sql`i.party_id = ${f.party}::uuid`);
  if (f.currency) c.push(sql`i.currency = ${f.currency}`);
  if (f.invoice) c.push(sql`i.invoice_id = ${f.invoice}::uuid`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`(i.number ilike ${like} or i.description ilike ${like} or i.reference ilike ${like} or i.party_document_number ilike ${like} or p.code ilike ${like} or p.name ilike ${like})`);
  }
  if (f.dueFrom) c.push(sql`exists (select 1 from ${openItems} o where o.tenant_id = i.tenant_id and o.invoice_id = i.id and o.due_date >= ${f.dueFrom}::date)`);
  if (f.dueTo) c.push(sql`exists (select 1 from ${openItems} o where o.tenant_id = i.tenant_id and o.invoice_id = i.id and o.due_date <= ${f.dueTo}::date)`);
  // Overdue on D: an open item with something to pay is due before D, i.e. the earliest such due date
  // (open_due_date, kept by the database) is before D: a range of invoices_open_list_idx, or with a party of invoices_party_open_list_idx.
  if (f.overdue === 'true') c.push(sql`i.open_due_date < ${f.overdueOn ?? today()}::date`);
  if (f.overdue === 'false') c.push(sql`(i.open_due_date is null or i.open_due_date >= ${f.overdueOn ?? today()}::date)`);
  if (branch) c.push(branch);
  return sql.join(c, sql` and `);
}

/**
 * The parts a filter's rows are read in, each an index range in the list's order (their union is
 * the filter): overdue on D splits into the documents dated before D (invoices_open_list_idx from D
 * backwards: an item due before D is mostly on a document dated before D) and the few with an open
 * item due before their own date (invoices_due_before_idx). Without the split a page would walk
 * every open invoice dated after D before its first row. The plans need no statistics.
 */
function branchesOf(f: Filter): (SQL | undefined)[] {
  if (f.overdue !== 'true') return [undefined];
  const on = f.overdueOn ?? today();
  return [sql`i.document_date < ${on}::date`, sql`i.document_date >= ${on}::date and i.open_due_date < i.document_date`];
}

type ListRow = {
  id: string; number: string | null; kind: string; status: string; party_id: string; party_code: string; party_name: string; document_date: string; posting_date: string;
  due_date: string | null; currency: string; party_document_number: string | null; reference: string | null; description: string; total_net_minor: string; total_tax_minor: string;
  total_gross_minor: string; remaining: string | null; invoice_id: string | null;
};

function listSql(scope: KitScope, face: Face, kinds: readonly InvoiceDocumentKind[], f: Filter, branch?: SQL): SQL {
  const party = faceTables[face.side].party;
  return sql`
    select i.id, i.number, i.kind, i.status, i.party_id, coalesce(p.code, '') as party_code, coalesce(p.name, '') as party_name, i.document_date::text, i.posting_date::text, i.document_date as document_day, i.posting_date as posting_day,
      i.due_date::text as due_date,
      i.currency, i.party_document_number, i.reference, i.description, i.total_net_minor::text, i.total_tax_minor::text, i.total_gross_minor::text,
      (i.remaining_minor * (case when i.kind = 'Invoice' then 1 else -1 end))::text as remaining, i.invoice_id, i.created_at
    from ${invoices} i left join ${party} p on p.tenant_id = i.tenant_id and p.id = i.party_id
    where ${whereOf(scope, face, kinds, f, branch)}`;
}

/**
 * The documents of a filter for counting and summing: the invoices alone, their party joined only
 * when the search reads its code and name (a left join, as the page's: every document of the filter
 * is counted and listed, even one whose party was deleted).
 */
function filteredFrom(face: Face, f: Filter): SQL {
  return f.search ? sql`${invoices} i left join ${faceTables[face.side].party} p on p.tenant_id = i.tenant_id and p.id = i.party_id` : sql`${invoices} i`;
}

/** The rows of a filter in the list's order: all of them, or `limit` from the page's start (its pages `pageSize` rows each; the limit by default). */
async function listRows(tx: Tx, scope: KitScope, face: Face, kinds: readonly InvoiceDocumentKind[], f: Filter & { limit?: number; page?: number }, pageSize = f.limit ?? 0) {
  const order = SORTS[f.sort ?? '-documentDate'] ?? SORTS['-documentDate']!;
  const offset = (Math.max(1, f.page ?? 1) - 1) * pageSize;
  const paging = f.limit ? sql` limit ${f.limit} offset ${offset}` : sql``;
  const branches = branchesOf(f);
  if (branches.length === 1) return rowsOf<ListRow>(await tx.execute(sql`select * from (${listSql(scope, face, kinds, f)}) i order by ${order}${paging}`));
  // Each part in the list's order up to the page's end, then the page of their union.
  const window = f.limit ? sql` limit ${offset + f.limit}` : sql``;
  const parts = branches.map((b) => sql`(select * from (${listSql(scope, face, kinds, f, b)}) i order by ${order}${window})`);
  return rowsOf<ListRow>(await tx.execute(sql`select * from (${sql.join(parts, sql` union all `)}) i order by ${order}${paging}`));
}

/** The filters the maintained counts cannot answer (they hold company, side, kind, state, party and currency). */
const UNCOUNTED = ['search', 'from', 'to', 'dueFrom', 'dueTo', 'overdue', 'invoice'] as const;

/** The documents of a filter of equality filters alone, from their maintained counts (invoice_list_counts, 0051): a few rows, not the invoices. */
async function countedOf(tx: Tx, scope: KitScope, face: Face, kinds: readonly InvoiceDocumentKind[], f: Filter): Promise<number> {
  const c: SQL[] = [sql`c.tenant_id = ${scope.tenantId}::uuid`, sql`c.company_id = ${scope.companyId}::uuid`, sql`c.side = ${face.side}`, sql`c.kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})`];
  if (f.kind) c.push(sql`c.kind = ${f.kind}`);
  if (f.status) c.push(sql`c.status = ${f.status}`);
  if (f.party) c.push(sql`c.party_id = ${f.party}::uuid`);
  if (f.currency) c.push(sql`c.currency = ${f.currency}`);
  const [row] = rowsOf<{ n: string }>(await tx.execute(sql`select coalesce(sum(c.documents), 0)::text as n from ${invoiceListCounts} c where ${sql.join(c, sql` and `)}`));
  return Number(row?.n ?? 0);
}

/**
 * The list's total, up to LIST_TOTAL_MAX + 1 (contracts: more than that is shown as such): from the
 * maintained counts when the filter is made of what they hold, else counted in the list's order.
 */
async function countOf(tx: Tx, scope: KitScope, face: Face, kinds: readonly InvoiceDocumentKind[], f: Filter, cap = LIST_TOTAL_MAX): Promise<number> {
  if (UNCOUNTED.every((key) => f[key] === undefined || f[key] === '')) return Math.min(await countedOf(tx, scope, face, kinds, f), cap + 1);
  let n = 0;
  for (const branch of branchesOf(f)) {
    if (n > cap) break;
    // Counted in the list's own order: the walk is the page's index range (without statistics the
    // planner could otherwise take any index of the company's invoices and filter all of them).
    const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 from ${filteredFrom(face, f)}
      where ${whereOf(scope, face, kinds, f, branch)} order by i.document_date desc, i.id desc limit ${cap + 1 - n}) c`));
    n += row?.n ?? 0;
  }
  return Math.min(n, cap + 1);
}

const money = (scales: Record<string, number>) => (v: bigint | string | null, c: string) => (v === null ? null : formatMoney(BigInt(v), scales[c] ?? 2));

function itemOf(r: ListRow, m: ReturnType<typeof money>) {
  return {
    id: r.id, number: r.number, party: r.party_id, partyCode: r.party_code, partyName: r.party_name, documentDate: r.document_date, postingDate: r.posting_date, dueDate: r.due_date,
    currency: r.currency, partyDocumentNumber: r.party_document_number, reference: r.reference, description: r.description, totalGross: m(r.total_gross_minor, r.currency)!, remaining: m(r.remaining, r.currency),
  };
}

type Page<T> = { items: T[]; total?: number; more: boolean };

/**
 * A page of the list: its rows read one past the page (so it says whether more follow) and, unless
 * the caller asks for the page alone (`total=false`: the screen takes the count from …/sums beside
 * it), the filter's total counted up to LIST_TOTAL_MAX + 1.
 */
async function pageOf<T>(tx: Tx, scope: KitScope, face: Face, kinds: readonly InvoiceDocumentKind[], q: Filter & { limit: number; page: number; total?: 'true' | 'false' }, item: (r: ListRow) => T): Promise<Page<T>> {
  const rows = await listRows(tx, scope, face, kinds, { ...q, limit: q.limit + 1 }, q.limit);
  const page = { items: rows.slice(0, q.limit).map(item), more: rows.length > q.limit };
  return q.total === 'false' ? page : { ...page, total: await countOf(tx, scope, face, kinds, q) };
}

export function invoiceLists(face: Face) {
  const defs = invoiceDocuments[face.side];
  return {
    listInvoices: async (tx: Tx, scope: KitScope, q: InvoiceListFilter & { limit: number; page: number }): Promise<Page<InvoiceListItem>> => {
      const m = money((await currencyFacts(tx, scope)).scales);
      return pageOf(tx, scope, face, INVOICE_KINDS, q, (r) => ({ ...itemOf(r, m), kind: 'Invoice' as const, status: stateOf(defs.invoice, r.status) }));
    },
    listCreditNotes: async (tx: Tx, scope: KitScope, q: CreditNoteListFilter & { limit: number; page: number }): Promise<Page<CreditNoteListItem>> => {
      const m = money((await currencyFacts(tx, scope)).scales);
      return pageOf(tx, scope, face, CREDIT_KINDS, q, (r) => ({
        ...itemOf(r, m), kind: r.kind === 'Reversal' ? ('Reversal' as const) : ('CreditNote' as const), status: stateOf(defs.creditNote, r.status), invoice: r.invoice_id,
      }));
    },
  };
}

/**
 * The sums of a list's filter, per currency (the list's footer), for a filter of at most
 * LIST_TOTAL_MAX documents; past it the count says "more than" as the list's total does
 * (LIST_TOTAL_MAX + 1) and there are no sums: summing a million documents on each change of the
 * filter would read them all (seconds), so the footer asks to narrow the filter instead.
 */
export async function invoiceSums(tx: Tx, scope: KitScope, face: Face, credit: boolean, f: Filter): Promise<InvoiceSums> {
  const count = await countOf(tx, scope, face, credit ? CREDIT_KINDS : INVOICE_KINDS, f);
  if (count > LIST_TOTAL_MAX) return { count, byCurrency: [] };
  const { scales } = await currencyFacts(tx, scope);
  const m = money(scales);
  const rows = rowsOf<{ currency: string; n: number; net: string; tax: string; gross: string; remaining: string }>(
    await tx.execute(sql`select i.currency, count(*)::int as n, sum(i.total_net_minor)::text as net, sum(i.total_tax_minor)::text as tax, sum(i.total_gross_minor)::text as gross,
      coalesce(sum(i.remaining_minor * (case when i.kind = 'Invoice' then 1 else -1 end)), 0)::text as remaining
      from ${filteredFrom(face, f)} where ${whereOf(scope, face, credit ? CREDIT_KINDS : INVOICE_KINDS, f)} group by i.currency order by i.currency`),
  );
  return {
    count: rows.reduce((s, r) => s + r.n, 0),
    byCurrency: rows.map((r) => ({ currency: r.currency, count: r.n, totalNet: m(r.net, r.currency)!, totalTax: m(r.tax, r.currency)!, totalGross: m(r.gross, r.currency)!, remaining: m(r.remaining, r.currency)! })),
  };
}

export const EXPORT_ROWS_MAX = 100_000;

/** The documents of a filter as a file, one row per line. */
export async function exportDocuments(tx: Tx, scope: KitScope, face: Face, credit: boolean, f: Filter): Promise<Table> {
  const kinds = credit ? CREDIT_KINDS : INVOICE_KINDS;
  if ((await countOf(tx, scope, face, kinds, f, EXPORT_ROWS_MAX)) > EXPORT_ROWS_MAX) throw unprocessable(`The export would hold more than ${EXPORT_ROWS_MAX} documents: narrow the filter`);
  const { scales } = await currencyFacts(tx, scope);
  const m = money(scales);
  const rows = await listRows(tx, scope, face, kinds, f);
  const lines = rows.length ? await tx.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, rows.map((r) => r.id))).orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.lineNo)) : [];
  const codes = await accountCodes(tx, scope, lines.flatMap((l) => (l.accountId ? [l.accountId] : [])));
  const byDoc = new Map<string, typeof lines>();
  for (const l of lines) byDoc.set(l.invoiceId, [...(byDoc.get(l.invoiceId) ?? []), l]);
  const headers = ['Number', 'Kind', 'Status', face.partyLabel, 'Name', 'Document Date', 'Posting Date', 'Due Date', 'Currency', face.side === 'payables' ? "Vendor's Invoice Number" : "Customer's Reference", 'Reference', 'Description', 'Line', 'Account', 'Line Description', 'Quantity', 'Unit Price', 'Discount %', 'Net', 'Tax', 'Gross', 'Remaining'];
  const out: string[][] = [];
  for (const r of rows) {
    const head = [r.number ?? '', r.kind, r.status, r.party_code, r.party_name, r.document_date, r.posting_date, r.due_date ?? '', r.currency, r.party_document_number ?? '', r.reference ?? '', r.description];
    for (const l of byDoc.get(r.id) ?? []) {
      out.push([...head, String(l.lineNo), l.accountId ? (codes.get(l.accountId) ?? '') : '', l.description ?? '', l.quantity, l.unitPrice, l.discountPercent, m(l.netMinor, r.currency)!, m(l.taxMinor, r.currency)!, m(l.grossMinor, r.currency)!, m(r.remaining, r.currency) ?? '']);
    }
  }
  return { headers, rows: out };
}

/** One document with its lines, instalments (open items once posted) and tax summary. */
async function viewParts(tx: Tx, scope: KitScope, face: Face, h: InvoiceRow) {
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[h.currency] ?? 2;
  const party = faceTables[face.side].party;
  const [p] = await tx.select({ code: party.code, name: party.name }).from(party).where(and(eq(party.tenantId, scope.tenantId), eq(party.id, h.partyId)));
  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, h.id)).orderBy(asc(invoiceLines.lineNo));
  const codes = await accountCodes(tx, scope, lines.flatMap((l) => (l.accountId ? [l.accountId] : [])));
  const taxIds = [...new Set(lines.flatMap((l) => (l.taxId ? [l.taxId] : [])))];
  const taxCodes = new Map(taxIds.length ? (await tx.select({ id: taxes.id, code: taxes.code }).from(taxes).where(inArray(taxes.id, taxIds))).map((t) => [t.id, t.code]) : []);
  const items = await tx.select().from(openItems).where(eq(openItems.invoiceId, h.id)).orderBy(asc(openItems.line));
  let due: DueLine[] = [];
  if (items.length === 0) {
    try {
      due = await instalmentsOf(tx, scope, face, h, h.kind === 'Invoice' ? await partyFacts(tx, scope, face, h.partyId) : null, scale);
    } catch {
      due = [];
    }
  }
  return viewPartsOf(face, h, { party: p, lines, codes, taxCodes, items, due, journalNumber: await journalNumber(tx, h.journalId), scale });
}

/**
 * A document's view from what was read of it (pure): the read path reads it back, the direct post
 * hands over what it has just written, so both answer the same view.
 */
export function viewPartsOf(
  face: Face,
  h: InvoiceRow,
  d: {
    party: { code: string; name: string } | undefined;
    lines: (typeof invoiceLines.$inferSelect)[];
    codes: ReadonlyMap<string, string>;
    taxCodes: ReadonlyMap<string, string>;
    items: Pick<typeof openItems.$inferSelect, 'line' | 'dueDate' | 'amountMinor' | 'discountDate' | 'discountMinor' | 'remainingMinor'>[];
    /** The due dates of a document without open items (a draft). */
    due: DueLine[];
    journalNumber: string | null;
    scale: number;
  },
) {
  const { lines, codes, taxCodes, items } = d;
  const m = (v: bigint) => formatMoney(v, d.scale);
  const p = d.party;
  let instalments;
  if (items.length > 0) {
    const sign = h.kind === 'Invoice' ? 1n : -1n;
    instalments = items.map((o) => ({ line: o.line, dueDate: o.dueDate, amount: m(sign * o.amountMinor), discountDate: o.discountDate, discountAmount: m(o.discountMinor), remaining: m(sign * o.remainingMinor) }));
  } else {
    instalments = d.due.map((x) => ({ line: x.line, dueDate: x.dueDate, amount: m(x.amountMinor), discountDate: x.discountDate, discountAmount: m(x.discountMinor), remaining: null }));
  }
  const summary = new Map<string, { tax: string; taxCode: string; taxable: bigint; taxAmount: bigint }>();
  for (const l of lines) {
    if (!l.taxId) continue;
    const row = summary.get(l.taxId) ?? { tax: l.taxId, taxCode: taxCodes.get(l.taxId) ?? '', taxable: 0n, taxAmount: 0n };
    row.taxable += l.netMinor;
    row.taxAmount += l.taxMinor;
    summary.set(l.taxId, row);
  }
  const remaining = items.length ? (h.kind === 'Invoice' ? 1n : -1n) * items.reduce((s, o) => s + o.remainingMinor, 0n) : null;
  return {
    id: h.id, number: h.number, side: face.side, party: h.partyId, partyCode: p?.code ?? '', partyName: p?.name ?? '', documentDate: h.documentDate, postingDate: h.postingDate,
    currency: h.currency, rate: h.rate ? formatRate(parseRate(h.rate)) : null, partyDocumentNumber: h.partyDocumentNumber, reference: h.reference, description: h.description, dimensions: h.dimensions,
    totalNet: m(h.totalNetMinor), totalTax: m(h.totalTaxMinor), totalGross: m(h.totalGrossMinor), remaining: remaining === null ? null : m(remaining),
    lines: lines.map((l) => ({
      lineNo: l.lineNo, account: l.accountId, accountCode: l.accountId ? (codes.get(l.accountId) ?? null) : null, description: l.description, quantity: l.quantity, unitPrice: l.unitPrice,
      discountPercent: l.discountPercent, tax: l.taxId, taxCode: l.taxId ? (taxCodes.get(l.taxId) ?? null) : null, taxInclusive: l.taxInclusive, dimensions: l.dimensions,
      net: m(l.netMinor), taxAmount: m(l.taxMinor), gross: m(l.grossMinor),
    })),
    instalments,
    taxSummary: [...summary.values()].map((s) => ({ tax: s.tax, taxCode: s.taxCode, taxable: m(s.taxable), taxAmount: m(s.taxAmount) })),
    journal: h.journalId, journalNumber: d.journalNumber,
    createdAt: h.createdAt.toISOString(), postedAt: h.postedAt?.toISOString() ?? null, source: h.source ?? null, m,
  };
}

export async function viewInvoice(tx: Tx, scope: KitScope, face: Face, id: string): Promise<InvoiceView> {
  const h = await storedRow(tx, scope, face, id, INVOICE_KINDS, false);
  const { m, ...parts } = await viewParts(tx, scope, face, h);
  const credits = await tx
    .select({ creditNote: invoiceCredits.creditNoteId, number: invoices.number, amount: invoiceCredits.amountMinor })
    .from(invoiceCredits)
    .innerJoin(invoices, and(eq(invoices.tenantId, invoiceCredits.tenantId), eq(invoices.id, invoiceCredits.creditNoteId)))
    .where(eq(invoiceCredits.invoiceId, h.id))
    .orderBy(asc(invoiceCredits.createdAt));
  return { ...parts, kind: 'Invoice', status: stateOf(invoiceDocuments[face.side].invoice, h.status), credits: credits.map((c) => ({ creditNote: c.creditNote, number: c.number, amount: m(c.amount) })) };
}

export async function viewCreditNote(tx: Tx, scope: KitScope, face: Face, id: string): Promise<CreditNoteView> {
  const h = await storedRow(tx, scope, face, id, CREDIT_KINDS, false);
  const { m, ...parts } = await viewParts(tx, scope, face, h);
  const [invoice] = h.invoiceId ? await tx.select({ number: invoices.number }).from(invoices).where(and(eq(invoices.tenantId, h.tenantId), eq(invoices.id, h.invoiceId))) : [];
  const [applied] = await tx.select({ amount: sql<string>`coalesce(sum(${invoiceCredits.amountMinor}), 0)::text` }).from(invoiceCredits).where(eq(invoiceCredits.creditNoteId, h.id));
  return {
    ...parts, kind: h.kind === 'Reversal' ? 'Reversal' : 'CreditNote', status: stateOf(invoiceDocuments[face.side].creditNote, h.status),
    invoice: h.invoiceId, invoiceNumber: invoice?.number ?? null, applied: m(BigInt(applied?.amount ?? '0')),
  };
}

/**
 * What a reversal approval's task is about, in words (SPEC.md sends those tasks to /journal): the
 * credit note, the invoice it credits, the party, and the entry it posts or posted.
 */
export async function describeCreditNote(tx: Tx, scope: KitScope, face: Face, id: string): Promise<string> {
  const h = await storedRow(tx, scope, face, id, CREDIT_KINDS, false);
  const { scales } = await currencyFacts(tx, scope);
  const m = (v: bigint) => `${formatMoney(v, scales[h.currency] ?? 2)} ${h.currency}`;
  const party = await partyFacts(tx, scope, face, h.partyId);
  const [invoice] = h.invoiceId ? await tx.select({ number: invoices.number, journalId: invoices.journalId }).from(invoices).where(and(eq(invoices.tenantId, h.tenantId), eq(invoices.id, h.invoiceId))) : [];
  const what = `${h.kind === 'Reversal' ? 'Reversal' : 'Credit note'} ${h.number ?? '(draft)'} of ${invoice ? `${face.partyWord} invoice ${invoice.number ?? '(draft)'}` : 'no invoice (standing alone)'}, ${face.partyWord} ${party.code}: ${h.description}`;
  const posted = await journalNumber(tx, h.journalId);
  if (posted) return `${what}. Posted as entry ${posted}.`;
  if (h.kind === 'Reversal') return `${what}. Posts the reversal of entry ${(await journalNumber(tx, invoice?.journalId ?? null)) ?? '(none)'}, ${m(h.totalGrossMinor)}.`;
  const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, h.id)).orderBy(asc(invoiceLines.lineNo));
  const codes = await accountCodes(tx, scope, [party.controlAccount, ...lines.flatMap((l) => (l.accountId ? [l.accountId] : []))]);
  const controlSide = face.invoiceControlSide === 'credit' ? 'debit' : 'credit';
  const lineSide = controlSide === 'debit' ? 'credit' : 'debit';
  const parts = [`${controlSide} ${codes.get(party.controlAccount) ?? ''} ${m(h.totalGrossMinor)}`, ...lines.map((l) => `${lineSide} ${l.accountId ? (codes.get(l.accountId) ?? '') : `${face.side === 'payables' ? 'expense' : 'revenue'} account`} ${m(l.netMinor)}`)];
  if (h.totalTaxMinor !== 0n) parts.push(`${lineSide} ${face.taxDirection} tax ${m(h.totalTaxMinor)}`);
  return `${what}. Posts: ${parts.join('; ')}.`;
}
