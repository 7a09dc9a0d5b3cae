/*
 * An invoice's totals (issue 15): each line's net, tax and gross in the currency's minor unit, the
 * invoice's totals and its tax summary. Pure: the API posts with it, the web form shows it, the
 * printed invoice sums with it; all three therefore agree to the cent.
 *
 * Exact: quantities and prices have at most 6 decimals, percents at most 6; every product is taken
 * with bigint integers and rounded ONCE, half away from zero (half up, symmetric for credit lines),
 * at the named step `roundLine`:
 * - the line amount = quantity × unit price × (1 − discount percent / 100), rounded to the minor unit;
 * - exclusive tax: net = the line amount, tax = net × rate / 100 rounded, gross = net + tax;
 * - inclusive tax: gross = the line amount, tax = gross × rate / (100 + rate) rounded, net = gross − tax;
 * - no tax rate (null): tax 0, net = gross = the line amount.
 * Totals are the sums of the rounded line figures (never rounded again), so the total of the lines
 * is the total of the invoice. The tax summary groups lines with a tax rate by their key (the line's
 * `taxKey`, e.g. its tax code, else the rate as canonical text, "20" for "20.00"), in order of first
 * appearance: taxable base (the nets) and tax. Lines without a tax rate are not in the summary.
 */
import { lineRefusal } from '../kit/refusals';
import { divRound, pow10 } from '../common/money';
import { type Decimal, canonicalDecimal, compareDecimal, decimalText, invariant, tryParseDecimal } from './decimal';

/** Most decimals of a quantity and of a unit price. */
export const INVOICE_QUANTITY_SCALE = 6;
export const INVOICE_PRICE_SCALE = 6;
/** Most decimals of a discount percent and of a tax rate percent (the tax entity keeps 4). */
export const INVOICE_PERCENT_SCALE = 6;

export type InvoiceLineInput = {
  /** Decimal string, may be negative (a credit line). */
  quantity: string | number;
  /** Decimal string, may be negative. */
  unitPrice: string | number;
  /** Percent from 0 to 100, or empty for none. */
  discountPercent?: string | number | null;
  /** Tax rate percent (>= 0), or empty for a line without tax. */
  taxRate?: string | number | null;
  /** True when the line amount includes its tax. */
  taxInclusive: boolean;
  /** The tax summary's key for this line (its tax code); the canonical rate when absent. */
  taxKey?: string | null;
};

export type InvoiceLineTotals = { netMinor: bigint; taxMinor: bigint; grossMinor: bigint };
export type TaxSummaryRow = { key: string; baseMinor: bigint; taxMinor: bigint };
export type InvoiceTotals = InvoiceLineTotals & { lines: InvoiceLineTotals[]; taxSummary: TaxSummaryRow[] };

function read(value: string | number | null | undefined, scale: number, what: string, lineNo: number, required: boolean): Decimal | null {
  const text = decimalText(value);
  if (text === null) {
    if (required) throw new Error(lineRefusal(lineNo, `the ${what} is missing`));
    return null;
  }
  const parsed = tryParseDecimal(text, scale);
  if (!parsed) throw new Error(lineRefusal(lineNo, `the ${what} ${JSON.stringify(text)} is not a number with at most ${scale} decimals`));
  return parsed;
}

function checkMinorDigits(minorDigits: number): void {
  if (!Number.isInteger(minorDigits) || minorDigits < 0 || minorDigits > 8) throw new Error('The currency\'s minor digits must be a whole number from 0 to 8');
}

/** A line's parsed figures, checked: the discount from 0 to 100, the tax rate at least 0. */
function readLine(line: InvoiceLineInput, lineNo: number) {
  const quantity = read(line.quantity, INVOICE_QUANTITY_SCALE, 'quantity', lineNo, true)!;
  const unitPrice = read(line.unitPrice, INVOICE_PRICE_SCALE, 'unit price', lineNo, true)!;
  const discount = read(line.discountPercent, INVOICE_PERCENT_SCALE, 'discount percent', lineNo, false);
  if (discount && (discount.units < 0n || compareDecimal(discount, 100n) > 0)) throw new Error(lineRefusal(lineNo, 'the discount percent must be from 0 to 100'));
  const rate = read(line.taxRate, INVOICE_PERCENT_SCALE, 'tax rate', lineNo, false);
  if (rate && rate.units < 0n) throw new Error(lineRefusal(lineNo, 'the tax rate must be at least 0'));
  return { quantity, unitPrice, discount, rate };
}

/**
 * The named rounding step of an invoice line: its net, tax and gross in minor units, each product
 * taken exactly and rounded once (see the head of this file). `lineNo` (from 1) names the line in
 * refusals of bad input.
 */
export function roundLine(line: InvoiceLineInput, minorDigits: number, lineNo = 1): InvoiceLineTotals {
  checkMinorDigits(minorDigits);
  const { quantity, unitPrice, discount, rate } = readLine(line, lineNo);
  const d = discount ?? { units: 0n, scale: 0 };
  // quantity × price × (100 − discount) / 100, exactly, as numerator / denominator.
  const numerator = quantity.units * unitPrice.units * (100n * pow10(d.scale) - d.units) * pow10(minorDigits);
  const denominator = pow10(quantity.scale + unitPrice.scale + d.scale) * 100n;
  const amount = divRound(numerator, denominator);
  let result: InvoiceLineTotals;
  if (!rate) {
    result = { netMinor: amount, taxMinor: 0n, grossMinor: amount };
  } else if (line.taxInclusive) {
    const tax = divRound(amount * rate.units, 100n * pow10(rate.scale) + rate.units);
    result = { netMinor: amount - tax, taxMinor: tax, grossMinor: amount };
  } else {
    const tax = divRound(amount * rate.units, 100n * pow10(rate.scale));
    result = { netMinor: amount, taxMinor: tax, grossMinor: amount + tax };
  }
  invariant(result.netMinor + result.taxMinor === result.grossMinor, 'a line\'s gross is its net plus its tax');
  invariant(result.taxMinor === 0n || (result.taxMinor < 0n) === (result.grossMinor < 0n), 'a line\'s tax has the sign of its amount');
  return result;
}

/** The tax summary key of a line: its `taxKey`, else its rate as canonical text; null without a tax rate. */
export function taxSummaryKey(line: InvoiceLineInput): string | null {
  const text = decimalText(line.taxRate);
  if (text === null) return null;
  if (line.taxKey !== null && line.taxKey !== undefined && line.taxKey !== '') return line.taxKey;
  const rate = tryParseDecimal(text, INVOICE_PERCENT_SCALE);
  return rate ? canonicalDecimal(rate) : text;
}

/** Every line rounded once (`roundLine`), the totals as sums of the rounded lines, and the tax summary. */
export function invoiceTotals(lines: readonly InvoiceLineInput[], minorDigits: number): InvoiceTotals {
  checkMinorDigits(minorDigits);
  const rounded = lines.map((line, i) => roundLine(line, minorDigits, i + 1));
  const sum = (pick: (l: InvoiceLineTotals) => bigint) => rounded.reduce((s, l) => s + pick(l), 0n);
  const totals = { netMinor: sum((l) => l.netMinor), taxMinor: sum((l) => l.taxMinor), grossMinor: sum((l) => l.grossMinor) };
  invariant(totals.netMinor + totals.taxMinor === totals.grossMinor, 'the invoice\'s gross is its net plus its tax');

  const summary = new Map<string, TaxSummaryRow>();
  lines.forEach((line, i) => {
    const key = taxSummaryKey(line);
    if (key === null) return;
    const row = summary.get(key) ?? { key, baseMinor: 0n, taxMinor: 0n };
    row.baseMinor += rounded[i]!.netMinor;
    row.taxMinor += rounded[i]!.taxMinor;
    summary.set(key, row);
  });
  const taxSummary = [...summary.values()];
  invariant(taxSummary.reduce((s, r) => s + r.taxMinor, 0n) === totals.taxMinor, 'the tax summary sums to the invoice\'s tax');
  return { lines: rounded, ...totals, taxSummary };
}
