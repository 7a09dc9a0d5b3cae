import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  addMonths,
  ASSET_ACTIVE,
  ASSET_CANCELLED,
  ASSET_FULLY_DEPRECIATED,
  ASSET_SPLIT,
  formatMoney,
  lastDayOfPeriod,
  periodOfDate,
  stateOf,
  splitDocument as def,
  type SplitInput,
  type SplitListFilter,
  type SplitListItem,
  type SplitView,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { AppError, notFound, unprocessable } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import type { KitScope } from '../../platform/kit/registry';
import type { Table } from '../../platform/kit/tabular-files';
import { journals, moduleSequence, nextNumber, postEntry, reverseEntry, type EntryLine } from '../ledger/index';
import { assetClasses, assets, assetScheduleRows } from './assets.tables';
import { assetKey } from './assets.rules';
import { assetSplitParts, assetSplits } from './splits.tables';
import { apportion, planParts, planSplitEntry, shareUnits, type PartFigures, type SplitAccounts, type SplitFigures, type SplitLine } from './split/plan';
import { buildSchedule, ScheduleRefusal, type ScheduleRow } from './depreciation/engine';
import { assetWithClass, noSuchAsset, regenerateAfterPosted, replaceUnpostedRows, termsOf } from './schedule.service';
import { heldInLedger, revaluedOf } from './revaluations.service';
import { accountsOfClass } from './class-accounts';
import { baseCurrencyOf, minorOf } from './money';
import { documentListOrder } from './document-list';

/*
 * The splitting of an asset (RULES.md of this module, "The split"). The original becomes Split and
 * every part is a new asset carrying its share of the cost, the accumulated depreciation (as its
 * opening, as of the split month's end), the residual and the quantity; its schedule is the engine's
 * over what is left of the life from the month after the split month. ONE entry through postEntry
 * moves cost and accumulated depreciation from the original to the parts. Reverse reverses it,
 * cancels the parts and regenerates the original's schedule after its posted rows.
 */

type SplitRow = typeof assetSplits.$inferSelect;
type PartRow = typeof assetSplitParts.$inferSelect;
type AssetRow = typeof assets.$inferSelect;
type ClassRow = typeof assetClasses.$inferSelect;

export async function storedSplit(tx: Tx, scope: KitScope, id: string, lock: boolean): Promise<SplitRow> {
  const q = tx.select().from(assetSplits).where(and(eq(assetSplits.tenantId, scope.tenantId), eq(assetSplits.companyId, scope.companyId), eq(assetSplits.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('The split');
  return row;
}

async function partsOf(tx: Tx, scope: KitScope, split: string): Promise<PartRow[]> {
  return tx.select().from(assetSplitParts).where(and(eq(assetSplitParts.tenantId, scope.tenantId), eq(assetSplitParts.split, split))).orderBy(asc(assetSplitParts.lineNo));
}

const QTY_SCALE = 4;
const quantityUnits = (q: string) => shareUnits(q);
const quantityText = (u: bigint) => formatMoney(u, QTY_SCALE);

async function checkInput(tx: Tx, scope: KitScope, input: SplitInput): Promise<void> {
  const { a } = await assetWithClass(tx, scope, input.asset, false, noSuchAsset);
  if (input.basis === 'Quantity') {
    const total = input.parts.reduce((s, p) => s + shareUnits(p.share), 0n);
    if (total !== quantityUnits(a.quantity)) throw unprocessable(`parts: The parts' quantities add up to ${quantityText(total)}; asset ${a.code} has ${quantityText(quantityUnits(a.quantity))}`);
  }
  if (input.splitDate < (a.inServiceDate ?? a.acquisitionDate)) throw unprocessable(`splitDate: Asset ${a.code} is in service from ${a.inServiceDate ?? a.acquisitionDate}`);
}

async function storeParts(tx: Tx, actor: Actor, split: string, input: SplitInput): Promise<void> {
  await tx.delete(assetSplitParts).where(and(eq(assetSplitParts.tenantId, actor.tenantId), eq(assetSplitParts.split, split)));
  await tx.insert(assetSplitParts).values(
    input.parts.map((p, i) => ({ tenantId: actor.tenantId, companyId: actor.companyId, split, lineNo: i + 1, share: p.share, description: p.description || null, location: p.location || null })),
  );
}

export async function createSplit(tx: Tx, actor: Actor, input: SplitInput): Promise<string> {
  await checkInput(tx, actor, input);
  const sequence = await moduleSequence(tx, actor, 'Fixed Asset', 'SplittingSchedule');
  const number = await nextNumber(tx, actor, sequence, input.splitDate);
  const [row] = await tx
    .insert(assetSplits)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, number, asset: input.asset, splitDate: input.splitDate, basis: input.basis, description: input.description ?? '', createdBy: actor.userId })
    .returning({ id: assetSplits.id });
  await storeParts(tx, actor, row!.id, input);
  return row!.id;
}

export async function editSplit(tx: Tx, actor: Actor, id: string, input: SplitInput): Promise<void> {
  await checkInput(tx, actor, input);
  await tx
    .update(assetSplits)
    .set({ asset: input.asset, splitDate: input.splitDate, basis: input.basis, description: input.description ?? '', updatedAt: new Date() })
    .where(and(eq(assetSplits.tenantId, actor.tenantId), eq(assetSplits.id, id)));
  await storeParts(tx, actor, id, input);
}

export async function deleteSplit(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(assetSplits).where(and(eq(assetSplits.tenantId, actor.tenantId), eq(assetSplits.id, id)));
}

type Prepared = { a: AssetRow; c: ClassRow; scale: number; currency: string; original: SplitFigures; parts: PartFigures[]; reserves: bigint[]; deficits: bigint[]; firstPeriod: string; acc: SplitAccounts };

/**
 * What posting the split now would do, or the refusal: the original's figures at the split (cost,
 * opening plus posted depreciation, residual, quantity), the parts', the accounts. Refuses a state
 * other than Active or Fully depreciated, units of production, depreciation of the split month or
 * before not posted (a split never skips depreciation), depreciation posted after the split month,
 * quantities that do not add up, a share too small for the rounding, a missing account.
 */
async function prepare(tx: Tx, scope: KitScope, s: SplitRow, parts: PartRow[], lock: boolean): Promise<Prepared> {
  const { a, c } = await assetWithClass(tx, scope, s.asset, lock, noSuchAsset);
  if (a.status !== ASSET_ACTIVE && a.status !== ASSET_FULLY_DEPRECIATED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: only an active or fully depreciated asset is split`);
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const terms = termsOf(a, c, scale);
  if (terms.method === 'Units of production') throw unprocessable(`Asset ${a.code} depreciates by units of production: such an asset is not split (its units used are the whole asset's)`);
  if (s.splitDate < (a.inServiceDate ?? a.acquisitionDate)) throw unprocessable(`Asset ${a.code} is in service from ${a.inServiceDate ?? a.acquisitionDate}`);
  const month = periodOfDate(s.splitDate);
  const [r] = rowsOf<{ posted: string; unposted_to: string | null; posted_after: string | null }>(await tx.execute(sql`
    select coalesce(sum(amount_minor) filter (where run is not null), 0)::text as posted,
      to_char(max(period) filter (where run is null and period <= ${`${month}-01`}::date), 'YYYY-MM') as unposted_to,
      to_char(max(period) filter (where run is not null and period > ${`${month}-01`}::date), 'YYYY-MM') as posted_after
    from ${assetScheduleRows} where tenant_id = ${scope.tenantId}::uuid and asset = ${a.id}::uuid`));
  if (r?.posted_after) throw unprocessable(`Asset ${a.code} is depreciated up to ${r.posted_after}, after the split month: reverse that depreciation run first`);
  if (r?.unposted_to) throw unprocessable(`Asset ${a.code} has depreciation up to ${r.unposted_to} not posted: run the depreciation up to ${month} first (a split never skips depreciation)`);
  // The split moves what the ledger holds of the asset (a revalued one: less what its revaluations eliminated).
  const revalued = (await revaluedOf(tx, scope, [a.id])).get(a.id);
  const held = heldInLedger(terms, BigInt(r?.posted ?? '0'), revalued);
  const original: SplitFigures = {
    ...held,
    residualMinor: terms.residualMinor,
    quantity: quantityUnits(a.quantity),
  };
  const weights = parts.map((p) => shareUnits(p.share));
  if (s.basis === 'Quantity') {
    const total = weights.reduce((x, w) => x + w, 0n);
    if (total !== original.quantity) throw unprocessable(`The parts' quantities add up to ${quantityText(total)}; asset ${a.code} has ${quantityText(original.quantity)}`);
  }
  const planned = planParts(original, weights, s.basis === 'Quantity' ? weights : undefined);
  if (!planned) throw unprocessable('A part is too small for its share of the amounts to be rounded to the cent: give it a larger share');
  const lean = planned.findIndex((p) => p.accumulatedMinor === 0n);
  if (original.accumulatedMinor > 0n && lean >= 0) throw unprocessable(`Part ${lean + 1} would carry no accumulated depreciation while the asset has some: give it a larger share`);
  // The parts depreciate from the month after the split month (or a brought-in asset's first period, when later).
  const after = addMonths(month, 1);
  const firstPeriod = terms.firstPeriod && terms.firstPeriod > after ? terms.firstPeriod : after;
  const acc = await accountsOfClass(tx, scope, a.assetClass);
  if (!acc.control) throw unprocessable(`No cost (control) account: set one on the posting profile of asset class ${c.code}, or the default posting profile of Fixed Asset (/posting-profile)`);
  if (original.accumulatedMinor > 0n && !acc.accumulated) throw unprocessable(`No accumulated depreciation account: set one on the posting profile of asset class ${c.code}, or the default posting profile of Fixed Asset (/posting-profile)`);
  // The revaluation surplus and deficit go with the parts by the same shares (the reserve account is the class's, one for all: no entry moves them).
  const reserves = apportion(revalued?.surplusMinor ?? 0n, weights);
  const deficits = apportion(revalued?.deficitMinor ?? 0n, weights);
  if ([...reserves, ...deficits].some((x) => x < 0n)) throw unprocessable('A part is too small for its share of the revaluation surplus to be rounded to the cent: give it a larger share');
  return { a, c, scale, currency, original, parts: planned, reserves, deficits, firstPeriod, acc };
}

/** Posts a split: the parts become new assets with their schedules, the original becomes Split, ONE entry moves the amounts. */
export async function postSplit(tx: Tx, actor: Actor, id: string): Promise<void> {
  const s = await storedSplit(tx, actor, id, true);
  const stored = await partsOf(tx, actor, id);
  const p = await prepare(tx, actor, s, stored, true);
  const { a, c, scale } = p;
  const money = (m: bigint) => formatMoney(m, scale);
  const made: ({ id: string; code: string } & PartFigures)[] = [];
  for (const [i, part] of p.parts.entries()) {
    const line = stored[i]!;
    const code = await assetKey(tx, actor, { assetClass: a.assetClass });
    const description = (line.description || `${a.description} (${i + 1}/${p.parts.length})`).slice(0, 150);
    const opening = part.accumulatedMinor > 0n;
    const [row] = await tx
      .insert(assets)
      .values({
        tenantId: actor.tenantId, companyId: actor.companyId, code, description, assetClass: a.assetClass, acquisitionDate: a.acquisitionDate, inServiceDate: a.inServiceDate ?? a.acquisitionDate,
        cost: money(part.costMinor), residualValue: money(part.residualMinor), method: a.method, lifeMonths: a.lifeMonths, quantity: quantityText(part.quantity),
        location: line.location ?? a.location, custodian: a.custodian, openingAccumulated: opening ? money(part.accumulatedMinor) : null,
        openingAsOf: opening ? lastDayOfPeriod(addMonths(p.firstPeriod, -1)) : null, status: ASSET_ACTIVE,
      })
      .returning();
    const asset = row!;
    let rows: ScheduleRow[];
    try {
      rows = buildSchedule(termsOf(asset, c, scale));
    } catch (e) {
      if (e instanceof ScheduleRefusal) throw unprocessable(`Part ${i + 1} of asset ${a.code}: ${e.message}`);
      throw e;
    }
    await replaceUnpostedRows(tx, actor, asset.id, null, rows);
    if (!rows.length) await tx.update(assets).set({ status: ASSET_FULLY_DEPRECIATED }).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, asset.id)));
    made.push({ id: asset.id, code, ...part });
    await tx
      .update(assetSplitParts)
      .set({ newAsset: asset.id, quantity: quantityText(part.quantity), costMinor: part.costMinor, accumulatedMinor: part.accumulatedMinor, residualMinor: part.residualMinor, reserveMinor: p.reserves[i]!, deficitMinor: p.deficits[i]! })
      .where(and(eq(assetSplitParts.tenantId, actor.tenantId), eq(assetSplitParts.split, id), eq(assetSplitParts.lineNo, line.lineNo)));
  }
  // The original carries nothing after the split: its unposted rows (all after the split month) go.
  await tx.execute(sql`delete from ${assetScheduleRows} where tenant_id = ${actor.tenantId}::uuid and asset = ${a.id}::uuid and run is null`);
  await tx.update(assets).set({ status: ASSET_SPLIT, updatedAt: new Date() }).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, a.id)));
  const lines = planSplitEntry({ id: a.id, code: a.code, ...p.original }, made, p.acc);
  const journalId = lines.length
    ? (await postEntry(tx, actor, {
        kind: 'Standard', journalDate: s.splitDate, description: s.description || `Split of asset ${a.code} into ${made.map((m) => m.code).join(', ')}`, reference: s.number,
        source: { module: 'Fixed Asset', documentType: def.documentType, documentId: s.id }, lines: entryLines(lines, p.acc, p.currency),
      })).journalId
    : null;
  await tx
    .update(assetSplits)
    .set({ status: 'Posted', journalId, costMinor: p.original.costMinor, accumulatedMinor: p.original.accumulatedMinor, residualMinor: p.original.residualMinor, assetStatusBefore: a.status, updatedAt: new Date() })
    .where(and(eq(assetSplits.tenantId, actor.tenantId), eq(assetSplits.id, id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [
    { entity: 'asset', recordId: a.id, action: 'edit', before: { status: a.status }, after: { status: ASSET_SPLIT, split: s.id } },
    ...made.map((m) => ({ entity: 'asset', recordId: m.id, action: 'create' as const, before: null, after: { code: m.code, cost: money(m.costMinor), openingAccumulated: money(m.accumulatedMinor), split: s.id } })),
  ]);
}

function entryLines(lines: SplitLine[], acc: SplitAccounts, currency: string): EntryLine[] {
  return lines.map((l) => {
    const onControl = l.role === 'Cost' ? acc.controlIsControl : acc.accumulatedIsControl;
    return { accountId: l.account!, currency, debitMinor: l.debitMinor, creditMinor: l.creditMinor, description: `${l.role}, asset ${l.assetCode}`, lineRef: l.asset, party: onControl ? { type: 'Asset' as const, id: l.asset } : null };
  });
}

/** Reverses a posted split: its entry reversed, the parts Cancelled (none may have depreciation posted), the original's schedule regenerated. */
export async function reverseSplit(tx: Tx, actor: Actor, id: string, date: string | undefined): Promise<void> {
  const s = await storedSplit(tx, actor, id, true);
  const { a, c } = await assetWithClass(tx, actor, s.asset, true, noSuchAsset);
  if (a.status !== ASSET_SPLIT) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}, not split`);
  const parts = await partsOf(tx, actor, id);
  const made = parts.map((p) => p.newAsset).filter((x): x is string => x !== null);
  if (made.length) {
    const states = await tx.select({ id: assets.id, code: assets.code, status: assets.status }).from(assets).where(and(eq(assets.tenantId, actor.tenantId), inArray(assets.id, made))).for('update');
    const closed = states.find((x) => x.status !== ASSET_ACTIVE && x.status !== ASSET_FULLY_DEPRECIATED);
    if (closed) throw unprocessable(`Part ${closed.code} is ${closed.status.toLowerCase()}: reverse what happened to it first`);
    const [posted] = await tx
      .select({ code: assets.code, period: sql<string>`to_char(max(${assetScheduleRows.period}), 'YYYY-MM')` })
      .from(assetScheduleRows)
      .innerJoin(assets, and(eq(assets.tenantId, assetScheduleRows.tenantId), eq(assets.id, assetScheduleRows.asset)))
      .where(and(eq(assetScheduleRows.tenantId, actor.tenantId), inArray(assetScheduleRows.asset, made), isNotNull(assetScheduleRows.run)))
      .groupBy(assets.code)
      .orderBy(assets.code)
      .limit(1);
    if (posted) throw unprocessable(`Part ${posted.code} has depreciation posted up to ${posted.period}: reverse that depreciation run first`);
  }
  const on = date ?? s.splitDate;
  const reversal = s.journalId ? (await reverseEntry(tx, actor, s.journalId, on)).journalId : null;
  if (made.length) {
    await tx.delete(assetScheduleRows).where(and(eq(assetScheduleRows.tenantId, actor.tenantId), inArray(assetScheduleRows.asset, made)));
    await tx.update(assets).set({ status: ASSET_CANCELLED, updatedAt: new Date() }).where(and(eq(assets.tenantId, actor.tenantId), inArray(assets.id, made)));
  }
  // The original's schedule again: its posted rows stay, the engine regenerates the rest.
  const { scale } = await baseCurrencyOf(tx, actor);
  const terms = termsOf(a, c, scale);
  const rows = await regenerateAfterPosted(tx, actor, a.id, terms);
  const status = rows.length ? ASSET_ACTIVE : ASSET_FULLY_DEPRECIATED;
  await tx.update(assets).set({ status, updatedAt: new Date() }).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, a.id)));
  await tx.update(assetSplits).set({ status: 'Reversed', reversalJournalId: reversal, updatedAt: new Date() }).where(and(eq(assetSplits.tenantId, actor.tenantId), eq(assetSplits.id, s.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [
    { entity: 'asset', recordId: a.id, action: 'edit', before: { status: ASSET_SPLIT }, after: { status, splitReversed: s.id } },
    ...made.map((m) => ({ entity: 'asset', recordId: m, action: 'edit' as const, before: { status: 'part' }, after: { status: ASSET_CANCELLED, splitReversed: s.id } })),
  ]);
}

/** A split as the screen shows it: posted, what it posted and the new assets; a draft, what posting now would (or why it would be refused). */
export async function viewSplit(tx: Tx, scope: KitScope, id: string): Promise<SplitView> {
  const s = await storedSplit(tx, scope, id, false);
  const stored = await partsOf(tx, scope, id);
  const { a } = await assetWithClass(tx, scope, s.asset, false, noSuchAsset);
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const money = (m: bigint) => formatMoney(m, scale);
  const [journal] = s.journalId ? await tx.select({ number: journals.number }).from(journals).where(and(eq(journals.tenantId, scope.tenantId), eq(journals.id, s.journalId))) : [];
  let original: SplitFigures = { costMinor: s.costMinor, accumulatedMinor: s.accumulatedMinor, residualMinor: s.residualMinor, quantity: quantityUnits(a.quantity) };
  let figures: (PartFigures | null)[] = stored.map((p) =>
    p.costMinor === null ? null : { costMinor: p.costMinor, accumulatedMinor: p.accumulatedMinor ?? 0n, residualMinor: p.residualMinor ?? 0n, quantity: quantityUnits(p.quantity ?? '0') },
  );
  let problem: string | null = null;
  let acc: SplitAccounts | null = null;
  if (s.status === 'Draft') {
    try {
      const p = await prepare(tx, scope, s, stored, false);
      original = p.original;
      figures = p.parts;
      acc = p.acc;
    } catch (e) {
      if (!(e instanceof AppError) || e.statusCode !== 422) throw e;
      problem = e.message;
      figures = stored.map(() => null);
    }
  } else acc = await accountsOfClass(tx, scope, a.assetClass);
  const codes = new Map<string, string>();
  const made = stored.map((p) => p.newAsset).filter((x): x is string => x !== null);
  if (made.length) for (const r of await tx.select({ id: assets.id, code: assets.code }).from(assets).where(and(eq(assets.tenantId, scope.tenantId), inArray(assets.id, made)))) codes.set(r.id, r.code);
  const parts = stored.map((p, i) => {
    const f = figures[i];
    return {
      lineNo: p.lineNo, share: formatMoney(shareUnits(p.share), QTY_SCALE).replace(/\.?0+$/, ''), description: p.description ?? '', location: p.location,
      quantity: f ? quantityText(f.quantity) : '', cost: f ? money(f.costMinor) : '', accumulated: f ? money(f.accumulatedMinor) : '', residual: f ? money(f.residualMinor) : '',
      netBookValue: f ? money(f.costMinor - f.accumulatedMinor) : '', newAsset: p.newAsset, newAssetCode: p.newAsset ? (codes.get(p.newAsset) ?? null) : null,
    };
  });
  const lines =
    acc && figures.every((f) => f !== null) && !problem
      ? planSplitEntry(
          { id: a.id, code: a.code, ...original },
          figures.map((f, i) => ({ id: stored[i]!.newAsset ?? `part-${i + 1}`, code: (stored[i]!.newAsset && codes.get(stored[i]!.newAsset!)) || `Part ${i + 1}`, ...f! })),
          acc,
        ).map((l) => ({ role: l.role, assetCode: l.assetCode, account: l.accountCode, debit: money(l.debitMinor), credit: money(l.creditMinor) }))
      : [];
  return {
    id: s.id, kind: 'Split', number: s.number, status: stateOf(def, s.status), asset: a.id, assetCode: a.code, assetDescription: a.description, splitDate: s.splitDate, basis: s.basis,
    description: s.description, currency, quantity: quantityText(original.quantity), cost: money(original.costMinor), accumulated: money(original.accumulatedMinor),
    residual: money(original.residualMinor), netBookValue: money(original.costMinor - original.accumulatedMinor), parts, lines, problem, journalId: s.journalId, journalNumber: journal?.number ?? null,
  };
}

/** The approval thresholds compare the cost the split moves. */
export async function splitAmount(tx: Tx, scope: KitScope, id: string): Promise<bigint> {
  const s = await storedSplit(tx, scope, id, false);
  if (s.status !== 'Draft') return s.costMinor;
  const { a, c } = await assetWithClass(tx, scope, s.asset, false, noSuchAsset);
  const { scale } = await baseCurrencyOf(tx, scope);
  return termsOf(a, c, scale).costMinor;
}

function listWhere(scope: KitScope, q: SplitListFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(assetSplits.tenantId, scope.tenantId), eq(assetSplits.companyId, scope.companyId)];
  if (q.status) conds.push(eq(assetSplits.status, q.status));
  if (q.from) conds.push(sql`${assetSplits.splitDate} >= ${q.from}::date`);
  if (q.to) conds.push(sql`${assetSplits.splitDate} <= ${q.to}::date`);
  if (q.search) conds.push(or(ilike(assetSplits.number, `%${q.search}%`), ilike(assetSplits.description, `%${q.search}%`), ilike(assets.code, `%${q.search}%`)));
  return and(...conds)!;
}

const orderOf = documentListOrder({ date: assetSplits.splitDate, createdAt: assetSplits.createdAt, number: assetSplits.number }, 'splitDate');

export async function listSplits(tx: Tx, scope: KitScope, q: SplitListFilter & { limit: number; page: number }): Promise<{ items: SplitListItem[]; total: number }> {
  const { scale } = await baseCurrencyOf(tx, scope);
  const where = listWhere(scope, q);
  const assetJoin = and(eq(assets.tenantId, assetSplits.tenantId), eq(assets.id, assetSplits.asset));
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(assetSplits).innerJoin(assets, assetJoin).where(where);
  const rows = await tx
    .select({
      s: assetSplits, assetCode: assets.code, assetCost: assets.cost, journalNumber: journals.number,
      parts: sql<number>`(select count(*)::int from ${assetSplitParts} p where p.tenant_id = ${assetSplits.tenantId} and p.split = ${assetSplits.id})`,
    })
    .from(assetSplits)
    .innerJoin(assets, assetJoin)
    .leftJoin(journals, and(eq(journals.tenantId, assetSplits.tenantId), eq(journals.id, assetSplits.journalId)))
    .where(where)
    .orderBy(...orderOf(q.sort))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    total,
    items: rows.map(({ s, assetCode, assetCost, journalNumber, parts }) => ({
      id: s.id, number: s.number, status: stateOf(def, s.status), assetCode, splitDate: s.splitDate, basis: s.basis, parts: Number(parts),
      cost: s.status === 'Draft' ? formatMoney(minorOf(assetCost, scale), scale) : formatMoney(s.costMinor, scale), description: s.description, journalNumber,
    })),
  };
}

export async function exportSplits(tx: Tx, scope: KitScope, q: SplitListFilter): Promise<Table> {
  const { items } = await listSplits(tx, scope, { ...q, limit: 100_000, page: 1 });
  return {
    headers: ['Number', 'Status', 'Asset', 'Split Date', 'Split By', 'Parts', 'Cost', 'Description', 'Journal'],
    rows: items.map((i) => [i.number ?? '', i.status, i.assetCode, i.splitDate, i.basis, String(i.parts), i.cost, i.description, i.journalNumber ?? '']),
  };
}
