import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ASSET_ACTIVE,
  ASSET_DISPOSED,
  ASSET_FULLY_DEPRECIATED,
  DISPOSAL_RESERVE_SETTING,
  formatMoney,
  periodOfDate,
  stateOf,
  disposalDocument as def,
  type DisposalInput,
  type DisposalListFilter,
  type DisposalListItem,
  type DisposalView,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import type { KitScope } from '../../platform/kit/registry';
import type { Table } from '../../platform/kit/tabular-files';
import { accounts as ledgerAccounts, companySettings, journals, moduleConfigs, moduleSequence, nextNumber, postEntry, reverseEntry, taxes, type EntryLine } from '../ledger/index';
import { customers, postSourcedCustomerInvoice, reverseSourcedCustomerInvoice, sourcedInvoiceFacts } from '../ap-ar/index';
import { assets, assetScheduleRows } from './assets.tables';
import { depreciationRuns } from './depreciation-runs.tables';
import { assetDisposals } from './disposals.tables';
import { classFacts, postRun } from './depreciation-runs.service';
import { assetWithClass, noSuchAsset, regenerateAfterPosted, termsOf } from './schedule.service';
import { heldInLedger, revaluedOf } from './revaluations.service';
import { baseCurrencyOf, minorOf } from './money';
import { documentListOrder } from './document-list';
import { accountsOfClass, type ClassAccounts } from './class-accounts';

/*
 * The disposal of an asset (RULES.md of this module). Posting: the asset's unposted schedule rows up
 * to the disposal month (that month pro rata by the class's convention) are posted by a depreciation
 * run of that one asset (the run's own code, `postRun`), dated the disposal date; then ONE entry
 * removes the cost and the accumulated depreciation, books the proceeds and the gain or loss, and
 * moves the asset's revaluation surplus from the reserve to retained earnings (IAS 16.41, unless
 * /module-config DisposalReserveTransfer is Keep). A sale to a customer posts the customer invoice
 * of the proceeds through receivables (its line on the clearing account the proceeds are debited
 * to). The asset becomes Disposed, its remaining rows are dropped. Reverse reverses the invoice (its
 * own full reversal), both entries and regenerates the schedule from the last period other runs posted.
 */

type DisposalRow = typeof assetDisposals.$inferSelect;

export async function storedDisposal(tx: Tx, scope: KitScope, id: string, lock: boolean): Promise<DisposalRow> {
  const q = tx.select().from(assetDisposals).where(and(eq(assetDisposals.tenantId, scope.tenantId), eq(assetDisposals.companyId, scope.companyId), eq(assetDisposals.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('The disposal');
  return row;
}

async function checkInput(tx: Tx, scope: KitScope, input: DisposalInput) {
  const { a } = await assetWithClass(tx, scope, input.asset, false, noSuchAsset);
  const { scale } = await baseCurrencyOf(tx, scope);
  if (input.proceeds && (input.proceeds.split('.')[1]?.replace(/0+$/, '').length ?? 0) > scale) throw unprocessable(`proceeds: The proceeds have more than ${scale} decimals (the company's currency)`);
  if (input.disposalDate < (a.inServiceDate ?? a.acquisitionDate)) throw unprocessable(`disposalDate: Asset ${a.code} is in service from ${a.inServiceDate ?? a.acquisitionDate}`);
  const sale = input.disposalType === 'Sale';
  const customer = sale ? (input.customer ?? null) : null;
  const tax = customer ? (input.tax ?? null) : null;
  if (customer) {
    const [c] = await tx.select({ id: customers.id }).from(customers).where(and(eq(customers.tenantId, scope.tenantId), eq(customers.companyId, scope.companyId), eq(customers.id, customer)));
    if (!c) throw unprocessable('customer: No such customer in this company');
  }
  if (tax) {
    const [x] = await tx.select({ code: taxes.code, kind: taxes.kind, active: taxes.active }).from(taxes).where(and(eq(taxes.tenantId, scope.tenantId), eq(taxes.companyId, scope.companyId), eq(taxes.id, tax)));
    if (!x) throw unprocessable('tax: No such tax code in this company');
    // The invoice's own rules (priceLines), said on this document's field at save.
    if (!x.active) throw unprocessable(`tax: Tax ${x.code} is inactive`);
    if (x.kind === 'Purchase') throw unprocessable(`tax: Tax ${x.code} applies to purchases only`);
  }
  return { proceeds: sale ? (input.proceeds ?? '0') : '0', customer, tax };
}

export async function createDisposal(tx: Tx, actor: Actor, input: DisposalInput): Promise<string> {
  const { proceeds, customer, tax } = await checkInput(tx, actor, input);
  const sequence = await moduleSequence(tx, actor, 'Fixed Asset', 'DisposalSchedule');
  const number = await nextNumber(tx, actor, sequence, input.disposalDate);
  const [row] = await tx
    .insert(assetDisposals)
    .values({ tenantId: actor.tenantId, companyId: actor.companyId, number, asset: input.asset, disposalDate: input.disposalDate, disposalType: input.disposalType, proceeds, customer, tax, description: input.description ?? '', createdBy: actor.userId })
    .returning({ id: assetDisposals.id });
  return row!.id;
}

export async function editDisposal(tx: Tx, actor: Actor, id: string, input: DisposalInput): Promise<void> {
  const { proceeds, customer, tax } = await checkInput(tx, actor, input);
  await tx
    .update(assetDisposals)
    .set({ asset: input.asset, disposalDate: input.disposalDate, disposalType: input.disposalType, proceeds, customer, tax, description: input.description ?? '', updatedAt: new Date() })
    .where(and(eq(assetDisposals.tenantId, actor.tenantId), eq(assetDisposals.id, id)));
}

export async function deleteDisposal(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(assetDisposals).where(and(eq(assetDisposals.tenantId, actor.tenantId), eq(assetDisposals.id, id)));
}

/** The disposal month's share of its row by the class's convention (decided: the mirror of how the life starts). */
function disposalShare(convention: string, date: string, amount: bigint): bigint {
  switch (convention) {
    case 'Next month':
      return 0n;
    case 'Mid-month':
      return (amount + 1n) / 2n;
    case 'Daily pro rata': {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const days = BigInt(new Date(Date.UTC(y, m, 0)).getUTCDate());
      return (amount * BigInt(d) * 2n + days) / (2n * days);
    }
    default:
      return amount;
  }
}

type Plan = { costMinor: bigint; accumulatedMinor: bigint; proceedsMinor: bigint; gainLossMinor: bigint; reserveMinor: bigint; lines: { role: string; account: string | null; accountCode: string | null; debitMinor: bigint; creditMinor: bigint }[] };

/** Retained earnings (/company-config), where a disposal moves the asset's revaluation surplus. */
export type RetainedEarnings = { account: string | null; code: string | null };

/**
 * The disposal's entry, pure: remove cost and accumulated depreciation, proceeds, gain or loss, and
 * the revaluation surplus `reserveMinor` from the reserve to retained earnings (outside profit or
 * loss: the gain or loss does not depend on it); it balances.
 */
export function planDisposal(costMinor: bigint, accumulatedMinor: bigint, proceedsMinor: bigint, acc: ClassAccounts, reserveMinor = 0n, retained: RetainedEarnings = { account: null, code: null }): Plan {
  const gainLossMinor = proceedsMinor - (costMinor - accumulatedMinor);
  const lines: Plan['lines'] = [];
  if (accumulatedMinor > 0n) lines.push({ role: 'Accumulated depreciation', account: acc.accumulated, accountCode: acc.accumulatedCode, debitMinor: accumulatedMinor, creditMinor: 0n });
  if (proceedsMinor > 0n) lines.push({ role: 'Proceeds', account: acc.clearing, accountCode: acc.clearingCode, debitMinor: proceedsMinor, creditMinor: 0n });
  if (gainLossMinor < 0n) lines.push({ role: 'Loss on disposal', account: acc.loss, accountCode: acc.lossCode, debitMinor: -gainLossMinor, creditMinor: 0n });
  if (costMinor > 0n) lines.push({ role: 'Cost', account: acc.control, accountCode: acc.controlCode, debitMinor: 0n, creditMinor: costMinor });
  if (gainLossMinor > 0n) lines.push({ role: 'Gain on disposal', account: acc.gain, accountCode: acc.gainCode, debitMinor: 0n, creditMinor: gainLossMinor });
  if (reserveMinor < 0n) throw new Error('a revaluation surplus is not negative');
  if (reserveMinor > 0n) {
    lines.push({ role: 'Revaluation reserve', account: acc.surplus, accountCode: acc.surplusCode, debitMinor: reserveMinor, creditMinor: 0n });
    lines.push({ role: 'Retained earnings', account: retained.account, accountCode: retained.code, debitMinor: 0n, creditMinor: reserveMinor });
  }
  const d = lines.reduce((s, l) => s + l.debitMinor, 0n);
  const c = lines.reduce((s, l) => s + l.creditMinor, 0n);
  if (d !== c) throw new Error('a disposal entry balances');
  return { costMinor, accumulatedMinor, proceedsMinor, gainLossMinor, reserveMinor, lines };
}

const ACCOUNT_ROLE: Record<string, string> = {
  'Accumulated depreciation': 'accumulated depreciation', Proceeds: 'clearing', 'Loss on disposal': 'disposal loss', Cost: 'cost (control)', 'Gain on disposal': 'disposal gain', 'Revaluation reserve': 'revaluation surplus',
};

/** Whether a disposal moves the asset's revaluation surplus to retained earnings (/module-config DisposalReserveTransfer: Keep leaves it; anything else or absent, transfer). */
async function transfersReserve(tx: Tx, scope: KitScope): Promise<boolean> {
  const [row] = await tx
    .select({ value: moduleConfigs.value })
    .from(moduleConfigs)
    .where(and(eq(moduleConfigs.tenantId, scope.tenantId), eq(moduleConfigs.companyId, scope.companyId), eq(moduleConfigs.module, 'Fixed Asset'), sql`lower(${moduleConfigs.setting}) = lower(${DISPOSAL_RESERVE_SETTING})`));
  return row?.value?.trim().toLowerCase() !== 'keep';
}

/** The retained earnings account of /company-config (the year-end close's). */
async function retainedEarningsOf(tx: Tx, scope: KitScope): Promise<RetainedEarnings> {
  const [row] = await tx
    .select({ account: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(companySettings)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.tenantId, companySettings.tenantId), eq(ledgerAccounts.id, companySettings.retainedEarningsAccount)))
    .where(and(eq(companySettings.tenantId, scope.tenantId), eq(companySettings.companyId, scope.companyId)));
  return { account: row?.account ?? null, code: row?.code ?? null };
}

/** The revaluation surplus a disposal moves now (0 when the company keeps it), with retained earnings when it moves some. */
async function reserveToMove(tx: Tx, scope: KitScope, surplusMinor: bigint): Promise<{ reserveMinor: bigint; retained: RetainedEarnings }> {
  if (surplusMinor <= 0n || !(await transfersReserve(tx, scope))) return { reserveMinor: 0n, retained: { account: null, code: null } };
  return { reserveMinor: surplusMinor, retained: await retainedEarningsOf(tx, scope) };
}

/** Posts a disposal: the depreciation up to its date (a run of the asset), then its entry; the asset becomes Disposed. */
export async function postDisposal(tx: Tx, actor: Actor, id: string): Promise<void> {
  const d = await storedDisposal(tx, actor, id, true);
  const { a, c } = await assetWithClass(tx, actor, d.asset, true, noSuchAsset);
  if (a.status !== ASSET_ACTIVE && a.status !== ASSET_FULLY_DEPRECIATED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: only an active or fully depreciated asset is disposed`);
  const { currency, scale } = await baseCurrencyOf(tx, actor);
  const month = periodOfDate(d.disposalDate);
  const monthDate = `${month}-01`;
  const [later] = rowsOf<{ period: string }>(await tx.execute(sql`
    select to_char(period, 'YYYY-MM') as period from ${assetScheduleRows} where tenant_id = ${actor.tenantId}::uuid and asset = ${a.id}::uuid and run is not null and period > ${monthDate}::date order by period desc limit 1`));
  if (later) throw unprocessable(`Asset ${a.code} is depreciated up to ${later.period}, after the disposal date: reverse that depreciation run first`);
  // The disposal month pro rata; the rows after it are dropped.
  const [row] = rowsOf<{ amount_minor: string }>(await tx.execute(sql`
    select amount_minor::text from ${assetScheduleRows} where tenant_id = ${actor.tenantId}::uuid and asset = ${a.id}::uuid and run is null and period = ${monthDate}::date`));
  if (row) {
    const full = BigInt(row.amount_minor);
    const share = disposalShare(c.convention, d.disposalDate, full);
    await tx.execute(sql`
      update ${assetScheduleRows} set amount_minor = ${share}, accumulated_minor = accumulated_minor - ${full - share}, nbv_minor = nbv_minor + ${full - share}
      where tenant_id = ${actor.tenantId}::uuid and asset = ${a.id}::uuid and period = ${monthDate}::date`);
  }
  await tx.execute(sql`delete from ${assetScheduleRows} where tenant_id = ${actor.tenantId}::uuid and asset = ${a.id}::uuid and run is null and (period > ${monthDate}::date or amount_minor = 0)`);
  // The depreciation up to the date, through the run's own code (a run of this one asset).
  let runId: string | null = null;
  let depreciationMinor = 0n;
  const [pending] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${assetScheduleRows} where tenant_id = ${actor.tenantId}::uuid and asset = ${a.id}::uuid and run is null`));
  if (pending && pending.n > 0) {
    const facts = (await classFacts(tx, actor, { assetClass: a.assetClass } as typeof depreciationRuns.$inferSelect)).find((f) => f.id === a.assetClass);
    if (facts?.problem) throw unprocessable(`Asset ${a.code} cannot be depreciated up to the disposal date: ${facts.problem}`);
    const sequence = await moduleSequence(tx, actor, 'Fixed Asset', 'DepreciationSchedule');
    const number = await nextNumber(tx, actor, sequence, d.disposalDate);
    const [run] = await tx
      .insert(depreciationRuns)
      .values({ tenantId: actor.tenantId, companyId: actor.companyId, number, period: monthDate, assetClass: a.assetClass, asset: a.id, detail: 'Per asset', description: `Depreciation of ${a.code} to its disposal ${d.number ?? ''}`.trim(), createdBy: actor.userId })
      .returning({ id: depreciationRuns.id });
    runId = run!.id;
    depreciationMinor = (await postRun(tx, actor, runId, d.disposalDate)).totalMinor;
  }
  const terms = termsOf(a, c, scale);
  const [posted] = rowsOf<{ total: string }>(await tx.execute(sql`select coalesce(sum(amount_minor), 0)::text as total from ${assetScheduleRows} where tenant_id = ${actor.tenantId}::uuid and asset = ${a.id}::uuid and run is not null`));
  const revalued = (await revaluedOf(tx, actor, [a.id])).get(a.id);
  const held = heldInLedger(terms, BigInt(posted?.total ?? '0'), revalued);
  const accumulatedMinor = held.accumulatedMinor;
  const acc = await accountsOfClass(tx, actor, a.assetClass);
  const { reserveMinor, retained } = await reserveToMove(tx, actor, revalued?.surplusMinor ?? 0n);
  const proceedsMinor = minorOf(d.proceeds, scale);
  const plan = planDisposal(held.costMinor, accumulatedMinor, proceedsMinor, acc, reserveMinor, retained);
  for (const l of plan.lines) {
    if (l.role === 'Retained earnings' && !l.account) {
      throw unprocessable(`Asset ${a.code} has a revaluation surplus of ${formatMoney(reserveMinor, scale)} to move to retained earnings: choose the retained earnings account on /company-config, or set ${DISPOSAL_RESERVE_SETTING} to Keep on /module-config (Fixed Asset)`);
    }
    if (!l.account) throw unprocessable(`No ${ACCOUNT_ROLE[l.role]} account: set one on the posting profile of asset class ${c.code}, or the default posting profile of Fixed Asset (/posting-profile)`);
  }
  if (d.customer && proceedsMinor <= 0n) throw unprocessable('proceeds: A sale invoiced to a customer has proceeds');
  if (d.customer && !acc.clearing) throw unprocessable(`No clearing account: set one on the posting profile of asset class ${c.code}, or the default posting profile of Fixed Asset (/posting-profile)`);
  let journalId: string | null = null;
  if (plan.lines.length) {
    const lines: EntryLine[] = plan.lines.map((l) => ({
      accountId: l.account!, currency, debitMinor: l.debitMinor, creditMinor: l.creditMinor, description: `${l.role}, asset ${a.code}`, lineRef: a.id,
      party: l.role === 'Cost' ? { type: 'Asset' as const, id: a.id } : null,
    }));
    journalId = (await postEntry(tx, actor, {
      kind: 'Standard', journalDate: d.disposalDate, description: d.description || `Disposal of asset ${a.code}`, reference: d.number,
      source: { module: 'Fixed Asset', documentType: def.documentType, documentId: d.id }, lines,
    })).journalId;
  }
  // The sale to a customer: its invoice through receivables (debit the receivable, credit the clearing account the entry above debits).
  let invoice: string | null = null;
  if (d.customer) {
    invoice = (await postSourcedCustomerInvoice(tx, actor, {
      customer: d.customer, date: d.disposalDate, currency, description: d.description || `Sale of asset ${a.code} ${a.description}`.trim(), reference: d.number,
      lines: [{ account: acc.clearing!, description: `Asset ${a.code} ${a.description}`.trim(), amount: formatMoney(proceedsMinor, scale), tax: d.tax }],
      source: { module: 'Fixed Asset', documentType: def.documentType, documentId: d.id, label: def.label, number: d.number, page: def.kinds.Disposal.editorPage ?? '/disposal-schedule' },
    })).id;
  }
  await tx.update(assets).set({ status: ASSET_DISPOSED, updatedAt: new Date() }).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, a.id)));
  await tx
    .update(assetDisposals)
    .set({ status: 'Posted', journalId, depreciationRun: runId, costMinor: plan.costMinor, accumulatedMinor, depreciationMinor, gainLossMinor: plan.gainLossMinor, reserveMinor: plan.reserveMinor, invoice, updatedAt: new Date() })
    .where(and(eq(assetDisposals.tenantId, actor.tenantId), eq(assetDisposals.id, d.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'asset', recordId: a.id, action: 'edit', before: { status: a.status }, after: { status: ASSET_DISPOSED, disposal: d.id } }]);
}

/** Reverses a posted disposal: both entries reversed, the asset's schedule regenerated after the rows other runs posted. */
export async function reverseDisposal(tx: Tx, actor: Actor, id: string, date: string | undefined): Promise<void> {
  const d = await storedDisposal(tx, actor, id, true);
  const { a, c } = await assetWithClass(tx, actor, d.asset, true, noSuchAsset);
  if (a.status !== ASSET_DISPOSED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}, not disposed`);
  const on = date ?? d.disposalDate;
  // The customer invoice first, by its own full reversal (refused while payments or credit notes touch it: nothing changes then).
  let invoiceReversal: string | null = null;
  // An invoice already reversed on its own screen has nothing left to undo.
  if (d.invoice) invoiceReversal = (await reverseSourcedCustomerInvoice(tx, actor, d.invoice, on, `Reversal of the sale of asset ${a.code}: disposal ${d.number ?? ''} reversed`.trim()))?.id ?? null;
  let reversal: string | null = null;
  if (d.journalId) reversal = (await reverseEntry(tx, actor, d.journalId, on)).journalId;
  if (d.depreciationRun) {
    const [run] = await tx.select().from(depreciationRuns).where(and(eq(depreciationRuns.tenantId, actor.tenantId), eq(depreciationRuns.id, d.depreciationRun)));
    const runReversal = run?.journalId ? (await reverseEntry(tx, actor, run.journalId, on)).journalId : null;
    await tx.execute(sql`delete from ${assetScheduleRows} where tenant_id = ${actor.tenantId}::uuid and asset = ${a.id}::uuid and run = ${d.depreciationRun}::uuid`);
    await tx.update(depreciationRuns).set({ status: 'Reversed', reversalJournalId: runReversal, updatedAt: new Date() }).where(and(eq(depreciationRuns.tenantId, actor.tenantId), eq(depreciationRuns.id, d.depreciationRun)));
  }
  // The schedule again: the rows other runs posted stay, the engine regenerates the rest.
  const { scale } = await baseCurrencyOf(tx, actor);
  const terms = termsOf(a, c, scale);
  const rows = await regenerateAfterPosted(tx, actor, a.id, terms);
  const status = rows.length || terms.method === 'Units of production' ? ASSET_ACTIVE : ASSET_FULLY_DEPRECIATED;
  await tx.update(assets).set({ status, updatedAt: new Date() }).where(and(eq(assets.tenantId, actor.tenantId), eq(assets.id, a.id)));
  await tx.update(assetDisposals).set({ status: 'Reversed', reversalJournalId: reversal, invoiceReversal, updatedAt: new Date() }).where(and(eq(assetDisposals.tenantId, actor.tenantId), eq(assetDisposals.id, d.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'asset', recordId: a.id, action: 'edit', before: { status: ASSET_DISPOSED }, after: { status, disposalReversed: d.id } }]);
}

/** A disposal as the screen shows it: posted, what it posted; a draft, what posting now would (without the month's pro rata). */
export async function viewDisposal(tx: Tx, scope: KitScope, id: string): Promise<DisposalView> {
  const d = await storedDisposal(tx, scope, id, false);
  const { a, c } = await assetWithClass(tx, scope, d.asset, false, noSuchAsset);
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const money = (m: bigint) => formatMoney(m, scale);
  const [journal] = d.journalId ? await tx.select({ number: journals.number }).from(journals).where(and(eq(journals.tenantId, scope.tenantId), eq(journals.id, d.journalId))) : [];
  const acc = await accountsOfClass(tx, scope, a.assetClass);
  let plan: Plan;
  let depreciationMinor = d.depreciationMinor;
  if (d.status === 'Draft') {
    const terms = termsOf(a, c, scale);
    const month = `${periodOfDate(d.disposalDate)}-01`;
    const [r] = rowsOf<{ posted: string; pending: string }>(await tx.execute(sql`
      select coalesce(sum(amount_minor) filter (where run is not null), 0)::text as posted, coalesce(sum(amount_minor) filter (where run is null and period <= ${month}::date), 0)::text as pending
      from ${assetScheduleRows} where tenant_id = ${scope.tenantId}::uuid and asset = ${a.id}::uuid`));
    depreciationMinor = BigInt(r?.pending ?? '0');
    const revalued = (await revaluedOf(tx, scope, [a.id])).get(a.id);
    const held = heldInLedger(terms, BigInt(r?.posted ?? '0') + depreciationMinor, revalued);
    const { reserveMinor, retained } = await reserveToMove(tx, scope, revalued?.surplusMinor ?? 0n);
    plan = planDisposal(held.costMinor, held.accumulatedMinor, minorOf(d.proceeds, scale), acc, reserveMinor, retained);
  } else {
    plan = planDisposal(d.costMinor, d.accumulatedMinor, minorOf(d.proceeds, scale), acc, d.reserveMinor, d.reserveMinor > 0n ? await retainedEarningsOf(tx, scope) : undefined);
  }
  const [customer] = d.customer ? await tx.select({ code: customers.code }).from(customers).where(and(eq(customers.tenantId, scope.tenantId), eq(customers.id, d.customer))) : [];
  const [tax] = d.tax ? await tx.select({ code: taxes.code }).from(taxes).where(and(eq(taxes.tenantId, scope.tenantId), eq(taxes.id, d.tax))) : [];
  const invoice = d.invoice ? await sourcedInvoiceFacts(tx, scope, d.invoice) : null;
  return {
    id: d.id, kind: 'Disposal', number: d.number, status: stateOf(def, d.status), asset: a.id, assetCode: a.code, assetDescription: a.description,
    disposalDate: d.disposalDate, disposalType: d.disposalType, proceeds: money(plan.proceedsMinor), description: d.description, currency,
    cost: money(plan.costMinor), accumulated: money(plan.accumulatedMinor), depreciation: money(depreciationMinor), netBookValue: money(plan.costMinor - plan.accumulatedMinor),
    gainLoss: money(plan.gainLossMinor), reserveTransferred: money(plan.reserveMinor),
    customer: d.customer, customerCode: customer?.code ?? null, tax: d.tax, taxCode: tax?.code ?? null,
    invoiceId: d.invoice, invoiceNumber: invoice?.number ?? null, invoiceGross: invoice ? money(invoice.grossMinor) : null, invoiceStatus: invoice?.status ?? null,
    lines: plan.lines.map((l) => ({ role: l.role, account: l.accountCode, debit: money(l.debitMinor), credit: money(l.creditMinor) })),
    depreciationRunId: d.depreciationRun, journalId: d.journalId, journalNumber: journal?.number ?? null,
  };
}

export async function disposalAmount(tx: Tx, scope: KitScope, id: string): Promise<bigint> {
  const d = await storedDisposal(tx, scope, id, false);
  const { scale } = await baseCurrencyOf(tx, scope);
  return minorOf(d.proceeds, scale);
}

function listWhere(scope: KitScope, q: DisposalListFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(assetDisposals.tenantId, scope.tenantId), eq(assetDisposals.companyId, scope.companyId)];
  if (q.status) conds.push(eq(assetDisposals.status, q.status));
  if (q.from) conds.push(sql`${assetDisposals.disposalDate} >= ${q.from}::date`);
  if (q.to) conds.push(sql`${assetDisposals.disposalDate} <= ${q.to}::date`);
  if (q.search) conds.push(or(ilike(assetDisposals.number, `%${q.search}%`), ilike(assetDisposals.description, `%${q.search}%`), ilike(assets.code, `%${q.search}%`)));
  return and(...conds)!;
}

const orderOf = documentListOrder({ date: assetDisposals.disposalDate, createdAt: assetDisposals.createdAt, number: assetDisposals.number }, 'disposalDate');

export async function listDisposals(tx: Tx, scope: KitScope, q: DisposalListFilter & { limit: number; page: number }): Promise<{ items: DisposalListItem[]; total: number }> {
  const { scale } = await baseCurrencyOf(tx, scope);
  const where = listWhere(scope, q);
  const assetJoin = and(eq(assets.tenantId, assetDisposals.tenantId), eq(assets.id, assetDisposals.asset));
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(assetDisposals).innerJoin(assets, assetJoin).where(where);
  const rows = await tx
    .select({ d: assetDisposals, assetCode: assets.code, journalNumber: journals.number })
    .from(assetDisposals)
    .innerJoin(assets, assetJoin)
    .leftJoin(journals, and(eq(journals.tenantId, assetDisposals.tenantId), eq(journals.id, assetDisposals.journalId)))
    .where(where)
    .orderBy(...orderOf(q.sort))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    total,
    items: rows.map(({ d, assetCode, journalNumber }) => ({
      id: d.id, number: d.number, status: stateOf(def, d.status), assetCode, disposalDate: d.disposalDate, disposalType: d.disposalType,
      proceeds: formatMoney(minorOf(d.proceeds, scale), scale), gainLoss: formatMoney(d.gainLossMinor, scale), description: d.description, journalNumber,
    })),
  };
}

export async function exportDisposals(tx: Tx, scope: KitScope, q: DisposalListFilter): Promise<Table> {
  const { items } = await listDisposals(tx, scope, { ...q, limit: 100_000, page: 1 });
  return {
    headers: ['Number', 'Status', 'Asset', 'Disposal Date', 'Disposal', 'Proceeds', 'Gain or Loss', 'Description', 'Journal'],
    rows: items.map((i) => [i.number ?? '', i.status, i.assetCode, i.disposalDate, i.disposalType, i.proceeds, i.gainLoss, i.description, i.journalNumber ?? '']),
  };
}
