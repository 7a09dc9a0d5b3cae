// What bank reconciliation (Cash Management) asks of payables and receivables: the parties with
// their bank accounts and open items in a currency (the counterparty rule's candidates), and a
// receipt or payment made from a statement line, posted through this module's own payment
// document (its Save label, its approval gate, its posting): Cash Management never writes it.
import { and, eq, sql } from 'drizzle-orm';
import { paymentFaces, type PaymentView, type Side } from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import type { DocumentActor, DocumentWorkflow } from '../../../platform/kit/documents';
import { postDocument } from '../../../platform/kit/documents';
import type { KitScope } from '../../../platform/kit/registry';
import { faceTables } from '../parties.tables';
import { payments } from './payments.tables';
import type { BankSettlement, MatchableParty } from '../../cash-management/index';
import { paymentBinding } from './payments.document';


const partyTypeOf: Record<Side, MatchableParty['type']> = { payables: 'Vendor', receivables: 'Customer' };

/** Every party of the company with open items in the currency, its IBANs (the default and the others) and those items, oldest due first. */
export async function partiesWithOpenItems(tx: Tx, scope: KitScope, currency: string): Promise<MatchableParty[]> {
  const out: MatchableParty[] = [];
  for (const side of ['payables', 'receivables'] as const) {
    const party = faceTables[side].party;
    const rows = rowsOf<{ party_id: string; name: string; iban: string | null; bank_accounts: { iban: string }[]; item_id: string; number: string | null; due_date: string; remaining_minor: string }>(
      await tx.execute(sql`
        select p.id as party_id, p.name, p.iban, p.bank_accounts, o.id as item_id, i.number, o.due_date::text as due_date, o.remaining_minor::text as remaining_minor
        from open_items o
        join ${party} p on p.tenant_id = o.tenant_id and p.id = o.party_id
        join invoices i on i.tenant_id = o.tenant_id and i.id = o.invoice_id
        where o.tenant_id = ${scope.tenantId} and o.company_id = ${scope.companyId} and o.side = ${side} and o.status = 'Open' and o.currency = ${currency} and o.remaining_minor > 0
        order by p.id, o.due_date, o.id`),
    );
    let current: MatchableParty | undefined;
    for (const r of rows) {
      if (current?.id !== r.party_id) {
        current = { type: partyTypeOf[side], id: r.party_id, name: r.name, ibans: [r.iban, ...r.bank_accounts.map((b) => b.iban)].filter((x): x is string => !!x), openItems: [] };
        out.push(current);
      }
      current.openItems.push({ id: r.item_id, number: r.number ?? '', dueDate: r.due_date, remainingMinor: BigInt(r.remaining_minor) });
    }
  }
  return out;
}


/**
 * A receipt (or payment) from a statement line, created and posted in the caller's transaction as
 * the payment screen's Post would: the user's Save label of the payment, refused while a workflow
 * governs payments of that face. Answers the payment and its journal.
 */
export async function postBankSettlement(tx: Tx, actor: DocumentActor, engine: DocumentWorkflow, s: BankSettlement): Promise<{ payment: PaymentView; journalId: string }> {
  const pf = paymentFaces[s.side];
  const gate = { refuseWhen: engine.activeSql(actor, pf.approval), refusal: `This ${pf.noun} needs approval: create it on ${pf.pages.payment} and submit it` };
  const payment = await postDocument(paymentBinding(pf), tx, actor, {
    kind: 'Payment', bank: s.bank, party: s.party, documentDate: s.date, amount: s.amount, method: 'Transfer',
    reference: s.reference ?? undefined, description: s.description, allocations: s.allocations,
  }, gate);
  const [row] = await tx.select({ journalId: payments.journalId }).from(payments).where(and(eq(payments.tenantId, actor.tenantId), eq(payments.id, payment.id)));
  if (!row?.journalId) throw new Error(`Payment ${payment.id} posted without a journal`);
  return { payment, journalId: row.journalId };
}
