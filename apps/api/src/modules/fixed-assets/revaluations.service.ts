import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  addMonths,
  ASSET_ACTIVE,
  ASSET_FULLY_DEPRECIATED,
  formatMoney,
  periodOfDate,
  stateOf,
  assetRevaluationDocument as def,
  type AssetRevaluationInput,
  type AssetRevaluationListFilter,
  type AssetRevaluationListItem,
  type AssetRevaluationView,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import type { KitScope } from '../../platform/kit/registry';
import type { Table } from '../../platform/kit/tabular-files';
import { journals, moduleSequence, nextNumber, postEntry, reverseEntry, type EntryLine } from '../ledger/index';
import { assetClasses, assets, assetScheduleRows } from './assets.tables';
import { assetRevaluationLines, assetRevaluations } from './revaluations.tables';
import { assetSplitParts, assetSplits } from './splits.tables';
import { regenerate, ScheduleRefusal, type ScheduleRow } from './depreciation/engine';
import { assetsWithClass, replaceUnpostedRows, storedRowsByAsset, termsOf, usageByAsset } from './schedule.service';
import { baseCurrencyOf, minorOf } from './money';
import { documentListOrder } from './document-list';
import { classAccounts, type ClassAccounts } from './class-accounts';

/*
 * The revaluation of assets (RULES.md of this module, IAS 16 elimination method). For each asset at
 * the date: the accumulated depreciation is eliminated against the cost, then the cost is restated
 * to the fair value; an increase credits the reserve except the part that reverses the asset's
 * earlier deficit in profit or loss (income), a decrease debits the reserve up to the asset's
 * surplus there and profit or loss for the rest. ONE entry through `postEntry`. The asset's cost
 * term becomes its net book value at the date plus the depreciation taken (what the engine
 * depreciates from), so its book value is the fair value, and its schedule is regenerated from the
 * month after the date (`regenerate`).
 *
 * Figures of an asset (minor units): K its cost term, O opening accumulated, P posted depreciation,
 * E accumulated depreciation eliminated by its posted revaluations (`revaluedOf`). Its cost in the
 * ledger is K - E, its accumulated depreciation O + P - E, its net book value K - O - P.
 */

type RevaluationRow = typeof assetRevaluations.$inferSelect;
type AssetRow = typeof assets.$inferSelect;
type ClassRow = typeof assetClasses.$inferSelect;

export async function storedRevaluation(tx: Tx, scope: KitScope, id: string, lock: boolean): Promise<RevaluationRow> {
  const q = tx.select().from(assetRevaluations).where(and(eq(assetRevaluations.tenantId, scope.tenantId), eq(assetRevaluations.companyId, scope.companyId), eq(assetRevaluations.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('The revaluation');
  return row;
}

/** What an asset's posted revaluations did: accumulated depreciation eliminated, surplus in the reserve, deficit in profit or loss. */
export type Revalued = { eliminatedMinor: bigint; surplusMinor: bigint; deficitMinor: bigint };

/**
 * Per asset, the sums of its posted revaluation lines (a reversed revaluation counts no more); a part of a posted
 * split adds its share of the original's surplus and deficit (eliminated stays the original's: a part's cost term is
 * what the ledger holds of it).
 */
export async function revaluedOf(tx: Tx, scope: KitScope, assetIds: string[], except?: string): Promise<Map<string, Revalued>> {
  const out = new Map<string, Revalued>();
  if (!assetIds.length) return out;
  const rows = await tx
    .select({
      asset: assetRevaluationLines.asset,
      eliminated: sql<string>`coalesce(sum(${assetRevaluationLines.eliminatedMinor}), 0)::text`,
      reserve: sql<string>`coalesce(sum(${assetRevaluationLines.reserveMinor}), 0)::text`,
      pnl: sql<string>`coalesce(sum(${assetRevaluationLines.pnlMinor}), 0)::text`,
    })
    .from(assetRevaluationLines)
    .where(and(eq(assetRevaluationLines.tenantId, scope.tenantId), eq(assetRevaluationLines.companyId, scope.companyId), inArray(assetRevaluationLines.asset, assetIds), eq(assetRevaluationLines.status, 'Posted'), except ? ne(assetRevaluationLines.revaluation, except) : undefined))
    .groupBy(assetRevaluationLines.asset);
  for (const r of rows) out.set(r.asset, { eliminatedMinor: BigInt(r.eliminated), surplusMinor: BigInt(r.reserve), deficitMinor: -BigInt(r.pnl) });
  const shares = await tx
    .select({ asset: assetSplitParts.newAsset, reserve: assetSplitParts.reserveMinor, deficit: assetSplitParts.deficitMinor })
    .from(assetSplitParts)
    .innerJoin(assetSplits, and(eq(assetSplits.tenantId, assetSplitParts.tenantId), eq(assetSplits.id, assetSplitParts.split)))
    .where(and(eq(assetSplitParts.tenantId, scope.tenantId), eq(assetSplitParts.companyId, scope.companyId), inArray(assetSplitParts.newAsset, assetIds), eq(assetSplits.status, 'Posted'), sql`(${assetSplitParts.reserveMinor} <> 0 or ${assetSplitParts.deficitMinor} <> 0)`));
  for (const x of shares) {
    if (!x.asset) continue;
    const was = out.get(x.asset) ?? NONE;
    out.set(x.asset, { eliminatedMinor: was.eliminatedMinor, surplusMinor: was.surplusMinor + x.reserve, deficitMinor: was.deficitMinor + x.deficit });
  }
  return out;
}

const NONE: Revalued = { eliminatedMinor: 0n, surplusMinor: 0n, deficitMinor: 0n };

/**
 * What the ledger holds of an asset (K - E of cost, O + P - E of accumulated depreciation) from its
 * terms, the depreciation posted (P) and what its posted revaluations did (E): what a disposal removes,
 * a split moves and a revaluation eliminates. One place, so no document forgets E.
 */
export function heldInLedger(terms: { costMinor: bigint; openingAccumulatedMinor?: bigint | null }, postedMinor: bigint, revalued: Revalued = NONE): { costMinor: bigint; accumulatedMinor: bigint } {
  return { costMinor: terms.costMinor - revalued.eliminatedMinor, accumulatedMinor: (terms.openingAccumulatedMinor ?? 0n) + postedMinor - revalued.eliminatedMinor };
}

async function linesOf(tx: Tx, scope: KitScope, id: string) {
  return tx
    .select()
    .from(assetRevaluationLines)
    .where(and(eq(assetRevaluationLines.tenantId, scope.tenantId), eq(assetRevaluationLines.revaluation, id)))
    .orderBy(asc(assetRevaluationLines.lineNo));
}

const decimals = (v: string) => v.split('.')[1]?.replace(/0+$/, '').length ?? 0;

async function checkInput(tx: Tx, scope: KitScope, input: AssetRevaluationInput): Promise<void> {
  const { scale } = await baseCurrencyOf(tx, scope);
  const found = await assetsWithClass(tx, scope, input.lines.map((l) => l.asset), false);
  input.lines.forEach((l, i) => {
    if (!found.has(l.asset)) throw unprocessable(`lines.${i}.asset: No such asset in this company`);
    if (decimals(l.fairValue) > scale) throw unprocessable(`lines.${i}.fairValue: The fair value has more than ${scale} decimals (the company's currency)`);
  });
}

async function writeLines(tx: Tx, actor: Actor, id: string, input: AssetRevaluationInput): Promise<void> {
  const period = `${periodOfDate(input.revaluationDate)}-01`;
  await tx.insert(assetRevaluationLines).values(
    input.lines.map((l, i) => ({ tenantId: actor.tenantId, companyId: actor.companyId, revaluation: id, lineNo: i + 1, asset: l.asset, fairValue: l.fairValue, period })),
  );
}

export async function createRevaluation(tx: Tx, actor: Actor, input: AssetRevaluationInput): Promise<string> {
  await checkInput(tx, actor, input);
  const sequence = await moduleSequence(tx, actor, 'Fixed Asset', 'RevaluationSchedule');
  const number = await nextNumber(tx, actor, sequence, input.revaluationDate);
  const [row] = await tx
    .insert(assetRevaluations)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, number, revaluationDate: input.revaluationDate, description: input.description ?? '', createdBy: actor.userId })
    .returning({ id: assetRevaluations.id });
  await writeLines(tx, actor, row!.id, input);
  return row!.id;
}

export async function editRevaluation(tx: Tx, actor: Actor, id: string, input: AssetRevaluationInput): Promise<void> {
  await checkInput(tx, actor, input);
  await tx
    .update(assetRevaluations)
    .set({ revaluationDate: input.revaluationDate, description: input.description ?? '', updatedAt: new Date() })
    .where(and(eq(assetRevaluations.tenantId, actor.tenantId), eq(assetRevaluations.id, id)));
  await tx.delete(assetRevaluationLines).where(and(eq(assetRevaluationLines.tenantId, actor.tenantId), eq(assetRevaluationLines.revaluation, id)));
  await writeLines(tx, actor, id, input);
}

export async function deleteRevaluation(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(assetRevaluations).where(and(eq(assetRevaluations.tenantId, actor.tenantId), eq(assetRevaluations.id, id)));
}

/** One asset's revaluation, pure: the split of the change between the reserve and profit or loss. */
export type LinePlan = {
  costMinor: bigint; // the gross carrying amount before (ledger: K - E)
  eliminatedMinor: bigint; // accumulated depreciation eliminated (ledger: O + P - E)
  nbvMinor: bigint;
  fairValueMinor: bigint;
  changeMinor: bigint;
  reserveMinor: bigint; // + credit to the reserve, - debit
  pnlMinor: bigint; // + income (an earlier deficit reversed), - loss
};

/**
 * IAS 16: an increase reverses the asset's deficit recognised in profit or loss first, the rest to
 * the reserve; a decrease takes the asset's surplus in the reserve first, the rest to profit or loss.
 */
export function planRevaluation(costMinor: bigint, accumulatedMinor: bigint, fairValueMinor: bigint, before: Revalued): LinePlan {
  const nbvMinor = costMinor - accumulatedMinor;
  const changeMinor = fairValueMinor - nbvMinor;
  let reserveMinor = 0n;
  let pnlMinor = 0n;
  if (changeMinor > 0n) {
    const reversal = changeMinor < before.deficitMinor ? changeMinor : before.deficitMinor > 0n ? before.deficitMinor : 0n;
    pnlMinor = reversal;
    reserveMinor = changeMinor - reversal;
  } else if (changeMinor < 0n) {
    const decrease = -changeMinor;
    const fromReserve = decrease < before.surplusMinor ? decrease : before.surplusMinor > 0n ? before.surplusMinor : 0n;
    reserveMinor = -fromReserve;
    pnlMinor = -(decrease - fromReserve);
  }
  return { costMinor, eliminatedMinor: accumulatedMinor, nbvMinor, fairValueMinor, changeMinor, reserveMinor, pnlMinor };
}

type EntryPlanLine = { role: string; assetId: string; assetCode: string; account: string | null; accountCode: string | null; debitMinor: bigint; creditMinor: bigint; party: boolean };

/** The entry lines of one asset: elimination, then the restatement of the cost with its reserve and profit-or-loss sides; it balances. */
export function entryLines(p: LinePlan, acc: ClassAccounts, assetId: string, assetCode: string): EntryPlanLine[] {
  const out: EntryPlanLine[] = [];
  const line = (role: string, account: string | null, accountCode: string | null, debitMinor: bigint, creditMinor: bigint, party = false) => {
    if (debitMinor > 0n || creditMinor > 0n) out.push({ role, assetId, assetCode, account, accountCode, debitMinor, creditMinor, party });
  };
  line('Accumulated depreciation eliminated', acc.accumulated, acc.accumulatedCode, p.eliminatedMinor, 0n);
  line('Cost: elimination', acc.control, acc.controlCode, 0n, p.eliminatedMinor, true);
  if (p.changeMinor > 0n) {
    line('Cost: revaluation increase', acc.control, acc.controlCode, p.changeMinor, 0n, true);
    line('Revaluation deficit reversed', acc.revaluationLoss, acc.revaluationLossCode, 0n, p.pnlMinor);
    line('Revaluation surplus', acc.surplus, acc.surplusCode, 0n, p.reserveMinor);
  } else if (p.changeMinor < 0n) {
    line('Revaluation surplus reversed', acc.surplus, acc.surplusCode, -p.reserveMinor, 0n);
    line('Revaluation loss', acc.revaluationLoss, acc.revaluationLossCode, -p.pnlMinor, 0n);
    line('Cost: revaluation decrease', acc.control, acc.controlCode, 0n, -p.changeMinor, true);
  }
  const d = out.reduce((s, l) => s + l.debitMinor, 0n);
  const c = out.reduce((s, l) => s + l.creditMinor, 0n);
  if (d !== c) throw new Error('a revaluation entry balances');
  return out;
}

const ROLE_ACCOUNT: Record<string, string> = {
  'Accumulated depreciation eliminated': 'accumulated depreciation',
  'Cost: elimination': 'cost (control)',
  'Cost: revaluation increase': 'cost (control)',
  'Cost: revaluation decrease': 'cost (control)',
  'Revaluation surplus': 'revaluation surplus',
  'Revaluation surplus reversed': 'revaluation surplus',
  'Revaluation deficit reversed': 'revaluation loss',
  'Revaluation loss': 'revaluation loss',
};

type Assessed = {
  line: typeof assetRevaluationLines.$inferSelect;
  a: AssetRow;
  c: ClassRow;
  plan: LinePlan;
  before: Revalued;
  problem: string | null;
  rows: ScheduleRow[]; // the schedule as regenerated (empty when there is a problem)
  residualMinor: bigint;
};

/** Each line's figures at the date and why it cannot be revalued, if it cannot (nothing written). */
async function assess(tx: Tx, scope: KitScope, r: RevaluationRow, lock: boolean): Promise<Assessed[]> {
  const lines = await linesOf(tx, scope, r.id);
  const found = await assetsWithClass(tx, scope, lines.map((l) => l.asset), lock);
  const { scale } = await baseCurrencyOf(tx, scope);
  const revalued = await revaluedOf(tx, scope, lines.map((l) => l.asset), r.id);
  const month = periodOfDate(r.revaluationDate);
  const ids = lines.map((l) => l.asset);
  const [usage, schedules] = [await usageByAsset(tx, scope, ids), await storedRowsByAsset(tx, scope, ids)];
  const out: Assessed[] = [];
  for (const line of lines) {
    const { a, c } = found.get(line.asset)!;
    const before = revalued.get(a.id) ?? NONE;
    const terms = { ...termsOf(a, c, scale), usage: usage.get(a.id)! };
    const stored = schedules.get(a.id)!;
    const posted = stored.filter((x) => x.posted).reduce((s, x) => s + x.amountMinor, 0n);
    const held = heldInLedger(terms, posted, before);
    const plan = planRevaluation(held.costMinor, held.accumulatedMinor, minorOf(line.fairValue, scale), before);
    let problem: string | null = null;
    let rows: ScheduleRow[] = [];
    const laterPosted = stored.filter((x) => x.posted && x.period > month).at(-1);
    const unposted = stored.find((x) => !x.posted && x.period <= month);
    if (a.status !== ASSET_ACTIVE) problem = `Asset ${a.code} is ${a.status.toLowerCase()}: only an active asset is revalued`;
    else if (r.revaluationDate < (a.inServiceDate ?? a.acquisitionDate)) problem = `Asset ${a.code} is in service from ${a.inServiceDate ?? a.acquisitionDate}`;
    else if (laterPosted) problem = `Asset ${a.code} is depreciated up to ${laterPosted.period}, after the revaluation date: reverse that depreciation run first`;
    else if (unposted) problem = `Asset ${a.code} has depreciation of ${unposted.period} not posted: post the depreciation up to ${month} first`;
    else if (plan.fairValueMinor < terms.residualMinor) problem = `Asset ${a.code}: the fair value is below its residual value ${formatMoney(terms.residualMinor, scale)}`;
    else {
      try {
        rows = regenerate(stored, { ...terms, costMinor: terms.costMinor + plan.changeMinor }, addMonths(month, 1)).filter((x) => x.period > month);
      } catch (e) {
        if (!(e instanceof ScheduleRefusal)) throw e;
        problem = `Asset ${a.code}: ${e.message}`;
      }
    }
    out.push({ line, a, c, plan, before, problem, rows, residualMinor: terms.residualMinor });
  }
  return out;
}

/** Posts a revaluation: ONE entry, each asset's cost restated and its schedule regenerated from the month after the date. */
export async function postRevaluation(tx: Tx, actor: Actor, id: string): Promise<string | null> {
  const r = await storedRevaluation(tx, actor, id, true);
  const assessed = await assess(tx, actor, r, true);
  const refused = assessed.find((x) => x.problem);
  if (refused) throw unprocessable(refused.problem!);
  const { currency, scale } = await baseCurrencyOf(tx, actor);
  const accountsOf = await classAccounts(tx, actor, assessed.map((x) => x.c.id));
  const plan = assessed.flatMap((x) => entryLines(x.plan, accountsOf.get(x.c.id)!, x.a.id, x.a.code).map((l) => ({ ...l, classCode: x.c.code })));
  for (const l of plan) {
    if (!l.account) throw unprocessable(`No ${ROLE_ACCOUNT[l.role]} account: set one on the posting profile of asset class ${l.classCode}, or the default posting profile of Fixed Asset (/posting-profile)`);
  }
  let journalId: string | null = null;
  if (plan.length) {
    const lines: EntryLine[] = plan.map((l) => ({
      accountId: l.account!, currency, debitMinor: l.debitMinor, creditMinor: l.creditMinor, description: `${l.role}, asset ${l.assetCode}`, lineRef: l.assetId,
      party: l.party ? { type: 'Asset' as const, id: l.assetId } : null,
    }));
    journalId = (await postEntry(tx, actor, {
      kind: 'Standard', journalDate: r.revaluationDate, description: r.description || `Revaluation of assets ${r.number ?? ''}`.trim(), reference: r.number,
      source: { module: 'Fixed Asset', documentType: def.documentType, documentId: r.id }, lines,
    })).journalId;
  }
  const month = periodOfDate(r.revaluationDate);
  for (const x of assessed) {
    const cost = formatMoney(minorOf(x.a.cost, scale) + x.plan.changeMinor, scale);
    // A residual given as a percent of the cost stays the amount it is: the cost term now carries the eliminated depreciation.
    const residualValue = x.a.residualValue ?? formatMoney(x.residualMinor, scale);
    await replaceUnpostedRows(tx, actor, x.a.id, addMonths(month, 1), x.rows);
    const status = x.rows.length || (x.a.method ?? x.c.method) === 'Units of production' ? ASSET_ACTIVE : ASSET_FULLY_DEPRECIATED;
    await tx.update(assets).set({ cost, residualValue, status, updatedAt: new Date() }).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, x.a.id)));
    await tx
      .update(assetRevaluationLines)
      .set({
        status: 'Posted', previousCost: x.a.cost, costMinor: x.plan.costMinor, eliminatedMinor: x.plan.eliminatedMinor, changeMinor: x.plan.changeMinor, reserveMinor: x.plan.reserveMinor, pnlMinor: x.plan.pnlMinor,
        surplusBeforeMinor: x.before.surplusMinor, deficitBeforeMinor: x.before.deficitMinor,
      })
      .where(and(eq(assetRevaluationLines.tenantId, actor.tenantId), eq(assetRevaluationLines.revaluation, r.id), eq(assetRevaluationLines.lineNo, x.line.lineNo)));
  }
  const change = assessed.reduce((s, x) => s + x.plan.changeMinor, 0n);
  await tx.update(assetRevaluations).set({ status: 'Posted', journalId, changeMinor: change, updatedAt: new Date() }).where(and(eq(assetRevaluations.tenantId, actor.tenantId), eq(assetRevaluations.id, r.id)));
  await recordAudit(
    tx, actor.tenantId, actor.userId,
    assessed.map((x) => ({ entity: 'asset', recordId: x.a.id, action: 'edit' as const, before: { cost: x.a.cost, status: x.a.status }, after: { cost: formatMoney(minorOf(x.a.cost, scale) + x.plan.changeMinor, scale), revaluation: r.id, fairValue: x.line.fairValue } })),
  );
  return journalId;
}

/**
 * Reverses a posted revaluation: its entry reversed, each asset's previous cost restored and its
 * schedule regenerated from the month after the date. Refused when an asset was depreciated after
 * that month, is disposed or split, or has a later posted revaluation (reverse that one first).
 */
export async function reverseRevaluation(tx: Tx, actor: Actor, id: string, date: string | undefined): Promise<void> {
  const r = await storedRevaluation(tx, actor, id, true);
  const lines = await linesOf(tx, actor, r.id);
  const found = await assetsWithClass(tx, actor, lines.map((l) => l.asset), true);
  const { scale } = await baseCurrencyOf(tx, actor);
  const month = periodOfDate(r.revaluationDate);
  const plans: { a: AssetRow; rows: ScheduleRow[]; status: typeof ASSET_ACTIVE | typeof ASSET_FULLY_DEPRECIATED; previousCost: string }[] = [];
  const ids = lines.map((l) => l.asset);
  // A later posted revaluation of each asset (reverse the latest first): one statement for all of them.
  const laterOf = new Map(rowsOf<{ asset: string; number: string | null }>(await tx.execute(sql`
    select distinct on (l.asset) l.asset, v.number from ${assetRevaluationLines} l join ${assetRevaluations} v on v.tenant_id = l.tenant_id and v.id = l.revaluation
    where l.tenant_id = ${actor.tenantId}::uuid and l.asset = any(${`{${ids.join(',')}}`}::uuid[]) and l.status = 'Posted' and l.revaluation <> ${r.id}::uuid
      and (v.revaluation_date > ${r.revaluationDate}::date or (v.revaluation_date = ${r.revaluationDate}::date and v.number > ${r.number ?? ''}))
    order by l.asset, v.revaluation_date, v.number`)).map((x) => [x.asset, x]));
  const [usage, schedules] = [await usageByAsset(tx, actor, ids), await storedRowsByAsset(tx, actor, ids)];
  for (const line of lines) {
    const { a, c } = found.get(line.asset)!;
    if (a.status !== ASSET_ACTIVE && a.status !== ASSET_FULLY_DEPRECIATED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: reverse that first`);
    const later = laterOf.get(a.id);
    if (later) throw unprocessable(`Asset ${a.code} has a later revaluation ${later.number ?? ''}: reverse it first`.replace('  ', ' '));
    const stored = schedules.get(a.id)!;
    const laterPosted = stored.filter((x) => x.posted && x.period > month).at(-1);
    if (laterPosted) throw unprocessable(`Asset ${a.code} is depreciated up to ${laterPosted.period}, after the revaluation: reverse that depreciation run first`);
    const previousCost = line.previousCost ?? a.cost;
    const terms = { ...termsOf({ ...a, cost: previousCost }, c, scale), usage: usage.get(a.id)! };
    let rows: ScheduleRow[];
    try {
      rows = regenerate(stored, terms, addMonths(month, 1)).filter((x) => x.period > month);
    } catch (e) {
      if (e instanceof ScheduleRefusal) throw unprocessable(`Asset ${a.code}: ${e.message}`);
      throw e;
    }
    const status = rows.length || terms.method === 'Units of production' ? ASSET_ACTIVE : ASSET_FULLY_DEPRECIATED;
    plans.push({ a, rows, status, previousCost });
  }
  const reversal = r.journalId ? (await reverseEntry(tx, actor, r.journalId, date ?? r.revaluationDate)).journalId : null;
  for (const p of plans) {
    await replaceUnpostedRows(tx, actor, p.a.id, addMonths(month, 1), p.rows);
    await tx.update(assets).set({ cost: p.previousCost, status: p.status, updatedAt: new Date() }).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, p.a.id)));
  }
  await tx.update(assetRevaluationLines).set({ status: 'Reversed' }).where(and(eq(assetRevaluationLines.tenantId, actor.tenantId), eq(assetRevaluationLines.revaluation, r.id)));
  await tx.update(assetRevaluations).set({ status: 'Reversed', reversalJournalId: reversal, updatedAt: new Date() }).where(and(eq(assetRevaluations.tenantId, actor.tenantId), eq(assetRevaluations.id, r.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, plans.map((p) => ({ entity: 'asset', recordId: p.a.id, action: 'edit' as const, before: { cost: p.a.cost }, after: { cost: p.previousCost, revaluationReversed: r.id } })));
}

/** A revaluation as the screen shows it: posted, what it posted; a draft, what posting now would. */
export async function viewRevaluation(tx: Tx, scope: KitScope, id: string): Promise<AssetRevaluationView> {
  const r = await storedRevaluation(tx, scope, id, false);
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const money = (m: bigint) => formatMoney(m, scale);
  const [journal] = r.journalId ? await tx.select({ number: journals.number }).from(journals).where(and(eq(journals.tenantId, scope.tenantId), eq(journals.id, r.journalId))) : [];
  let items: { line: typeof assetRevaluationLines.$inferSelect; a: AssetRow; c: ClassRow; plan: LinePlan; before: Revalued; problem: string | null; monthsLeft: number; next: bigint | null }[];
  if (r.status === 'Draft') {
    items = (await assess(tx, scope, r, false)).map((x) => ({ ...x, monthsLeft: x.rows.length, next: x.rows[0]?.amountMinor ?? null }));
  } else {
    const lines = await linesOf(tx, scope, r.id);
    const found = await assetsWithClass(tx, scope, lines.map((l) => l.asset), false);
    const month = `${periodOfDate(r.revaluationDate)}-01`;
    const after = new Map(
      rowsOf<{ asset: string; n: number; first: string | null }>(
        await tx.execute(sql`
          select asset, count(*)::int as n, (array_agg(amount_minor::text order by period))[1] as first from ${assetScheduleRows}
          where tenant_id = ${scope.tenantId}::uuid and asset in (${sql.join(lines.map((l) => sql`${l.asset}::uuid`), sql`, `)}) and period > ${month}::date group by asset`),
      ).map((x) => [x.asset, x]),
    );
    items = lines.map((line) => {
      const { a, c } = found.get(line.asset)!;
      const plan: LinePlan = {
        costMinor: line.costMinor, eliminatedMinor: line.eliminatedMinor, nbvMinor: line.costMinor - line.eliminatedMinor, fairValueMinor: minorOf(line.fairValue, scale),
        changeMinor: line.changeMinor, reserveMinor: line.reserveMinor, pnlMinor: line.pnlMinor,
      };
      const s = after.get(line.asset);
      return { line, a, c, plan, before: { eliminatedMinor: 0n, surplusMinor: line.surplusBeforeMinor, deficitMinor: line.deficitBeforeMinor }, problem: null, monthsLeft: s?.n ?? 0, next: s?.first ? BigInt(s.first) : null };
    });
  }
  const accountsOf = await classAccounts(tx, scope, items.map((x) => x.c.id));
  const entry = items.flatMap((x) => entryLines(x.plan, accountsOf.get(x.c.id)!, x.a.id, x.a.code));
  const sum = (f: (p: LinePlan) => bigint) => money(items.reduce((s, x) => s + f(x.plan), 0n));
  return {
    id: r.id, kind: 'Revaluation', number: r.number, status: stateOf(def, r.status), revaluationDate: r.revaluationDate, description: r.description, currency,
    lines: items.map((x) => ({
      asset: x.a.id, assetCode: x.a.code, assetDescription: x.a.description, assetStatus: x.a.status,
      cost: money(x.plan.costMinor), accumulated: money(x.plan.eliminatedMinor), netBookValue: money(x.plan.nbvMinor), fairValue: money(x.plan.fairValueMinor),
      change: money(x.plan.changeMinor), reserve: money(x.plan.reserveMinor), profitOrLoss: money(x.plan.pnlMinor),
      surplusBefore: money(x.before.surplusMinor), deficitBefore: money(x.before.deficitMinor), monthsLeft: x.monthsLeft, nextDepreciation: x.next === null ? null : money(x.next), problem: x.problem,
    })),
    entryLines: entry.map((l) => ({ role: l.role, assetCode: l.assetCode, account: l.accountCode, debit: money(l.debitMinor), credit: money(l.creditMinor) })),
    change: sum((p) => p.changeMinor), reserve: sum((p) => p.reserveMinor), profitOrLoss: sum((p) => p.pnlMinor),
    journalId: r.journalId, journalNumber: journal?.number ?? null,
  };
}

/** The amount an approval threshold compares: the size of the restatement (the sum of the absolute changes). */
export async function revaluationAmount(tx: Tx, scope: KitScope, id: string): Promise<bigint> {
  const r = await storedRevaluation(tx, scope, id, false);
  if (r.status !== 'Draft') return r.changeMinor < 0n ? -r.changeMinor : r.changeMinor;
  return (await assess(tx, scope, r, false)).reduce((s, x) => s + (x.plan.changeMinor < 0n ? -x.plan.changeMinor : x.plan.changeMinor), 0n);
}

function listWhere(scope: KitScope, q: AssetRevaluationListFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(assetRevaluations.tenantId, scope.tenantId), eq(assetRevaluations.companyId, scope.companyId)];
  if (q.status) conds.push(eq(assetRevaluations.status, q.status));
  if (q.from) conds.push(sql`${assetRevaluations.revaluationDate} >= ${q.from}::date`);
  if (q.to) conds.push(sql`${assetRevaluations.revaluationDate} <= ${q.to}::date`);
  if (q.search) {
    const like = `%${q.search}%`;
    conds.push(
      or(
        ilike(assetRevaluations.number, like), ilike(assetRevaluations.description, like),
        sql`exists (select 1 from ${assetRevaluationLines} l join ${assets} a on a.tenant_id = l.tenant_id and a.id = l.asset where l.tenant_id = ${assetRevaluations.tenantId} and l.revaluation = ${assetRevaluations.id} and a.code ilike ${like})`,
      ),
    );
  }
  return and(...conds)!;
}

const orderOf = documentListOrder({ date: assetRevaluations.revaluationDate, createdAt: assetRevaluations.createdAt, number: assetRevaluations.number }, 'revaluationDate');

export async function listRevaluations(tx: Tx, scope: KitScope, q: AssetRevaluationListFilter & { limit: number; page: number }): Promise<{ items: AssetRevaluationListItem[]; total: number }> {
  const { scale } = await baseCurrencyOf(tx, scope);
  const where = listWhere(scope, q);
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(assetRevaluations).where(where);
  const rows = await tx
    .select({
      r: assetRevaluations,
      journalNumber: journals.number,
      assets: sql<number>`(select count(*)::int from ${assetRevaluationLines} l where l.tenant_id = ${assetRevaluations.tenantId} and l.revaluation = ${assetRevaluations.id})`,
      firstCode: sql<string | null>`(select a.code from ${assetRevaluationLines} l join ${assets} a on a.tenant_id = l.tenant_id and a.id = l.asset where l.tenant_id = ${assetRevaluations.tenantId} and l.revaluation = ${assetRevaluations.id} order by l.line_no limit 1)`,
    })
    .from(assetRevaluations)
    .leftJoin(journals, and(eq(journals.tenantId, assetRevaluations.tenantId), eq(journals.id, assetRevaluations.journalId)))
    .where(where)
    .orderBy(...orderOf(q.sort))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    total,
    items: rows.map(({ r, journalNumber, assets: n, firstCode }) => ({
      id: r.id, number: r.number, status: stateOf(def, r.status), revaluationDate: r.revaluationDate, assets: n, assetCodes: n > 1 ? `${firstCode ?? ''} and ${n - 1} more` : (firstCode ?? ''),
      change: formatMoney(r.changeMinor, scale), description: r.description, journalNumber,
    })),
  };
}

export async function exportRevaluations(tx: Tx, scope: KitScope, q: AssetRevaluationListFilter): Promise<Table> {
  const { items } = await listRevaluations(tx, scope, { ...q, limit: 100_000, page: 1 });
  return {
    headers: ['Number', 'Status', 'Revaluation Date', 'Assets', 'Change', 'Description', 'Journal'],
    rows: items.map((i) => [i.number ?? '', i.status, i.revaluationDate, i.assetCodes, i.change, i.description, i.journalNumber ?? '']),
  };
}
