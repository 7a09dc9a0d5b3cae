import { and, eq } from 'drizzle-orm';
import { formatMoney, type AssetStockIssue, type AssetStockIssueResult } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import type { KitRule } from '../../platform/kit/registry';
import { postEntry } from '../ledger/index';
import { assetClasses, assets } from './assets.tables';
import { assetKey } from './assets.rules';
import { assetStocks } from './asset-stocks.tables';
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
  await tx.update(assetStocks).set({ quantity: unitsText(left), updatedAt: new Date() }).where(and(eq(assetStocks.tenantId, actor.tenantId), eq(assetStocks.id, s.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [
    { entity: 'assetStock', recordId: s.id, action: 'edit', before: { quantity: unitsText(held) }, after: { quantity: unitsText(left), issued: unitsText(want), asset: assetId } },
    { entity: 'asset', recordId: assetId, action: 'create', before: null, after: { code, cost: formatMoney(costMinor, scale), quantity: unitsText(want), fromStock: s.id, status } },
  ]);
  return { assetId, assetCode: code, assetStatus: status, quantity: unitsText(want), cost: formatMoney(costMinor, scale), quantityLeft: unitsText(left), journalId };
}
