import { sql, type SQL } from 'drizzle-orm';
import { and, eq, ne } from 'drizzle-orm';
import {
  formatMoney,
  LIST_TOTAL_MAX,
  parseMoney,
  recurringPaymentDocuments,
  stateOf,
  type RecurringOccurrenceList,
  type RecurringPaymentFace,
  type RecurringPaymentInput,
  type RecurringPaymentListFilter,
  type RecurringPaymentListItem,
  type RecurringPaymentView,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/actor';
import type { KitScope } from '../../../platform/kit/registry';
import type { Table } from '../../../platform/kit/tabular-files';
import { banks } from '../../cash-management/index';
import { currencies } from '../../organisation/index';
import { faceTables } from '../parties.tables';
import { currencyFacts, partyFacts } from '../invoices/invoice-facts';
import { payments } from '../payments/payments.tables';
import { recurringPaymentRuns, recurringPayments } from './recurring-payments.tables';

/* Recurring payment schedules of a face: stored, listed, exported, viewed, with the payments they made. */

export type RecurringPaymentRow = typeof recurringPayments.$inferSelect;
const refusal = (field: string, message: string) => unprocessable(`${field}: ${message}`);

export async function storedSchedule(tx: Tx, scope: KitScope, rf: RecurringPaymentFace, id: string, lock: boolean): Promise<RecurringPaymentRow> {
  const q = tx.select().from(recurringPayments).where(and(eq(recurringPayments.companyId, scope.companyId), eq(recurringPayments.id, id), eq(recurringPayments.side, rf.pf.face.side)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(`${rf.pf.face.partyLabel} recurring ${rf.pf.noun}`);
  return row;
}

/** The columns of a schedule as typed: the party of the face and company, the bank of the company, the amount in the bank's currency. */
async function columnsOf(tx: Tx, actor: Actor, rf: RecurringPaymentFace, input: RecurringPaymentInput, exceptId?: string) {
  const party = await partyFacts(tx, actor, rf.pf.face, input.party).catch(() => {
    throw refusal('party', `the ${rf.pf.face.partyWord} does not exist in this company`);
  });
  const [bank] = await tx
    .select({ id: banks.id, currency: currencies.code })
    .from(banks)
    .innerJoin(currencies, and(eq(currencies.tenantId, banks.tenantId), eq(currencies.id, banks.currency)))
    .where(and(eq(banks.companyId, actor.companyId), eq(banks.id, input.bank)));
  if (!bank) throw refusal('bank', 'the bank does not exist in this company');
  const { scales } = await currencyFacts(tx, actor);
  const scale = scales[bank.currency];
  if (scale === undefined) throw refusal('bank', `the bank's currency ${bank.currency} is inactive`);
  let amountMinor: bigint;
  try {
    amountMinor = parseMoney(input.amount, scale);
  } catch {
    throw refusal('amount', `${input.amount} has more decimals than ${bank.currency} has (${scale})`);
  }
  const taken = await tx.select({ id: recurringPayments.id }).from(recurringPayments).where(and(
    eq(recurringPayments.companyId, actor.companyId), eq(recurringPayments.side, rf.pf.face.side), sql`lower(${recurringPayments.code}) = lower(${input.code})`,
    ...(exceptId ? [ne(recurringPayments.id, exceptId)] : []),
  ));
  if (taken.length) throw conflict(`code: a ${rf.pf.face.partyWord} recurring ${rf.pf.noun} with code ${input.code} already exists`);
  return {
    code: input.code, description: input.description, partyId: party.id, bankId: bank.id, currency: bank.currency, amountMinor, method: input.method, allocation: input.allocation,
    reference: input.reference ?? null, frequency: input.frequency, intervalCount: input.interval, startDate: input.startDate, endDate: input.endDate ?? null,
    maxOccurrences: input.occurrences ?? null, mode: input.mode,
  };
}

export async function insertSchedule(tx: Tx, actor: Actor, rf: RecurringPaymentFace, input: RecurringPaymentInput): Promise<string> {
  const columns = await columnsOf(tx, actor, rf, input);
  const [row] = await tx.insert(recurringPayments).values({
    tenantId: actor.tenantId, companyId: actor.companyId, side: rf.pf.face.side, ...columns, nextDate: columns.startDate, createdBy: actor.userId,
  }).returning({ id: recurringPayments.id });
  return row!.id;
}

/**
 * An edit (a draft, or a stopped schedule: the kit puts it back to Draft) carries on from where the
 * schedule is: its next date stays unless the start moved past it; a schedule that made nothing
 * starts at its start date.
 */
export async function replaceSchedule(tx: Tx, actor: Actor, rf: RecurringPaymentFace, id: string, input: RecurringPaymentInput): Promise<void> {
  const before = await storedSchedule(tx, actor, rf, id, true);
  const columns = await columnsOf(tx, actor, rf, input, id);
  const carryOn = before.occurrencesGenerated === 0 ? columns.startDate : (before.nextDate ?? columns.startDate);
  const nextDate = carryOn < columns.startDate ? columns.startDate : carryOn;
  await tx.update(recurringPayments).set({ ...columns, status: 'Draft', nextDate, updatedAt: sql`now()` }).where(and(eq(recurringPayments.tenantId, actor.tenantId), eq(recurringPayments.id, id)));
}

/** A schedule that has made payments stays as their origin: stop it instead. */
export async function deleteSchedule(tx: Tx, actor: Actor, rf: RecurringPaymentFace, id: string): Promise<void> {
  const row = await storedSchedule(tx, actor, rf, id, true);
  if (row.occurrencesGenerated > 0) throw conflict(`Recurring ${rf.pf.noun} ${row.code} has made ${row.occurrencesGenerated} ${rf.pf.noun}(s): stop it instead`);
  await tx.delete(recurringPayments).where(and(eq(recurringPayments.tenantId, actor.tenantId), eq(recurringPayments.id, id)));
}

type ViewRow = RecurringPaymentRow & { partyCode: string; partyName: string; bankCode: string };

function viewOf(rf: RecurringPaymentFace, r: ViewRow, scale: number): RecurringPaymentView {
  return {
    id: r.id, side: r.side, kind: 'Schedule', status: stateOf(recurringPaymentDocuments[rf.pf.face.side], r.status), code: r.code, description: r.description,
    party: r.partyId, partyCode: r.partyCode, partyName: r.partyName, bank: r.bankId, bankCode: r.bankCode, currency: r.currency, amount: formatMoney(r.amountMinor, scale),
    method: r.method, allocation: r.allocation, reference: r.reference, frequency: r.frequency, interval: r.intervalCount, startDate: r.startDate, nextDate: r.nextDate,
    endDate: r.endDate, occurrences: r.maxOccurrences, mode: r.mode, occurrencesGenerated: r.occurrencesGenerated, lastRunAt: r.lastRunAt?.toISOString() ?? null,
    lastOccurrenceDate: r.lastOccurrenceDate, lastError: r.lastError, lastErrorAt: r.lastErrorAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}

const SORTS: Record<string, SQL> = {
  code: sql`r.code asc, r.id asc`, '-code': sql`r.code desc, r.id desc`,
  nextDate: sql`r.next_date asc nulls last, r.id asc`, '-nextDate': sql`r.next_date desc nulls last, r.id desc`,
  createdAt: sql`r.created_at asc, r.id asc`, '-createdAt': sql`r.created_at desc, r.id desc`,
};

function whereOf(scope: KitScope, rf: RecurringPaymentFace, f: RecurringPaymentListFilter & { id?: string }): SQL {
  const c: SQL[] = [sql`r.company_id = ${scope.companyId}::uuid`, sql`r.side = ${rf.pf.face.side}`];
  if (f.id) c.push(sql`r.id = ${f.id}::uuid`);
  if (f.status) c.push(sql`r.status = ${f.status}`);
  if (f.from) c.push(sql`r.next_date >= ${f.from}::date`);
  if (f.to) c.push(sql`r.next_date <= ${f.to}::date`);
  if (f.party) c.push(sql`r.party_id = ${f.party}::uuid`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`(r.code ilike ${like} or r.description ilike ${like} or r.reference ilike ${like} or q.code ilike ${like} or q.name ilike ${like})`);
  }
  return sql.join(c, sql` and `);
}

const fromOf = (rf: RecurringPaymentFace) =>
  sql`from ${recurringPayments} r join ${faceTables[rf.pf.face.side].party} q on q.tenant_id = r.tenant_id and q.id = r.party_id join ${banks} b on b.tenant_id = r.tenant_id and b.id = r.bank_id`;

async function rowsFor(tx: Tx, scope: KitScope, rf: RecurringPaymentFace, f: RecurringPaymentListFilter & { id?: string; limit?: number; page?: number }): Promise<ViewRow[]> {
  const order = SORTS[f.sort ?? 'code'] ?? SORTS.code!;
  const paging = f.limit ? sql` limit ${f.limit} offset ${(Math.max(1, f.page ?? 1) - 1) * f.limit}` : sql``;
  const ids = rowsOf<{ id: string; party_code: string; party_name: string; bank_code: string }>(
    await tx.execute(sql`select r.id, q.code as party_code, q.name as party_name, b.code as bank_code ${fromOf(rf)} where ${whereOf(scope, rf, f)} order by ${order}${paging}`),
  );
  if (ids.length === 0) return [];
  const rows = await tx.select().from(recurringPayments).where(and(eq(recurringPayments.tenantId, scope.tenantId), sql`${recurringPayments.id} = any(${`{${ids.map((i) => i.id).join(',')}}`}::uuid[])`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((i) => ({ ...byId.get(i.id)!, partyCode: i.party_code, partyName: i.party_name, bankCode: i.bank_code }));
}

export async function viewSchedule(tx: Tx, scope: KitScope, rf: RecurringPaymentFace, id: string): Promise<RecurringPaymentView> {
  await storedSchedule(tx, scope, rf, id, false);
  const [row] = await rowsFor(tx, scope, rf, { id });
  const { scales } = await currencyFacts(tx, scope);
  return viewOf(rf, row!, scales[row!.currency] ?? 2);
}

export async function listSchedules(tx: Tx, scope: KitScope, rf: RecurringPaymentFace, q: RecurringPaymentListFilter & { limit: number; page: number }): Promise<{ items: RecurringPaymentListItem[]; total: number }> {
  const { scales } = await currencyFacts(tx, scope);
  const rows = await rowsFor(tx, scope, rf, q);
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (select 1 ${fromOf(rf)} where ${whereOf(scope, rf, q)} limit ${LIST_TOTAL_MAX + 1}) c`));
  return {
    items: rows.map((r) => {
      const v = viewOf(rf, r, scales[r.currency] ?? 2);
      return {
        id: v.id, kind: v.kind, status: v.status, code: v.code, description: v.description, party: v.party, partyCode: v.partyCode, partyName: v.partyName, bankCode: v.bankCode,
        currency: v.currency, amount: v.amount, method: v.method, allocation: v.allocation, frequency: v.frequency, interval: v.interval, nextDate: v.nextDate, mode: v.mode,
        occurrencesGenerated: v.occurrencesGenerated, lastError: v.lastError,
      };
    }),
    total: count?.n ?? 0,
  };
}

export async function exportSchedules(tx: Tx, scope: KitScope, rf: RecurringPaymentFace, f: RecurringPaymentListFilter): Promise<Table> {
  const { scales } = await currencyFacts(tx, scope);
  const rows = await rowsFor(tx, scope, rf, { ...f, limit: 100_000 });
  return {
    headers: ['Code', 'Description', 'Status', rf.pf.face.partyLabel, 'Bank', 'Currency', 'Amount', 'Method', 'Allocation', 'Frequency', 'Every', 'Start', 'Next', 'End', 'Occurrences', 'Mode', 'Made'],
    rows: rows.map((r) => [
      r.code, r.description, r.status, r.partyCode, r.bankCode, r.currency, formatMoney(r.amountMinor, scales[r.currency] ?? 2), r.method, r.allocation, r.frequency, String(r.intervalCount),
      r.startDate, r.nextDate ?? '', r.endDate ?? '', r.maxOccurrences === null ? '' : String(r.maxOccurrences), r.mode, String(r.occurrencesGenerated),
    ]),
  };
}

/** The occurrences a schedule made (those of `dates` only, when given), newest first, with their payments. */
export async function scheduleHistory(tx: Tx, scope: KitScope, rf: RecurringPaymentFace, id: string, limit: number, page: number, dates?: string[]): Promise<RecurringOccurrenceList> {
  await storedSchedule(tx, scope, rf, id, false);
  const { scales } = await currencyFacts(tx, scope);
  const only = dates ? sql`and r.occurrence_date = any(${`{${dates.join(',')}}`}::date[])` : sql``;
  const rows = rowsOf<{ occurrence_date: string; payment_id: string | null; number: string | null; status: string | null; amount_minor: string | null; currency: string | null; created_at: Date }>(
    await tx.execute(sql`select r.occurrence_date::text, r.payment_id, p.number, p.status, p.amount_minor::text, p.currency, r.created_at
      from ${recurringPaymentRuns} r left join ${payments} p on p.tenant_id = r.tenant_id and p.id = r.payment_id
      where r.tenant_id = ${scope.tenantId}::uuid and r.recurring_id = ${id}::uuid ${only} order by r.occurrence_date desc limit ${limit} offset ${(page - 1) * limit}`),
  );
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${recurringPaymentRuns} r where r.tenant_id = ${scope.tenantId}::uuid and r.recurring_id = ${id}::uuid ${only}`));
  return {
    items: rows.map((r) => ({
      occurrenceDate: r.occurrence_date, payment: r.payment_id, number: r.number, status: r.status ?? 'Deleted',
      amount: r.amount_minor && r.currency ? formatMoney(BigInt(r.amount_minor), scales[r.currency] ?? 2) : null, createdAt: new Date(r.created_at).toISOString(),
    })),
    total: count?.n ?? 0,
  };
}
