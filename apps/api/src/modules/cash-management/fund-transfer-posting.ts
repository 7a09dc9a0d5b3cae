import { convert, RATE_SCALE, pow10, type FeeBearer } from '@erp/contracts';
import type { EntryLine } from '../ledger/index';

/*
 * The entries of one leg of a fund transfer, built as data (no database): the service resolves the
 * accounts and rates and hands the entries to the ledger's port. Three shapes (RULES.md):
 * - direct: one company, one value date: one entry, to-bank against from-bank;
 * - transit: one company, two value dates: the out entry (transit against from-bank) on the out
 *   date, the in entry (to-bank against transit at the out entry's rate) on the in date;
 * - intercompany: the sender's entry (due-from against from-bank) on the out date in its company,
 *   the receiver's (to-bank against due-to) on the in date in its own.
 * A cross-currency leg in one company books the difference between the base values given and
 * received as a realised exchange gain or loss, so every entry balances in base; the port adds the
 * currency-exchange (trading) lines that close each currency.
 */

export const RATE_ONE = pow10(RATE_SCALE);

export type LegShape = 'direct' | 'transit' | 'intercompany';

export type LegFacts = {
  shape: LegShape;
  number: string;
  lineNo: number;
  amount: bigint;
  amountIn: bigint;
  fee: bigint;
  feeBearer: FeeBearer;
  outDate: string;
  inDate: string;
  from: { bankAccount: string; currency: string; scale: number; rate: bigint };
  to: { bankAccount: string; currency: string; scale: number; rate: bigint };
  /** The base currency of the company each side books in (the sender's for one company). */
  senderBase: { currency: string; scale: number };
  accounts: {
    /** The sender's bank charges (the receiver's when it bears the fee between companies). */
    senderCharges?: string;
    receiverCharges?: string;
    transit?: string;
    exchangeGain?: string;
    exchangeLoss?: string;
    dueFrom?: string;
    dueTo?: string;
  };
};

export type LegEntry = { side: 'out' | 'in'; company: 'sender' | 'receiver'; date: string; description: string; lines: EntryLine[] };

const need = (account: string | undefined, what: string): string => {
  if (!account) throw new Error(`a ${what} account is resolved before the leg is built`);
  return account;
};

const dr = (accountId: string, currency: string, rate: bigint, amount: bigint, description: string, lineRef: string): EntryLine => ({ accountId, currency, rate, debitMinor: amount, creditMinor: 0n, description, lineRef });
const cr = (accountId: string, currency: string, rate: bigint, amount: bigint, description: string, lineRef: string): EntryLine => ({ accountId, currency, rate, debitMinor: 0n, creditMinor: amount, description, lineRef });

/** A base amount of a line at its rate, rounded as the port rounds it. */
const baseOf = (amount: bigint, scale: number, rate: bigint, base: { currency: string; scale: number }, currency: string) =>
  currency === base.currency ? amount : convert(amount, scale, rate, base.scale);

/** The sender's posting roles a leg needs, and whether the receiving company's bank charges are needed (it bears the fee). */
export function rolesOfLeg(f: Pick<LegFacts, 'shape' | 'fee' | 'feeBearer'>): { sender: ('bankChargesAccount' | 'transitAccount')[]; receiverCharges: boolean } {
  const sender: ('bankChargesAccount' | 'transitAccount')[] = [];
  if (f.shape === 'transit') sender.push('transitAccount');
  if (f.fee > 0n && (f.feeBearer === 'Sender' || f.shape !== 'intercompany')) sender.push('bankChargesAccount');
  return { sender, receiverCharges: f.fee > 0n && f.feeBearer === 'Receiver' && f.shape === 'intercompany' };
}

/** The exchange difference of a one-company leg in the sender's base: what left minus what arrived (positive: a loss). */
export function exchangeDifference(f: LegFacts): bigint {
  if (f.shape === 'intercompany') return 0n;
  const given = baseOf(f.amount, f.from.scale, f.from.rate, f.senderBase, f.from.currency);
  const received = baseOf(f.amountIn, f.to.scale, f.to.rate, f.senderBase, f.to.currency);
  return given - received;
}

export function legEntries(f: LegFacts): LegEntry[] {
  const tag = `Fund transfer ${f.number} leg ${f.lineNo}`;
  const ref = `leg-${f.lineNo}`;
  const { from, to } = f;
  const feeLines = (bearer: FeeBearer): EntryLine[] => {
    if (f.fee === 0n || f.feeBearer !== bearer) return [];
    const side = bearer === 'Sender' ? from : to;
    const charges = bearer === 'Sender' ? need(f.accounts.senderCharges, 'bank charges') : need(f.accounts.receiverCharges ?? f.accounts.senderCharges, 'bank charges');
    return [dr(charges, side.currency, side.rate, f.fee, `${tag}: fee`, ref), cr(side.bankAccount, side.currency, side.rate, f.fee, `${tag}: fee`, ref)];
  };
  const difference = (): EntryLine[] => {
    const diff = exchangeDifference(f);
    if (diff === 0n) return [];
    const base = f.senderBase.currency;
    return diff > 0n
      ? [dr(need(f.accounts.exchangeLoss, 'exchange loss'), base, RATE_ONE, diff, `${tag}: exchange difference`, ref)]
      : [cr(need(f.accounts.exchangeGain, 'exchange gain'), base, RATE_ONE, -diff, `${tag}: exchange difference`, ref)];
  };

  if (f.shape === 'direct') {
    return [{
      side: 'out', company: 'sender', date: f.outDate, description: tag,
      lines: [cr(from.bankAccount, from.currency, from.rate, f.amount, `${tag}: out`, ref), dr(to.bankAccount, to.currency, to.rate, f.amountIn, `${tag}: in`, ref), ...feeLines('Sender'), ...feeLines('Receiver'), ...difference()],
    }];
  }
  if (f.shape === 'transit') {
    const transit = need(f.accounts.transit, 'transfer in transit');
    return [
      { side: 'out', company: 'sender', date: f.outDate, description: `${tag}: out`, lines: [cr(from.bankAccount, from.currency, from.rate, f.amount, `${tag}: out`, ref), dr(transit, from.currency, from.rate, f.amount, `${tag}: in transit`, ref), ...feeLines('Sender')] },
      { side: 'in', company: 'sender', date: f.inDate, description: `${tag}: in`, lines: [dr(to.bankAccount, to.currency, to.rate, f.amountIn, `${tag}: in`, ref), cr(transit, from.currency, from.rate, f.amount, `${tag}: in transit`, ref), ...feeLines('Receiver'), ...difference()] },
    ];
  }
  return [
    { side: 'out', company: 'sender', date: f.outDate, description: `${tag}: out`, lines: [cr(from.bankAccount, from.currency, from.rate, f.amount, `${tag}: out`, ref), dr(need(f.accounts.dueFrom, 'due-from'), from.currency, from.rate, f.amount, `${tag}: due from the receiver`, ref), ...feeLines('Sender')] },
    { side: 'in', company: 'receiver', date: f.inDate, description: `${tag}: in`, lines: [dr(to.bankAccount, to.currency, to.rate, f.amountIn, `${tag}: in`, ref), cr(need(f.accounts.dueTo, 'due-to'), to.currency, to.rate, f.amountIn, `${tag}: due to the sender`, ref), ...feeLines('Receiver')] },
  ];
}
