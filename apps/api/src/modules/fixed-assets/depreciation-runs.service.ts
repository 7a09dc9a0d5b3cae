import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  lastDayOfPeriod,
  periodOfDate,
  stateOf,
  depreciationRunDocument as def,
  type DepreciationRunInput,
  type DepreciationRunListFilter,
  type DepreciationRunListItem,
  type DepreciationRunView,
  type RunDetail,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import type { KitScope } from '../../platform/kit/registry';
import type { Table } from '../../platform/kit/tabular-files';
import { accounts, dimensionGroups, dimensions, journals, moduleSequence, nextNumber, postEntry, postingProfiles, reverseEntry, type EntryLine } from '../ledger/index';
import { assetClasses, assets, assetScheduleRows } from './assets.tables';
import { depreciationRuns } from './depreciation-runs.tables';
import { baseCurrencyOf } from './money';
import { planRunLines, type ClassFacts, type RunAmount } from './depreciation-runs.plan';
import { documentListOrder } from './document-list';

/*
 * The depreciation run (RULES.md of this module): set-based. Posting claims every unposted schedule
 * row up to the run's period of the active assets of the classes that can post (one UPDATE), sums
 * them per class or per asset (one SELECT), posts ONE entry through the ledger's port, and marks
 * the assets whose schedule is done (one UPDATE). A class whose accounts or dimensions cannot take
 * the posting is reported with its assets; the run posts the others.
 */

type RunRow = typeof depreciationRuns.$inferSelect;
const ISSUES_KEPT = 1000;

export async function storedRun(tx: Tx, scope: KitScope, id: string, lock: boolean): Promise<RunRow> {
  const q = tx.select().from(depreciationRuns).where(and(eq(depreciationRuns.tenantId, scope.tenantId), eq(depreciationRuns.companyId, scope.companyId), eq(depreciationRuns.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('The depreciation run');
  return row;
}

async function classInCompany(tx: Tx, scope: KitScope, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [c] = await tx.select({ id: assetClasses.id }).from(assetClasses).where(and(eq(assetClasses.companyId, scope.companyId), eq(assetClasses.id, id)));
  if (!c) throw unprocessable('assetClass: No such asset class in this company');
  return c.id;
}

const firstOfMonth = (date: string) => `${periodOfDate(date)}-01`;

export async function createRun(tx: Tx, actor: Actor, input: DepreciationRunInput): Promise<string> {
  const assetClass = await classInCompany(tx, actor, input.assetClass);
  const sequence = await moduleSequence(tx, actor, 'Fixed Asset', 'DepreciationSchedule');
  const period = firstOfMonth(input.period);
  const number = await nextNumber(tx, actor, sequence, lastDayOfPeriod(periodOfDate(period)));
  const [row] = await tx
    .insert(depreciationRuns)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, number, period, assetClass, detail: input.detail, description: input.description ?? '', createdBy: actor.userId })
    .returning({ id: depreciationRuns.id });
  return row!.id;
}

export async function editRun(tx: Tx, actor: Actor, id: string, input: DepreciationRunInput): Promise<void> {
  const assetClass = await classInCompany(tx, actor, input.assetClass);
  await tx
    .update(depreciationRuns)
    .set({ period: firstOfMonth(input.period), assetClass, detail: input.detail, description: input.description ?? '', status: 'Draft', updatedAt: new Date() })
    .where(and(eq(depreciationRuns.tenantId, actor.tenantId), eq(depreciationRuns.id, id)));
}

export async function deleteRun(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(depreciationRuns).where(and(eq(depreciationRuns.tenantId, actor.tenantId), eq(depreciationRuns.id, id)));
}

/**
 * The classes of the run with their resolved accounts (the class's posting profile, then the
 * module default) and why a class cannot post, if it cannot: one statement.
 */
export async function classFacts(tx: Tx, scope: KitScope, run: RunRow): Promise<ClassFacts[]> {
  const rows = rowsOf<{
    id: string; code: string; dimensions: { dimensionGroup: string; dimension: string }[];
    expense_id: string | null; expense_code: string | null; expense_ok: boolean | null; expense_control: string | null;
    accumulated_id: string | null; accumulated_code: string | null; accumulated_ok: boolean | null; accumulated_control: string | null;
    missing_dimension: string | null;
  }>(
    await tx.execute(sql`
      with d as (
        select * from ${postingProfiles} where company_id = ${scope.companyId}::uuid and module = 'Fixed Asset' and module_default and active limit 1
      ), c as (
        select c.id, c.code, c.dimensions,
          coalesce(p.depreciation_expense_account, d.depreciation_expense_account) as expense,
          coalesce(p.accumulated_depreciation_account, d.accumulated_depreciation_account) as accumulated
        from ${assetClasses} c
        left join ${postingProfiles} p on p.tenant_id = c.tenant_id and p.id = c.posting_profile and p.active
        left join d on true
        where c.tenant_id = ${scope.tenantId}::uuid and c.company_id = ${scope.companyId}::uuid
          ${run.assetClass ? sql`and c.id = ${run.assetClass}::uuid` : sql``}
      )
      select c.id, c.code, c.dimensions,
        e.id as expense_id, e.code as expense_code, (e.kind = 'Posting' and e.active) as expense_ok, e.control_type as expense_control,
        a.id as accumulated_id, a.code as accumulated_code, (a.kind = 'Posting' and a.active) as accumulated_ok, a.control_type as accumulated_control,
        (select x->>'dimensionGroup' || ' ' || (x->>'dimension') from jsonb_array_elements(c.dimensions) x
          where not exists (select 1 from ${dimensions} dm join ${dimensionGroups} g on g.tenant_id = dm.tenant_id and g.id = dm.dimension_group
            where dm.company_id = ${scope.companyId}::uuid and lower(dm.code) = lower(x->>'dimension') and lower(g.code) = lower(x->>'dimensionGroup'))
          limit 1) as missing_dimension
      from c
      left join ${accounts} e on e.tenant_id = ${scope.tenantId}::uuid and e.id = c.expense
      left join ${accounts} a on a.tenant_id = ${scope.tenantId}::uuid and a.id = c.accumulated`),
  );
  return rows.map((r) => {
    const where = `the posting profile of asset class ${r.code}, or the default posting profile of Fixed Asset (/posting-profile)`;
    let problem: string | null = null;
    if (!r.expense_id) problem = `No depreciation expense account: set one on ${where}`;
    else if (!r.accumulated_id) problem = `No accumulated depreciation account: set one on ${where}`;
    else if (!r.expense_ok) problem = `Depreciation expense account ${r.expense_code} is not an active posting account`;
    else if (!r.accumulated_ok) problem = `Accumulated depreciation account ${r.accumulated_code} is not an active posting account`;
    else if (r.expense_control && r.expense_control !== 'None') problem = `Depreciation expense account ${r.expense_code} is a control account: choose another on ${where}`;
    else if (r.accumulated_control && r.accumulated_control !== 'None') problem = `Accumulated depreciation account ${r.accumulated_code} is a control account: choose another on ${where}`;
    else if (r.missing_dimension) problem = `Asset class ${r.code} names dimension ${r.missing_dimension}, which does not exist (/dimension)`;
    return {
      id: r.id, code: r.code, problem,
      expenseAccount: r.expense_id, expenseCode: r.expense_code, accumulatedAccount: r.accumulated_id, accumulatedCode: r.accumulated_code,
      dimensions: Object.fromEntries((r.dimensions ?? []).map((x) => [x.dimensionGroup, x.dimension])),
    };
  });
}

const uuidArray = (ids: string[]) => sql`array[${sql.join(ids.length ? ids.map((i) => sql`${i}`) : [sql`null`], sql`, `)}]::uuid[]`;

/** The unposted rows up to the run's period of active assets in these classes: the run's scope. */
function inScope(scope: KitScope, run: RunRow, classes: string[]): SQL {
  return sql`r.tenant_id = ${scope.tenantId}::uuid and r.company_id = ${scope.companyId}::uuid and r.run is null and r.period <= ${run.period}::date
    and a.tenant_id = r.tenant_id and a.id = r.asset and a.status = 'Active' and a.asset_class = any(${uuidArray(classes)})${run.asset ? sql` and a.id = ${run.asset}::uuid` : sql``}`;
}

/** Sums of the rows still in a run's scope (a draft's preview and its approval amount; posting sums what it claims in the same statement). */
async function sums(tx: Tx, scope: KitScope, run: RunRow, classes: string[]): Promise<RunAmount[]> {
  const perAsset = run.detail === 'Per asset';
  const where = inScope(scope, run, classes);
  const rows = rowsOf<{ asset_class: string; asset: string | null; code: string | null; assets: number; rows: number; amount: string }>(
    await tx.execute(sql`
      select a.asset_class, ${perAsset ? sql`a.id` : sql`null::uuid`} as asset, ${perAsset ? sql`min(a.code)` : sql`null::text`} as code,
        count(distinct r.asset)::int as assets, count(*)::int as rows, sum(r.amount_minor)::text as amount
      from ${assetScheduleRows} r, ${assets} a
      where ${where}
      group by a.asset_class${perAsset ? sql`, a.id` : sql``}
      order by a.asset_class${perAsset ? sql`, min(a.code)` : sql``}`),
  );
  return rows.map((r) => ({ assetClass: r.asset_class, asset: r.asset, code: r.code, assets: r.assets, rows: r.rows, amountMinor: BigInt(r.amount) }));
}

/** Assets the run cannot depreciate (their class cannot post): the first ISSUES_KEPT and how many. */
async function issuesOf(tx: Tx, scope: KitScope, run: RunRow, bad: ClassFacts[]) {
  if (bad.length === 0) return { issues: [], issueCount: 0 };
  const problem = new Map(bad.map((c) => [c.id, c.problem!]));
  const rows = rowsOf<{ id: string; code: string; asset_class: string; total: number }>(
    await tx.execute(sql`
      select a.id, a.code, a.asset_class, count(*) over ()::int as total
      from ${assets} a
      where a.tenant_id = ${scope.tenantId}::uuid and a.company_id = ${scope.companyId}::uuid and a.status = 'Active' and a.asset_class = any(${uuidArray(bad.map((c) => c.id))})
        and exists (select 1 from ${assetScheduleRows} r where r.tenant_id = a.tenant_id and r.asset = a.id and r.run is null and r.period <= ${run.period}::date)
      order by a.code limit ${ISSUES_KEPT}`),
  );
  return { issues: rows.map((r) => ({ assetId: r.id, code: r.code, message: problem.get(r.asset_class)! })), issueCount: rows[0]?.total ?? 0 };
}

/** Posts the run: ONE entry for every unposted row up to its period; a second run of the same period finds nothing and posts nothing. */
export async function postRun(tx: Tx, actor: Actor, id: string, journalDate?: string): Promise<{ journalId: string | null; totalMinor: bigint }> {
  const run = await storedRun(tx, actor, id, true);
  const facts = await classFacts(tx, actor, run);
  const good = facts.filter((c) => !c.problem);
  const bad = facts.filter((c) => c.problem);
  const { currency, scale } = await baseCurrencyOf(tx, actor);
  // ONE statement (bench 10: the former three passes re-read the 100,000 claimed rows twice through
  // their indexes): claim the rows (a concurrent run waits for these row locks, then finds them
  // claimed), mark the assets whose schedule this claim finishes as fully depreciated, and sum the
  // claimed rows per class (or per asset). Posted rows are a prefix of an asset's schedule, so "no
  // row after the last one claimed" is "nothing left to post"; units of production: done only when
  // the use that reached the total is posted.
  const perAsset = run.detail === 'Per asset';
  const amounts = rowsOf<{ asset_class: string; asset: string | null; code: string | null; assets: number; rows: number; amount: string }>(
    await tx.execute(sql`
      with claimed as (
        update ${assetScheduleRows} r set run = ${run.id}::uuid
        from ${assets} a
        where ${inScope(actor, run, good.map((c) => c.id))}
        returning r.asset, r.period, r.amount_minor, a.asset_class, a.code
      ), last as (
        select asset, max(period) as period from claimed group by asset
      ), done as (
        update ${assets} a set status = 'Fully depreciated', updated_at = now()
        from last l
        where a.tenant_id = ${actor.tenantId}::uuid and a.id = l.asset and a.status = 'Active'
          and not exists (select 1 from ${assetScheduleRows} u where u.tenant_id = a.tenant_id and u.asset = l.asset and u.period > l.period)
          and (coalesce(a.method, (select c.method from ${assetClasses} c where c.tenant_id = a.tenant_id and c.id = a.asset_class)) <> 'Units of production'
            or exists (select 1 from ${assetScheduleRows} d where d.tenant_id = a.tenant_id and d.asset = a.id and d.basis ? 'units' and (d.basis->>'remainder')::boolean))
        returning a.id
      )
      select asset_class, ${perAsset ? sql`asset` : sql`null::uuid`} as asset, ${perAsset ? sql`min(code)` : sql`null::text`} as code,
        count(distinct asset)::int as assets, count(*)::int as rows, sum(amount_minor)::text as amount
      from claimed
      group by asset_class${perAsset ? sql`, asset` : sql``}
      order by asset_class${perAsset ? sql`, min(code)` : sql``}`),
  ).map((r) => ({ assetClass: r.asset_class, asset: r.asset, code: r.code, assets: r.assets, rows: r.rows, amountMinor: BigInt(r.amount) }));
  const plan = planRunLines(amounts, good, run.detail, currency);
  const periodEnd = lastDayOfPeriod(periodOfDate(run.period));
  let journalId: string | null = null;
  if (plan.totalMinor > 0n) {
    const lines: EntryLine[] = plan.lines.map((l) => ({ accountId: l.accountId, currency, debitMinor: l.debitMinor, creditMinor: l.creditMinor, dimensions: l.dimensions, description: l.description, lineRef: l.lineRef }));
    const posted = await postEntry(tx, actor, {
      kind: 'Standard', journalDate: journalDate ?? periodEnd, description: run.description || `Depreciation ${periodOfDate(run.period)}`, reference: run.number,
      source: { module: 'Fixed Asset', documentType: def.documentType, documentId: run.id }, lines,
    });
    journalId = posted.journalId;
  }
  const { issues, issueCount } = await issuesOf(tx, actor, run, bad);
  await tx
    .update(depreciationRuns)
    .set({
      status: 'Posted', journalId, amountMinor: plan.totalMinor, assetsCount: amounts.reduce((a, x) => a + x.assets, 0), rowsCount: amounts.reduce((a, x) => a + x.rows, 0),
      lines: plan.summary.map((s) => ({ ...s, amount: formatMoney(s.amountMinor, scale), amountMinor: undefined })), issues, issueCount, updatedAt: new Date(),
    })
    .where(and(eq(depreciationRuns.tenantId, actor.tenantId), eq(depreciationRuns.id, run.id)));
  return { journalId, totalMinor: plan.totalMinor };
}

/** Reverses a posted run (the latest of its company only): the reversal entry, and its rows go back to the schedule for the next run. */
export async function reverseRun(tx: Tx, actor: Actor, id: string, date: string | undefined): Promise<void> {
  const run = await storedRun(tx, actor, id, true);
  const [later] = await tx
    .select({ number: depreciationRuns.number })
    .from(depreciationRuns)
    .where(and(eq(depreciationRuns.tenantId, actor.tenantId), eq(depreciationRuns.companyId, actor.companyId), eq(depreciationRuns.status, 'Posted'), sql`${depreciationRuns.id} <> ${run.id}::uuid`,
      sql`(${depreciationRuns.period}, ${depreciationRuns.createdAt}) > (select o.period, o.created_at from ${depreciationRuns} o where o.tenant_id = ${actor.tenantId}::uuid and o.id = ${run.id}::uuid)`))
    .limit(1);
  if (later) throw unprocessable(`Depreciation run ${later.number} was posted after this one: reverse it first`);
  let reversal: string | null = null;
  if (run.journalId) reversal = (await reverseEntry(tx, actor, run.journalId, date ?? lastDayOfPeriod(periodOfDate(run.period)))).journalId;
  await tx.execute(sql`update ${assetScheduleRows} set run = null where tenant_id = ${actor.tenantId}::uuid and run = ${run.id}::uuid`);
  await tx.execute(sql`
    update ${assets} a set status = 'Active', updated_at = now()
    where a.tenant_id = ${actor.tenantId}::uuid and a.company_id = ${actor.companyId}::uuid and a.status = 'Fully depreciated'
      and exists (select 1 from ${assetScheduleRows} u where u.tenant_id = a.tenant_id and u.asset = a.id and u.run is null)`);
  await tx.update(depreciationRuns).set({ status: 'Reversed', reversalJournalId: reversal, updatedAt: new Date() }).where(and(eq(depreciationRuns.tenantId, actor.tenantId), eq(depreciationRuns.id, run.id)));
}

/** A run as the screen shows it: posted, what it posted; a draft, what posting now would post and whom it would leave out. */
export async function viewRun(tx: Tx, scope: KitScope, id: string): Promise<DepreciationRunView> {
  const run = await storedRun(tx, scope, id, false);
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const [cls] = run.assetClass ? await tx.select({ code: assetClasses.code }).from(assetClasses).where(and(eq(assetClasses.tenantId, scope.tenantId), eq(assetClasses.id, run.assetClass))) : [];
  const [journal] = run.journalId ? await tx.select({ number: journals.number }).from(journals).where(and(eq(journals.tenantId, scope.tenantId), eq(journals.id, run.journalId))) : [];
  const base = {
    id: run.id, kind: 'Run' as const, number: run.number, status: stateOf(def, run.status), period: periodOfDate(run.period), periodEnd: lastDayOfPeriod(periodOfDate(run.period)),
    assetClass: run.assetClass, assetClassCode: cls?.code ?? null, detail: run.detail, description: run.description, currency,
    journalId: run.journalId, journalNumber: journal?.number ?? null,
  };
  if (run.status !== 'Draft') {
    return { ...base, assets: run.assetsCount, rows: run.rowsCount, amount: formatMoney(run.amountMinor, scale), lines: run.lines as DepreciationRunView['lines'], issues: run.issues, issueCount: run.issueCount };
  }
  const facts = await classFacts(tx, scope, run);
  const good = facts.filter((c) => !c.problem);
  const amounts = await sums(tx, scope, run, good.map((c) => c.id));
  const plan = planRunLines(amounts, good, run.detail, currency);
  const { issues, issueCount } = await issuesOf(tx, scope, run, facts.filter((c) => c.problem));
  return {
    ...base,
    assets: amounts.reduce((a, x) => a + x.assets, 0), rows: amounts.reduce((a, x) => a + x.rows, 0), amount: formatMoney(plan.totalMinor, scale),
    lines: plan.summary.map((s) => ({ ...s, amount: formatMoney(s.amountMinor, scale) })).map(({ amountMinor: _m, ...s }) => s),
    issues, issueCount,
  };
}

/** The amount approval thresholds compare for a draft run: what posting it now would post. */
export async function runAmount(tx: Tx, scope: KitScope, id: string): Promise<bigint> {
  const run = await storedRun(tx, scope, id, false);
  const good = (await classFacts(tx, scope, run)).filter((c) => !c.problem);
  return (await sums(tx, scope, run, good.map((c) => c.id))).reduce((a, x) => a + x.amountMinor, 0n);
}

function listWhere(scope: KitScope, q: DepreciationRunListFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(depreciationRuns.tenantId, scope.tenantId), eq(depreciationRuns.companyId, scope.companyId)];
  if (q.status) conds.push(eq(depreciationRuns.status, q.status));
  if (q.from) conds.push(sql`${depreciationRuns.period} >= date_trunc('month', ${q.from}::date)::date`);
  if (q.to) conds.push(sql`${depreciationRuns.period} <= ${q.to}::date`);
  if (q.search) conds.push(or(ilike(depreciationRuns.number, `%${q.search}%`), ilike(depreciationRuns.description, `%${q.search}%`)));
  return and(...conds)!;
}

const orderOf = documentListOrder({ date: depreciationRuns.period, createdAt: depreciationRuns.createdAt, number: depreciationRuns.number }, 'period');

export async function listRuns(tx: Tx, scope: KitScope, q: DepreciationRunListFilter & { limit: number; page: number }): Promise<{ items: DepreciationRunListItem[]; total: number }> {
  const { scale } = await baseCurrencyOf(tx, scope);
  const where = listWhere(scope, q);
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(depreciationRuns).where(where);
  const rows = await tx
    .select({ r: depreciationRuns, classCode: assetClasses.code, journalNumber: journals.number })
    .from(depreciationRuns)
    .leftJoin(assetClasses, and(eq(assetClasses.tenantId, depreciationRuns.tenantId), eq(assetClasses.id, depreciationRuns.assetClass)))
    .leftJoin(journals, and(eq(journals.tenantId, depreciationRuns.tenantId), eq(journals.id, depreciationRuns.journalId)))
    .where(where)
    .orderBy(...orderOf(q.sort))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    total,
    items: rows.map(({ r, classCode, journalNumber }) => ({
      id: r.id, number: r.number, status: stateOf(def, r.status), period: periodOfDate(r.period), assetClassCode: classCode, description: r.description,
      assets: r.assetsCount, amount: formatMoney(r.amountMinor, scale), issueCount: r.issueCount, journalNumber,
    })),
  };
}

export async function exportRuns(tx: Tx, scope: KitScope, q: DepreciationRunListFilter): Promise<Table> {
  const { items } = await listRuns(tx, scope, { ...q, limit: 100_000, page: 1 });
  return {
    headers: ['Number', 'Status', 'Period', 'Asset Class', 'Description', 'Assets', 'Amount', 'Not depreciated', 'Journal'],
    rows: items.map((i) => [i.number ?? '', i.status, i.period, i.assetClassCode ?? '', i.description, String(i.assets), i.amount, String(i.issueCount), i.journalNumber ?? '']),
  };
}

export type { RunDetail };
