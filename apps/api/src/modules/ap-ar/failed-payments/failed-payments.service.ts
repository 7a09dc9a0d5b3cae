import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { faces, formatMoney, parseMoney, paymentFaces, REFUND_KIND, type MarkFailedInput, type PaymentInput, type RetryInput } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import { banks } from '../../cash-management/index';
import { postEntry, resolvePostingAccounts } from '../../ledger/index';
import { approvalGate } from '../../workflow/index';
import { currencyFacts } from '../invoices/invoice-facts';
import { invoiceBinding } from '../invoices/invoices.document';
import { openItems } from '../invoices/invoices.tables';
import { paymentBinding } from '../payments/payments.document';
import { insertPayment, reversePayment, storedPayment, type PaymentRow } from '../payments/payments.service';
import { paymentAllocations } from '../payments/payments.tables';
import { failedPayments, type ReopenedItemRow } from './failed-payments.tables';

/*
 * Failed payments (contracts' ap-ar/failed-payments.ts): marking a posted payment failed reverses it
 * through the payments' own reversal (its entries reversed through the port, its allocations undone,
 * its items reopened), charges the optional fee through posting profiles, and records the failure;
 * a retry pays the reopened items again with a new payment made by the payments' own code. Each
 * step is one transaction and audited; nothing here writes a ledger line, a balance or a remaining.
 */

export type FailedPaymentRow = typeof failedPayments.$inferSelect;
const refusal = (field: string, message: string) => unprocessable(`${field}: ${message}`);
const today = () => new Date().toISOString().slice(0, 10);

export async function storedFailure(tx: Tx, scope: KitScope, id: string, lock: boolean): Promise<FailedPaymentRow> {
  const q = tx.select().from(failedPayments).where(and(eq(failedPayments.companyId, scope.companyId), eq(failedPayments.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Failed payment');
  return row;
}

/** What the payment had settled on invoices' items (credits add cash; a retry pays the invoices again). */
async function settledItems(tx: Tx, scope: KitScope, paymentId: string): Promise<ReopenedItemRow[]> {
  return rowsOf<{ open_item_id: string; amount_minor: string }>(
    await tx.execute(sql`select a.open_item_id, a.amount_minor::text from ${paymentAllocations} a join ${openItems} o on o.tenant_id = a.tenant_id and o.id = a.open_item_id
      where a.tenant_id = ${scope.tenantId}::uuid and a.payment_id = ${paymentId}::uuid and a.status = 'Active' and o.amount_minor > 0 order by a.line_no`),
  ).map((r) => ({ openItem: r.open_item_id, amountMinor: r.amount_minor }));
}

/**
 * The fee: receivables charge it to the customer as a one-line customer invoice (an open item on the
 * control account of the customer's profile; the credit to Cash Management's bank charges account,
 * recovering the bank's charge); payables bear it: bank charges debited, the bank credited.
 */
async function chargeFee(tx: Tx, actor: Actor, h: PaymentRow, feeMinor: bigint, scale: number, date: string, failureId: string): Promise<{ invoiceId: string | null; journalId: string | null }> {
  const pf = paymentFaces[h.side];
  const { bankChargesAccount } = await resolvePostingAccounts(tx, actor, 'Cash Management', ['bankChargesAccount']);
  const description = `Returned ${pf.noun} fee: ${pf.face.partyWord} ${pf.noun} ${h.number ?? ''}`.trim();
  if (h.side === 'receivables') {
    const fee = await invoiceBinding(faces.receivables).direct!.run(tx, actor, {
      kind: 'Invoice', party: h.partyId, documentDate: date, currency: h.currency, reference: h.number ?? undefined, description,
      lines: [{ account: bankChargesAccount.accountId, description, quantity: '1', unitPrice: formatMoney(feeMinor, scale), taxInclusive: false }],
    }, undefined);
    return { invoiceId: fee.id, journalId: null };
  }
  const [bank] = await tx.select({ account: banks.account }).from(banks).where(and(eq(banks.tenantId, actor.tenantId), eq(banks.id, h.bankId)));
  const posted = await postEntry(tx, actor, {
    kind: 'Standard', journalDate: date, description, reference: h.number, source: { module: pf.face.module, documentType: 'FailedPayment', documentId: failureId },
    lines: [
      { accountId: bankChargesAccount.accountId, currency: h.currency, debitMinor: feeMinor, creditMinor: 0n, description },
      { accountId: bank!.account, currency: h.currency, debitMinor: 0n, creditMinor: feeMinor, description },
    ],
  });
  return { invoiceId: null, journalId: posted.journalId };
}

/** Marks a posted payment failed: reversed on the failure date, its items reopened, the fee charged, the failure recorded. */
export async function markFailed(tx: Tx, actor: Actor, input: MarkFailedInput): Promise<string> {
  const pf = paymentFaces[input.side];
  const h = await storedPayment(tx, actor, pf, input.payment, true).catch(() => {
    throw refusal('payment', `the ${pf.face.partyWord} ${pf.noun} does not exist in this company`);
  });
  const name = `${pf.face.partyLabel} ${pf.noun} ${h.number ?? ''}`.trim();
  if (h.status !== 'Posted') throw refusal('payment', `${name} is ${h.status.toLowerCase()}: only a posted ${pf.noun} is marked failed`);
  if (h.kind === REFUND_KIND) throw refusal('payment', `${name} is a refund: a returned refund is reversed (its credits come back), not marked failed`);
  const [already] = await tx.select({ id: failedPayments.id }).from(failedPayments).where(and(eq(failedPayments.tenantId, actor.tenantId), eq(failedPayments.paymentId, h.id)));
  if (already) throw conflict(`${name} is already marked failed`);
  if (input.failedDate < h.postingDate) throw refusal('failedDate', `${name} was posted on ${h.postingDate}: it cannot fail before`);
  if ((await approvalGate(tx, actor, pf.reversalApproval, h.id)).underApproval) throw refusal('payment', `${name} is under ${pf.reversalApproval}: let that approval end first`);
  const { scales } = await currencyFacts(tx, actor);
  const scale = scales[h.currency] ?? 2;
  let feeMinor = 0n;
  try {
    feeMinor = input.fee ? parseMoney(input.fee, scale) : 0n;
  } catch {
    throw refusal('fee', `${input.fee} has more decimals than ${h.currency} has (${scale})`);
  }
  const items = await settledItems(tx, actor, h.id);
  const [retried] = await tx.select({ id: failedPayments.id, attempt: failedPayments.attempt }).from(failedPayments).where(and(eq(failedPayments.tenantId, actor.tenantId), eq(failedPayments.retryPaymentId, h.id)));
  await reversePayment(tx, actor, pf, h.id, input.failedDate);
  const id = randomUUID();
  const fee = feeMinor > 0n ? await chargeFee(tx, actor, h, feeMinor, scale, input.failedDate, id) : { invoiceId: null, journalId: null };
  const row = {
    tenantId: actor.tenantId, companyId: actor.companyId, id, side: input.side, paymentId: h.id, reason: input.reason, note: input.note ?? null, failedDate: input.failedDate,
    feeMinor, feeInvoiceId: fee.invoiceId, feeJournalId: fee.journalId, items, attempt: (retried?.attempt ?? 0) + 1, retryOfId: retried?.id ?? null, createdBy: actor.userId,
  };
  await tx.insert(failedPayments).values(row);
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'failedPayment', recordId: id, action: 'create', after: { ...row, payment: h.number, fee: formatMoney(feeMinor, scale) } }]);
  return id;
}

/** What is left of an item the failure reopened (nothing once settled again or reversed). */
async function leftOf(tx: Tx, scope: KitScope, ids: string[]): Promise<Map<string, bigint>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; remaining_minor: string }>(
    await tx.execute(sql`select o.id, o.remaining_minor::text from ${openItems} o where o.tenant_id = ${scope.tenantId}::uuid and o.id = any(${`{${ids.join(',')}}`}::uuid[]) and o.status = 'Open'`),
  );
  return new Map(rows.map((r) => [r.id, BigInt(r.remaining_minor)]));
}

/**
 * Retries a failure: a new payment of the same bank, party and method, allocated to the items it
 * reopened (each up to what is left) and, when asked on receivables, to the fee's items; what the
 * items no longer need stays on account. Posted at once, or a draft while the face's payment
 * approval workflow is active.
 */
export async function retryFailure(tx: Tx, actor: Actor, id: string, input: RetryInput): Promise<string> {
  const f = await storedFailure(tx, actor, id, true);
  if (f.status !== 'Failed') throw conflict('This failed payment is already retried');
  const pf = paymentFaces[f.side];
  if (input.includeFee && !f.feeInvoiceId) throw refusal('includeFee', 'this failure charged no fee to the party');
  const h = await storedPayment(tx, actor, pf, f.paymentId, false);
  const { scales } = await currencyFacts(tx, actor);
  const scale = scales[h.currency] ?? 2;
  const feeItems = input.includeFee && f.feeInvoiceId
    ? rowsOf<{ id: string; remaining_minor: string }>(await tx.execute(sql`select id, remaining_minor::text from ${openItems} where tenant_id = ${actor.tenantId}::uuid and invoice_id = ${f.feeInvoiceId}::uuid and status = 'Open' and remaining_minor > 0 order by due_date, id`))
    : [];
  const left = await leftOf(tx, actor, f.items.map((i) => i.openItem));
  const allocations: PaymentInput['allocations'] = [];
  let budget = h.amountMinor;
  for (const item of f.items) {
    const take = [BigInt(item.amountMinor), left.get(item.openItem) ?? 0n, budget].reduce((a, b) => (a < b ? a : b));
    if (take <= 0n) continue;
    allocations.push({ openItem: item.openItem, amount: formatMoney(take, scale) });
    budget -= take;
  }
  const feeMinor = feeItems.reduce((s, i) => s + BigInt(i.remaining_minor), 0n);
  for (const i of feeItems) allocations.push({ openItem: i.id, amount: formatMoney(BigInt(i.remaining_minor), scale) });
  const date = input.date ?? today();
  const payment: PaymentInput = {
    kind: 'Payment', bank: h.bankId, party: h.partyId, documentDate: date, amount: formatMoney(h.amountMinor + feeMinor, scale), method: h.method,
    reference: h.reference ?? h.number ?? undefined, description: `Retry of ${pf.noun} ${h.number ?? ''}: ${h.description}`.slice(0, 500), allocations,
  };
  let paymentId: string;
  if ((await approvalGate(tx, actor, pf.approval)).workflowActive) {
    paymentId = await insertPayment(tx, actor, pf, payment);
    await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: `${pf.face.partyWord}Payment`, recordId: paymentId, action: 'create', after: { ...payment, allocations: allocations.length, retryOf: f.id } }]);
  } else {
    paymentId = (await paymentBinding(pf).direct!.run(tx, actor, payment, undefined)).id;
  }
  await tx.update(failedPayments).set({ status: 'Retried', retryPaymentId: paymentId, updatedAt: sql`now()` }).where(and(eq(failedPayments.tenantId, actor.tenantId), eq(failedPayments.id, f.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'failedPayment', recordId: f.id, action: 'edit', before: { status: f.status }, after: { status: 'Retried', retryPayment: paymentId, includeFee: input.includeFee, date } }]);
  return paymentId;
}
