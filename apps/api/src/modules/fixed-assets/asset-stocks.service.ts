import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import {
  ASSET_ACTIVE,
  ASSET_CANCELLED,
  ASSET_DRAFT,
  ASSET_FULLY_DEPRECIATED,
  formatMoney,
  STOCK_ISSUE_UNDONE,
  STOCK_ISSUED,
  type AssetStockIssue,
  type AssetStockIssueResult,
  type AssetStockIssueView,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import type { KitRule } from '../../platform/kit/registry';
import { journals, postEntry, reverseEntry } from '../ledger/index';
import { assetClasses, assets, assetScheduleRows, assetUsage } from './assets.tables';
import { assetKey } from './assets.rules';
import { assetStockIssues, assetStocks } from './asset-stocks.tables';
import { assetCapitalisations } from './capitalisations.tables';
import { assetRevaluationLines } from './revaluations.tables';
import { assetDisposals } from './disposals.tables';
import { assetSplits } from './splits.tables';
import { activateAsset } from './schedule.service';
import { baseCurrencyOf } from './money';
import { shareUnits } from './split/plan';
import { accountsOfClass } from './class-accounts';

/*
 * Asset stock (RULES.md of this module, "Asset stock"): items held for later use, carried on their
 * class's clearing account. Issuing a quantity into service makes one asset of that quantity at
 * quantity × unit cost (rounded half up to the minor unit) and ONE entry moves the cost from the
 * clearing account to the control account; the stock's quantity falls and never below zero.
 */

/** A stock item's unit cost has at most 4 decimals (the column's); its class is one of the company. */
export const assetStockFits: KitRule = async (tx, scope, input) => {
  if (typeof input.assetClass === 'string') {
    const [c] = await tx.select({ code: assetClasses.code, active: assetClasses.active }).from(assetClasses).where(and(eq(assetClasses.id, input.assetClass), eq(assetClasses.companyId, scope.companyId)));
    if (c && !c.active) throw unprocessable(`assetClass: Asset class ${c.code} is inactive`);
  }
};

const units = (text: string) => shareUnits(text);
const unitsText = (u: bigint) => formatMoney(u, 4);

/** quantity × unit cost (both in 1/10000ths) in minor units of `scale` decimals, rounded half up. */
export function issueCost(quantity: string, unitCost: string, scale: number): bigint {
  const num = units(quantity) * units(unitCost) * 10n ** BigInt(scale);
  const den = 100_000_000n;
  return (2n * num + den) / (2n * den);
}

/** Issues a quantity of a stock item into service: a new asset (a draft, or activated), the entry clearing → cost, the stock lowered. */
export async function issueFromStock(tx: Tx, actor: Actor, id: string, input: AssetStockIssue): Promise<AssetStockIssueResult> {
  const [s] = await tx.select().from(assetStocks).where(and(eq(assetStocks.tenantId, actor.tenantId), eq(assetStocks.companyId, actor.companyId), eq(assetStocks.id, id))).for('update');
  if (!s) throw notFound('The stock item');
  const want = units(input.quantity);
  const held = units(s.quantity);
  if (want > held) throw unprocessable(`quantity: Stock ${s.code} holds ${unitsText(held)}: ${unitsText(want)} cannot be issued`);
  if (input.issueDate < s.acquisitionDate) throw unprocessable(`issueDate: Stock ${s.code} was acquired on ${s.acquisitionDate}`);
  const { currency, scale } = await baseCurrencyOf(tx, actor);
  const costMinor = issueCost(input.quantity, s.unitCost, scale);
  const acc = await accountsOfClass(tx, actor, s.assetClass);
  if (costMinor > 0n && (!acc.control || !acc.clearing)) throw unprocessable(`No ${acc.control ? 'clearing' : 'cost (control)'} account: set one on the posting profile of the stock's asset class, or the default posting profile of Fixed Asset (/posting-profile)`);
  const code = await assetKey(tx, actor, { assetClass: s.assetClass });
  const [asset] = await tx
    .insert(assets)
    .values({
      tenantId: actor.tenantId, companyId: actor.companyId, code, description: (input.description || s.description).slice(0, 150), assetClass: s.assetClass,
      acquisitionDate: s.acquisitionDate, inServiceDate: input.issueDate, cost: formatMoney(costMinor, scale), quantity: unitsText(want), location: s.location, tagNumber: null,
    })
    .returning({ id: assets.id });
  const assetId = asset!.id;
  let status = 'Draft';
  if (input.activate) status = (await activateAsset(tx, actor, assetId)).status;
  let journalId: string | null = null;
  if (costMinor > 0n) {
    const party = { type: 'Asset' as const, id: assetId };
    journalId = (await postEntry(tx, actor, {
      kind: 'Standard', journalDate: input.issueDate, description: `Asset ${code} issued from stock ${s.code}`, reference: s.reference,
      source: { module: 'Fixed Asset', documentType: 'AssetStock', documentId: s.id },
      lines: [
        { accountId: acc.control!, currency, debitMinor: costMinor, creditMinor: 0n, description: `Cost, asset ${code}`, lineRef: assetId, party: acc.controlIsControl ? party : null },
        { accountId: acc.clearing!, currency, debitMinor: 0n, creditMinor: costMinor, description: `Stock ${s.code} issued`, lineRef: s.id, party: acc.clearingIsControl ? party : null },
      ],
    })).journalId;
  }
  const left = held - want;
  const [kept] = await tx
    .insert(assetStockIssues)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, stock: s.id, asset: assetId, issueDate: input.issueDate, quantity: unitsText(want), costMinor, status: STOCK_ISSUED, journalId, createdBy: actor.userId ?? null })
    .returning({ id: assetStockIssues.id });
  await tx.update(assetStocks).set({ quantity: unitsText(left), updatedAt: new Date() }).where(and(eq(assetStocks.tenantId, actor.tenantId), eq(assetStocks.id, s.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [
    { entity: 'assetStock', recordId: s.id, action: 'edit', before: { quantity: unitsText(held) }, after: { quantity: unitsText(left), issued: unitsText(want), asset: assetId } },
    { entity: 'asset', recordId: assetId, action: 'create', before: null, after: { code, cost: formatMoney(costMinor, scale), quantity: unitsText(want), fromStock: s.id, status } },
  ]);
  return { assetId, assetCode: code, assetStatus: status, quantity: unitsText(want), cost: formatMoney(costMinor, scale), quantityLeft: unitsText(left), journalId, issueId: kept!.id };
}

/** The issues of a stock item, newest first, with their assets' codes and states and the entries' numbers. */
export async function stockIssues(tx: Tx, actor: Actor, stockId: string): Promise<AssetStockIssueView[]> {
  const [s] = await tx.select({ id: assetStocks.id }).from(assetStocks).where(and(eq(assetStocks.tenantId, actor.tenantId), eq(assetStocks.companyId, actor.companyId), eq(assetStocks.id, stockId)));
  if (!s) throw notFound('The stock item');
  const { scale } = await baseCurrencyOf(tx, actor);
  const rows = await tx
    .select({ i: assetStockIssues, assetCode: assets.code, assetStatus: assets.status, journalNumber: journals.number })
    .from(assetStockIssues)
    .innerJoin(assets, and(eq(assets.tenantId, assetStockIssues.tenantId), eq(assets.id, assetStockIssues.asset)))
    .leftJoin(journals, and(eq(journals.tenantId, assetStockIssues.tenantId), eq(journals.id, assetStockIssues.journalId)))
    .where(and(eq(assetStockIssues.tenantId, actor.tenantId), eq(assetStockIssues.companyId, actor.companyId), eq(assetStockIssues.stock, stockId)))
    .orderBy(desc(assetStockIssues.createdAt), desc(assetStockIssues.id));
  return rows.map(({ i, assetCode, assetStatus, journalNumber }) => ({
    id: i.id, stock: i.stock, asset: i.asset, assetCode, assetStatus, issueDate: i.issueDate, quantity: unitsText(units(i.quantity)), cost: formatMoney(i.costMinor, scale),
    status: i.status, journalId: i.journalId, journalNumber, undoJournalId: i.undoJournalId, undoDate: i.undoDate,
  }));
}

/**
 * What stands in the way of undoing an issue: anything the asset went through after it. Depreciation
 * posted (a row a run claimed; the rows are locked first so a run posting now is waited for), a
 * capitalisation, a revaluation, a disposal or a split of any state (a draft names the asset too:
 * delete it first). Empty: nothing.
 */
async function undoBlockers(tx: Tx, actor: Actor, assetId: string): Promise<string[]> {
  const t = actor.tenantId;
  await tx.select({ period: assetScheduleRows.period }).from(assetScheduleRows).where(and(eq(assetScheduleRows.tenantId, t), eq(assetScheduleRows.asset, assetId))).for('update');
  const [posted] = await tx.select({ period: assetScheduleRows.period }).from(assetScheduleRows).where(and(eq(assetScheduleRows.tenantId, t), eq(assetScheduleRows.asset, assetId), isNotNull(assetScheduleRows.run))).orderBy(asc(assetScheduleRows.period)).limit(1);
  const [cap] = await tx.select({ date: assetCapitalisations.capitalisationDate, status: assetCapitalisations.status }).from(assetCapitalisations).where(and(eq(assetCapitalisations.tenantId, t), eq(assetCapitalisations.asset, assetId))).limit(1);
  const [reval] = await tx.select({ status: assetRevaluationLines.status }).from(assetRevaluationLines).where(and(eq(assetRevaluationLines.tenantId, t), eq(assetRevaluationLines.asset, assetId))).limit(1);
  const [disposal] = await tx.select({ number: assetDisposals.number, status: assetDisposals.status }).from(assetDisposals).where(and(eq(assetDisposals.tenantId, t), eq(assetDisposals.asset, assetId))).limit(1);
  const [split] = await tx.select({ number: assetSplits.number, status: assetSplits.status }).from(assetSplits).where(and(eq(assetSplits.tenantId, t), eq(assetSplits.asset, assetId))).limit(1);
  const out: string[] = [];
  if (posted) out.push(`depreciation is posted for ${posted.period.slice(0, 7)} (reverse that run first)`);
  if (cap) out.push(`it has a capitalisation of ${cap.date} (${cap.status.toLowerCase()})`);
  if (reval) out.push(`it is on a revaluation (${reval.status.toLowerCase()})`);
  if (disposal) out.push(`it has disposal ${disposal.number ?? '(draft)'} (${disposal.status.toLowerCase()})`);
  if (split) out.push(`it has split ${split.number ?? '(draft)'} (${split.status.toLowerCase()})`);
  return out;
}

/**
 * Undoes an issue from stock (RULES.md, "Asset stock"): refused (nothing changes) unless the asset it
 * made has nothing but the issue behind it; then the issue's entry is reversed through the port on
 * `date`, the quantity returns to the stock under its row lock, the asset's unposted rows and usage
 * are removed and it becomes Cancelled (it keeps its code and history: the ledger names it).
 */
export async function undoIssue(tx: Tx, actor: Actor, issueId: string, date: string): Promise<AssetStockIssueView> {
  const [issue] = await tx.select().from(assetStockIssues).where(and(eq(assetStockIssues.tenantId, actor.tenantId), eq(assetStockIssues.companyId, actor.companyId), eq(assetStockIssues.id, issueId))).for('update');
  if (!issue) throw notFound('The issue');
  if (issue.status !== STOCK_ISSUED) throw unprocessable(`The issue was undone on ${issue.undoDate}`);
  if (date < issue.issueDate) throw unprocessable(`date: The issue is dated ${issue.issueDate}: its undo is dated then or later`);
  const [s] = await tx.select().from(assetStocks).where(and(eq(assetStocks.tenantId, actor.tenantId), eq(assetStocks.id, issue.stock))).for('update');
  const [a] = await tx.select({ id: assets.id, code: assets.code, status: assets.status }).from(assets).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, issue.asset))).for('update');
  if (!s || !a) throw notFound('The stock item or its asset');
  if (a.status !== ASSET_DRAFT && a.status !== ASSET_ACTIVE && a.status !== ASSET_FULLY_DEPRECIATED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: its issue cannot be undone`);
  const blockers = await undoBlockers(tx, actor, a.id);
  if (blockers.length) throw unprocessable(`Asset ${a.code} cannot be returned to stock ${s.code}: ${blockers.join('; ')}`);
  const undoJournalId = issue.journalId ? (await reverseEntry(tx, actor, issue.journalId, date)).journalId : null;
  const held = units(s.quantity);
  const back = held + units(issue.quantity);
  await tx.update(assetStocks).set({ quantity: unitsText(back), updatedAt: new Date() }).where(and(eq(assetStocks.tenantId, actor.tenantId), eq(assetStocks.id, s.id)));
  await tx.delete(assetScheduleRows).where(and(eq(assetScheduleRows.tenantId, actor.tenantId), eq(assetScheduleRows.asset, a.id)));
  await tx.delete(assetUsage).where(and(eq(assetUsage.tenantId, actor.tenantId), eq(assetUsage.asset, a.id)));
  await tx.update(assets).set({ status: ASSET_CANCELLED, updatedAt: new Date() }).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, a.id)));
  await tx.update(assetStockIssues).set({ status: STOCK_ISSUE_UNDONE, undoDate: date, undoJournalId }).where(and(eq(assetStockIssues.tenantId, actor.tenantId), eq(assetStockIssues.id, issue.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [
    { entity: 'assetStock', recordId: s.id, action: 'edit', before: { quantity: unitsText(held) }, after: { quantity: unitsText(back), returned: unitsText(units(issue.quantity)), issueUndone: issue.id, asset: a.id } },
    { entity: 'asset', recordId: a.id, action: 'edit', before: { status: a.status }, after: { status: ASSET_CANCELLED, issueUndone: issue.id } },
  ]);
  return (await stockIssues(tx, actor, s.id)).find((x) => x.id === issue.id)!;
}
