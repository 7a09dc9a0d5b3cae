import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  forecastBuckets,
  forecastSources,
  formatMoney,
  type BankStatus,
  type ForecastAdjustment,
  type ForecastBucket,
  type ForecastItem,
  type ForecastItemsPage,
  type ForecastItemsQuery,
  type ForecastQuery,
  type ForecastResult,
  type ForecastScope,
  type ForecastGranularity,
  type ForecastSourceKey,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { notFound, unprocessable } from '../../../platform/http/errors';
import type { KitScope } from '../../../platform/kit/registry';
import { companies, currencies } from '../../organisation/index';
import { accountBalances, accountDayBalances, accountingPeriods, accounts } from '../../ledger/index';
import { banks } from '../banks.tables';
import { cashflowForecasts } from './forecast.tables';
import { forecastProviders, type ForecastContext } from './forecast.providers';

/*
 * The cash-flow forecast engine (RULES.md "Cash-flow forecast"): what to forecast (a saved forecast
 * or settings of the request), the banks it covers, the opening cash from the ledger's maintained
 * balances, and the sources' flows grouped by bucket in one statement.
 */

export type ForecastSettings = {
  forecast: { id: string; code: string; name: string } | null;
  scope: ForecastScope;
  bankGroup: string | null;
  bank: string | null;
  granularity: ForecastGranularity;
  periods: number;
  startDate: string;
  shiftByLateness: boolean;
  adjustments: ForecastAdjustment[];
};

export type ScopeBank = { id: string; code: string; name: string; currency: string; account: string; accountId: string; scale: number };

const ACTIVE: BankStatus = 'Active';

async function accountingDate(tx: Tx, scope: KitScope): Promise<string> {
  const [row] = await tx.select({ date: companies.accountingDate }).from(companies).where(and(eq(companies.tenantId, scope.tenantId), eq(companies.companyId, scope.companyId)));
  if (!row) throw notFound('Company not found');
  return row.date;
}

/** The settings of a saved forecast (its own start date, else the request's, else the App Date), or of the request. */
export async function resolveSettings(tx: Tx, scope: KitScope, q: ForecastQuery): Promise<ForecastSettings> {
  if (q.forecast) {
    const [row] = await tx.select().from(cashflowForecasts).where(and(eq(cashflowForecasts.companyId, scope.companyId), eq(cashflowForecasts.id, q.forecast)));
    if (!row) throw notFound('Cash-flow forecast');
    return {
      forecast: { id: row.id, code: row.code, name: row.name },
      scope: row.scope, bankGroup: row.bankGroup, bank: row.bank, granularity: row.granularity, periods: row.periods,
      startDate: row.startDate ?? q.startDate ?? (await accountingDate(tx, scope)),
      shiftByLateness: row.shiftByLateness, adjustments: row.adjustments,
    };
  }
  if (q.scope === 'Bank group' && !q.bankGroup) throw unprocessable('bankGroup: Please supply bank group');
  if (q.scope === 'Bank' && !q.bank) throw unprocessable('bank: Please supply bank');
  return {
    forecast: null, scope: q.scope, bankGroup: q.scope === 'Bank group' ? q.bankGroup ?? null : null, bank: q.scope === 'Bank' ? q.bank ?? null : null,
    granularity: q.granularity, periods: q.periods, startDate: q.startDate ?? (await accountingDate(tx, scope)), shiftByLateness: q.shiftByLateness, adjustments: [],
  };
}

/** The company's active banks the settings cover, by code. */
export async function scopeBanks(tx: Tx, scope: KitScope, s: Pick<ForecastSettings, 'scope' | 'bankGroup' | 'bank'>): Promise<ScopeBank[]> {
  const which = s.scope === 'Bank' ? eq(banks.id, s.bank ?? '') : s.scope === 'Bank group' ? eq(banks.bankGroup, s.bankGroup ?? '') : undefined;
  return tx
    .select({ id: banks.id, code: banks.code, name: banks.name, currency: currencies.code, account: accounts.code, accountId: banks.account, scale: currencies.minorUnit })
    .from(banks)
    .innerJoin(currencies, and(eq(currencies.tenantId, banks.tenantId), eq(currencies.id, banks.currency)))
    .innerJoin(accounts, and(eq(accounts.tenantId, banks.tenantId), eq(accounts.id, banks.account)))
    .where(and(eq(banks.companyId, scope.companyId), eq(banks.status, ACTIVE), which))
    .orderBy(banks.code);
}

const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
const dateArray = (dates: readonly string[]): SQL => sql`${`{${dates.join(',')}}`}::date[]`;

/**
 * The banks' GL balances in their own currency as of the start date (its postings included), per
 * currency, from the maintained balances: whole periods that end by then (account_balances), and
 * the days of the period the date falls in (account_day_balances). An account two banks share counts once.
 */
export async function openingCash(tx: Tx, scope: KitScope, bankRows: readonly ScopeBank[], startDate: string): Promise<Map<string, bigint>> {
  const opening = new Map<string, bigint>(bankRows.map((b) => [b.currency, 0n]));
  if (bankRows.length === 0) return opening;
  const d = sql`${startDate}::date`;
  const rows = rowsOf<{ currency: string; amount: string }>(await tx.execute(sql`
    with acc as (
      select distinct a.account_id, a.currency from unnest(${uuidArray(bankRows.map((b) => b.accountId))}, ${sql`${`{${bankRows.map((b) => b.currency).join(',')}}`}::text[]`}) as a(account_id, currency)
    ), whole as (
      select p.id from ${accountingPeriods} p where p.tenant_id = ${scope.tenantId}::uuid and p.company_id = ${scope.companyId}::uuid and p.end_date <= ${d}
    ), cut as (
      select p.id from ${accountingPeriods} p where p.tenant_id = ${scope.tenantId}::uuid and p.company_id = ${scope.companyId}::uuid and p.start_date <= ${d} and p.end_date > ${d}
    ), gl as (
      select b.currency, b.debit_minor - b.credit_minor as amount from ${accountBalances} b join acc on acc.account_id = b.account_id and acc.currency = b.currency
      where b.tenant_id = ${scope.tenantId}::uuid and b.company_id = ${scope.companyId}::uuid and b.period_id in (select id from whole)
      union all
      select b.currency, b.debit_minor - b.credit_minor from ${accountDayBalances} b join acc on acc.account_id = b.account_id and acc.currency = b.currency
      where b.tenant_id = ${scope.tenantId}::uuid and b.company_id = ${scope.companyId}::uuid and b.period_id in (select id from cut) and b.entry_date <= ${d}
    )
    select currency, sum(amount)::text as amount from gl group by currency`));
  for (const r of rows) opening.set(r.currency, BigInt(r.amount));
  return opening;
}

/** The context CTEs the providers read, then `flows`: every source's flows for the scope's banks and currencies. */
function flowsWith(ctx: ForecastContext, bankRows: readonly ScopeBank[]): SQL {
  const { tenantId, companyId } = ctx.scope;
  const union = sql.join(forecastProviders().map((p) => sql`(${p.flows(ctx)})`), sql` union all `);
  const currencyCodes = [...new Set(bankRows.map((b) => b.currency))];
  return sql`
    all_banks as (
      select b.id, b.code, b.account, c.code as currency from ${banks} b join ${currencies} c on c.tenant_id = b.tenant_id and c.id = b.currency
      where b.tenant_id = ${tenantId}::uuid and b.company_id = ${companyId}::uuid and b.status = ${ACTIVE}
    ), default_bank as (
      select distinct on (currency) currency, id from all_banks order by currency, code
    ), scale as (
      select c.code, c.minor_unit from ${currencies} c where c.tenant_id = ${tenantId}::uuid
    ), flows as (
      select f.* from (${union}) f
      where f.currency = any(${sql`${`{${currencyCodes.join(',')}}`}::text[]`})
        and (f.bank_id is null or f.bank_id = any(${uuidArray(bankRows.map((b) => b.id))}))
    )`;
}

type BucketSums = { currency: string; idx: number; receipts: string; payments: string; adjustments: string };

/**
 * The forecast: per currency of the scope's banks, the opening cash and each bucket's flows and
 * closing. A flow's bucket is found by binary search over the buckets' first days (width_bucket),
 * not by joining every flow to every bucket: a year of days costs what 13 weeks do.
 */
export async function computeForecast(tx: Tx, scope: KitScope, q: ForecastQuery): Promise<ForecastResult> {
  const s = await resolveSettings(tx, scope, q);
  const buckets = forecastBuckets(s.startDate, s.granularity, s.periods);
  const endDate = buckets[buckets.length - 1]!.to;
  const bankRows = await scopeBanks(tx, scope, s);
  const opening = await openingCash(tx, scope, bankRows, s.startDate);
  const sums = bankRows.length === 0 ? [] : rowsOf<BucketSums>(await tx.execute(sql`
    with ${flowsWith({ scope, startDate: s.startDate, endDate, shiftByLateness: s.shiftByLateness, adjustments: s.adjustments, detail: false }, bankRows)}
    select f.currency, (width_bucket(f.expected_date, ${dateArray(buckets.map((x) => x.from))}) - 1)::int as idx,
      coalesce(sum(f.amount_minor) filter (where f.source <> 'adjustments' and f.amount_minor > 0), 0)::text as receipts,
      coalesce(-sum(f.amount_minor) filter (where f.source <> 'adjustments' and f.amount_minor < 0), 0)::text as payments,
      coalesce(sum(f.amount_minor) filter (where f.source = 'adjustments'), 0)::text as adjustments
    from flows f where f.expected_date between ${s.startDate}::date and ${endDate}::date
    group by 1, 2`));
  const byKey = new Map(sums.map((r) => [`${r.currency}|${r.idx}`, r]));
  const scales = new Map(bankRows.map((b) => [b.currency, b.scale]));
  const currencyRows = [...opening.keys()].sort().map((currency) => {
    const scale = scales.get(currency) ?? 2;
    const money = (v: bigint) => formatMoney(v, scale);
    let running = opening.get(currency) ?? 0n;
    const rows = buckets.map((bucket) => {
      const r = byKey.get(`${currency}|${bucket.index}`);
      const [receipts, payments, adjustments] = [BigInt(r?.receipts ?? 0), BigInt(r?.payments ?? 0), BigInt(r?.adjustments ?? 0)];
      const open = running;
      running = open + receipts - payments + adjustments;
      return { index: bucket.index, from: bucket.from, to: bucket.to, opening: money(open), receipts: money(receipts), payments: money(payments), adjustments: money(adjustments), closing: money(running) };
    });
    return { currency, opening: money(opening.get(currency) ?? 0n), closing: money(running), buckets: rows };
  });
  return {
    forecast: s.forecast, startDate: s.startDate, endDate, granularity: s.granularity, scope: s.scope, shiftByLateness: s.shiftByLateness,
    banks: bankRows.map((b) => ({ id: b.id, code: b.code, name: b.name, currency: b.currency, scale: b.scale, account: b.account })),
    sources: forecastSources.map((x) => ({ key: x.key, label: x.label, wired: x.wired, note: x.note })),
    currencies: currencyRows,
  };
}

type ItemRow = {
  source: ForecastSourceKey; currency: string; expected_date: string; due_date: string; days_late: number; bank: string | null; party: string | null;
  reference: string | null; description: string; amount_minor: string; total: number;
};

/** The flows between two dates, by expected date: `limit` rows from `offset`, each with the count of all. */
async function flowRows(tx: Tx, scope: KitScope, s: ForecastSettings, bankRows: readonly ScopeBank[], range: { from: string; to: string }, limit: number, offset: number): Promise<ItemRow[]> {
  const buckets = forecastBuckets(s.startDate, s.granularity, s.periods);
  return rowsOf<ItemRow>(await tx.execute(sql`
    with ${flowsWith({ scope, startDate: s.startDate, endDate: buckets[buckets.length - 1]!.to, shiftByLateness: s.shiftByLateness, adjustments: s.adjustments, detail: true }, bankRows)}
    select f.source, f.currency, f.expected_date::text, f.due_date::text, f.days_late::int, ab.code as bank, f.party, f.reference, f.description, f.amount_minor::text,
      count(*) over ()::int as total
    from flows f left join all_banks ab on ab.id = f.bank_id
    where f.expected_date between ${range.from}::date and ${range.to}::date
    order by f.currency, f.expected_date, f.source, f.amount_minor desc, f.reference
    limit ${limit} offset ${offset}`));
}

const itemOf = (r: ItemRow, scale: number): ForecastItem => ({
  source: r.source, expectedDate: r.expected_date, dueDate: r.due_date, daysLate: r.days_late, bank: r.bank, party: r.party,
  reference: r.reference, description: r.description, amount: formatMoney(BigInt(r.amount_minor), scale),
});

/** The flows of one bucket of one currency, by expected date, a page at a time (the drill-down). */
export async function forecastItems(tx: Tx, scope: KitScope, q: ForecastItemsQuery): Promise<ForecastItemsPage> {
  const s = await resolveSettings(tx, scope, q);
  const buckets = forecastBuckets(s.startDate, s.granularity, s.periods);
  const bucket: ForecastBucket | undefined = buckets[q.bucket];
  if (!bucket) throw unprocessable(`bucket: the forecast has ${buckets.length} buckets (0 to ${buckets.length - 1})`);
  const bankRows = (await scopeBanks(tx, scope, s)).filter((b) => b.currency === q.currency);
  if (bankRows.length === 0) return { items: [], total: 0 };
  const rows = await flowRows(tx, scope, s, bankRows, bucket, q.limit, (q.page - 1) * q.limit);
  return { total: rows[0]?.total ?? 0, items: rows.map((r) => itemOf(r, bankRows[0]!.scale)) };
}

/** An export holds at most this many flows. */
export const FORECAST_EXPORT_ITEMS_MAX = 100_000;

/** Every flow of the horizon, every currency of the scope (the export's Items sheet). */
export async function horizonItems(tx: Tx, scope: KitScope, q: ForecastQuery): Promise<(ForecastItem & { currency: string })[]> {
  const s = await resolveSettings(tx, scope, q);
  const buckets = forecastBuckets(s.startDate, s.granularity, s.periods);
  const bankRows = await scopeBanks(tx, scope, s);
  if (bankRows.length === 0) return [];
  const scales = new Map(bankRows.map((b) => [b.currency, b.scale]));
  const rows = await flowRows(tx, scope, s, bankRows, { from: s.startDate, to: buckets[buckets.length - 1]!.to }, FORECAST_EXPORT_ITEMS_MAX, 0);
  return rows.map((r) => ({ ...itemOf(r, scales.get(r.currency) ?? 2), currency: r.currency }));
}
