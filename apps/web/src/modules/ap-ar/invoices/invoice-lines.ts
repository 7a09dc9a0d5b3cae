/*
 * The invoice editor's pure model (issue 15), for either face and for credit notes alike: the grid's
 * lines as typed text, the live totals (contracts' `invoiceTotals`, the function the server posts
 * with, so the screen and the entry agree to the cent), the due dates from the party's payment term
 * (contracts' `dueSchedule`), and the request body built from what is on screen.
 */
import {
  AMOUNT_PATTERN,
  dueSchedule,
  formatMoney,
  invoiceTotals,
  parseMoney,
  roundLine,
  splitCreditAmount,
  type CreditNoteInput,
  type CreditNoteKind,
  type CreditNoteView,
  type InstalmentInput,
  type InvoiceInput,
  type InvoiceLineTotals,
  type InvoiceTotals,
  type InvoiceView,
  type PaymentTermRule,
} from '@erp/contracts';

export type InvoiceGridLine = {
  /** Stable identity of the row (React key, focus target). */
  key: string;
  account: string | null;
  /** 'CODE · Name' of the chosen account. */
  accountLabel: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  /** The tax code's id, or null for none. */
  tax: string | null;
  /** The unit price includes the tax. */
  taxInclusive: boolean;
  dimensions: Readonly<Record<string, string>>;
};

/** A decimal as the server gives it ('2.000000') without its trailing zeros ('2'). */
export const plainDecimal = (text: string): string => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** The header as the form holds it: text, '' for empty. */
export type InvoiceHeader = {
  party: string;
  documentDate: string;
  postingDate: string;
  currency: string;
  rate: string;
  partyDocumentNumber: string;
  reference: string;
  description: string;
  /** Credit notes: the invoice credited ('' for a standalone credit note). */
  invoice: string;
};

/** A due date as the form holds it (text amounts in the document's currency). */
export type InstalmentRow = { dueDate: string; amount: string; discountDate: string; discountAmount: string };

/** A tax code the lines may name: its code (the summary's key) and rate percent. */
export type TaxRate = { code: string; rate: string };

let sequence = 0;
export const newLineKey = (): string => `inv-line-${(sequence += 1)}`;

export function emptyInvoiceLine(patch: Partial<InvoiceGridLine> = {}): InvoiceGridLine {
  return { key: newLineKey(), account: null, accountLabel: '', description: '', quantity: '1', unitPrice: '', discountPercent: '', tax: null, taxInclusive: false, dimensions: {}, ...patch };
}

/** A line nobody has started: no account, no price, no text (the quantity starts at 1). Blank lines are not sent. */
export function isBlankInvoiceLine(line: InvoiceGridLine): boolean {
  return !line.account && line.unitPrice.trim() === '' && line.description.trim() === '';
}

export const emptyHeader = (today: string): InvoiceHeader => ({ party: '', documentDate: today, postingDate: '', currency: '', rate: '', partyDocumentNumber: '', reference: '', description: '', invoice: '' });

/** The figures of one line, or why they cannot be computed (the text that does not read). */
export type LineFigures = { ok: true; totals: InvoiceLineTotals } | { ok: false; problem: string };

const QUANTITY = /^\d{1,12}(\.\d{1,6})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;

/** Why a line's cells cannot be sent as typed (the contract's rules), or undefined. */
export function lineProblem(line: InvoiceGridLine): string | undefined {
  const quantity = line.quantity.trim() || '1';
  if (!QUANTITY.test(quantity) || !/[1-9]/.test(quantity)) return 'the quantity must be more than zero, with at most 6 decimals';
  const price = line.unitPrice.trim();
  if (price === '') return 'please supply the unit price';
  if (!AMOUNT_PATTERN.test(price)) return 'the unit price must be a positive amount with at most 4 decimals';
  const discount = line.discountPercent.trim();
  if (discount !== '' && (!PERCENT.test(discount) || Number(discount) > 100)) return 'the discount must be a percent from 0 to 100';
  return undefined;
}

const lineInput = (line: InvoiceGridLine, taxes: ReadonlyMap<string, TaxRate>) => {
  const tax = line.tax ? taxes.get(line.tax) : undefined;
  return {
    quantity: line.quantity.trim() || '1',
    unitPrice: line.unitPrice.trim(),
    discountPercent: line.discountPercent.trim() || null,
    taxRate: tax?.rate ?? null,
    taxInclusive: line.taxInclusive,
    taxKey: tax?.code ?? null,
  };
};

/** One line's net, tax and gross, rounded at the contract's named step (`roundLine`). */
export function lineFigures(line: InvoiceGridLine, taxes: ReadonlyMap<string, TaxRate>, minorDigits: number): LineFigures {
  const problem = lineProblem(line);
  if (problem) return { ok: false, problem };
  return { ok: true, totals: roundLine(lineInput(line, taxes), minorDigits) };
}

export type LiveTotals = {
  /** Each grid line's figures (blank lines: undefined). */
  lines: (LineFigures | undefined)[];
  /** The invoice's totals and tax summary over the lines that read; the grid numbers (from 1) of those that do not. */
  totals: InvoiceTotals;
  unreadable: number[];
};

/** The totals the editor shows as the user types: `invoiceTotals` of the lines sent, exactly what the server stores and posts. */
export function liveTotals(lines: readonly InvoiceGridLine[], taxes: ReadonlyMap<string, TaxRate>, minorDigits: number): LiveTotals {
  const figures = lines.map((line) => (isBlankInvoiceLine(line) ? undefined : lineFigures(line, taxes, minorDigits)));
  const readable = lines.filter((_, i) => figures[i]?.ok === true);
  const unreadable = figures.flatMap((f, i) => (f && !f.ok ? [i + 1] : []));
  return { lines: figures, totals: invoiceTotals(readable.map((line) => lineInput(line, taxes)), minorDigits), unreadable };
}

/** The term's due dates for a document date and totals, as the form's text rows (empty without a term or a date). */
export function termInstalments(term: PaymentTermRule | undefined, documentDate: string, totals: Pick<InvoiceTotals, 'grossMinor' | 'taxMinor'>, minorDigits: number): InstalmentRow[] {
  if (!term || !/^\d{4}-\d{2}-\d{2}$/.test(documentDate)) return [];
  try {
    return dueSchedule(term, documentDate, totals, minorDigits).map((line) => ({
      dueDate: line.dueDate,
      amount: formatMoney(line.amountMinor, minorDigits),
      discountDate: line.discountMinor !== 0n && line.discountDate ? line.discountDate : '',
      discountAmount: line.discountMinor !== 0n ? formatMoney(line.discountMinor, minorDigits) : '',
    }));
  } catch {
    return [];
  }
}

/** Why typed due dates cannot be sent: a missing date, an amount that does not read, or a sum other than the gross. */
export function instalmentProblem(rows: readonly InstalmentRow[], grossMinor: bigint, minorDigits: number): string | undefined {
  let sum = 0n;
  for (const [i, row] of rows.entries()) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(row.dueDate)) return `due date ${i + 1}: please supply the date`;
    const amount = row.amount.trim();
    if (!AMOUNT_PATTERN.test(amount)) return `due date ${i + 1}: the amount must be a positive amount`;
    try {
      sum += parseMoney(amount, minorDigits);
    } catch {
      return `due date ${i + 1}: the amount has more than ${minorDigits} decimals`;
    }
  }
  if (rows.length > 0 && sum !== grossMinor) return `the due amounts add up to ${formatMoney(sum, minorDigits)}, not the total ${formatMoney(grossMinor, minorDigits)}`;
  return undefined;
}

const trimmed = (text: string) => {
  const t = text.trim();
  return t === '' ? undefined : t;
};

function bodyLines(lines: readonly InvoiceGridLine[]): InvoiceInput['lines'] {
  return lines
    .filter((line) => !isBlankInvoiceLine(line))
    .map((line) => {
      const dimensions = Object.entries(line.dimensions).filter(([, code]) => code !== '');
      const description = trimmed(line.description);
      const discount = trimmed(line.discountPercent);
      return {
        ...(line.account ? { account: line.account } : {}),
        ...(description ? { description } : {}),
        quantity: trimmed(line.quantity) ?? '1',
        unitPrice: line.unitPrice.trim(),
        ...(discount ? { discountPercent: discount } : {}),
        ...(line.tax ? { tax: line.tax } : {}),
        taxInclusive: line.taxInclusive,
        ...(dimensions.length > 0 ? { dimensions: Object.fromEntries(dimensions) } : {}),
      };
    });
}

function bodyHeader(header: InvoiceHeader, instalments: readonly InstalmentRow[] | null) {
  const optional = (['postingDate', 'currency', 'rate', 'partyDocumentNumber', 'reference'] as const).flatMap((field) => {
    const value = trimmed(header[field]);
    return value ? [[field, field === 'currency' ? value.toUpperCase() : value] as const] : [];
  });
  const typed: InstalmentInput[] | undefined = instalments?.map((row) => ({
    dueDate: row.dueDate,
    amount: row.amount.trim(),
    ...(row.discountDate ? { discountDate: row.discountDate } : {}),
    ...(row.discountAmount.trim() ? { discountAmount: row.discountAmount.trim() } : {}),
  }));
  return {
    party: header.party,
    documentDate: header.documentDate,
    description: header.description.trim(),
    ...Object.fromEntries(optional),
    ...(typed && typed.length > 0 ? { instalments: typed } : {}),
  };
}

/** The POST/PUT body of an invoice: blank lines dropped, empty cells left out, due dates only when the user typed them (else the term's). */
export function buildInvoiceInput(header: InvoiceHeader, lines: readonly InvoiceGridLine[], instalments: readonly InstalmentRow[] | null): InvoiceInput {
  return { kind: 'Invoice', ...bodyHeader(header, instalments), lines: bodyLines(lines) } as InvoiceInput;
}

/** The body of a credit note: a full reversal names its invoice and takes its lines (none sent); no typed due dates (one open item on its date). */
export function buildCreditNoteInput(kind: CreditNoteKind, header: InvoiceHeader, lines: readonly InvoiceGridLine[]): CreditNoteInput {
  const invoice = trimmed(header.invoice);
  return {
    kind,
    ...(invoice ? { invoice } : {}),
    ...bodyHeader(header, null),
    lines: kind === 'Reversal' ? [] : bodyLines(lines),
  } as CreditNoteInput;
}

/** The grid number (from 1) of each line the body carries: blank lines are not sent. */
export const sentLineNumbers = (lines: readonly InvoiceGridLine[]): number[] => lines.flatMap((line, i) => (isBlankInvoiceLine(line) ? [] : [i + 1]));

/** A saved document's lines as grid lines. */
export function linesFromView(view: Pick<InvoiceView | CreditNoteView, 'lines'>): InvoiceGridLine[] {
  return view.lines.map((line) => ({
    key: newLineKey(),
    account: line.account,
    accountLabel: line.accountCode ?? '',
    description: line.description ?? '',
    quantity: plainDecimal(line.quantity),
    unitPrice: plainDecimal(line.unitPrice),
    discountPercent: Number(line.discountPercent) === 0 ? '' : plainDecimal(line.discountPercent),
    tax: line.tax,
    taxInclusive: line.taxInclusive,
    dimensions: line.dimensions,
  }));
}

export function headerFromView(view: InvoiceView | CreditNoteView): InvoiceHeader {
  return {
    party: view.party,
    documentDate: view.documentDate,
    postingDate: view.postingDate === view.documentDate ? '' : view.postingDate,
    currency: view.currency,
    rate: view.rate ?? '',
    partyDocumentNumber: view.partyDocumentNumber ?? '',
    reference: view.reference ?? '',
    description: view.description,
    invoice: 'invoice' in view ? (view.invoice ?? '') : '',
  };
}

export const instalmentsFromView = (view: Pick<InvoiceView, 'instalments'>): InstalmentRow[] =>
  view.instalments.map((row) => ({ dueDate: row.dueDate, amount: row.amount, discountDate: row.discountDate ?? '', discountAmount: Number(row.discountAmount) === 0 ? '' : row.discountAmount }));

/**
 * A credit note of part of an invoice: the invoice's lines to pick from, or lines for an amount: the
 * amount spread over the invoice's accounts, tax codes and dimensions in proportion to their gross
 * (contracts' `splitCreditAmount`: rounded to the cent, the last taking the rest), each share a line
 * priced tax included, so the credit's gross is the amount typed and each tax code takes its part.
 * An amount that does not read yet is one line on the invoice's first account, to be corrected there.
 */
export function amountCreditLines(invoice: Pick<InvoiceView, 'lines'>, amount: string, description: string, minorDigits: number): InvoiceGridLine[] {
  const text = amount.trim();
  let amountMinor: bigint | undefined;
  try {
    amountMinor = AMOUNT_PATTERN.test(text) ? parseMoney(text, minorDigits) : undefined;
  } catch {
    amountMinor = undefined;
  }
  const shares = amountMinor === undefined ? [] : splitCreditAmount(invoice.lines, amountMinor, minorDigits);
  if (shares.length === 0) {
    const first = invoice.lines[0];
    return [emptyInvoiceLine({ account: first?.account ?? null, accountLabel: first?.accountCode ?? '', description, unitPrice: amount, tax: first?.tax ?? null, taxInclusive: first?.tax ? true : false, dimensions: first?.dimensions ?? {} })];
  }
  return shares.map((share) =>
    emptyInvoiceLine({
      account: share.account,
      accountLabel: share.accountCode ?? '',
      description: shares.length > 1 ? `${description} (${share.taxCode ?? 'no tax'})` : description,
      unitPrice: share.gross,
      tax: share.tax,
      taxInclusive: share.tax !== null,
      dimensions: share.dimensions,
    }),
  );
}
