import { sql, type SQL } from 'drizzle-orm';
import {
  failedPaymentFilterSchema,
  failureReasonLabels,
  formatMoney,
  LIST_TOTAL_MAX,
  type FailablePayment,
  type FailedPaymentFilter,
  type FailedPaymentListItem,
  type FailedPaymentView,
  type FailureOutcome,
  type PaymentMethod,
  type PaymentStatus,
  type Side,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { KitScope } from '../../../platform/kit/registry';
import type { Table } from '../../../platform/kit/tabular-files';
import { banks } from '../../cash-management/index';
import { journals } from '../../ledger/index';
import { faceTables } from '../parties.tables';
import { currencyFacts } from '../invoices/invoice-facts';
import { invoices, openItems } from '../invoices/invoices.tables';
import { payments } from '../payments/payments.tables';
import { failedPayments } from './failed-payments.tables';
import { storedFailure } from './failed-payments.service';

/* Reading failed payments of both faces: the list (search, filters, sorts, pages), the export, one failure, the payments that may fail. */

type Row = {
  id: string; side: Side; status: 'Failed' | 'Retried'; payment_id: string; payment_number: string | null; party_id: string; party_code: string; party_name: string; bank_code: string;
  method: PaymentMethod; currency: string; amount_minor: string; reason: FailedPaymentView['reason']; note: string | null; failed_date: string; fee_minor: string;
  fee_invoice_id: string | null; fee_invoice_number: string | null; fee_journal_number: string | null; attempt: number; retry_of_id: string | null; retry_payment_id: string | null;
  retry_number: string | null; retry_status: PaymentStatus | null; retry_failed: boolean; items: { openItem: string; amountMinor: string }[]; created_at: Date;
};

const SORTS: Record<string, SQL> = {
  failedDate: sql`f.failed_date asc, f.id asc`, '-failedDate': sql`f.failed_date desc, f.id desc`,
  createdAt: sql`f.created_at asc, f.id asc`, '-createdAt': sql`f.created_at desc, f.id desc`,
  amount: sql`p.amount_minor asc, f.id asc`, '-amount': sql`p.amount_minor desc, f.id desc`,
};

const FROM = sql`from ${failedPayments} f
  join ${payments} p on p.tenant_id = f.tenant_id and p.id = f.payment_id
  join ${banks} b on b.tenant_id = p.tenant_id and b.id = p.bank_id
  left join ${faceTables.payables.party} v on f.side = 'payables' and v.tenant_id = p.tenant_id and v.id = p.party_id
  left join ${faceTables.receivables.party} c on f.side = 'receivables' and c.tenant_id = p.tenant_id and c.id = p.party_id
  left join ${invoices} fi on fi.tenant_id = f.tenant_id and fi.id = f.fee_invoice_id
  left join ${journals} fj on fj.tenant_id = f.tenant_id and fj.id = f.fee_journal_id
  left join ${payments} r on r.tenant_id = f.tenant_id and r.id = f.retry_payment_id`;

function whereOf(scope: KitScope, f: FailedPaymentFilter & { id?: string }): SQL {
  const c: SQL[] = [sql`f.company_id = ${scope.companyId}::uuid`];
  if (f.id) c.push(sql`f.id = ${f.id}::uuid`);
  if (f.side) c.push(sql`f.side = ${f.side}`);
  if (f.status) c.push(sql`f.status = ${f.status}`);
  if (f.reason) c.push(sql`f.reason = ${f.reason}`);
  if (f.from) c.push(sql`f.failed_date >= ${f.from}::date`);
  if (f.to) c.push(sql`f.failed_date <= ${f.to}::date`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`(p.number ilike ${like} or coalesce(v.code, c.code) ilike ${like} or coalesce(v.name, c.name) ilike ${like} or f.note ilike ${like} or p.reference ilike ${like})`);
  }
  return sql.join(c, sql` and `);
}

async function rowsFor(tx: Tx, scope: KitScope, f: FailedPaymentFilter & { id?: string; limit?: number; page?: number }): Promise<Row[]> {
  const order = SORTS[f.sort ?? '-failedDate'] ?? SORTS['-failedDate']!;
  const paging = f.limit ? sql` limit ${f.limit} offset ${(Math.max(1, f.page ?? 1) - 1) * f.limit}` : sql``;
  return rowsOf<Row>(
    await tx.execute(sql`select f.id, f.side, f.status, f.payment_id, p.number as payment_number, p.party_id, coalesce(v.code, c.code) as party_code, coalesce(v.name, c.name) as party_name,
        b.code as bank_code, p.method, p.currency, p.amount_minor::text, f.reason, f.note, f.failed_date::text, f.fee_minor::text, f.fee_invoice_id, fi.number as fee_invoice_number,
        fj.number as fee_journal_number, f.attempt, f.retry_of_id, f.retry_payment_id, r.number as retry_number, r.status as retry_status,
        exists (select 1 from ${failedPayments} g where g.tenant_id = f.tenant_id and g.payment_id = f.retry_payment_id) as retry_failed, f.items, f.created_at
      ${FROM} where ${whereOf(scope, f)} order by ${order}${paging}`),
  );
}

const outcomeOf = (r: Row): FailureOutcome => (r.status === 'Failed' ? 'AwaitingRetry' : r.retry_failed ? 'RetryFailed' : r.retry_status === 'Draft' ? 'RetryDraft' : 'RetryPosted');

function itemOf(r: Row, scale: number): FailedPaymentListItem {
  const m = (v: string) => formatMoney(BigInt(v), scale);
  return {
    id: r.id, side: r.side, status: r.status, outcome: outcomeOf(r), payment: r.payment_id, paymentNumber: r.payment_number, party: r.party_id, partyCode: r.party_code, partyName: r.party_name,
    bankCode: r.bank_code, method: r.method, currency: r.currency, amount: m(r.amount_minor), reason: r.reason, note: r.note, failedDate: r.failed_date, fee: m(r.fee_minor),
    feeInvoice: r.fee_invoice_id, feeInvoiceNumber: r.fee_invoice_number, feeJournalNumber: r.fee_journal_number, attempt: r.attempt, retryOf: r.retry_of_id,
    retryPayment: r.retry_payment_id, retryNumber: r.retry_number, retryStatus: r.retry_status, createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listFailures(tx: Tx, scope: KitScope, q: FailedPaymentFilter & { limit: number; page: number }): Promise<{ items: FailedPaymentListItem[]; total: number }> {
  const { scales } = await currencyFacts(tx, scope);
  const rows = await rowsFor(tx, scope, q);
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 ${FROM} where ${whereOf(scope, q)} limit ${LIST_TOTAL_MAX + 1}) x`));
  return { items: rows.map((r) => itemOf(r, scales[r.currency] ?? 2)), total: count?.n ?? 0 };
}

export async function exportFailures(tx: Tx, scope: KitScope, f: FailedPaymentFilter): Promise<Table> {
  const { scales } = await currencyFacts(tx, scope);
  const rows = (await rowsFor(tx, scope, failedPaymentFilterSchema.parse(f))).map((r) => itemOf(r, scales[r.currency] ?? 2));
  return {
    headers: ['Failed', 'Side', 'Payment', 'Party', 'Name', 'Bank', 'Method', 'Currency', 'Amount', 'Reason', 'Note', 'Fee', 'Fee Document', 'Attempt', 'Status', 'Outcome', 'Retry'],
    rows: rows.map((r) => [
      r.failedDate, r.side, r.paymentNumber ?? '', r.partyCode, r.partyName, r.bankCode, r.method, r.currency, r.amount, failureReasonLabels[r.reason], r.note ?? '', r.fee,
      r.feeInvoiceNumber ?? r.feeJournalNumber ?? '', String(r.attempt), r.status, r.outcome, r.retryNumber ?? '',
    ]),
  };
}

export async function viewFailure(tx: Tx, scope: KitScope, id: string): Promise<FailedPaymentView> {
  await storedFailure(tx, scope, id, false);
  const [row] = await rowsFor(tx, scope, { id });
  const { scales } = await currencyFacts(tx, scope);
  const scale = scales[row!.currency] ?? 2;
  const ids = row!.items.map((i) => i.openItem);
  const facts = new Map(ids.length === 0 ? [] : rowsOf<{ id: string; invoice_id: string; number: string | null; remaining_minor: string }>(
    await tx.execute(sql`select o.id, o.invoice_id, i.number, o.remaining_minor::text from ${openItems} o join ${invoices} i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
      where o.tenant_id = ${scope.tenantId}::uuid and o.id = any(${`{${ids.join(',')}}`}::uuid[])`),
  ).map((r) => [r.id, r]));
  return {
    ...itemOf(row!, scale),
    items: row!.items.map((i) => {
      const f = facts.get(i.openItem);
      return { openItem: i.openItem, invoice: f?.invoice_id ?? i.openItem, invoiceNumber: f?.number ?? null, amount: formatMoney(BigInt(i.amountMinor), scale), remaining: formatMoney(BigInt(f?.remaining_minor ?? '0'), scale) };
    }),
  };
}

/** Posted payments of a face not marked failed yet, newest first (the screen's picker). */
export async function failablePayments(tx: Tx, scope: KitScope, q: { side: Side; search?: string; limit: number }): Promise<{ items: FailablePayment[] }> {
  const { scales } = await currencyFacts(tx, scope);
  const party = faceTables[q.side].party;
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const rows = rowsOf<{ id: string; number: string | null; party_code: string; party_name: string; document_date: string; currency: string; amount_minor: string; method: PaymentMethod }>(
    await tx.execute(sql`select p.id, p.number, q.code as party_code, q.name as party_name, p.document_date::text, p.currency, p.amount_minor::text, p.method
      from ${payments} p join ${party} q on q.tenant_id = p.tenant_id and q.id = p.party_id
      where p.company_id = ${scope.companyId}::uuid and p.side = ${q.side} and p.status = 'Posted'
        and not exists (select 1 from ${failedPayments} f where f.tenant_id = p.tenant_id and f.payment_id = p.id)
        ${like ? sql`and (p.number ilike ${like} or q.code ilike ${like} or q.name ilike ${like} or p.reference ilike ${like})` : sql``}
      order by p.document_date desc, p.number desc nulls last limit ${q.limit}`),
  );
  return { items: rows.map((r) => ({ id: r.id, number: r.number, partyCode: r.party_code, partyName: r.party_name, documentDate: r.document_date, currency: r.currency, amount: formatMoney(BigInt(r.amount_minor), scales[r.currency] ?? 2), method: r.method })) };
}
