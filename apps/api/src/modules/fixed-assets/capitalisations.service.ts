import { and, desc, eq, sql } from 'drizzle-orm';
import {
  addMonths,
  ASSET_ACTIVE,
  ASSET_DRAFT,
  ASSET_FULLY_DEPRECIATED,
  CAPITALISATION_DOCUMENT_TYPE,
  CAPITALISATION_POSTED,
  CAPITALISATION_REVERSED,
  CAPITALISED_FROM_INVOICE,
  formatMoney,
  periodOfDate,
  type CapitalisableLine,
  type CapitalisableLinesQuery,
  type CapitalisationSource,
  type CapitalisationView,
  type InvoiceAssetsInput,
  type InvoiceAssetsResult,
  type InvoiceCapitaliseInput,
  type InvoiceLineRef,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { KitScope } from '../../platform/kit/registry';
import { journals, ledgerEntries, postEntry, reverseEntry } from '../ledger/index';
import { invoices } from '../ap-ar/index';
import { assetClasses, assets } from './assets.tables';
import { assetCapitalisations, capitalisedInvoiceLines, type KeptRow } from './capitalisations.tables';
import { accountsOfClass } from './class-accounts';
import { regenerate, ScheduleRefusal, type ScheduleRow } from './depreciation/engine';
import { assetWithClass, replaceUnpostedRows, storedRows, termsOf, usageOf } from './schedule.service';
import { baseCurrencyOf, minorOf } from './money';

/*
 * Capitalisation (RULES.md of this module): an amount moved from the class's clearing account to the
 * asset's cost in ONE entry through the port, the cost raised and the schedule regenerated from the
 * next unposted month (the engine's `regenerate`; posted rows never change). One mechanism for the
 * three ways in: by hand, from a vendor invoice line, a capitalised maintenance.
 */

type AssetRow = typeof assets.$inferSelect;

const keep = (r: ScheduleRow): KeptRow => ({ period: r.period, amountMinor: String(r.amountMinor), accumulatedMinor: String(r.accumulatedMinor), nbvMinor: String(r.nbvMinor), basis: r.basis });
const unkeep = (r: KeptRow) => ({ period: r.period, amountMinor: BigInt(r.amountMinor), accumulatedMinor: BigInt(r.accumulatedMinor), nbvMinor: BigInt(r.nbvMinor), basis: r.basis as ScheduleRow['basis'] });

/** A vendor invoice line as the ledger posted it: its base amount on its account. */
type PostedLine = { invoiceId: string; number: string | null; partyDocumentNumber: string | null; documentDate: string; status: string; accountId: string; amountMinor: bigint };

async function postedLine(tx: Tx, scope: KitScope, ref: InvoiceLineRef): Promise<PostedLine> {
  const [inv] = await tx
    .select({ id: invoices.id, number: invoices.number, partyDocumentNumber: invoices.partyDocumentNumber, documentDate: invoices.documentDate, status: invoices.status, journalId: invoices.journalId, side: invoices.side, kind: invoices.kind })
    .from(invoices)
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.companyId, scope.companyId), eq(invoices.id, ref.vendorInvoice)))
    // Shared lock: a full reversal of the invoice (which locks it for update) waits for this capitalisation, or this waits and sees it Reversed.
    .for('share');
  if (!inv || inv.side !== 'payables' || inv.kind !== 'Invoice') throw unprocessable('invoiceLine.vendorInvoice: No such vendor invoice in this company');
  if (inv.status !== 'Posted' || !inv.journalId) throw unprocessable(`invoiceLine.vendorInvoice: Vendor invoice ${inv.number ?? ''} is ${inv.status.toLowerCase()}: only a posted one is capitalised`.replace('  ', ' '));
  const lines = await tx
    .select({ accountId: ledgerEntries.accountId, debit: ledgerEntries.baseDebitMinor, credit: ledgerEntries.baseCreditMinor })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, scope.tenantId), eq(ledgerEntries.journalId, inv.journalId), eq(ledgerEntries.lineRef, `line ${ref.lineNo}`)));
  const line = lines[0];
  if (!line) throw unprocessable(`invoiceLine.lineNo: Vendor invoice ${inv.number} has no line ${ref.lineNo}`);
  return { invoiceId: inv.id, number: inv.number, partyDocumentNumber: inv.partyDocumentNumber, documentDate: inv.documentDate, status: inv.status, accountId: line.accountId, amountMinor: BigInt(line.debit) - BigInt(line.credit) };
}

/**
 * Payables' hold on reversing a vendor invoice (ap-ar's ports.ts): the capitalisations of its lines
 * that stand (Posted), named by asset and line; null when none. The reversal locked the invoice, so
 * no capitalisation of it starts meanwhile (`postedLine` reads it under a shared lock).
 */
export async function capitalisationsHoldingInvoice(tx: Tx, scope: KitScope, invoiceId: string): Promise<string | null> {
  const rows = await tx
    .select({ code: assets.code, lineNo: assetCapitalisations.invoiceLineNo, amountMinor: assetCapitalisations.amountMinor })
    .from(assetCapitalisations)
    .innerJoin(assets, and(eq(assets.tenantId, assetCapitalisations.tenantId), eq(assets.id, assetCapitalisations.asset)))
    .where(and(eq(assetCapitalisations.tenantId, scope.tenantId), eq(assetCapitalisations.companyId, scope.companyId), eq(assetCapitalisations.vendorInvoice, invoiceId), eq(assetCapitalisations.status, CAPITALISATION_POSTED)))
    .orderBy(assets.code, assetCapitalisations.invoiceLineNo);
  if (rows.length === 0) return null;
  const { scale } = await baseCurrencyOf(tx, scope);
  const named = rows.map((r) => `asset ${r.code} (line ${r.lineNo}, ${formatMoney(r.amountMinor, scale)})`).join(', ');
  return `is capitalised into ${named}: reverse ${rows.length === 1 ? 'that capitalisation' : 'those capitalisations'} on the asset's screen (/asset) first, then the invoice`;
}

/** A posted vendor invoice of the company and its line (a completion's reference): refuses anything else. */
export async function checkInvoiceLine(tx: Tx, scope: KitScope, ref: InvoiceLineRef): Promise<void> {
  await postedLine(tx, scope, ref);
}

/**
 * Takes `amount` of a vendor invoice line for capitalisation: the line must be on `clearing` (the
 * asset class's clearing account, which the capitalisation relieves), and what was taken of it, under
 * the lock of its row, plus `amount` may not exceed its amount.
 */
async function takeInvoiceLine(tx: Tx, scope: KitScope, ref: InvoiceLineRef, amountMinor: bigint, clearing: string | null, clearingCode: string | null, scale: number): Promise<PostedLine> {
  const line = await postedLine(tx, scope, ref);
  if (!clearing || line.accountId !== clearing) throw unprocessable(`invoiceLine.lineNo: Line ${ref.lineNo} of vendor invoice ${line.number} is not on the asset class's clearing account${clearingCode ? ` ${clearingCode}` : ''}: only such a line is capitalised`);
  await tx.insert(capitalisedInvoiceLines).values({ tenantId: scope.tenantId, companyId: scope.companyId, vendorInvoice: line.invoiceId, lineNo: ref.lineNo }).onConflictDoNothing();
  const [taken] = await tx
    .select({ minor: capitalisedInvoiceLines.capitalisedMinor })
    .from(capitalisedInvoiceLines)
    .where(and(eq(capitalisedInvoiceLines.tenantId, scope.tenantId), eq(capitalisedInvoiceLines.vendorInvoice, line.invoiceId), eq(capitalisedInvoiceLines.lineNo, ref.lineNo)))
    .for('update');
  const before = BigInt(taken?.minor ?? 0n);
  if (before + amountMinor > line.amountMinor) {
    throw unprocessable(`amount: Line ${ref.lineNo} of vendor invoice ${line.number} is ${formatMoney(line.amountMinor, scale)}, of which ${formatMoney(before, scale)} is capitalised: at most ${formatMoney(line.amountMinor - before, scale)} is left`);
  }
  await tx
    .update(capitalisedInvoiceLines)
    .set({ capitalisedMinor: before + amountMinor })
    .where(and(eq(capitalisedInvoiceLines.tenantId, scope.tenantId), eq(capitalisedInvoiceLines.vendorInvoice, line.invoiceId), eq(capitalisedInvoiceLines.lineNo, ref.lineNo)));
  return line;
}

/** An amount as typed in minor units of the base currency; more decimals than it has refuses. */
export function amountOf(text: string, scale: number, label: string): bigint {
  try {
    return minorOf(text, scale);
  } catch {
    throw unprocessable(`${label}: The amount has more than ${scale} decimals (the company's currency)`);
  }
}

export type CapitaliseRequest = { date: string; amountMinor: bigint; description?: string | undefined; source: CapitalisationSource; invoiceLine?: InvoiceLineRef | null | undefined };

/**
 * Capitalises an amount into an asset: the entry (debit cost with the asset as party, credit
 * clearing), the cost raised, an active asset's schedule regenerated from the next unposted month;
 * a draft's cost only (its schedule is a preview until activation). Returns the capitalisation's id.
 */
export async function capitalise(tx: Tx, scope: KitScope, assetId: string, req: CapitaliseRequest): Promise<string> {
  const { a, c } = await assetWithClass(tx, scope, assetId, true);
  if (a.status !== ASSET_DRAFT && a.status !== ASSET_ACTIVE && a.status !== ASSET_FULLY_DEPRECIATED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: only a draft, active or fully depreciated asset is capitalised`);
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  if (req.amountMinor <= 0n) throw unprocessable('amount: The amount must be more than zero');
  const acc = await accountsOfClass(tx, scope, a.assetClass);
  if (!acc.control) throw unprocessable(`No cost (control) account: set one on the posting profile of asset class ${c.code}, or the default posting profile of Fixed Asset (/posting-profile)`);
  if (!acc.clearing) throw unprocessable(`No clearing account: set one on the posting profile of asset class ${c.code}, or the default posting profile of Fixed Asset (/posting-profile)`);
  const line = req.invoiceLine ? await takeInvoiceLine(tx, scope, req.invoiceLine, req.amountMinor, acc.clearing, acc.clearingCode, scale) : null;

  const costBeforeMinor = minorOf(a.cost, scale);
  const costAfter = formatMoney(costBeforeMinor + req.amountMinor, scale);
  let fromPeriod: string | null = null;
  let replaced: KeptRow[] = [];
  let written: KeptRow[] = [];
  let status = a.status;
  if (a.status !== ASSET_DRAFT) {
    // From the capitalisation's month, or the month after the last posted one, never before the schedule's start.
    const stored = await storedRows(tx, scope, a.id);
    const lastPosted = stored.filter((r) => r.posted).at(-1)?.period;
    let from = periodOfDate(req.date);
    if (lastPosted && from <= lastPosted) from = addMonths(lastPosted, 1);
    if (stored[0] && from < stored[0].period) from = stored[0].period;
    const terms = { ...termsOf({ ...a, cost: costAfter }, c, scale), usage: await usageOf(tx, scope, a.id) };
    let rows: ScheduleRow[];
    try {
      rows = regenerate(stored, terms, from);
    } catch (e) {
      if (e instanceof ScheduleRefusal) throw unprocessable(`Asset ${a.code}: ${e.message}`);
      throw e;
    }
    replaced = stored.filter((r) => !r.posted && r.period >= from).map(keep);
    written = rows.filter((r) => r.period >= from).map(keep);
    await replaceUnpostedRows(tx, scope, a.id, from, rows);
    status = rows.some((r) => !r.posted) || terms.method === 'Units of production' ? ASSET_ACTIVE : ASSET_FULLY_DEPRECIATED;
    fromPeriod = `${from}-01`;
  }
  const description = req.description || `Capitalisation into asset ${a.code}${line ? `, vendor invoice ${line.number} line ${req.invoiceLine!.lineNo}` : ''}`;
  const [row] = await tx
    .insert(assetCapitalisations)
    .values({
      tenantId: scope.tenantId, companyId: scope.companyId, asset: a.id, capitalisationDate: req.date, amountMinor: req.amountMinor, source: req.source, status: CAPITALISATION_POSTED,
      description, vendorInvoice: line?.invoiceId ?? null, invoiceLineNo: line ? req.invoiceLine!.lineNo : null, costBefore: a.cost, costAfter, fromPeriod,
      replacedRows: replaced, writtenRows: written, statusBefore: a.status, createdBy: scope.userId ?? null,
    })
    .returning({ id: assetCapitalisations.id });
  const id = row!.id;
  const posted = await postEntry(tx, scope, {
    kind: 'Standard', journalDate: req.date, description, reference: line?.number ?? a.code,
    source: { module: 'Fixed Asset', documentType: CAPITALISATION_DOCUMENT_TYPE, documentId: id },
    lines: [
      { accountId: acc.control, currency, debitMinor: req.amountMinor, creditMinor: 0n, description: `Cost, asset ${a.code}`, lineRef: a.id, party: { type: 'Asset', id: a.id } },
      { accountId: acc.clearing, currency, debitMinor: 0n, creditMinor: req.amountMinor, description: `Clearing relieved, asset ${a.code}`, lineRef: line ? `${line.invoiceId} line ${req.invoiceLine!.lineNo}` : a.id },
    ],
  });
  await tx.update(assetCapitalisations).set({ journalId: posted.journalId }).where(and(eq(assetCapitalisations.tenantId, scope.tenantId), eq(assetCapitalisations.id, id)));
  await tx.update(assets).set({ cost: costAfter, status, updatedAt: new Date() }).where(and(eq(assets.tenantId, scope.tenantId), eq(assets.id, a.id)));
  await recordAudit(tx, scope.tenantId, scope.userId, [
    { entity: 'asset', recordId: a.id, action: 'edit', before: { cost: a.cost, status: a.status }, after: { cost: costAfter, status, capitalisation: id, amount: formatMoney(req.amountMinor, scale), from: fromPeriod, source: req.source, vendorInvoice: line?.invoiceId ?? null } },
  ]);
  return id;
}

/**
 * Reverses a capitalisation: its reversal entry, the cost and the replaced schedule rows restored.
 * Refused when depreciation was posted from its first month on, or when the asset's cost or schedule
 * changed after it (a later capitalisation or change of terms: reverse or undo that first).
 */
export async function reverseCapitalisation(tx: Tx, scope: KitScope, id: string, date: string): Promise<void> {
  const [cap] = await tx
    .select()
    .from(assetCapitalisations)
    .where(and(eq(assetCapitalisations.tenantId, scope.tenantId), eq(assetCapitalisations.companyId, scope.companyId), eq(assetCapitalisations.id, id)))
    .for('update');
  if (!cap) throw notFound('The capitalisation');
  if (cap.status !== CAPITALISATION_POSTED) throw unprocessable('The capitalisation is already reversed');
  const { a } = await assetWithClass(tx, scope, cap.asset, true);
  const { scale } = await baseCurrencyOf(tx, scope);
  if (minorOf(a.cost, scale) !== minorOf(cap.costAfter, scale)) throw unprocessable(`Asset ${a.code}'s cost changed after this capitalisation (now ${formatMoney(minorOf(a.cost, scale), scale)}): reverse the later change first`);
  if (cap.fromPeriod === null) {
    if (a.status !== ASSET_DRAFT) throw unprocessable(`Asset ${a.code} was activated after this capitalisation: change its terms instead`);
  } else {
    if (a.status !== ASSET_ACTIVE && a.status !== ASSET_FULLY_DEPRECIATED) throw unprocessable(`Asset ${a.code} is ${a.status.toLowerCase()}: its capitalisation is not reversed`);
    const stored = await storedRows(tx, scope, a.id);
    const from = cap.fromPeriod.slice(0, 7);
    const postedAfter = stored.find((r) => r.posted && r.period >= from);
    if (postedAfter) throw unprocessable(`Asset ${a.code} was depreciated for ${postedAfter.period}, after this capitalisation: reverse that depreciation run first`);
    const now = JSON.stringify(stored.filter((r) => r.period >= from).map((r) => [r.period, String(r.amountMinor)]));
    if (now !== JSON.stringify(cap.writtenRows.map((r) => [r.period, r.amountMinor]))) throw unprocessable(`Asset ${a.code}'s schedule changed after this capitalisation: undo the later change first`);
    await replaceUnpostedRows(tx, scope, a.id, from, cap.replacedRows.map(unkeep));
  }
  const reversal = cap.journalId ? (await reverseEntry(tx, scope, cap.journalId, date)).journalId : null;
  if (cap.vendorInvoice && cap.invoiceLineNo != null) {
    await tx.execute(sql`
      update ${capitalisedInvoiceLines} set capitalised_minor = capitalised_minor - ${cap.amountMinor}
      where tenant_id = ${scope.tenantId}::uuid and vendor_invoice = ${cap.vendorInvoice}::uuid and line_no = ${cap.invoiceLineNo}`);
  }
  const status = cap.fromPeriod === null ? a.status : (cap.statusBefore as AssetRow['status']);
  await tx.update(assets).set({ cost: cap.costBefore, status, updatedAt: new Date() }).where(and(eq(assets.tenantId, scope.tenantId), eq(assets.id, a.id)));
  await tx.update(assetCapitalisations).set({ status: CAPITALISATION_REVERSED, reversalJournalId: reversal }).where(and(eq(assetCapitalisations.tenantId, scope.tenantId), eq(assetCapitalisations.id, cap.id)));
  await recordAudit(tx, scope.tenantId, scope.userId, [
    { entity: 'asset', recordId: a.id, action: 'edit', before: { cost: a.cost, status: a.status }, after: { cost: cap.costBefore, status, capitalisationReversed: cap.id } },
  ]);
}

/** The capitalisations of the company (one asset's, or one by id), newest first. */
export async function listCapitalisations(tx: Tx, scope: KitScope, where: { asset?: string; id?: string }): Promise<CapitalisationView[]> {
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const rows = await tx
    .select({ k: assetCapitalisations, assetCode: assets.code, journalNumber: journals.number, invoiceNumber: invoices.number })
    .from(assetCapitalisations)
    .innerJoin(assets, and(eq(assets.tenantId, assetCapitalisations.tenantId), eq(assets.id, assetCapitalisations.asset)))
    .leftJoin(journals, and(eq(journals.tenantId, assetCapitalisations.tenantId), eq(journals.id, assetCapitalisations.journalId)))
    .leftJoin(invoices, and(eq(invoices.tenantId, assetCapitalisations.tenantId), eq(invoices.id, assetCapitalisations.vendorInvoice)))
    .where(and(
      eq(assetCapitalisations.tenantId, scope.tenantId), eq(assetCapitalisations.companyId, scope.companyId),
      where.asset ? eq(assetCapitalisations.asset, where.asset) : undefined, where.id ? eq(assetCapitalisations.id, where.id) : undefined,
    ))
    .orderBy(desc(assetCapitalisations.createdAt));
  return rows.map(({ k, assetCode, journalNumber, invoiceNumber }) => ({
    id: k.id, asset: k.asset, assetCode, date: k.capitalisationDate, amount: formatMoney(k.amountMinor, scale), currency, source: k.source, status: k.status, description: k.description,
    costBefore: formatMoney(minorOf(k.costBefore, scale), scale), costAfter: formatMoney(minorOf(k.costAfter, scale), scale), fromPeriod: k.fromPeriod?.slice(0, 7) ?? null,
    vendorInvoice: k.vendorInvoice, invoiceNumber, invoiceLineNo: k.invoiceLineNo, journalId: k.journalId, journalNumber, reversalJournalId: k.reversalJournalId,
  }));
}

export async function assetCapitalisationsOf(tx: Tx, scope: KitScope, assetId: string): Promise<CapitalisationView[]> {
  const [a] = await tx.select({ id: assets.id }).from(assets).where(and(eq(assets.tenantId, scope.tenantId), eq(assets.companyId, scope.companyId), eq(assets.id, assetId)));
  if (!a) throw notFound('The asset');
  return listCapitalisations(tx, scope, { asset: assetId });
}

/**
 * The lines of posted vendor invoices of the company that hit the clearing account of an asset
 * class (its profile's, else the module default's), with what is capitalised and left: one statement.
 */
export async function capitalisableLines(tx: Tx, scope: KitScope, q: CapitalisableLinesQuery): Promise<CapitalisableLine[]> {
  const { currency, scale } = await baseCurrencyOf(tx, scope);
  const rows = rowsOf<{ invoice: string; number: string | null; party_document_number: string | null; document_date: string; line_no: number; description: string | null; account_code: string; amount: string; capitalised: string }>(
    await tx.execute(sql`
      with d as (select clearing_account from posting_profiles where company_id = ${scope.companyId}::uuid and module = 'Fixed Asset' and module_default and active limit 1),
      clearing as (
        select distinct coalesce(p.clearing_account, d.clearing_account) as account
        from ${assetClasses} k left join posting_profiles p on p.tenant_id = k.tenant_id and p.id = k.posting_profile and p.active left join d on true
        where k.tenant_id = ${scope.tenantId}::uuid and k.company_id = ${scope.companyId}::uuid
        union select clearing_account from d)
      select i.id as invoice, i.number, i.party_document_number, to_char(i.document_date, 'YYYY-MM-DD') as document_date, l.line_no, l.description, a.code as account_code,
        (le.base_debit_minor - le.base_credit_minor)::text as amount, coalesce(c.capitalised_minor, 0)::text as capitalised
      from ${invoices} i
      join ${ledgerEntries} le on le.tenant_id = i.tenant_id and le.journal_id = i.journal_id and le.line_ref like 'line %'
      join invoice_lines l on l.tenant_id = i.tenant_id and l.invoice_id = i.id and le.line_ref = 'line ' || l.line_no
      join accounts a on a.tenant_id = le.tenant_id and a.id = le.account_id
      left join ${capitalisedInvoiceLines} c on c.tenant_id = i.tenant_id and c.vendor_invoice = i.id and c.line_no = l.line_no
      where i.tenant_id = ${scope.tenantId}::uuid and i.company_id = ${scope.companyId}::uuid and i.side = 'payables' and i.kind = 'Invoice' and i.status = 'Posted'
        and le.account_id in (select account from clearing where account is not null)
        ${q.vendorInvoice ? sql`and i.id = ${q.vendorInvoice}::uuid` : sql``}
        ${q.search ? sql`and (i.number ilike ${`%${q.search}%`} or i.party_document_number ilike ${`%${q.search}%`} or i.description ilike ${`%${q.search}%`} or l.description ilike ${`%${q.search}%`})` : sql``}
        ${q.all === 'true' ? sql`` : sql`and coalesce(c.capitalised_minor, 0) < le.base_debit_minor - le.base_credit_minor`}
      order by i.document_date desc, i.number desc, l.line_no
      limit ${q.limit}`),
  );
  return rows.map((r) => {
    const amount = BigInt(r.amount);
    const capitalised = BigInt(r.capitalised);
    return {
      vendorInvoice: r.invoice, invoiceNumber: r.number, partyDocumentNumber: r.party_document_number, documentDate: r.document_date, lineNo: r.line_no, description: r.description ?? '', accountCode: r.account_code,
      amount: formatMoney(amount, scale), capitalised: formatMoney(capitalised, scale), left: formatMoney(amount - capitalised, scale), currency,
    };
  });
}

/**
 * New draft assets from lines (or parts) of one posted vendor invoice: each made through `create`
 * (the kit's own create, given by the route, so codes, rules and audit are the kit's) at cost zero,
 * dated the invoice's date, then capitalised with the amount from its line.
 */
export async function assetsFromInvoice(
  tx: Tx,
  scope: KitScope,
  input: InvoiceAssetsInput,
  create: (record: Record<string, unknown>) => Promise<{ id: string; code: string }>,
): Promise<InvoiceAssetsResult> {
  const { scale } = await baseCurrencyOf(tx, scope);
  const out: InvoiceAssetsResult['assets'] = [];
  for (const [n, item] of input.assets.entries()) {
    const head = await postedLine(tx, scope, { vendorInvoice: input.vendorInvoice, lineNo: item.lineNo });
    const amountMinor = amountOf(item.amount, scale, `assets[${n}].amount`);
    const asset = await create({ description: item.description, assetClass: item.assetClass, acquisitionDate: head.documentDate, cost: '0' });
    const capitalisation = await capitalise(tx, scope, asset.id, {
      date: head.documentDate, amountMinor, source: CAPITALISED_FROM_INVOICE, invoiceLine: { vendorInvoice: input.vendorInvoice, lineNo: item.lineNo },
      description: `Asset ${asset.code} from vendor invoice ${head.number} line ${item.lineNo}${head.partyDocumentNumber ? ` (${head.partyDocumentNumber})` : ''}`,
    });
    out.push({ asset: asset.id, code: asset.code, capitalisation });
  }
  return { assets: out };
}

/**
 * Lines (or parts) of one posted vendor invoice added to an existing asset, in the caller's one
 * transaction: one capitalisation per line (each its entry), at the date given or the invoice's.
 * Returns the capitalisations' ids in the order of the lines.
 */
export async function capitaliseInvoiceLines(tx: Tx, scope: KitScope, input: InvoiceCapitaliseInput): Promise<string[]> {
  const { scale } = await baseCurrencyOf(tx, scope);
  const out: string[] = [];
  for (const [n, item] of input.lines.entries()) {
    const head = await postedLine(tx, scope, { vendorInvoice: input.vendorInvoice, lineNo: item.lineNo });
    out.push(await capitalise(tx, scope, input.asset, {
      date: input.date ?? head.documentDate, amountMinor: amountOf(item.amount, scale, `lines[${n}].amount`), source: CAPITALISED_FROM_INVOICE,
      invoiceLine: { vendorInvoice: input.vendorInvoice, lineNo: item.lineNo },
    }));
  }
  return out;
}
