import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  convert,
  formatMoney,
  formatRate,
  parseMoney,
  parseRate,
  RATE_SCALE,
  pow10,
  shareLegs,
  divRound,
  type FundTransferInput,
  type FundTransferLegInput,
  type FundTransferStatus,
} from '@erp/contracts';
import { rowsOf, type Tx } from '../../platform/db/client';
import { allowCompanies } from '../../platform/db/tenancy';
import { recordAudit } from '../../platform/audit/audit';
import { notFound, unprocessable } from '../../platform/http/errors';
import type { Actor } from '../../platform/http/actor';
import type { KitScope } from '../../platform/kit/registry';
import { companies, currencies } from '../organisation/index';
import { dueAccountsOf, moduleSequence, nextNumber, partnerOf, postEntry, ratesOn, resolvePostingAccounts, reverseEntry, journals } from '../ledger/index';
import { banks } from './banks.tables';
import { fundTransferLegs, fundTransfers } from './fund-transfers.tables';
import { exchangeDifference, legEntries, rolesOfLeg, type LegFacts, type LegShape } from './fund-transfer-posting';

/*
 * Fund transfers: stored as a draft with its legs, divided, posted leg by leg through the ledger's
 * port (fund-transfer-posting.ts builds the entries), reversed. RULES.md of this module says what
 * holds; the kit binding (fund-transfers.document.ts) says when each step may run.
 */

export type TransferRow = typeof fundTransfers.$inferSelect;
export type LegRow = typeof fundTransferLegs.$inferSelect;

const ONE = pow10(RATE_SCALE);

export async function storedTransfer(tx: Tx, scope: KitScope, id: string, lock: boolean): Promise<TransferRow> {
  const q = tx.select().from(fundTransfers).where(and(eq(fundTransfers.companyId, scope.companyId), eq(fundTransfers.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Fund transfer');
  // The receiving company of an intercompany transfer joins the transaction's companies: its bank is read.
  if (row.toCompanyId !== row.companyId) await allowCompanies(tx, [row.companyId, row.toCompanyId]);
  return row;
}

export async function legsOf(tx: Tx, scope: KitScope, id: string): Promise<LegRow[]> {
  return tx.select().from(fundTransferLegs).where(and(eq(fundTransferLegs.tenantId, scope.tenantId), eq(fundTransferLegs.transferId, id))).orderBy(asc(fundTransferLegs.lineNo));
}

/** Decimal places of the tenant's active currencies. */
export async function scalesOf(tx: Tx, scope: KitScope): Promise<Record<string, number>> {
  const rows = await tx.select({ code: currencies.code, minor: currencies.minorUnit }).from(currencies).where(and(eq(currencies.tenantId, scope.tenantId), eq(currencies.status, 'Active')));
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.minor)]));
}

async function baseCurrencyOf(tx: Tx, companyId: string): Promise<{ code: string; currency: string }> {
  const [c] = await tx.select({ code: companies.code, currency: companies.baseCurrency }).from(companies).where(eq(companies.companyId, companyId));
  if (!c) throw notFound('Company');
  return c;
}

type BankFacts = { id: string; code: string; account: string; currency: string; status: string; companyId: string };

async function bankOf(tx: Tx, companyId: string, id: string, field: 'fromBank' | 'toBank'): Promise<BankFacts> {
  const [b] = await tx
    .select({ id: banks.id, code: banks.code, account: banks.account, currency: currencies.code, status: banks.status, companyId: banks.companyId })
    .from(banks)
    .innerJoin(currencies, and(eq(currencies.tenantId, banks.tenantId), eq(currencies.id, banks.currency)))
    .where(and(eq(banks.id, id), eq(banks.companyId, companyId)));
  if (!b || !b.companyId) throw unprocessable(`${field}: the bank does not exist in ${field === 'toBank' ? 'the receiving' : 'this'} company`);
  if (b.status !== 'Active') throw unprocessable(`${field}: bank ${b.code} is inactive`);
  return { ...b, companyId: b.companyId };
}

const money = (field: string, text: string | undefined, scale: number): bigint => {
  if (text === undefined || text === '') return 0n;
  try {
    return parseMoney(text, scale);
  } catch (e) {
    throw unprocessable(`${field}: ${e instanceof Error ? e.message : String(e)}`);
  }
};

/** What a draft stores: the header's values and its legs, checked. */
type Checked = {
  values: Omit<typeof fundTransfers.$inferInsert, 'tenantId' | 'companyId' | 'id' | 'createdBy'>;
  legs: { amount: bigint; amountIn: bigint; fee: bigint; outDate: string; inDate: string }[];
};

/** The legs of a whole as asked (one leg, the whole, when none), each checked; they sum to the whole on every side. */
export function legsOfInput(whole: { amount: bigint; amountIn: bigint; fee: bigint; outDate: string; inDate: string }, legs: readonly FundTransferLegInput[], scale: number): Checked['legs'] {
  if (legs.length === 0) return [{ ...whole }];
  const amounts = legs.map((l, i) => {
    const amount = money(`legs[${i}].amount`, l.amount, scale);
    if (amount <= 0n) throw unprocessable(`legs[${i}].amount: a leg moves an amount above zero`);
    if (l.inDate < l.outDate) throw unprocessable(`legs[${i}].inDate: the value date in is on or after the value date out (${l.outDate})`);
    return amount;
  });
  const sum = amounts.reduce((s, a) => s + a, 0n);
  if (sum !== whole.amount) throw unprocessable(`legs: the legs add up to ${formatMoney(sum, scale)}, the transfer is ${formatMoney(whole.amount, scale)}: they must add up to the whole`);
  return shareLegs(whole, amounts).map((s, i) => ({ ...s, outDate: legs[i]!.outDate, inDate: legs[i]!.inDate }));
}

/** Every rule of a draft (RULES.md): the banks, the currencies and rate, the fee, the dates, the legs. */
export async function checkInput(tx: Tx, scope: KitScope, input: FundTransferInput): Promise<Checked> {
  const toCompany = input.toCompany ?? scope.companyId;
  if (toCompany !== scope.companyId) await partnerOf(tx, scope, toCompany).catch((e: unknown) => {
    throw e instanceof Error && 'statusCode' in e ? unprocessable(`toCompany: ${e.message}`) : e;
  });
  const from = await bankOf(tx, scope.companyId, input.fromBank, 'fromBank');
  const to = await bankOf(tx, toCompany, input.toBank, 'toBank');
  if (from.id === to.id) throw unprocessable('toBank: a transfer moves money to another bank');
  const scales = await scalesOf(tx, scope);
  const fromScale = scales[from.currency];
  const toScale = scales[to.currency];
  if (fromScale === undefined || toScale === undefined) throw unprocessable(`fromBank: the currencies ${from.currency} and ${to.currency} must be active`);
  const amount = money('amount', input.amount, fromScale);
  if (amount <= 0n) throw unprocessable('amount: a transfer moves an amount above zero');
  let amountIn: bigint;
  let rate: bigint | null = null;
  if (from.currency === to.currency) {
    if (input.rate !== undefined && parseRate(input.rate) !== ONE) throw unprocessable(`rate: both banks hold ${from.currency}: there is no rate`);
    amountIn = input.amountIn ? money('amountIn', input.amountIn, toScale) : amount;
    if (amountIn !== amount) throw unprocessable(`amountIn: both banks hold ${from.currency}: what arrives is the amount out (a fee is booked as a fee)`);
  } else {
    if (!input.rate && !input.amountIn) throw unprocessable(`rate: ${from.currency} to ${to.currency}: give the rate or the amount in`);
    const given = input.rate ? parseRate(input.rate) : null;
    const atRate = given === null ? null : convert(amount, fromScale, given, toScale);
    amountIn = input.amountIn ? money('amountIn', input.amountIn, toScale) : atRate!;
    if (amountIn <= 0n) throw unprocessable('amountIn: what arrives is an amount above zero');
    if (atRate !== null && (atRate - amountIn > 1n || amountIn - atRate > 1n)) {
      throw unprocessable(`amountIn: ${formatMoney(amount, fromScale)} ${from.currency} at ${input.rate} is ${formatMoney(atRate, toScale)} ${to.currency}, not ${formatMoney(amountIn, toScale)}: correct the rate or the amount in`);
    }
    // The rate as the amounts say it (to-units per from-unit), when only the amount in was given.
    rate = given ?? divRound(amountIn * pow10(fromScale) * ONE, amount * pow10(toScale));
  }
  const fee = money('fee', input.fee, input.feeBearer === 'Sender' ? fromScale : toScale);
  if (input.inDate < input.outDate) throw unprocessable(`inDate: the value date in is on or after the value date out (${input.outDate})`);
  const base = await baseCurrencyOf(tx, scope.companyId);
  const whole = { amount, amountIn, fee, outDate: input.outDate, inDate: input.inDate };
  const legs = legsOfInput(whole, input.legs, fromScale);
  return {
    values: {
      kind: input.kind, documentDate: input.documentDate, fromBankId: from.id, toCompanyId: toCompany, toBankId: to.id, fromCurrency: from.currency, toCurrency: to.currency,
      amountMinor: amount, rate: rate === null ? null : formatRate(rate), amountInMinor: amountIn, feeMinor: fee, feeBearer: input.feeBearer, outDate: input.outDate, inDate: input.inDate,
      reference: input.reference ?? null, description: input.description, baseCurrency: base.currency,
    },
    legs,
  };
}

async function writeLegs(tx: Tx, scope: KitScope, id: string, legs: Checked['legs']): Promise<void> {
  await tx.delete(fundTransferLegs).where(and(eq(fundTransferLegs.tenantId, scope.tenantId), eq(fundTransferLegs.transferId, id)));
  await tx.insert(fundTransferLegs).values(legs.map((l, i) => ({
    tenantId: scope.tenantId, companyId: scope.companyId, transferId: id, lineNo: i + 1, amountMinor: l.amount, amountInMinor: l.amountIn, feeMinor: l.fee, outDate: l.outDate, inDate: l.inDate,
  })));
}

export async function insertTransfer(tx: Tx, actor: Actor, input: FundTransferInput): Promise<string> {
  const { values, legs } = await checkInput(tx, actor, input);
  const [row] = await tx.insert(fundTransfers).values({ ...values, tenantId: actor.tenantId, companyId: actor.companyId, createdBy: actor.userId }).returning({ id: fundTransfers.id });
  await writeLegs(tx, actor, row!.id, legs);
  return row!.id;
}

export async function replaceTransfer(tx: Tx, actor: Actor, id: string, input: FundTransferInput): Promise<void> {
  const { values, legs } = await checkInput(tx, actor, input);
  await tx.update(fundTransfers).set({ ...values, status: 'Draft', updatedAt: sql`now()` }).where(and(eq(fundTransfers.tenantId, actor.tenantId), eq(fundTransfers.id, id)));
  await writeLegs(tx, actor, id, legs);
}

export async function deleteTransfer(tx: Tx, actor: Actor, id: string): Promise<void> {
  await tx.delete(fundTransfers).where(and(eq(fundTransfers.tenantId, actor.tenantId), eq(fundTransfers.id, id)));
}

/** Divide a draft into legs (the caller has checked who may): the legs replace the old ones, audited. */
export async function divideTransfer(tx: Tx, actor: Actor, h: TransferRow, legs: readonly FundTransferLegInput[], via: 'task' | 'editor'): Promise<void> {
  const scales = await scalesOf(tx, actor);
  const before = await legsOf(tx, actor, h.id);
  const whole = { amount: h.amountMinor, amountIn: h.amountInMinor, fee: h.feeMinor, outDate: h.outDate, inDate: h.inDate };
  const divided = legsOfInput(whole, legs, scales[h.fromCurrency] ?? 2);
  await writeLegs(tx, actor, h.id, divided);
  await tx.update(fundTransfers).set({ updatedAt: sql`now()` }).where(and(eq(fundTransfers.tenantId, actor.tenantId), eq(fundTransfers.id, h.id)));
  await recordAudit(tx, actor.tenantId, actor.userId, [{
    entity: 'fundTransfer', recordId: h.id, action: 'edit',
    before: { legs: before.map((l) => ({ amount: l.amountMinor.toString(), outDate: l.outDate, inDate: l.inDate })) },
    after: { divided: via === 'task' ? 'by the approver of its open task' : 'in the editor', legs: legs.map((l) => ({ amount: l.amount, outDate: l.outDate, inDate: l.inDate })) },
  }]);
}

const shapeOf = (h: TransferRow, leg: Pick<LegRow, 'outDate' | 'inDate'>): LegShape => (h.toCompanyId !== h.companyId ? 'intercompany' : leg.outDate === leg.inDate ? 'direct' : 'transit');

const inCompany = <T extends KitScope>(scope: T, companyId: string): T => ({ ...scope, companyId });

/** The rate of a currency in a company's base on a date (1 for the base itself), or a refusal naming what is missing. */
async function rateOf(tx: Tx, base: string, currency: string, date: string): Promise<bigint> {
  const rate = (await ratesOn(tx, base, [currency], date)).get(currency);
  if (rate === undefined) throw unprocessable(`No ${currency} to ${base} exchange rate on or before ${date}: add one on /exchange-rate`);
  return rate;
}

/** The facts of each leg, accounts and rates resolved: what legEntries turns into entries. */
async function legFacts(tx: Tx, actor: Actor, h: TransferRow, legs: LegRow[], number: string): Promise<LegFacts[]> {
  const scales = await scalesOf(tx, actor);
  const from = await bankOf(tx, h.companyId, h.fromBankId, 'fromBank');
  const to = await bankOf(tx, h.toCompanyId, h.toBankId, 'toBank');
  const senderBase = h.baseCurrency;
  const receiverBase = h.toCompanyId === h.companyId ? senderBase : (await baseCurrencyOf(tx, h.toCompanyId)).currency;
  const due = h.toCompanyId === h.companyId ? null : { sender: await dueAccountsOf(tx, h.companyId, h.toCompanyId), receiver: await dueAccountsOf(tx, h.toCompanyId, h.companyId) };
  const out: LegFacts[] = [];
  for (const leg of legs) {
    const shape = shapeOf(h, leg);
    const facts: LegFacts = {
      shape, number, lineNo: leg.lineNo, amount: leg.amountMinor, amountIn: leg.amountInMinor, fee: leg.feeMinor, feeBearer: h.feeBearer, outDate: leg.outDate, inDate: leg.inDate,
      from: { bankAccount: from.account, currency: from.currency, scale: scales[from.currency] ?? 2, rate: await rateOf(tx, senderBase, from.currency, leg.outDate) },
      to: { bankAccount: to.account, currency: to.currency, scale: scales[to.currency] ?? 2, rate: await rateOf(tx, shape === 'intercompany' ? receiverBase : senderBase, to.currency, shape === 'direct' ? leg.outDate : leg.inDate) },
      senderBase: { currency: senderBase, scale: scales[senderBase] ?? 2 },
      accounts: due ? { dueFrom: due.sender.dueFromAccountId, dueTo: due.receiver.dueToAccountId } : {},
    };
    const roles = rolesOfLeg(facts);
    const diff = exchangeDifference(facts);
    const senderRoles = [...roles.sender, ...(diff > 0n ? (['exchangeLossAccount'] as const) : diff < 0n ? (['exchangeGainAccount'] as const) : [])];
    if (senderRoles.length) {
      const r = await resolvePostingAccounts(tx, inCompany(actor, h.companyId), 'Cash Management', senderRoles);
      const pick = (role: string) => (r as Record<string, { accountId: string } | undefined>)[role]?.accountId;
      facts.accounts = { ...facts.accounts, transit: pick('transitAccount'), senderCharges: pick('bankChargesAccount'), exchangeGain: pick('exchangeGainAccount'), exchangeLoss: pick('exchangeLossAccount') };
    }
    if (roles.receiverCharges) {
      const r = await resolvePostingAccounts(tx, inCompany(actor, h.toCompanyId), 'Cash Management', ['bankChargesAccount']);
      facts.accounts.receiverCharges = r.bankChargesAccount.accountId;
    }
    out.push(facts);
  }
  return out;
}

/**
 * Post: each leg's entries through the port (its company, its date), the transfer numbered and Posted.
 * `preview`: the staging of GET …/entry (rolled back by its caller): the lines name the transfer as a
 * draft, not by the number the staging took and gives back.
 */
export async function postTransfer(tx: Tx, actor: Actor, id: string, preview = false): Promise<void> {
  const h = await storedTransfer(tx, actor, id, true);
  const legs = await legsOf(tx, actor, id);
  const number = h.number ?? (await nextNumber(tx, actor, await moduleSequence(tx, actor, 'Cash Management', 'FundTransfer'), h.documentDate));
  const facts = await legFacts(tx, actor, h, legs, preview ? '(draft)' : number);
  let totalBase = 0n;
  for (const f of facts) {
    const written: Partial<Record<'out' | 'in', string>> = {};
    for (const e of legEntries(f)) {
      const scope = inCompany(actor, e.company === 'sender' ? h.companyId : h.toCompanyId);
      const posted = await postEntry(tx, scope, {
        kind: 'Standard', journalDate: e.date, description: `${e.description} · ${h.description}`, reference: h.reference ?? number,
        source: { module: 'Cash Management', documentType: 'FundTransfer', documentId: h.id }, lines: e.lines,
      });
      written[e.side] = posted.journalId;
    }
    totalBase += f.from.currency === f.senderBase.currency ? f.amount : convert(f.amount, f.from.scale, f.from.rate, f.senderBase.scale);
    await tx.update(fundTransferLegs)
      .set({ outJournalId: written.out ?? null, inJournalId: written.in ?? written.out ?? null })
      .where(and(eq(fundTransferLegs.tenantId, actor.tenantId), eq(fundTransferLegs.transferId, id), eq(fundTransferLegs.lineNo, f.lineNo)));
  }
  await tx.update(fundTransfers)
    .set({ status: 'Posted' satisfies FundTransferStatus, number, totalBaseMinor: totalBase, postedBy: actor.userId, postedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(fundTransfers.tenantId, actor.tenantId), eq(fundTransfers.id, id)));
}

/** Reverse: every entry the transfer posted is reversed through the port on `date`, each in its company. */
export async function reverseTransfer(tx: Tx, actor: Actor, id: string, date: string): Promise<void> {
  const h = await storedTransfer(tx, actor, id, true);
  const legs = await legsOf(tx, actor, id);
  for (const leg of legs) {
    if (leg.outJournalId) await reverseEntry(tx, inCompany(actor, h.companyId), leg.outJournalId, date);
    if (leg.inJournalId && leg.inJournalId !== leg.outJournalId) await reverseEntry(tx, inCompany(actor, h.toCompanyId), leg.inJournalId, date);
  }
  await tx.update(fundTransfers).set({ status: 'Reversed' satisfies FundTransferStatus, updatedAt: sql`now()` }).where(and(eq(fundTransfers.tenantId, actor.tenantId), eq(fundTransfers.id, id)));
}

/** The amount out in the sender's base on the out date (the approval thresholds), before posting. */
export async function transferBase(tx: Tx, scope: KitScope, id: string): Promise<bigint> {
  const h = await storedTransfer(tx, scope, id, false);
  if (h.fromCurrency === h.baseCurrency) return h.amountMinor;
  const scales = await scalesOf(tx, scope);
  const rate = await rateOf(tx, h.baseCurrency, h.fromCurrency, h.outDate);
  return convert(h.amountMinor, scales[h.fromCurrency] ?? 2, rate, scales[h.baseCurrency] ?? 2);
}

/** Journal numbers by id (of either company of the transfer). */
export async function journalNumbers(tx: Tx, ids: string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: journals.id, number: journals.number }).from(journals).where(inArray(journals.id, ids));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** Codes of the banks and companies a transfer names. */
export async function namesOf(tx: Tx, h: TransferRow): Promise<{ fromBank: string; toBank: string; toCompany: string }> {
  const [row] = rowsOf<{ from_bank: string; to_bank: string; to_company: string }>(
    await tx.execute(sql`select (select code from ${banks} where tenant_id = ${h.tenantId}::uuid and id = ${h.fromBankId}::uuid) as from_bank,
      (select code from ${banks} where tenant_id = ${h.tenantId}::uuid and id = ${h.toBankId}::uuid) as to_bank,
      (select code from ${companies} where tenant_id = ${h.tenantId}::uuid and company_id = ${h.toCompanyId}::uuid) as to_company`),
  );
  return { fromBank: row?.from_bank ?? '', toBank: row?.to_bank ?? '', toCompany: row?.to_company ?? '' };
}
