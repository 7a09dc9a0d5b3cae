import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { formatMoney, formatRate, type JournalView } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { conflict, notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { accountBalances, dimensionSets, journals } from '../journals/journals.tables';
import { accountingPeriods, companySettings, fiscalYears } from './periods.tables';
import { accountClasses, accountGroups, accounts } from '../setup/setup.tables';
import { companyLedger, EMPTY_DIMENSION_SET } from '../posting/posting-context';
import { postEntry } from '../posting/posting.service';
import { getJournal } from '../journals/journals.service';
import { planClosingEntry, type ClosingLine, type PlBalance } from './year-end';

type Year = typeof fiscalYears.$inferSelect;
type Period = typeof accountingPeriods.$inferSelect;
type AccountRef = { id: string; code: string; name: string };

async function yearOf(tx: Tx, scope: KitScope, id: string, lock: boolean): Promise<Year> {
  const q = tx.select().from(fiscalYears).where(and(eq(fiscalYears.id, id), eq(fiscalYears.companyId, scope.companyId)));
  const [fy] = lock ? await q.for('update') : await q;
  if (!fy) throw notFound('Fiscal Year');
  return fy;
}

/**
 * The period the closing entry goes into: the year's adjustment period (its last day, kept for
 * year-end entries), or the last regular period when the year has none.
 */
function closingPeriodOf(periods: Period[]): Period | undefined {
  return periods.find((p) => p.type === 'Adjustment') ?? periods.filter((p) => p.type === 'Regular').sort((a, b) => b.periodNo - a.periodNo)[0];
}

/** The retained earnings account of /company-config, if it can take the result. */
async function retainedEarningsOf(tx: Tx, scope: KitScope): Promise<{ account?: AccountRef; problem?: string }> {
  const [row] = await tx
    .select({ id: accounts.id, code: accounts.code, name: accounts.name, kind: accounts.kind, active: accounts.active, category: accountClasses.category })
    .from(companySettings)
    .innerJoin(accounts, eq(accounts.id, companySettings.retainedEarningsAccount))
    .innerJoin(accountGroups, eq(accountGroups.id, accounts.accountGroup))
    .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.accountClass))
    .where(eq(companySettings.companyId, scope.companyId));
  if (!row) return { problem: 'Choose the retained earnings account in the company configuration first' };
  const account = { id: row.id, code: row.code, name: row.name };
  if (row.kind !== 'Posting' || !row.active) return { account, problem: `The retained earnings account ${row.code} is not an active posting account` };
  if (row.category === 'Revenue' || row.category === 'Expense') return { account, problem: `The retained earnings account ${row.code} is a ${row.category.toLowerCase()} account` };
  return { account };
}

/** Balances of the year's revenue and expense accounts, per currency and dimension set, read from account_balances. */
async function plBalances(tx: Tx, scope: KitScope, fiscalYearId: string): Promise<PlBalance[]> {
  const rows = await tx
    .select({
      accountId: accountBalances.accountId,
      currency: accountBalances.currency,
      dimensionSetId: accountBalances.dimensionSetId,
      amount: sql<string>`sum(${accountBalances.debitMinor} - ${accountBalances.creditMinor})::text`,
      base: sql<string>`sum(${accountBalances.baseDebitMinor} - ${accountBalances.baseCreditMinor})::text`,
    })
    .from(accountBalances)
    .innerJoin(accountingPeriods, eq(accountingPeriods.id, accountBalances.periodId))
    .innerJoin(accounts, eq(accounts.id, accountBalances.accountId))
    .innerJoin(accountGroups, eq(accountGroups.id, accounts.accountGroup))
    .innerJoin(accountClasses, eq(accountClasses.id, accountGroups.accountClass))
    .where(and(eq(accountBalances.companyId, scope.companyId), eq(accountingPeriods.fiscalYear, fiscalYearId), inArray(accountClasses.category, ['Revenue', 'Expense'])))
    .groupBy(accountBalances.accountId, accounts.code, accountBalances.currency, accountBalances.dimensionSetId)
    .orderBy(asc(accounts.code), asc(accountBalances.currency), asc(accountBalances.dimensionSetId));
  return rows.map((r) => ({ accountId: r.accountId, currency: r.currency, dimensionSetId: r.dimensionSetId, amountMinor: BigInt(r.amount), baseMinor: BigInt(r.base) }));
}

/** What stops the year from closing, in words, the most basic first. */
async function blockersOf(tx: Tx, scope: KitScope, fy: Year, periods: Period[], reProblem: string | undefined): Promise<string[]> {
  const out: string[] = [];
  if (fy.status === 'Closed') out.push(`Fiscal year ${fy.code} is already closed`);
  const earlier = await tx
    .select({ code: fiscalYears.code })
    .from(fiscalYears)
    .where(and(eq(fiscalYears.companyId, scope.companyId), lt(fiscalYears.endDate, fy.startDate), ne(fiscalYears.status, 'Closed')))
    .orderBy(asc(fiscalYears.startDate));
  if (earlier.length > 0) out.push(`Close the earlier fiscal year ${earlier.map((e) => e.code).join(', ')} first`);
  const closing = closingPeriodOf(periods);
  if (!closing) out.push(`Fiscal year ${fy.code} has no periods`);
  else if (closing.status !== 'Open' && fy.status !== 'Closed') out.push(`Period ${closing.name} is ${closing.status.toLowerCase()}: the closing entry needs it open`);
  const drafts = await tx
    .select({ date: journals.journalDate, description: journals.description })
    .from(journals)
    .where(and(eq(journals.companyId, scope.companyId), inArray(journals.status, ['Draft', 'Validated']), gte(journals.journalDate, fy.startDate), lte(journals.journalDate, fy.endDate)))
    .orderBy(desc(journals.journalDate))
    .limit(3);
  if (drafts.length > 0) {
    const [n] = await tx.select({ n: count() }).from(journals).where(and(eq(journals.companyId, scope.companyId), inArray(journals.status, ['Draft', 'Validated']), gte(journals.journalDate, fy.startDate), lte(journals.journalDate, fy.endDate)));
    const total = n?.n ?? drafts.length;
    const sample = drafts.map((d) => `${d.date} ${d.description}`).join('; ');
    out.push(`${total} draft journal${total === 1 ? '' : 's'} remain${total === 1 ? 's' : ''} in fiscal year ${fy.code}: post or delete ${total === 1 ? 'it' : 'them'} first (${sample}${total > drafts.length ? '; …' : ''})`);
  }
  if (reProblem) out.push(reProblem);
  return out;
}

async function periodsOf(tx: Tx, fiscalYearId: string, lock: boolean): Promise<Period[]> {
  const q = tx.select().from(accountingPeriods).where(eq(accountingPeriods.fiscalYear, fiscalYearId)).orderBy(asc(accountingPeriods.periodNo));
  return lock ? q.for('update') : q;
}

export type ClosingPreview = Awaited<ReturnType<typeof closingPreview>>;

/** The closing entry the year would get, and what stops it from closing; nothing is written. */
export async function closingPreview(tx: Tx, scope: KitScope, fiscalYearId: string) {
  const fy = await yearOf(tx, scope, fiscalYearId, false);
  const periods = await periodsOf(tx, fy.id, false);
  const re = await retainedEarningsOf(tx, scope);
  const blockers = await blockersOf(tx, scope, fy, periods, re.problem);
  const ledger = await companyLedger(tx, scope);
  const balances = fy.status === 'Closed' ? [] : await plBalances(tx, scope, fy.id);
  const plan = re.account && !re.problem ? planClosingEntry(balances, re.account.id, ledger.scales, ledger.baseCurrency) : undefined;
  const period = closingPeriodOf(periods);
  const baseScale = ledger.scales[ledger.baseCurrency] ?? 2;
  const netIncome = -balances.reduce((s, b) => s + b.baseMinor, 0n);
  return {
    fiscalYear: { id: fy.id, code: fy.code, name: fy.name, startDate: fy.startDate, endDate: fy.endDate, status: fy.status },
    period: period ? { id: period.id, name: period.name, status: period.status } : null,
    date: period?.endDate ?? fy.endDate,
    baseCurrency: ledger.baseCurrency,
    retainedEarnings: re.account ?? null,
    netIncome: formatMoney(netIncome, baseScale),
    lines: plan ? await describeLines(tx, scope, plan.lines, ledger.scales, ledger.baseCurrency) : [],
    closingJournal: fy.status === 'Closed' ? await closingJournalOf(tx, scope, fy.id) : null,
    blockers,
  };
}

/** Closing lines for a person: account code and name, dimension values, amounts as decimal strings. */
async function describeLines(tx: Tx, scope: KitScope, lines: ClosingLine[], scales: Record<string, number>, baseCurrency: string) {
  const ids = [...new Set(lines.map((l) => l.accountId))];
  const named = ids.length ? await tx.select({ id: accounts.id, code: accounts.code, name: accounts.name }).from(accounts).where(and(eq(accounts.companyId, scope.companyId), inArray(accounts.id, ids))) : [];
  const byId = new Map(named.map((a) => [a.id, a]));
  const setIds = [...new Set(lines.map((l) => l.dimensionSetId).filter((id) => id !== EMPTY_DIMENSION_SET))];
  const sets = setIds.length ? await tx.select({ id: dimensionSets.id, dimensions: dimensionSets.dimensions }).from(dimensionSets).where(inArray(dimensionSets.id, setIds)) : [];
  const dims = new Map(sets.map((s) => [s.id, s.dimensions]));
  const money = (v: bigint, c: string) => formatMoney(v, scales[c] ?? 2);
  return lines.map((l, i) => ({
    lineNo: i + 1, account: l.accountId, accountCode: byId.get(l.accountId)?.code ?? '', accountName: byId.get(l.accountId)?.name ?? '',
    currency: l.currency, dimensions: dims.get(l.dimensionSetId) ?? {}, rate: formatRate(l.rate),
    debit: money(l.debitMinor, l.currency), credit: money(l.creditMinor, l.currency), baseDebit: money(l.baseDebitMinor, baseCurrency), baseCredit: money(l.baseCreditMinor, baseCurrency),
  }));
}

export type YearEndResult = { fiscalYear: { id: string; code: string; status: string }; journal: JournalView | null; netIncome: string; periodsClosed: number };

/**
 * Year-end close, in one transaction: lock the year and its periods (a posting in flight holds its
 * period FOR SHARE, so this waits for it and later postings wait for this), post the closing entry
 * into the closing period, then close every open period and the year. Refused while the year has
 * drafts, an earlier year is open, or the year is already closed (an Idempotency-Key replays the
 * first answer instead).
 */
export async function closeFiscalYear(tx: Tx, scope: KitScope, fiscalYearId: string): Promise<YearEndResult> {
  const fy = await yearOf(tx, scope, fiscalYearId, true);
  if (fy.status === 'Closed') throw conflict(`Fiscal year ${fy.code} is already closed`);
  const periods = await periodsOf(tx, fy.id, true);
  const re = await retainedEarningsOf(tx, scope);
  const blockers = await blockersOf(tx, scope, fy, periods, re.problem);
  if (blockers.length > 0) throw unprocessable(blockers.join('. '));
  const ledger = await companyLedger(tx, scope);
  const plan = planClosingEntry(await plBalances(tx, scope, fy.id), re.account!.id, ledger.scales, ledger.baseCurrency);
  const period = closingPeriodOf(periods)!;
  const journalId = plan.lines.length > 0 ? await postClosingEntry(tx, scope, fy, period, plan.lines) : null;
  const closed = await tx
    .update(accountingPeriods)
    .set({ status: 'Closed', updatedAt: sql`now()` })
    .where(and(eq(accountingPeriods.fiscalYear, fy.id), eq(accountingPeriods.status, 'Open')))
    .returning({ id: accountingPeriods.id });
  await tx.update(fiscalYears).set({ status: 'Closed', updatedAt: sql`now()` }).where(eq(fiscalYears.id, fy.id));
  const netIncome = formatMoney(plan.netIncomeBaseMinor, ledger.scales[ledger.baseCurrency] ?? 2);
  await recordAudit(tx, scope.tenantId, scope.userId, [
    { entity: 'fiscalYear', recordId: fy.id, action: 'edit', before: { status: fy.status }, after: { status: 'Closed', closingJournal: journalId, netIncome } },
    ...closed.map((p) => ({ entity: 'accountingPeriod', recordId: p.id, action: 'edit' as const, before: { status: 'Open' }, after: { status: 'Closed', by: 'year-end close' } })),
  ]);
  return { fiscalYear: { id: fy.id, code: fy.code, status: 'Closed' }, journal: journalId ? await getJournal(tx, scope, journalId) : null, netIncome, periodsClosed: closed.length };
}

/**
 * Posts the closing entry through the port with exact base amounts taken from the balances (the
 * engine's convert-and-balance step cannot express them): the database checks balance (per
 * currency and in base) and the open period, and keeps the balances. Into the year's adjustment
 * period, or its last regular period when it has none.
 */
async function postClosingEntry(tx: Tx, scope: KitScope, fy: Year, period: Period, lines: ClosingLine[]): Promise<string> {
  const posted = await postEntry(tx, scope, {
    kind: 'Adjustment', periodType: period.type === 'Adjustment' ? 'Adjustment' : 'Regular', journalDate: period.endDate,
    description: `Year-end close of ${fy.code}: revenue and expenses to retained earnings`, reference: fy.code,
    source: { module: 'General Ledger', documentType: 'FiscalYearClose', documentId: fy.id },
    exact: true,
    lines: lines.map((l) => ({ ...l, description: l.toRetainedEarnings ? `Result of ${fy.code}` : 'Close to retained earnings' })),
  });
  return posted.journalId;
}

/** The closing journal of a closed year, if it had one. */
async function closingJournalOf(tx: Tx, scope: KitScope, fiscalYearId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: journals.id })
    .from(journals)
    .where(and(eq(journals.companyId, scope.companyId), eq(journals.sourceType, 'FiscalYearClose'), eq(journals.sourceId, fiscalYearId), inArray(journals.status, ['Posted', 'Reversed'])))
    .orderBy(desc(journals.createdAt))
    .limit(1);
  return row?.id ?? null;
}
