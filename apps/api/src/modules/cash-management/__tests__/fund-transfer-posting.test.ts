// The entries of a fund transfer's leg, as data: for random amounts, rates, fees and value dates
// every entry balances in base (each line at its rate, rounded as the port rounds it, the exchange
// difference booked), the transit account clears, and the three shapes book what RULES.md says.
import { describe, expect, it } from 'vitest';
import { convert, RATE_SCALE, shareLegs } from '@erp/contracts';
import { legEntries, RATE_ONE, type LegFacts } from '../fund-transfer-posting';

const A = { fromBank: 'bank-from', toBank: 'bank-to', transit: 'transit', charges: 'charges', gain: 'gain', loss: 'loss', dueFrom: 'due-from', dueTo: 'due-to' };
const BASE = { currency: 'USD', scale: 2 };

/** A seeded pseudo-random generator (the test is the same on every run). */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function facts(r: () => number, shape: LegFacts['shape']): LegFacts {
  const cross = r() < 0.6;
  const amount = BigInt(1 + Math.floor(r() * 10_000_000));
  const rateOut = cross ? BigInt(Math.floor((0.5 + r()) * 10 ** RATE_SCALE)) : RATE_ONE;
  const rateIn = cross ? BigInt(Math.floor((0.5 + r()) * 10 ** RATE_SCALE)) : RATE_ONE;
  const amountIn = cross ? BigInt(Math.floor(Number(amount) * (0.5 + r()))) + 1n : amount;
  return {
    shape, number: 'FT1', lineNo: 1, amount, amountIn, fee: r() < 0.5 ? BigInt(Math.floor(r() * 5000)) : 0n, feeBearer: r() < 0.5 ? 'Sender' : 'Receiver',
    outDate: '2026-03-02', inDate: shape === 'direct' ? '2026-03-02' : '2026-03-04',
    from: { bankAccount: A.fromBank, currency: cross ? 'EUR' : 'USD', scale: 2, rate: cross ? rateOut : RATE_ONE },
    to: { bankAccount: A.toBank, currency: cross ? 'GBP' : 'USD', scale: 2, rate: cross ? rateIn : RATE_ONE },
    senderBase: BASE,
    accounts: { senderCharges: A.charges, receiverCharges: A.charges, transit: A.transit, exchangeGain: A.gain, exchangeLoss: A.loss, dueFrom: A.dueFrom, dueTo: A.dueTo },
  };
}

const baseOf = (l: { currency: string; rate?: bigint; debitMinor: bigint; creditMinor: bigint }) => (l.currency === BASE.currency ? l.debitMinor - l.creditMinor : convert(l.debitMinor - l.creditMinor, 2, l.rate!, BASE.scale));

describe('the entries of a fund transfer leg', () => {
  // Between companies each entry is in one currency of its company: checked in base here with the sender's rates.
  it('balance in base for every shape, amount, rate and fee', () => {
    const r = rng(17);
    for (let i = 0; i < 600; i++) {
      const shape = (['direct', 'transit', 'intercompany'] as const)[i % 3]!;
      const f = facts(r, shape);
      const entries = legEntries(f);
      expect(entries).toHaveLength(shape === 'direct' ? 1 : 2);
      for (const e of entries) expect(e.lines.reduce((s, l) => s + baseOf(l), 0n), `${shape} ${e.side} #${i}`).toBe(0n);
      if (shape === 'transit') {
        const transit = entries.flatMap((e) => e.lines).filter((l) => l.accountId === A.transit);
        expect(transit.reduce((s, l) => s + l.debitMinor - l.creditMinor, 0n)).toBe(0n);
        expect(transit.reduce((s, l) => s + baseOf(l), 0n)).toBe(0n);
        expect(entries.map((e) => e.date)).toEqual(['2026-03-02', '2026-03-04']);
      }
      if (shape === 'intercompany') expect(entries.map((e) => e.company)).toEqual(['sender', 'receiver']);
    }
  });

  it('books a one-currency direct leg as to-bank against from-bank and nothing else', () => {
    const f = facts(() => 0.9, 'direct');
    const same = { ...f, from: { ...f.from, currency: 'USD', rate: RATE_ONE }, amountIn: f.amount, fee: 0n };
    expect(legEntries(same)[0]!.lines.map((l) => [l.accountId, l.debitMinor, l.creditMinor])).toEqual([[A.fromBank, 0n, f.amount], [A.toBank, f.amount, 0n]]);
  });

  it('shares the amount in and the fee among legs so they add up to the whole', () => {
    const r = rng(5);
    for (let i = 0; i < 300; i++) {
      const whole = { amount: BigInt(2 + Math.floor(r() * 1e7)), amountIn: BigInt(Math.floor(r() * 1e7)), fee: BigInt(Math.floor(r() * 1e4)) };
      const n = 2 + Math.floor(r() * 5);
      const cuts = Array.from({ length: n - 1 }, () => BigInt(Math.floor(r() * Number(whole.amount)))).sort((a, b) => (a < b ? -1 : 1));
      const amounts = [...cuts, whole.amount].map((c, k, all) => c - (k === 0 ? 0n : all[k - 1]!));
      const legs = shareLegs(whole, amounts);
      expect(legs.reduce((s, l) => s + l.amount, 0n)).toBe(whole.amount);
      expect(legs.reduce((s, l) => s + l.amountIn, 0n)).toBe(whole.amountIn);
      expect(legs.reduce((s, l) => s + l.fee, 0n)).toBe(whole.fee);
      expect(legs.every((l) => l.amountIn >= 0n && l.fee >= 0n)).toBe(true);
    }
  });
});
