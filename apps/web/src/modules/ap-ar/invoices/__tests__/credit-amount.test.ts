// Proves the amount of a credit note is refused on its input when it cannot be used: not an amount of the currency, zero, or more than is left to credit on the invoice (its gross less the credit notes applied to it).
import { describe, expect, it } from 'vitest';
import { creditAmountProblem, leftToCredit } from '../InvoicePages';

describe('the amount to credit', () => {
  const invoice = { totalGross: '295.00', credits: [{ creditNote: '10000000-0000-4000-8000-000000000001', number: 'VC1', amount: '147.50' }] };
  it('is at most what is left to credit', () => {
    const left = leftToCredit(invoice, 2);
    expect(left).toBe(14750n);
    expect(creditAmountProblem('', left, 2, 'USD')).toBeUndefined();
    expect(creditAmountProblem('147.50', left, 2, 'USD')).toBeUndefined();
    expect(creditAmountProblem('147.51', left, 2, 'USD')).toBe('At most 147.50 USD is left to credit on this invoice');
    expect(creditAmountProblem('0', left, 2, 'USD')).toBe('The amount must be more than zero');
    expect(creditAmountProblem('1.234', left, 2, 'USD')).toBe('Type an amount with at most 2 decimals');
    expect(creditAmountProblem('abc', left, 2, 'USD')).toBe('Type an amount with at most 2 decimals');
  });
});
