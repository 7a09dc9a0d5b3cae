import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  fundTransferDocument,
  LIST_TOTAL_MAX,
  stateOf,
  type DocumentEntry,
  type DocumentEntryLine,
  type FundTransferListFilter,
  type FundTransferListItem,
  type FundTransferReceiver,
  type FundTransferView,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { allowCompanies } from '../../platform/db/tenancy';
import { unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import type { Table } from '../../platform/kit/tabular-files';
import { companies, currencies } from '../organisation/index';
import { accounts, ledgerEntries } from '../ledger/index';
import { banks } from './banks.tables';
import { fundTransferLegs, fundTransfers } from './fund-transfers.tables';
import { journalNumbers, legsOf, namesOf, postTransfer, scalesOf, storedTransfer } from './fund-transfers.service';

/* Reading fund transfers: the list (filters, sorts, pages), the export, one transfer with its legs, its entries, its task's description. */

const SORTS: Record<string, SQL> = {
  documentDate: sql`f.document_date asc, f.id asc`, '-documentDate': sql`f.document_date desc, f.id desc`,
  number: sql`f.number asc nulls last, f.id asc`, '-number': sql`f.number desc nulls last, f.id desc`,
  createdAt: sql`f.created_at asc, f.id asc`, '-createdAt': sql`f.created_at desc, f.id desc`,
};

function whereOf(scope: KitScope, f: FundTransferListFilter): SQL {
  const c: SQL[] = [sql`f.company_id = ${scope.companyId}::uuid`];
  if (f.kind) c.push(sql`f.kind = ${f.kind}`);
  if (f.status) c.push(sql`f.status = ${f.status}`);
  if (f.from) c.push(sql`f.document_date >= ${f.from}::date`);
  if (f.to) c.push(sql`f.document_date <= ${f.to}::date`);
  if (f.bank) c.push(sql`(f.from_bank_id = ${f.bank}::uuid or f.to_bank_id = ${f.bank}::uuid)`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`(f.number ilike ${like} or f.description ilike ${like} or f.reference ilike ${like} or fb.code ilike ${like} or tb.code ilike ${like})`);
  }
  return sql.join(c, sql` and `);
}

const FROM = sql`from ${fundTransfers} f
  join ${banks} fb on fb.tenant_id = f.tenant_id and fb.id = f.from_bank_id
  join ${banks} tb on tb.tenant_id = f.tenant_id and tb.id = f.to_bank_id
  join ${companies} tc on tc.tenant_id = f.tenant_id and tc.company_id = f.to_company_id`;

type ListRow = {
  id: string; number: string | null; status: string; document_date: string; from_bank: string; from_currency: string; to_company: string; to_bank: string; to_currency: string;
  amount_minor: string; amount_in_minor: string; out_date: string; in_date: string; legs: number; reference: string | null; description: string;
};

/** The receiving companies of this company's transfers join the transaction's companies: their banks are listed. */
async function allowReceivers(tx: Tx, scope: KitScope): Promise<void> {
  const rows = await tx.selectDistinct({ id: fundTransfers.toCompanyId }).from(fundTransfers).where(eq(fundTransfers.companyId, scope.companyId));
  await allowCompanies(tx, [scope.companyId, ...rows.map((r) => r.id)]);
}

async function listRows(tx: Tx, scope: KitScope, f: FundTransferListFilter & { limit?: number; page?: number }): Promise<ListRow[]> {
  const order = SORTS[f.sort ?? '-documentDate'] ?? SORTS['-documentDate']!;
  const paging = f.limit ? sql` limit ${f.limit} offset ${(Math.max(1, f.page ?? 1) - 1) * f.limit}` : sql``;
  return rowsOf<ListRow>(
    await tx.execute(sql`select f.id, f.number, f.status, f.document_date::text, fb.code as from_bank, f.from_currency, tc.code as to_company, tb.code as to_bank, f.to_currency,
        f.amount_minor::text, f.amount_in_minor::text, f.out_date::text, f.in_date::text,
        (select count(*)::int from ${fundTransferLegs} l where l.tenant_id = f.tenant_id and l.transfer_id = f.id) as legs, f.reference, f.description
      ${FROM} where ${whereOf(scope, f)} order by ${order}${paging}`),
  );
}

export async function listTransfers(tx: Tx, scope: KitScope, q: FundTransferListFilter & { limit: number; page: number }): Promise<{ items: FundTransferListItem[]; total: number }> {
  await allowReceivers(tx, scope);
  const scales = await scalesOf(tx, scope);
  const rows = await listRows(tx, scope, q);
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 ${FROM} where ${whereOf(scope, q)} limit ${LIST_TOTAL_MAX + 1}) c`));
  const m = (v: string, c: string) => formatMoney(BigInt(v), scales[c] ?? 2);
  return {
    items: rows.map((r) => ({
      id: r.id, number: r.number, kind: 'Transfer' as const, status: stateOf(fundTransferDocument, r.status), documentDate: r.document_date,
      fromBankCode: r.from_bank, fromCurrency: r.from_currency, toCompanyCode: r.to_company, toBankCode: r.to_bank, toCurrency: r.to_currency,
      amount: m(r.amount_minor, r.from_currency), amountIn: m(r.amount_in_minor, r.to_currency), outDate: r.out_date, inDate: r.in_date, legs: r.legs, reference: r.reference, description: r.description,
    })),
    total: count?.n ?? 0,
  };
}

export const EXPORT_ROWS_MAX = 100_000;

export async function exportTransfers(tx: Tx, scope: KitScope, f: FundTransferListFilter): Promise<Table> {
  await allowReceivers(tx, scope);
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 ${FROM} where ${whereOf(scope, f)} limit ${EXPORT_ROWS_MAX + 1}) c`));
  if ((count?.n ?? 0) > EXPORT_ROWS_MAX) throw unprocessable(`The export would hold more than ${EXPORT_ROWS_MAX} fund transfers: narrow the filter`);
  const scales = await scalesOf(tx, scope);
  const rows = await listRows(tx, scope, f);
  const m = (v: string, c: string) => formatMoney(BigInt(v), scales[c] ?? 2);
  return {
    headers: ['Number', 'Status', 'Date', 'From Bank', 'From Currency', 'Amount Out', 'To Company', 'To Bank', 'To Currency', 'Amount In', 'Value Date Out', 'Value Date In', 'Legs', 'Reference', 'Description'],
    rows: rows.map((r) => [r.number ?? '', r.status, r.document_date, r.from_bank, r.from_currency, m(r.amount_minor, r.from_currency), r.to_company, r.to_bank, r.to_currency, m(r.amount_in_minor, r.to_currency), r.out_date, r.in_date, String(r.legs), r.reference ?? '', r.description]),
  };
}

export async function viewTransfer(tx: Tx, scope: KitScope, id: string): Promise<FundTransferView> {
  const h = await storedTransfer(tx, scope, id, false);
  const scales = await scalesOf(tx, scope);
  const legs = await legsOf(tx, scope, id);
  const names = await namesOf(tx, h);
  const numbers = await journalNumbers(tx, legs.flatMap((l) => [l.outJournalId, l.inJournalId]).filter((j): j is string => !!j));
  const out = (v: bigint) => formatMoney(v, scales[h.fromCurrency] ?? 2);
  const inn = (v: bigint) => formatMoney(v, scales[h.toCurrency] ?? 2);
  const fee = (v: bigint) => (h.feeBearer === 'Sender' ? out(v) : inn(v));
  const intercompany = h.toCompanyId !== h.companyId;
  return {
    id: h.id, number: h.number, kind: h.kind, status: stateOf(fundTransferDocument, h.status), documentDate: h.documentDate,
    fromBank: h.fromBankId, fromBankCode: names.fromBank, fromCurrency: h.fromCurrency, toCompany: h.toCompanyId, toCompanyCode: names.toCompany, intercompany,
    toBank: h.toBankId, toBankCode: names.toBank, toCurrency: h.toCurrency, amount: out(h.amountMinor), rate: h.rate, amountIn: inn(h.amountInMinor), fee: fee(h.feeMinor), feeBearer: h.feeBearer,
    outDate: h.outDate, inDate: h.inDate, reference: h.reference, description: h.description,
    legs: legs.map((l) => ({
      lineNo: l.lineNo, amount: out(l.amountMinor), amountIn: inn(l.amountInMinor), fee: fee(l.feeMinor), outDate: l.outDate, inDate: l.inDate, viaTransit: !intercompany && l.outDate !== l.inDate,
      outJournal: l.outJournalId, outJournalNumber: l.outJournalId ? (numbers.get(l.outJournalId) ?? null) : null,
      inJournal: l.inJournalId, inJournalNumber: l.inJournalId ? (numbers.get(l.inJournalId) ?? null) : null,
    })),
    createdAt: h.createdAt.toISOString(), postedAt: h.postedAt ? h.postedAt.toISOString() : null,
  };
}

/** What the approval task says the transfer is about (its /journal screen shows the rest). */
export async function describeTransfer(tx: Tx, scope: KitScope, id: string): Promise<string> {
  const v = await viewTransfer(tx, scope, id);
  const to = v.intercompany ? `${v.toBankCode} of company ${v.toCompanyCode}` : v.toBankCode;
  const cross = v.fromCurrency === v.toCurrency ? '' : ` (${v.amountIn} ${v.toCurrency} in)`;
  const legs = v.legs.length === 1 ? `value dates ${v.outDate} out, ${v.inDate} in` : `${v.legs.length} legs`;
  return `Fund transfer${v.number ? ` ${v.number}` : ' (draft)'}: ${v.amount} ${v.fromCurrency} from bank ${v.fromBankCode} to ${to}${cross}, ${legs}`;
}

type Line = { accountId: string; companyId: string; entryDate: string; description: string | null; currency: string; debitMinor: bigint; creditMinor: bigint };

async function linesOfJournals(tx: Tx, ids: string[]): Promise<Line[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ journalId: ledgerEntries.journalId, accountId: ledgerEntries.accountId, companyId: ledgerEntries.companyId, entryDate: ledgerEntries.entryDate, description: ledgerEntries.description, currency: ledgerEntries.currency, debitMinor: ledgerEntries.debitMinor, creditMinor: ledgerEntries.creditMinor })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.journalId, ids))
    .orderBy(asc(ledgerEntries.lineNo));
  return ids.flatMap((id) => rows.filter((r) => r.journalId === id));
}

async function labelled(tx: Tx, scope: KitScope, lines: Line[]): Promise<DocumentEntryLine[]> {
  const scales = await scalesOf(tx, scope);
  const ids = [...new Set(lines.map((l) => l.accountId))];
  const names = new Map(ids.length ? (await tx.select({ id: accounts.id, code: accounts.code, name: accounts.name, companyId: accounts.companyId }).from(accounts).where(inArray(accounts.id, ids))).map((a) => [a.id, a]) : []);
  const codes = new Map((await tx.select({ id: companies.companyId, code: companies.code }).from(companies)).map((c) => [c.id, c.code]));
  return lines.map((l) => {
    const a = names.get(l.accountId);
    const other = l.companyId !== scope.companyId ? `${codes.get(l.companyId) ?? ''}: ` : '';
    return { accountCode: a?.code ?? '', accountName: `${other}${a?.name ?? ''}`, description: l.description, currency: l.currency, debit: formatMoney(l.debitMinor, scales[l.currency] ?? 2), credit: formatMoney(l.creditMinor, scales[l.currency] ?? 2), party: null, date: l.entryDate };
  });
}

class Staged extends Error {
  constructor(readonly result: Line[]) {
    super('staged');
  }
}

const journalIdsOf = (legs: { outJournalId: string | null; inJournalId: string | null }[]) => [...new Set(legs.flatMap((l) => [l.outJournalId, l.inJournalId]).filter((j): j is string => !!j))];

/**
 * The entries of a transfer (the kit's GET …/:id/entry): once posted, every entry of its legs as the
 * ledger holds them (either company's, the other's accounts named with its code); before, what
 * posting will write: the posting runs in a savepoint, its lines are read and everything is rolled
 * back (no number taken, no balance moved).
 */
export async function transferEntry(tx: Tx, scope: KitScope, id: string): Promise<DocumentEntry> {
  const h = await storedTransfer(tx, scope, id, false);
  const legs = await legsOf(tx, scope, id);
  const ids = journalIdsOf(legs);
  if (h.status !== 'Draft' && ids.length) {
    const first = ids[0]!;
    const numbers = await journalNumbers(tx, [first]);
    return { posted: true, journal: first, journalNumber: numbers.get(first) ?? null, date: legs[0]?.outDate ?? h.outDate, lines: await labelled(tx, scope, await linesOfJournals(tx, ids)) };
  }
  let lines: Line[] = [];
  try {
    await tx.transaction(async (sp) => {
      await postTransfer(sp, { ...scope, operations: new Set<string>() }, id, true);
      const after = await sp.select({ outJournalId: fundTransferLegs.outJournalId, inJournalId: fundTransferLegs.inJournalId }).from(fundTransferLegs).where(and(eq(fundTransferLegs.tenantId, scope.tenantId), eq(fundTransferLegs.transferId, id))).orderBy(asc(fundTransferLegs.lineNo));
      throw new Staged(await linesOfJournals(sp, journalIdsOf(after)));
    });
  } catch (e) {
    if (!(e instanceof Staged)) throw e;
    lines = e.result;
  }
  return { posted: false, journal: null, journalNumber: null, date: legs[0]?.outDate ?? h.outDate, lines: await labelled(tx, scope, lines) };
}

/**
 * The other active companies of the tenant with their active banks: where an intercompany transfer
 * may go (the editor's "To company" and its banks). Row-level security keeps it to the tenant; the
 * companies join the transaction's companies to read their banks.
 */
export async function receivers(tx: Tx, scope: KitScope): Promise<FundTransferReceiver[]> {
  const others = await tx.select({ id: companies.companyId, code: companies.code, description: companies.description }).from(companies)
    .where(and(eq(companies.tenantId, scope.tenantId), eq(companies.status, 'Active'))).orderBy(asc(companies.code));
  const list = others.filter((c) => c.id !== scope.companyId);
  if (!list.length) return [];
  await allowCompanies(tx, [scope.companyId, ...list.map((c) => c.id)]);
  const rows = rowsOf<{ id: string; code: string; name: string; currency: string; company_id: string }>(
    await tx.execute(sql`select b.id, b.code, b.name, k.code as currency, b.company_id from ${banks} b join ${currencies} k on k.tenant_id = b.tenant_id and k.id = b.currency
      where b.tenant_id = ${scope.tenantId}::uuid and b.status = 'Active' and b.company_id in (${sql.join(list.map((c) => sql`${c.id}::uuid`), sql`, `)}) order by b.code`),
  );
  return list.map((c) => ({ ...c, banks: rows.filter((b) => b.company_id === c.id).map(({ id, code, name, currency }) => ({ id, code, name, currency })) }));
}
