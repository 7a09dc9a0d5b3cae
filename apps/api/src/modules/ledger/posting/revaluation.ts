import { convert, type PartyType } from '@erp/contracts';
import type { ExactLine } from './posting.service';

/*
 * How foreign-currency balances become one unrealised revaluation entry (pure; invariants asserted), for
 * every module that revalues: payables and receivables (each party's balance on its control account) and
 * cash management (each bank's balance on its GL account). Each balance is one holder's on one account in
 * one currency, as the ledger holds it on the period end: its amount in the currency and what it carries in
 * base (both debit positive). At the day's spot rate it is worth `convert(balance)` in base (rounded half
 * up once, as every conversion); the difference to what it carries goes on the account as a base-only
 * line (naming the party when the holder is one; no amount in the currency: the holder has the same in
 * its currency), and against it, per account and currency, a base-only line on the exchange gain account
 * (a positive difference: an asset worth more or a liability worth less) or the loss account. So the entry
 * balances in base and moves nothing in any currency, and after it each balance carries exactly its
 * revalued base.
 */

export type RevaluedBalance = {
  /** Who holds the balance: a party (named on its line) or a bank (its GL account's line names no party). */
  holderId: string;
  accountId: string;
  currency: string;
  balanceMinor: bigint;
  carryingBaseMinor: bigint;
  /** The holder's exchange gain and loss accounts (for a party: its profile, then its group's, then the module default). */
  gainAccountId: string | null;
  lossAccountId: string | null;
};

export type RevaluationPlan = {
  lines: (RevaluedBalance & { rate: bigint; revaluedBaseMinor: bigint; differenceMinor: bigint })[];
  entry: ExactLine[];
  gainMinor: bigint;
  lossMinor: bigint;
  /** Balances whose difference needs an exchange account the holder's profiles lack: the caller refuses. */
  missing: { holderId: string; gain: boolean }[];
};

function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Revaluation invariant broken: ${message}`);
}

const baseLine = (accountId: string, currency: string, rate: bigint, base: bigint, party: { type: PartyType; id: string } | null, description: string): ExactLine => ({
  accountId, currency, rate, debitMinor: 0n, creditMinor: 0n,
  baseDebitMinor: base > 0n ? base : 0n, baseCreditMinor: base < 0n ? -base : 0n,
  party, lineRef: 'revaluation', description,
});

/**
 * Plans the revaluation of `balances` at `rates` (base units per unit at RATE_SCALE, per currency).
 * Balances whose difference is zero are left out; a missing rate or account is the caller's to refuse
 * before (this asserts).
 */
export function planRevaluation(
  balances: readonly RevaluedBalance[],
  rates: ReadonlyMap<string, bigint>,
  scales: Readonly<Record<string, number>>,
  baseCurrency: string,
  /** The type of party the holders are (their lines name them), or null: the holders are not parties. */
  partyType: PartyType | null,
  describe: (what: 'balance' | 'gain' | 'loss', currency: string) => string,
): RevaluationPlan {
  const baseScale = scales[baseCurrency] ?? 2;
  const lines: RevaluationPlan['lines'] = [];
  const counters = new Map<string, { accountId: string; currency: string; rate: bigint; base: bigint; gain: boolean }>();
  let gainMinor = 0n;
  let lossMinor = 0n;
  const missing: RevaluationPlan['missing'] = [];
  for (const b of balances) {
    invariant(b.currency !== baseCurrency, 'only foreign currencies are revalued');
    const rate = rates.get(b.currency);
    invariant(rate !== undefined, `a rate for ${b.currency}`);
    const revalued = convert(b.balanceMinor, scales[b.currency] ?? 2, rate, baseScale);
    const difference = revalued - b.carryingBaseMinor;
    if (difference === 0n) continue;
    const gain = difference > 0n;
    const counterAccount = gain ? b.gainAccountId : b.lossAccountId;
    if (!counterAccount) {
      missing.push({ holderId: b.holderId, gain });
      continue;
    }
    lines.push({ ...b, rate, revaluedBaseMinor: revalued, differenceMinor: difference });
    if (gain) gainMinor += difference;
    else lossMinor -= difference;
    const key = `${counterAccount}|${b.currency}`;
    const c = counters.get(key) ?? { accountId: counterAccount, currency: b.currency, rate, base: 0n, gain };
    c.base -= difference;
    counters.set(key, c);
  }
  const entry: ExactLine[] = [
    ...lines.map((l) => baseLine(l.accountId, l.currency, l.rate, l.differenceMinor, partyType ? { type: partyType, id: l.holderId } : null, describe('balance', l.currency))),
    // An account may take both gains and losses (one account for both): its lines per currency net.
    ...[...counters.values()].filter((c) => c.base !== 0n).map((c) => baseLine(c.accountId, c.currency, c.rate, c.base, null, describe(c.base < 0n ? 'gain' : 'loss', c.currency))),
  ];
  invariant(entry.reduce((s, l) => s + l.baseDebitMinor - l.baseCreditMinor, 0n) === 0n, 'the entry balances in base');
  invariant(entry.every((l) => l.debitMinor === 0n && l.creditMinor === 0n), 'no line moves an amount in its currency');
  invariant(lines.every((l) => l.carryingBaseMinor + l.differenceMinor === l.revaluedBaseMinor), 'each balance carries its revalued base after the entry');
  return { lines, entry, gainMinor, lossMinor, missing };
}
