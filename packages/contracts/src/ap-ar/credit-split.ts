/*
 * A credit note for an amount, spread over the invoice the way the invoice was made: each group of
 * its lines (account, tax code, dimensions) takes its share of the amount in proportion to its gross,
 * rounded once to the currency's minor unit (half away from zero), the last group taking what is left,
 * so the shares add up to the amount exactly. Each share becomes one line priced tax included: its
 * tax is the tax code's part of that share, so the tax report and the tax accounts keep tying out.
 */
import { divRound, formatMoney, parseMoney } from '../common/money';
import type { InvoiceLineView } from './invoices';

export type CreditShare = {
  account: string | null;
  accountCode: string | null;
  tax: string | null;
  taxCode: string | null;
  dimensions: Record<string, string>;
  /** The share of the amount, tax included, in minor units. */
  grossMinor: bigint;
  /** The same as a decimal text (the line's unit price, tax included). */
  gross: string;
};

type SplitLine = Pick<InvoiceLineView, 'account' | 'accountCode' | 'tax' | 'taxCode' | 'dimensions' | 'gross'>;

const keyOf = (l: SplitLine) => JSON.stringify([l.account, l.tax, Object.entries(l.dimensions).sort(([a], [b]) => a.localeCompare(b))]);

/**
 * The shares of `amountMinor` over the invoice's lines grouped by account, tax code and dimensions,
 * in the order the groups first appear; groups of no positive gross take none. Empty when nothing
 * can take a share (no line with a positive gross, or an amount of zero or less).
 */
export function splitCreditAmount(lines: readonly SplitLine[], amountMinor: bigint, scale: number): CreditShare[] {
  const groups = new Map<string, Omit<CreditShare, 'grossMinor' | 'gross'> & { invoiceGross: bigint }>();
  for (const l of lines) {
    const key = keyOf(l);
    const g = groups.get(key) ?? { account: l.account, accountCode: l.accountCode, tax: l.tax, taxCode: l.taxCode, dimensions: l.dimensions, invoiceGross: 0n };
    g.invoiceGross += parseMoney(l.gross, scale);
    groups.set(key, g);
  }
  const taking = [...groups.values()].filter((g) => g.invoiceGross > 0n);
  const total = taking.reduce((s, g) => s + g.invoiceGross, 0n);
  if (taking.length === 0 || amountMinor <= 0n) return [];
  const shares = (round: (n: bigint, d: bigint) => bigint) => {
    let given = 0n;
    return taking.map(({ invoiceGross }, index) => {
      const share = index === taking.length - 1 ? amountMinor - given : round(amountMinor * invoiceGross, total);
      given += share;
      return share;
    });
  };
  // Rounded half away from zero; should the rounding of many small groups leave the last less than
  // nothing, each is rounded down instead (the last then takes at least its own share).
  const rounded = shares(divRound);
  const minor = rounded[rounded.length - 1]! < 0n ? shares((n, d) => n / d) : rounded;
  return taking
    .map(({ invoiceGross: _, ...g }, index) => ({ ...g, grossMinor: minor[index]!, gross: formatMoney(minor[index]!, scale) }))
    .filter((share) => share.grossMinor !== 0n);
}
