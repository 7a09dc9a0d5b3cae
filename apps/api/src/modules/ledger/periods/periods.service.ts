import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { AccountingPeriod, PeriodStatus, PeriodType } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { badRequest, conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitRule, KitScope } from '../../../platform/kit/registry';
import { accountingPeriods, fiscalYears } from './periods.tables';
import { customPeriods, monthlyPeriods } from './periods';

type PeriodRow = typeof accountingPeriods.$inferSelect;
export type PeriodView = AccountingPeriod;
// Only these services write type and status, each from the contract's unions.
const toView = ({ tenantId: _t, companyId: _c, ...p }: PeriodRow): PeriodView => ({ ...p, type: p.type as PeriodType, status: p.status as PeriodStatus, updatedAt: p.updatedAt.toISOString() });

/** A fiscal year ends after it starts, lasts at most 18 months and overlaps no other year of the company. */
export const fiscalYearFits: KitRule = async (tx, scope, input, id) => {
  const start = String(input.startDate);
  const end = String(input.endDate);
  if (end <= start) throw unprocessable('The fiscal year must end after it starts');
  const months = (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7));
  if (months >= 18) throw unprocessable('A fiscal year lasts at most 18 months');
  const [overlap] = await tx
    .select({ code: fiscalYears.code })
    .from(fiscalYears)
    .where(and(eq(fiscalYears.companyId, scope.companyId), lte(fiscalYears.startDate, end), gte(fiscalYears.endDate, start), id ? ne(fiscalYears.id, id) : undefined));
  if (overlap) throw unprocessable(`The dates overlap fiscal year ${overlap.code}`);
  if (id) {
    const [before] = await tx.select().from(fiscalYears).where(eq(fiscalYears.id, id));
    const [hasPeriods] = await tx.select({ id: accountingPeriods.id }).from(accountingPeriods).where(eq(accountingPeriods.fiscalYear, id)).limit(1);
    if (before && hasPeriods && (before.startDate !== start || before.endDate !== end)) {
      throw unprocessable('The dates of a fiscal year with periods cannot change');
    }
  }
};

async function fiscalYearOf(tx: Tx, scope: KitScope, id: string) {
  const [fy] = await tx.select().from(fiscalYears).where(and(eq(fiscalYears.id, id), eq(fiscalYears.companyId, scope.companyId))).for('update');
  if (!fy) throw notFound('Fiscal Year');
  return fy;
}

export type GeneratePeriods = { pattern: 'monthly' } | { pattern: 'custom'; periods: { name: string; startDate: string; endDate: string }[] };

/** Creates the periods of a fiscal year once: twelve (or so) monthly periods, or custom ones. */
export async function generatePeriods(tx: Tx, scope: KitScope, fiscalYearId: string, request: GeneratePeriods): Promise<PeriodView[]> {
  const fy = await fiscalYearOf(tx, scope, fiscalYearId);
  const [existing] = await tx.select({ id: accountingPeriods.id }).from(accountingPeriods).where(eq(accountingPeriods.fiscalYear, fy.id)).limit(1);
  if (existing) throw conflict(`Fiscal year ${fy.code} already has periods`);
  const plan = request.pattern === 'monthly' ? monthlyPeriods(fy.startDate, fy.endDate) : customPeriods(fy.startDate, fy.endDate, request.periods);
  if (typeof plan === 'string') throw badRequest(plan);
  const rows = await tx
    .insert(accountingPeriods)
    .values(plan.map((p) => ({ ...p, tenantId: scope.tenantId, companyId: scope.companyId, fiscalYear: fy.id })))
    .returning();
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'fiscalYear', recordId: fy.id, action: 'edit', after: { periodsGenerated: plan.length } }]);
  return rows.map(toView).sort((a, b) => a.periodNo - b.periodNo);
}

export async function listPeriods(tx: Tx, scope: KitScope, fiscalYearId: string): Promise<PeriodView[]> {
  await fiscalYearOf(tx, scope, fiscalYearId);
  const rows = await tx.select().from(accountingPeriods).where(eq(accountingPeriods.fiscalYear, fiscalYearId)).orderBy(asc(accountingPeriods.periodNo));
  return rows.map(toView);
}

/**
 * Open, Closed or Locked. Locked is final: a locked period never opens again. Closing goes
 * through the PeriodClosing approval once workflows exist; the ledger refuses postings to a
 * period that is not Open either way.
 */
export async function setPeriodStatus(tx: Tx, scope: KitScope, periodId: string, status: PeriodStatus): Promise<PeriodView> {
  const [before] = await tx.select().from(accountingPeriods).where(and(eq(accountingPeriods.id, periodId), eq(accountingPeriods.companyId, scope.companyId))).for('update');
  if (!before) throw notFound('Accounting Period');
  if (before.status === 'Locked' && status !== 'Locked') throw unprocessable(`Period ${before.name} is locked and cannot be reopened`);
  const [fy] = await tx.select({ status: fiscalYears.status }).from(fiscalYears).where(eq(fiscalYears.id, before.fiscalYear));
  if (fy?.status === 'Closed' && status === 'Open') throw unprocessable('The fiscal year is closed: its periods cannot reopen');
  const [after] = await tx.update(accountingPeriods).set({ status, updatedAt: sql`now()` }).where(eq(accountingPeriods.id, periodId)).returning();
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'accountingPeriod', recordId: periodId, action: 'edit', before, after }]);
  return toView(after!);
}

/** The period a date falls in (regular periods only), for the posting engine. */
export async function periodOn(tx: Tx, scope: Pick<KitScope, 'companyId'>, date: string): Promise<PeriodView | undefined> {
  const [row] = await tx
    .select()
    .from(accountingPeriods)
    .where(and(eq(accountingPeriods.companyId, scope.companyId), eq(accountingPeriods.type, 'Regular'), lte(accountingPeriods.startDate, date), gte(accountingPeriods.endDate, date)));
  return row ? toView(row) : undefined;
}
