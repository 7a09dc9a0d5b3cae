import { sql, type SQL } from 'drizzle-orm';
import {
  additionSources,
  formatMoney,
  movementColumnOfSource,
  type AssetMovementRow,
  type AssetMovements,
  type AssetMovementsQuery,
  type AssetRegister,
  type AssetRegisterQuery,
  type DepreciationForecast,
  type DepreciationForecastQuery,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import type { KitScope } from '../../platform/kit/registry';
import { accountDayBalances, accounts, journals, ledgerEntries, postingProfiles } from '../ledger/index';
import { assetClasses, assets, assetScheduleRows } from './assets.tables';
import { assetDisposals } from './disposals.tables';
import { depreciationRuns } from './depreciation-runs.tables';
import { assetRevaluationLines, assetRevaluations } from './revaluations.tables';
import { baseCurrencyOf } from './money';

/*
 * The fixed-asset reports (RULES.md "Reports"): each one set-based SQL statement over the register,
 * the schedule rows or the ledger's lines; TypeScript only shapes the few rows per class (never a
 * loop per asset over the database).
 */

const big = (v: string | null | undefined) => BigInt(v ?? '0');

/**
 * The asset register at `asOf`: assets in service by then and not disposed by then, their cost, and
 * the opening plus the depreciation whose run's entry is dated on or before it (so it ties to the ledger at that day),
 * both less what revaluations dated by then eliminated (what the ledger holds: `heldInLedger`).
 */
export async function assetRegister(tx: Tx, scope: KitScope, q: AssetRegisterQuery, today: string): Promise<AssetRegister> {
  const asOf = q.asOf ?? today;
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const rows = rowsOf<{
    id: string; code: string; description: string; asset_class: string; class_code: string; class_name: string; location: string | null; custodian: string | null;
    in_service_date: string | null; cost: string; accumulated: string; state: string;
  }>(
    await tx.execute(sql`
      with rows_at as (
        select r.asset, r.amount_minor, (j.journal_date is not null and j.journal_date <= ${asOf}::date) as posted
        from ${assetScheduleRows} r
        left join ${depreciationRuns} dr on dr.tenant_id = r.tenant_id and dr.id = r.run
        left join ${journals} j on j.tenant_id = dr.tenant_id and j.id = dr.journal_id
        where r.tenant_id = ${scope.tenantId}::uuid and r.company_id = ${scope.companyId}::uuid
      ), posted as (
        select asset, sum(amount_minor) filter (where posted) as amount, bool_or(not posted) as later from rows_at group by asset
      ), eliminated as (
        -- what revaluations dated by then eliminated against the cost (heldInLedger: the ledger holds cost and accumulated less it)
        select l.asset, sum(l.eliminated_minor) as amount
        from ${assetRevaluationLines} l join ${assetRevaluations} v on v.tenant_id = l.tenant_id and v.id = l.revaluation
        where l.tenant_id = ${scope.tenantId}::uuid and l.company_id = ${scope.companyId}::uuid and l.status = 'Posted' and v.revaluation_date <= ${asOf}::date
        group by l.asset
      )
      select a.id, a.code, a.description, a.asset_class, c.code as class_code, c.name as class_name, a.location, a.custodian, coalesce(a.in_service_date, a.acquisition_date)::text as in_service_date,
        (round(a.cost * ${10 ** scale})::bigint - coalesce(e.amount, 0))::text as cost,
        (round(coalesce(a.opening_accumulated, 0) * ${10 ** scale})::bigint + coalesce(p.amount, 0) - coalesce(e.amount, 0))::text as accumulated,
        case when a.status in ('Disposed', 'Fully depreciated') and p.later then 'Active'
             when a.status = 'Disposed' then 'Fully depreciated'
             else a.status end as state
      from ${assets} a
      join ${assetClasses} c on c.tenant_id = a.tenant_id and c.id = a.asset_class
      left join posted p on p.asset = a.id
      left join eliminated e on e.asset = a.id
      where a.tenant_id = ${scope.tenantId}::uuid and a.company_id = ${scope.companyId}::uuid
        and a.status in ('Active', 'Fully depreciated', 'Disposed')
        and coalesce(a.in_service_date, a.acquisition_date) <= ${asOf}::date
        ${q.assetClass ? sql`and a.asset_class = ${q.assetClass}::uuid` : sql``}
        and not exists (select 1 from ${assetDisposals} d where d.tenant_id = a.tenant_id and d.asset = a.id and d.status = 'Posted' and d.disposal_date <= ${asOf}::date)
      order by c.code, a.code`),
  );
  const money = (m: bigint) => formatMoney(m, scale);
  const totals = new Map<string, { assetClass: string; classCode: string; className: string; assets: number; cost: bigint; accumulated: bigint }>();
  const grand = { assets: 0, cost: 0n, accumulated: 0n };
  const out = rows.map((r) => {
    const cost = big(r.cost);
    const accumulated = big(r.accumulated);
    const t = totals.get(r.asset_class) ?? { assetClass: r.asset_class, classCode: r.class_code, className: r.class_name, assets: 0, cost: 0n, accumulated: 0n };
    t.assets += 1; t.cost += cost; t.accumulated += accumulated;
    totals.set(r.asset_class, t);
    grand.assets += 1; grand.cost += cost; grand.accumulated += accumulated;
    return {
      id: r.id, code: r.code, description: r.description, assetClass: r.asset_class, classCode: r.class_code, location: r.location, custodian: r.custodian,
      inServiceDate: r.in_service_date, cost: money(cost), accumulated: money(accumulated), netBookValue: money(cost - accumulated), state: r.state,
    };
  });
  return {
    asOf, currency, rows: out,
    totals: [
      ...[...totals.values()].map((t) => ({ ...t, cost: money(t.cost), accumulated: money(t.accumulated), netBookValue: money(t.cost - t.accumulated) })),
      { assetClass: null, classCode: null, className: null, assets: grand.assets, cost: money(grand.cost), accumulated: money(grand.accumulated), netBookValue: money(grand.cost - grand.accumulated) },
    ],
  };
}

function periodsOf(q: DepreciationForecastQuery): string[] {
  const out: string[] = [];
  if (q.grain === 'Year') {
    for (let y = Number(q.from.slice(0, 4)); y <= Number(q.to.slice(0, 4)); y++) out.push(String(y));
    return out;
  }
  let [y, m] = [Number(q.from.slice(0, 4)), Number(q.from.slice(5))];
  const end = q.to;
  for (;;) {
    const p = `${y}-${String(m).padStart(2, '0')}`;
    if (p > end) return out;
    out.push(p);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The depreciation still to post (unposted rows of active assets) per month or year of the range, per class or asset. */
export async function depreciationForecast(tx: Tx, scope: KitScope, q: DepreciationForecastQuery): Promise<DepreciationForecast> {
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const perAsset = q.by === 'Asset';
  const bucket = q.grain === 'Year' ? sql`to_char(r.period, 'YYYY')` : sql`to_char(r.period, 'YYYY-MM')`;
  const rows = rowsOf<{ id: string; code: string; name: string; class_code: string; bucket: string; amount: string }>(
    await tx.execute(sql`
      select ${perAsset ? sql`a.id, min(a.code) as code, min(a.description) as name` : sql`c.id, min(c.code) as code, min(c.name) as name`}, min(c.code) as class_code,
        ${bucket} as bucket, sum(r.amount_minor)::text as amount
      from ${assetScheduleRows} r
      join ${assets} a on a.tenant_id = r.tenant_id and a.id = r.asset
      join ${assetClasses} c on c.tenant_id = a.tenant_id and c.id = a.asset_class
      where r.tenant_id = ${scope.tenantId}::uuid and r.company_id = ${scope.companyId}::uuid and r.run is null and a.status = 'Active'
        and r.period >= ${`${q.from}-01`}::date and r.period <= ${`${q.to}-01`}::date
        ${q.assetClass ? sql`and a.asset_class = ${q.assetClass}::uuid` : sql``}
      group by ${perAsset ? sql`a.id` : sql`c.id`}, ${bucket}
      order by 4, 2`),
  );
  const periods = periodsOf(q);
  const index = new Map(periods.map((p, i) => [p, i]));
  const byKey = new Map<string, { id: string; code: string; name: string; classCode: string; amounts: bigint[] }>();
  for (const r of rows) {
    const e = byKey.get(r.id) ?? { id: r.id, code: r.code, name: r.name, classCode: r.class_code, amounts: periods.map(() => 0n) };
    e.amounts[index.get(r.bucket)!] = big(r.amount);
    byKey.set(r.id, e);
  }
  const money = (m: bigint) => formatMoney(m, scale);
  const totals = periods.map(() => 0n);
  const out = [...byKey.values()].map((e) => {
    e.amounts.forEach((a, i) => (totals[i] = totals[i]! + a));
    return { id: e.id, code: e.code, name: e.name, classCode: e.classCode, amounts: e.amounts.map(money), total: money(e.amounts.reduce((s, a) => s + a, 0n)) };
  });
  return { from: q.from, to: q.to, grain: q.grain, by: q.by, currency, periods, rows: out, totals: totals.map(money), total: money(totals.reduce((s, a) => s + a, 0n)) };
}

const COST = 'Cost';
const ACCUMULATED = 'Accumulated depreciation';

/** The column of a line by its journal's source (contracts' movementColumnOfSource and additionSources); anything else is Other. */
function columnOf(): SQL {
  const known = Object.entries(movementColumnOfSource).map(([type, col]) => sql`when j.source_type = ${type} then ${col}`);
  return sql`case ${sql.join(known, sql` `)}
    when j.source_module = any(${sql`array[${sql.join(additionSources.modules.map((m) => sql`${m}`), sql`, `)}]::text[]`})
      or j.source_type = any(${sql`array[${sql.join(additionSources.documentTypes.map((m) => sql`${m}`), sql`, `)}]::text[]`}) then 'additions'
    else 'other' end`;
}

type MovementSums = {
  cls: string | null; account: string; role: string; opening: string; additions: string; revaluations: string; disposals: string; depreciation: string; other: string; closing: string;
};

/**
 * The movement schedule of the classes from `from` to `to`, read from the ledger's lines on each
 * class's cost (controlAccount) and accumulated depreciation accounts (its posting profile, else the
 * module default): a line belongs to the class of the asset or class it names (party, or line
 * reference), else to the only class using the account, else to the account's "not attributed" row.
 * The tie-out compares each account's closing in the schedule with its balance in the ledger's
 * maintained balances (account_day_balances), computed apart.
 */
export async function assetMovements(tx: Tx, scope: KitScope, q: AssetMovementsQuery): Promise<AssetMovements> {
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const t = sql`${scope.tenantId}::uuid`;
  const c = sql`${scope.companyId}::uuid`;
  const uuidRe = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
  const classes = rowsOf<{ id: string; code: string; name: string; cost_acc: string | null; acc_acc: string | null }>(
    await tx.execute(sql`
      with d as (select control_account, accumulated_depreciation_account from ${postingProfiles} where tenant_id = ${t} and company_id = ${c} and module = 'Fixed Asset' and module_default and active limit 1)
      select ac.id, ac.code, ac.name, coalesce(p.control_account, d.control_account) as cost_acc, coalesce(p.accumulated_depreciation_account, d.accumulated_depreciation_account) as acc_acc
      from ${assetClasses} ac
      left join ${postingProfiles} p on p.tenant_id = ac.tenant_id and p.id = ac.posting_profile and p.active
      left join d on true
      where ac.tenant_id = ${t} and ac.company_id = ${c}
      order by ac.code`),
  );
  const roles = classes.flatMap((k) => [
    ...(k.cost_acc ? [{ cls: k.id, account: k.cost_acc, role: COST }] : []),
    ...(k.acc_acc ? [{ cls: k.id, account: k.acc_acc, role: ACCUMULATED }] : []),
  ]);
  const money = (m: bigint) => formatMoney(m, scale);
  const accountIds = [...new Set(roles.map((r) => r.account))];
  const accountFacts = accountIds.length
    ? rowsOf<{ id: string; code: string; name: string; balance: string | null }>(
        await tx.execute(sql`
          select x.id, x.code, x.name,
            (select sum(b.base_debit_minor - b.base_credit_minor) from ${accountDayBalances} b
              where b.tenant_id = ${t} and b.company_id = ${c} and b.account_id = x.id and b.entry_date <= ${q.to}::date)::text as balance
          from ${accounts} x where x.tenant_id = ${t} and x.id = any(${sql`array[${sql.join(accountIds.map((i) => sql`${i}`), sql`, `)}]::uuid[]`})`),
      )
    : [];
  const sums = roles.length
    ? rowsOf<MovementSums>(
        await tx.execute(sql`
          with roles (cls, account, role) as (values ${sql.join(roles.map((r) => sql`(${r.cls}::uuid, ${r.account}::uuid, ${r.role})`), sql`, `)}),
          acct as (
            select account, case when bool_or(role = ${COST}) then ${COST} else ${ACCUMULATED} end as role, count(distinct cls) as n, (array_agg(cls))[1] as only_cls
            from roles group by account
          ),
          lines as (
            select e.account_id as account, x.role, e.entry_date,
              (e.base_debit_minor - e.base_credit_minor) * (case when x.role = ${COST} then 1 else -1 end) as amount,
              ${columnOf()} as col,
              coalesce(
                (select r.cls from roles r where r.account = e.account_id and r.cls = coalesce(
                  (select a.asset_class from ${assets} a where a.tenant_id = e.tenant_id and a.id = ref.id),
                  (select k.id from ${assetClasses} k where k.tenant_id = e.tenant_id and k.id = ref.id))),
                case when x.n = 1 then x.only_cls end) as cls
            from ${ledgerEntries} e
            join acct x on x.account = e.account_id
            join ${journals} j on j.tenant_id = e.tenant_id and j.id = e.journal_id
            cross join lateral (select coalesce(case when e.party_type = 'Asset' then e.party_id end,
              case when e.line_ref ~ ${uuidRe} then e.line_ref::uuid end) as id) ref
            where e.tenant_id = ${t} and e.company_id = ${c} and e.entry_date <= ${q.to}::date
          )
          select cls, account, role,
            coalesce(sum(amount) filter (where entry_date < ${q.from}::date), 0)::text as opening,
            coalesce(sum(amount) filter (where entry_date >= ${q.from}::date and col = 'additions'), 0)::text as additions,
            coalesce(sum(amount) filter (where entry_date >= ${q.from}::date and col = 'revaluations'), 0)::text as revaluations,
            coalesce(sum(amount) filter (where entry_date >= ${q.from}::date and col = 'disposals'), 0)::text as disposals,
            coalesce(sum(amount) filter (where entry_date >= ${q.from}::date and col = 'depreciation'), 0)::text as depreciation,
            coalesce(sum(amount) filter (where entry_date >= ${q.from}::date and col not in ('additions', 'revaluations', 'disposals', 'depreciation')), 0)::text as other,
            sum(amount)::text as closing
          from lines group by cls, account, role`),
      )
    : [];

  const facts = new Map(accountFacts.map((a) => [a.id, a]));
  const codeOf = (id: string | null) => (id ? (facts.get(id)?.code ?? null) : null);
  type Acc = { openingCost: bigint; additions: bigint; revaluations: bigint; disposals: bigint; otherCost: bigint; closingCost: bigint; openingAccumulated: bigint; depreciation: bigint; accumulatedDisposals: bigint; otherAccumulated: bigint; closingAccumulated: bigint };
  const zero = (): Acc => ({ openingCost: 0n, additions: 0n, revaluations: 0n, disposals: 0n, otherCost: 0n, closingCost: 0n, openingAccumulated: 0n, depreciation: 0n, accumulatedDisposals: 0n, otherAccumulated: 0n, closingAccumulated: 0n });
  const add = (a: Acc, s: MovementSums) => {
    if (s.role === COST) {
      a.openingCost += big(s.opening); a.additions += big(s.additions); a.revaluations += big(s.revaluations); a.disposals += big(s.disposals);
      a.otherCost += big(s.other) + big(s.depreciation); a.closingCost += big(s.closing);
    } else {
      a.openingAccumulated += big(s.opening); a.depreciation += big(s.depreciation); a.accumulatedDisposals += big(s.disposals);
      a.otherAccumulated += big(s.other) + big(s.additions) + big(s.revaluations); a.closingAccumulated += big(s.closing);
    }
  };
  const perClass = new Map(classes.map((k) => [k.id, zero()]));
  const unattributed = new Map<string, Acc>();
  const perAccount = new Map<string, bigint>();
  for (const s of sums) {
    perAccount.set(s.account, (perAccount.get(s.account) ?? 0n) + big(s.closing));
    if (s.cls) add(perClass.get(s.cls)!, s);
    else {
      const a = unattributed.get(s.account) ?? zero();
      add(a, s);
      unattributed.set(s.account, a);
    }
  }
  const total = zero();
  const shape = (a: Acc): Omit<AssetMovementRow, 'assetClass' | 'classCode' | 'className' | 'costAccountCode' | 'accumulatedAccountCode'> => {
    for (const k of Object.keys(total) as (keyof Acc)[]) total[k] += a[k];
    return {
      openingCost: money(a.openingCost), additions: money(a.additions), revaluations: money(a.revaluations), disposals: money(a.disposals), otherCost: money(a.otherCost), closingCost: money(a.closingCost),
      openingAccumulated: money(a.openingAccumulated), depreciation: money(a.depreciation), accumulatedDisposals: money(a.accumulatedDisposals), otherAccumulated: money(a.otherAccumulated),
      closingAccumulated: money(a.closingAccumulated), netBookValue: money(a.closingCost - a.closingAccumulated),
    };
  };
  const rows: AssetMovementRow[] = [
    ...classes.map((k) => ({ assetClass: k.id, classCode: k.code, className: k.name, costAccountCode: codeOf(k.cost_acc), accumulatedAccountCode: codeOf(k.acc_acc), ...shape(perClass.get(k.id)!) })),
    ...[...unattributed.entries()].map(([account, a]) => {
      const isCost = roles.some((r) => r.account === account && r.role === COST);
      return { assetClass: null, classCode: null, className: `Not attributed to a class (account ${codeOf(account) ?? ''})`, costAccountCode: isCost ? codeOf(account) : null, accumulatedAccountCode: isCost ? null : codeOf(account), ...shape(a) };
    }),
  ];
  const totalRow: AssetMovementRow = { assetClass: null, classCode: null, className: 'Total', costAccountCode: null, accumulatedAccountCode: null, ...shape(zero()) };
  Object.assign(totalRow, {
    openingCost: money(total.openingCost), additions: money(total.additions), revaluations: money(total.revaluations), disposals: money(total.disposals), otherCost: money(total.otherCost), closingCost: money(total.closingCost),
    openingAccumulated: money(total.openingAccumulated), depreciation: money(total.depreciation), accumulatedDisposals: money(total.accumulatedDisposals), otherAccumulated: money(total.otherAccumulated),
    closingAccumulated: money(total.closingAccumulated), netBookValue: money(total.closingCost - total.closingAccumulated),
  });
  const tieOut = accountIds.map((account) => {
    const f = facts.get(account);
    const role = roles.some((r) => r.account === account && r.role === COST) ? COST : ACCUMULATED;
    const sign = role === COST ? 1n : -1n;
    const schedule = perAccount.get(account) ?? 0n;
    const ledger = big(f?.balance) * sign;
    return {
      account, accountCode: f?.code ?? '', accountName: f?.name ?? '', role: role as typeof COST | typeof ACCUMULATED,
      classes: classes.filter((k) => roles.some((r) => r.cls === k.id && r.account === account)).map((k) => k.code),
      schedule: money(schedule), ledger: money(ledger), difference: money(schedule - ledger), tiesOut: schedule === ledger,
    };
  }).sort((a, b) => a.accountCode.localeCompare(b.accountCode));
  return { from: q.from, to: q.to, currency, rows, total: totalRow, tieOut, tiesOut: tieOut.every((x) => x.tiesOut) };
}
