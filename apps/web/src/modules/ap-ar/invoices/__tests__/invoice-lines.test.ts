// The invoice editor's pure parts: the live figures are contracts' invoiceTotals (what the server posts), the due dates are
// the term's dueSchedule, typed due dates must add up to the gross, and the body carries exactly what is on screen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteInputSchema, invoiceInputSchema, invoiceTotals, type InvoiceView, type PaymentTermRule } from '@erp/contracts';
import {
  amountCreditLines,
  buildCreditNoteInput,
  buildInvoiceInput,
  emptyHeader,
  emptyInvoiceLine,
  instalmentProblem,
  isBlankInvoiceLine,
  lineFigures,
  linesFromView,
  liveTotals,
  plainDecimal,
  sentLineNumbers,
  termInstalments,
  type TaxRate,
} from '../invoice-lines';

const PARTY = '11111111-1111-4111-8111-111111111111';
const ACCOUNT = '22222222-2222-4222-8222-222222222222';
const VAT20 = '33333333-3333-4333-8333-333333333333';
const VAT10 = '44444444-4444-4444-8444-444444444444';
const taxes = new Map<string, TaxRate>([
  [VAT20, { code: 'VAT20', rate: '20' }],
  [VAT10, { code: 'VAT10', rate: '10' }],
]);

const net30: PaymentTermRule = { code: 'NET30', basis: 'Net days', days: 30, instalments: [], discountBase: 'Including tax' };
const split: PaymentTermRule = {
  code: 'S3070',
  basis: 'Net days',
  days: 30,
  instalments: [
    { percent: '30', basis: 'Net days', days: 30 },
    { percent: '70', basis: 'Net days', days: 60 },
  ],
  discountPercent: '2',
  discountDays: 10,
  discountBase: 'Including tax',
};

describe('live totals', () => {
  it('two tax rates: each line rounded once, the tax summary per code (the textbook invoice of e2e 12)', () => {
    const lines = [
      emptyInvoiceLine({ account: ACCOUNT, quantity: '2', unitPrice: '100', tax: VAT20 }),
      emptyInvoiceLine({ account: ACCOUNT, quantity: '1', unitPrice: '50', tax: VAT10 }),
      emptyInvoiceLine(),
    ];
    const live = liveTotals(lines, taxes, 2);
    expect(live.totals).toMatchObject({ netMinor: 25000n, taxMinor: 4500n, grossMinor: 29500n });
    expect(live.totals.taxSummary).toEqual([
      { key: 'VAT20', baseMinor: 20000n, taxMinor: 4000n },
      { key: 'VAT10', baseMinor: 5000n, taxMinor: 500n },
    ]);
    expect(live.lines[2]).toBeUndefined();
    expect(live.unreadable).toEqual([]);
  });

  it('an inclusive price takes the tax out of it; a discount applies before the tax', () => {
    const inclusive = lineFigures(emptyInvoiceLine({ unitPrice: '120', tax: VAT20, taxInclusive: true }), taxes, 2);
    expect(inclusive).toEqual({ ok: true, totals: { netMinor: 10000n, taxMinor: 2000n, grossMinor: 12000n } });
    const discounted = lineFigures(emptyInvoiceLine({ quantity: '3', unitPrice: '9.99', discountPercent: '10', tax: VAT20 }), taxes, 2);
    // 3 × 9.99 × 0.9 = 26.973 → 26.97; tax 5.394 → 5.39.
    expect(discounted).toEqual({ ok: true, totals: { netMinor: 2697n, taxMinor: 539n, grossMinor: 3236n } });
  });

  it('a line that does not read is not counted and says why', () => {
    const live = liveTotals([emptyInvoiceLine({ unitPrice: '12,50' }), emptyInvoiceLine({ unitPrice: '5', discountPercent: '120' }), emptyInvoiceLine({ unitPrice: '7' })], taxes, 2);
    expect(live.unreadable).toEqual([1, 2]);
    expect(live.totals.grossMinor).toBe(700n);
    expect(live.lines[0]).toMatchObject({ ok: false, problem: expect.stringContaining('unit price') });
    expect(live.lines[1]).toMatchObject({ ok: false, problem: expect.stringContaining('discount') });
  });

  it('property: the screen total is the contract total of the lines sent, so the editor and the entry agree to the cent', () => {
    const amount = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 })).map(([u, c]) => `${u}.${String(c).padStart(2, '0')}`);
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 50 }).map(String),
      unitPrice: amount,
      discountPercent: fc.constantFrom('', '5', '12.5'),
      tax: fc.constantFrom(null, VAT20, VAT10),
      taxInclusive: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (cells) => {
        const lines = cells.map((c) => emptyInvoiceLine({ ...c, account: ACCOUNT }));
        const live = liveTotals(lines, taxes, 2);
        const body = buildInvoiceInput({ ...emptyHeader('2026-03-01'), party: PARTY, description: 'x' }, lines, null);
        expect(invoiceInputSchema.safeParse(body).success).toBe(true);
        const server = invoiceTotals(
          body.lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent ?? null, taxRate: l.tax ? taxes.get(l.tax)!.rate : null, taxInclusive: l.taxInclusive, taxKey: l.tax ? taxes.get(l.tax)!.code : null })),
          2,
        );
        expect(live.totals.grossMinor).toBe(server.grossMinor);
        expect(live.totals.taxSummary).toEqual(server.taxSummary);
        expect(live.totals.netMinor + live.totals.taxMinor).toBe(live.totals.grossMinor);
      }),
    );
  });
});

describe('due dates', () => {
  it('net 30 from 31 January is 2 March in a common year', () => {
    expect(termInstalments(net30, '2026-01-31', { grossMinor: 29500n, taxMinor: 4500n }, 2)).toEqual([{ dueDate: '2026-03-02', amount: '295.00', discountDate: '', discountAmount: '' }]);
  });

  it('30/70 instalments with a 2 % discount spread over them, the amounts adding up to the gross', () => {
    const rows = termInstalments(split, '2026-01-01', { grossMinor: 10001n, taxMinor: 0n }, 2);
    expect(rows.map((r) => [r.dueDate, r.amount, r.discountDate, r.discountAmount])).toEqual([
      ['2026-01-31', '30.00', '2026-01-11', '0.60'],
      ['2026-03-02', '70.01', '2026-01-11', '1.40'],
    ]);
    expect(instalmentProblem(rows, 10001n, 2)).toBeUndefined();
  });

  it('no term or no date: no rows (the server computes them)', () => {
    expect(termInstalments(undefined, '2026-01-01', { grossMinor: 100n, taxMinor: 0n }, 2)).toEqual([]);
    expect(termInstalments(net30, '', { grossMinor: 100n, taxMinor: 0n }, 2)).toEqual([]);
  });

  it('typed due dates must add up to the gross, with dates and amounts that read', () => {
    const rows = [
      { dueDate: '2026-02-01', amount: '100.00', discountDate: '', discountAmount: '' },
      { dueDate: '2026-03-01', amount: '195.00', discountDate: '', discountAmount: '' },
    ];
    expect(instalmentProblem(rows, 29500n, 2)).toBeUndefined();
    expect(instalmentProblem(rows, 29600n, 2)).toBe('the due amounts add up to 295.00, not the total 296.00');
    expect(instalmentProblem([{ ...rows[0]!, dueDate: '' }], 10000n, 2)).toBe('due date 1: please supply the date');
    expect(instalmentProblem([{ ...rows[0]!, amount: 'abc' }], 10000n, 2)).toBe('due date 1: the amount must be a positive amount');
  });
});

describe('the body', () => {
  it('leaves blank lines and empty cells out, sends typed due dates only, and numbers the sent lines as the grid shows them', () => {
    const lines = [emptyInvoiceLine(), emptyInvoiceLine({ account: ACCOUNT, description: ' Toner ', unitPrice: '10', tax: VAT20 }), emptyInvoiceLine({ unitPrice: '5', quantity: '' })];
    const header = { ...emptyHeader('2026-03-01'), party: PARTY, description: ' Supplies ', currency: 'eur', partyDocumentNumber: 'A-1' };
    const body = buildInvoiceInput(header, lines, null);
    expect(body).toEqual({
      kind: 'Invoice',
      party: PARTY,
      documentDate: '2026-03-01',
      description: 'Supplies',
      currency: 'EUR',
      partyDocumentNumber: 'A-1',
      lines: [
        { account: ACCOUNT, description: 'Toner', quantity: '1', unitPrice: '10', tax: VAT20, taxInclusive: false },
        { quantity: '1', unitPrice: '5', taxInclusive: false },
      ],
    });
    expect(invoiceInputSchema.safeParse(body).success).toBe(true);
    expect(sentLineNumbers(lines)).toEqual([2, 3]);
    expect(isBlankInvoiceLine(lines[0]!)).toBe(true);
    const typed = buildInvoiceInput(header, lines, [{ dueDate: '2026-04-01', amount: '17.00', discountDate: '', discountAmount: '' }]);
    expect(typed.instalments).toEqual([{ dueDate: '2026-04-01', amount: '17.00' }]);
  });

  it('a full reversal names its invoice and sends no lines; a credit note of an amount is one line, tax included', () => {
    const invoice = { lines: [{ lineNo: 1, account: ACCOUNT, accountCode: '6200', description: 'x', quantity: '2.000000', unitPrice: '100.0000', discountPercent: '0.0000', tax: VAT20, taxCode: 'VAT20', taxInclusive: false, dimensions: {}, net: '200.00', taxAmount: '40.00', gross: '240.00' }] } as Pick<InvoiceView, 'lines'>;
    const header = { ...emptyHeader('2026-03-02'), party: PARTY, description: 'Credit', invoice: '55555555-5555-4555-8555-555555555555' };
    const reversal = buildCreditNoteInput('Reversal', header, linesFromView(invoice));
    expect(reversal.lines).toEqual([]);
    expect(creditNoteInputSchema.safeParse(reversal).success).toBe(true);
    const [line] = amountCreditLines(invoice, '147.50', 'Half', 2);
    expect(liveTotals([line!], taxes, 2).totals.grossMinor).toBe(14750n);
    const note = buildCreditNoteInput('CreditNote', header, [line!]);
    expect(note.lines).toEqual([{ account: ACCOUNT, description: 'Half', quantity: '1', unitPrice: '147.50', tax: VAT20, taxInclusive: true }]);
    expect(creditNoteInputSchema.safeParse(note).success).toBe(true);
    expect(linesFromView(invoice)[0]).toMatchObject({ quantity: '2', unitPrice: '100', discountPercent: '' });
  });

  it('a credit note of an amount spreads it over the tax codes in proportion, the lines adding up to the amount and each tax its share', () => {
    const row = (lineNo: number, tax: string, taxCode: string, net: string, taxAmount: string, gross: string) => ({ lineNo, account: ACCOUNT, accountCode: '6200', description: 'x', quantity: '1', unitPrice: net, discountPercent: '0', tax, taxCode, taxInclusive: false, dimensions: {}, net, taxAmount, gross });
    // 240.00 at VAT20 and 110.00 at VAT10: 100.00 splits 68.57 / 31.43.
    const invoice = { lines: [row(1, VAT20, 'VAT20', '200.00', '40.00', '240.00'), row(2, VAT10, 'VAT10', '100.00', '10.00', '110.00')] } as Pick<InvoiceView, 'lines'>;
    const lines = amountCreditLines(invoice, '100', 'Credit', 2);
    expect(lines.map((l) => [l.tax, l.unitPrice, l.taxInclusive, l.description])).toEqual([[VAT20, '68.57', true, 'Credit (VAT20)'], [VAT10, '31.43', true, 'Credit (VAT10)']]);
    const live = liveTotals(lines, taxes, 2);
    expect(live.totals.grossMinor).toBe(10000n);
    expect(live.lines.map((f) => (f?.ok ? [f.totals.netMinor, f.totals.taxMinor] : f?.problem))).toEqual([[5714n, 1143n], [2857n, 286n]]);
    // An amount that does not read stays one line, for the grid to mark.
    expect(amountCreditLines(invoice, '12.345', 'Credit', 2).map((l) => l.unitPrice)).toEqual(['12.345']);
  });

  it('plainDecimal drops trailing zeros only after a point', () => {
    expect(plainDecimal('2.000000')).toBe('2');
    expect(plainDecimal('12.5000')).toBe('12.5');
    expect(plainDecimal('100')).toBe('100');
  });
});
