import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  addMonths,
  ASSET_ACTIVE,
  ASSET_DRAFT,
  ASSET_FULLY_DEPRECIATED,
  formatMoney,
  periodOfDate,
  type AssetSchedule,
  type AssetTermsChange,
  type AssetUsageInput,
  type DepreciationMethod,
  type ScheduleRowView,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { assetClasses, assets, assetScheduleRows, assetUsage } from './assets.tables';
import { depreciationRuns } from './depreciation-runs.tables';
import { buildSchedule, explainRow, regenerate, ScheduleRefusal, type DepreciationTerms, type ScheduleRow } from './depreciation/engine';
import { baseCurrencyOf, minorOf } from './money';

/*
 * An asset's schedule: its terms (class and asset), the engine's rows, stored when the asset is
 * activated (`asset_schedule_rows`, one row per period, first day of the month).
 */

type AssetRow = typeof assets.$inferSelect;
type ClassRow = typeof assetClasses.$inferSelect;

/** The engine's terms of an asset: its class's method, life, convention and residual, the asset's amounts. */
export function termsOf(a: AssetRow, c: ClassRow, scale: number): DepreciationTerms {
  const cost = minorOf(a.cost, scale);
  const residual =
    a.residualValue != null
      ? minorOf(a.residualValue, scale)
      : c.residualKind === 'Percent'
        ? // a percent of the cost, rounded half up to the minor unit
          (cost * BigInt(Math.round(Number(c.residualValue ?? 0) * 10_000)) + 500_000n) / 1_000_000n
        : minorOf(c.residualValue, scale);
  const opening = minorOf(a.openingAccumulated, scale);
  return {
    method: a.method ?? c.method,
    convention: c.convention,
    costMinor: cost,
    residualMinor: residual,
    lifeMonths: a.lifeMonths ?? c.lifeMonths,
    inServiceDate: a.inServiceDate ?? a.acquisitionDate,
    openingAccumulatedMinor: opening,
    firstPeriod: opening > 0n && a.openingAsOf ? addMonths(periodOfDate(a.openingAsOf), 1) : null,
    rate: c.rate != null ? String(Number(c.rate)) : null,
    factor: c.factor != null ? Number(c.factor) : null,
    unitsTotal: a.unitsTotal != null ? BigInt(a.unitsTotal) : null,
    usage: [],
  };
}

type AssetWithClass = { a: typeof assets.$inferSelect; c: typeof assetClasses.$inferSelect };

/** The company's assets of `ids` with their classes, by id; `lock`: locked for update, in id order (two writers never deadlock). */
export async function assetsWithClass(tx: Tx, scope: KitScope, ids: readonly string[], lock: boolean): Promise<Map<string, AssetWithClass>> {
  if (!ids.length) return new Map();
  const q = tx
    .select({ a: assets, c: assetClasses })
    .from(assets)
    .innerJoin(assetClasses, and(eq(assetClasses.tenantId, assets.tenantId), eq(assetClasses.id, assets.assetClass)))
    .where(and(eq(assets.tenantId, scope.tenantId), eq(assets.companyId, scope.companyId), inArray(assets.id, [...new Set(ids)])))
    .orderBy(asc(assets.id));
  const rows = lock ? await q.for('update', { of: assets }) : await q;
  return new Map(rows.map((r) => [r.a.id, r]));
}

/** One asset of the company with its class; `missing` answers when it is none (a document's field names it: a 422). */
export async function assetWithClass(tx: Tx, scope: KitScope, id: string, lock: boolean, missing: () => Error = () => notFound('The asset')): Promise<AssetWithClass> {
  const row = (await assetsWithClass(tx, scope, [id], lock)).get(id);
  if (!row) throw missing();
  return row;
}

/** A document's asset field names no asset of the company. */
export const noSuchAsset = () => unprocessable('asset: No such asset in this company');

function engineRows(t: DepreciationTerms, code: string): ScheduleRow[] {
  try {
    return buildSchedule(t);
  } catch (e) {
    if (e instanceof ScheduleRefusal) throw unprocessable(`Asset ${code}: ${e.message}`);
    throw e;
  }
}

const periodDate = (p: string) => `${p}-01`;

/**
 * Activates a draft asset: computes its schedule and stores it; the asset becomes Active (or
 * Fully depreciated when nothing is left to depreciate).
 */
export async function activateAsset(tx: Tx, scope: KitScope, id: string): Promise<AssetSchedule> {
  const { a, c } = await assetWithClass(tx, scope, id, true);
  if (a.status !== ASSET_DRAFT) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: only a draft asset is activated`);
  const { scale } = await baseCurrencyOf(tx, scope);
  const rows = engineRows(termsOf(a, c, scale), a.code);
  await replaceUnpostedRows(tx, scope, a.id, null, rows);
  // Units of production depreciate as usage comes: no rows yet is still an active asset.
  const status = rows.length || (a.method ?? c.method) === 'Units of production' ? ASSET_ACTIVE : ASSET_FULLY_DEPRECIATED;
  await tx.update(assets).set({ status, updatedAt: new Date() }).where(and(eq(assets.tenantId, scope.tenantId), eq(assets.id, a.id)));
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'asset', recordId: a.id, action: 'edit', before: { status: a.status }, after: { status, scheduleRows: rows.length } }]);
  return assetSchedule(tx, scope, id);
}

/** The asset's schedule row by row with how each amount was computed: stored once active, a preview while a draft. */
export async function assetSchedule(tx: Tx, scope: KitScope, id: string): Promise<AssetSchedule> {
  const { a, c } = await assetWithClass(tx, scope, id, false);
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const t = termsOf(a, c, scale);
  const money = (m: bigint) => formatMoney(m, scale);
  let rows: ScheduleRowView[];
  const view = (r: ScheduleRow, journalId: string | null): ScheduleRowView => ({
    period: r.period,
    amount: money(r.amountMinor),
    accumulated: money(r.accumulatedMinor),
    nbv: money(r.nbvMinor),
    posted: journalId !== null,
    journalId,
    basis: r.basis,
    explanation: explainRow(r, t.method as DepreciationMethod, scale),
  });
  if (a.status === ASSET_DRAFT) {
    rows = engineRows(t, a.code).map((r) => view(r, null));
  } else {
    const stored = await tx
      .select({
        period: sql<string>`to_char(${assetScheduleRows.period}, 'YYYY-MM')`,
        amountMinor: assetScheduleRows.amountMinor,
        accumulatedMinor: assetScheduleRows.accumulatedMinor,
        nbvMinor: assetScheduleRows.nbvMinor,
        basis: assetScheduleRows.basis,
        journalId: depreciationRuns.journalId,
      })
      .from(assetScheduleRows)
      .leftJoin(depreciationRuns, and(eq(depreciationRuns.tenantId, assetScheduleRows.tenantId), eq(depreciationRuns.id, assetScheduleRows.run)))
      .where(and(eq(assetScheduleRows.tenantId, scope.tenantId), eq(assetScheduleRows.asset, a.id)))
      .orderBy(asc(assetScheduleRows.period));
    rows = stored.map((r) => view({ ...r, amountMinor: BigInt(r.amountMinor), accumulatedMinor: BigInt(r.accumulatedMinor), nbvMinor: BigInt(r.nbvMinor), posted: r.journalId !== null }, r.journalId));
  }
  return {
    assetId: a.id,
    code: a.code,
    description: a.description,
    status: a.status,
    method: t.method,
    convention: c.convention,
    lifeMonths: t.lifeMonths,
    currency,
    cost: money(t.costMinor),
    residual: money(t.residualMinor),
    openingAccumulated: money(t.openingAccumulatedMinor ?? 0n),
    rows,
  };
}

type Usage = { period: string; units: bigint }[];

/** The usage recorded for assets (units of production), by asset: one statement for any number of them. */
export async function usageByAsset(tx: Tx, scope: KitScope, assetIds: readonly string[]): Promise<Map<string, Usage>> {
  const out = new Map<string, Usage>(assetIds.map((id) => [id, []]));
  if (!assetIds.length) return out;
  const usage = await tx
    .select({ asset: assetUsage.asset, period: sql<string>`to_char(${assetUsage.period}, 'YYYY-MM')`, units: assetUsage.units })
    .from(assetUsage)
    .where(and(eq(assetUsage.tenantId, scope.tenantId), inArray(assetUsage.asset, [...new Set(assetIds)])));
  for (const u of usage) out.get(u.asset)?.push({ period: u.period, units: BigInt(u.units) });
  return out;
}

/** The usage recorded for an asset (units of production). */
export async function usageOf(tx: Tx, scope: KitScope, assetId: string): Promise<Usage> {
  return (await usageByAsset(tx, scope, [assetId])).get(assetId)!;
}

/** The stored rows of assets as the engine's rows (posted: a run took them), by asset, in period order: one statement. */
export async function storedRowsByAsset(tx: Tx, scope: KitScope, assetIds: readonly string[]): Promise<Map<string, ScheduleRow[]>> {
  const out = new Map<string, ScheduleRow[]>(assetIds.map((id) => [id, []]));
  if (!assetIds.length) return out;
  const rows = await tx
    .select({
      asset: assetScheduleRows.asset,
      period: sql<string>`to_char(${assetScheduleRows.period}, 'YYYY-MM')`,
      amountMinor: assetScheduleRows.amountMinor,
      accumulatedMinor: assetScheduleRows.accumulatedMinor,
      nbvMinor: assetScheduleRows.nbvMinor,
      basis: assetScheduleRows.basis,
      run: assetScheduleRows.run,
    })
    .from(assetScheduleRows)
    .where(and(eq(assetScheduleRows.tenantId, scope.tenantId), inArray(assetScheduleRows.asset, [...new Set(assetIds)])))
    .orderBy(asc(assetScheduleRows.asset), asc(assetScheduleRows.period));
  for (const r of rows) out.get(r.asset)?.push({ period: r.period, amountMinor: BigInt(r.amountMinor), accumulatedMinor: BigInt(r.accumulatedMinor), nbvMinor: BigInt(r.nbvMinor), basis: r.basis, posted: r.run !== null });
  return out;
}

/** The stored rows of an asset as the engine's rows (posted: a run took them). */
export async function storedRows(tx: Tx, scope: KitScope, assetId: string): Promise<ScheduleRow[]> {
  return (await storedRowsByAsset(tx, scope, [assetId])).get(assetId)!;
}

type RowValues = Pick<ScheduleRow, 'period' | 'amountMinor' | 'accumulatedMinor' | 'nbvMinor' | 'basis'>;

/**
 * Replaces an asset's unposted schedule rows from the period `from` ('YYYY-MM'; null: all of them)
 * by `rows` of that period on. Rows a run posted never change (the delete spares them).
 */
export async function replaceUnpostedRows(tx: Tx, scope: KitScope, assetId: string, from: string | null, rows: readonly RowValues[]): Promise<void> {
  await tx.execute(sql`delete from ${assetScheduleRows} where tenant_id = ${scope.tenantId}::uuid and asset = ${assetId}::uuid and run is null${from ? sql` and period >= ${periodDate(from)}::date` : sql``}`);
  const fresh = from ? rows.filter((r) => r.period >= from) : rows;
  if (fresh.length) {
    await tx.insert(assetScheduleRows).values(
      fresh.map((r) => ({ tenantId: scope.tenantId, companyId: scope.companyId, asset: assetId, period: periodDate(r.period), amountMinor: r.amountMinor, accumulatedMinor: r.accumulatedMinor, nbvMinor: r.nbvMinor, basis: r.basis })),
    );
  }
}

/**
 * An asset's schedule again after the rows posted so far (a reversed disposal or split): the engine's
 * `regenerate` from the month after the last posted row (none posted: `buildSchedule`) replaces its
 * unposted rows. Answers the rows written.
 */
export async function regenerateAfterPosted(tx: Tx, scope: KitScope, assetId: string, terms: DepreciationTerms): Promise<ScheduleRow[]> {
  const posted = (await storedRows(tx, scope, assetId)).filter((r) => r.posted);
  const last = posted.at(-1);
  const rows = last ? regenerate(posted, terms, addMonths(last.period, 1)).filter((r) => r.period > last.period) : buildSchedule(terms);
  await replaceUnpostedRows(tx, scope, assetId, null, rows);
  return rows;
}

/**
 * Changes an active (or fully depreciated) asset's terms from a period on: cost (a capitalised
 * improvement, a revaluation), residual, life, method. The rows before the period stay; the engine
 * regenerates the rest (`regenerate`), which refuses a period already posted.
 */
export async function changeTerms(tx: Tx, scope: KitScope, id: string, change: AssetTermsChange): Promise<AssetSchedule> {
  const { a, c } = await assetWithClass(tx, scope, id, true);
  if (a.status !== ASSET_ACTIVE && a.status !== ASSET_FULLY_DEPRECIATED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: only an active or fully depreciated asset's terms change (a draft is edited)`);
  const { scale } = await baseCurrencyOf(tx, scope);
  const fits = (label: string, v: string | null | undefined) => {
    if (v != null && (v.split('.')[1]?.replace(/0+$/, '').length ?? 0) > scale) throw unprocessable(`${label} has more than ${scale} decimals (the company's currency)`);
  };
  fits('cost: The cost', change.cost);
  fits('residualValue: The residual value', change.residualValue);
  const next = {
    ...a,
    cost: change.cost ?? a.cost,
    residualValue: change.residualValue === undefined ? a.residualValue : change.residualValue,
    lifeMonths: change.lifeMonths === undefined ? a.lifeMonths : change.lifeMonths,
    method: change.method === undefined ? a.method : change.method,
  };
  const terms = { ...termsOf(next, c, scale), usage: await usageOf(tx, scope, a.id) };
  if (terms.method === 'Units of production' && !terms.unitsTotal) throw unprocessable('method: Units of production needs the units total of the asset');
  const from = periodOfDate(change.from);
  let rows: ScheduleRow[];
  try {
    rows = regenerate(await storedRows(tx, scope, a.id), terms, from);
  } catch (e) {
    if (e instanceof ScheduleRefusal) throw unprocessable(`Asset ${a.code}: ${e.message}`);
    throw e;
  }
  await replaceUnpostedRows(tx, scope, a.id, from, rows);
  const open = rows.some((r) => !r.posted);
  const status = open || terms.method === 'Units of production' ? ASSET_ACTIVE : ASSET_FULLY_DEPRECIATED;
  await tx
    .update(assets)
    .set({ cost: next.cost, residualValue: next.residualValue, lifeMonths: next.lifeMonths, method: next.method, status, updatedAt: new Date() })
    .where(and(eq(assets.tenantId, scope.tenantId), eq(assets.id, a.id)));
  await recordAudit(tx, scope.tenantId, scope.userId, [
    { entity: 'asset', recordId: a.id, action: 'edit', before: { cost: a.cost, residualValue: a.residualValue, lifeMonths: a.lifeMonths, method: a.method, status: a.status }, after: { cost: next.cost, residualValue: next.residualValue, lifeMonths: next.lifeMonths, method: next.method, status, from, reason: change.reason ?? null } },
  ]);
  return assetSchedule(tx, scope, id);
}

/**
 * Units of production: records the units an asset used in a month (replacing what that month had)
 * and regenerates its schedule from that month; a month already posted refuses.
 */
export async function recordUsage(tx: Tx, scope: KitScope, id: string, input: AssetUsageInput): Promise<AssetSchedule> {
  const { a, c } = await assetWithClass(tx, scope, id, true);
  const { scale } = await baseCurrencyOf(tx, scope);
  const base = termsOf(a, c, scale);
  if (base.method !== 'Units of production') throw unprocessable(`Asset ${a.code} depreciates by ${base.method.toLowerCase()}, not by units of production`);
  if (a.status !== ASSET_ACTIVE && a.status !== ASSET_FULLY_DEPRECIATED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: usage is recorded for an active asset`);
  const period = periodOfDate(input.period);
  await tx
    .insert(assetUsage)
    .values({ tenantId: scope.tenantId, companyId: scope.companyId, asset: a.id, period: periodDate(period), units: BigInt(input.units) })
    .onConflictDoUpdate({ target: [assetUsage.tenantId, assetUsage.asset, assetUsage.period], set: { units: BigInt(input.units) } });
  const terms = { ...base, usage: await usageOf(tx, scope, a.id) };
  let rows: ScheduleRow[];
  try {
    rows = regenerate(await storedRows(tx, scope, a.id), terms, period);
  } catch (e) {
    if (e instanceof ScheduleRefusal) throw unprocessable(`Asset ${a.code}: ${e.message}`);
    throw e;
  }
  await replaceUnpostedRows(tx, scope, a.id, period, rows);
  if (a.status !== ASSET_ACTIVE && rows.some((r) => !r.posted)) await tx.update(assets).set({ status: ASSET_ACTIVE, updatedAt: new Date() }).where(and(eq(assets.tenantId, scope.tenantId), eq(assets.id, a.id)));
  await recordAudit(tx, scope.tenantId, scope.userId, [{ entity: 'asset', recordId: a.id, action: 'edit', after: { usage: { period, units: input.units } } }]);
  return assetSchedule(tx, scope, id);
}
