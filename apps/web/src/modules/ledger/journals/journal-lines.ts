/*
 * The line grid's model: one editable line as text cells, the lines of a saved journal as grid
 * lines, and the request body built from the grid with the amounts exactly as typed.
 */
import { parseMoney, type JournalInput, type JournalKind, type JournalView } from '@erp/contracts';

export type GridLine = {
  /** Stable identity of the row while lines are added and removed (React key, focus target). */
  key: string;
  account: string | null;
  /** 'CODE · Name' of the chosen account, so the picker reads well without a lookup. */
  accountLabel: string;
  description: string;
  currency: string;
  rate: string;
  debit: string;
  credit: string;
  /** Dimension group code -> dimension code. */
  dimensions: Readonly<Record<string, string>>;
  /** The tax code's id, or null for none. */
  tax: string | null;
};

export type JournalHeader = { kind: JournalKind; journalDate: string; description: string; reference: string };

let lineSequence = 0;
export const newLineKey = (): string => `line-${(lineSequence += 1)}`;

export function emptyLine(currency: string): GridLine {
  return { key: newLineKey(), account: null, accountLabel: '', description: '', currency, rate: '', debit: '', credit: '', dimensions: {}, tax: null };
}

/** A line nobody has started: no account, no amount, no text. Blank lines are left out of the body. */
export function isBlankLine(line: GridLine): boolean {
  return !line.account && !line.debit.trim() && !line.credit.trim() && !line.description.trim();
}

/** Amounts as the contract takes them: digits, an optional point and at most `scale` decimals. */
export function isAmountText(text: string, scale: number): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  try {
    parseMoney(trimmed, scale);
    return !trimmed.startsWith('-');
  } catch {
    return false;
  }
}

export const RATE_TEXT = /^\d{1,10}(\.\d{1,10})?$/;

/** The minor units of an amount cell, 0 when empty; undefined when it does not read as an amount. */
export function amountMinor(text: string, scale: number): bigint | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0n;
  if (!isAmountText(trimmed, scale)) return undefined;
  return parseMoney(trimmed, scale);
}

const isZeroAmount = (text: string) => /^0*(\.0*)?$/.test(text);

/** The amount text to send: trimmed, or nothing for an empty or zero cell (a line has one side). */
function sideText(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' || isZeroAmount(trimmed) ? undefined : trimmed;
}

/** The POST/PUT /gl/journals body: blank lines dropped, optional cells left out when empty, amounts as typed. */
export function buildJournalInput(header: JournalHeader, lines: readonly GridLine[]): JournalInput {
  const reference = header.reference.trim();
  return {
    kind: header.kind,
    journalDate: header.journalDate,
    description: header.description.trim(),
    ...(reference ? { reference } : {}),
    lines: lines
      .filter((line) => !isBlankLine(line))
      .map((line) => {
        const description = line.description.trim();
        const rate = line.rate.trim();
        const debit = sideText(line.debit);
        const credit = sideText(line.credit);
        const dimensions = Object.entries(line.dimensions).filter(([, code]) => code !== '');
        return {
          account: line.account ?? '',
          ...(description ? { description } : {}),
          currency: line.currency.trim().toUpperCase(),
          ...(rate ? { rate } : {}),
          ...(debit ? { debit } : {}),
          ...(credit ? { credit } : {}),
          ...(dimensions.length > 0 ? { dimensions: Object.fromEntries(dimensions) } : {}),
          ...(line.tax ? { tax: line.tax } : {}),
        };
      }),
  };
}

/** The lines of a draft as grid lines (amounts as the server formatted them, zero sides empty). */
export function linesFromView(view: JournalView): GridLine[] {
  return view.lines.map((line) => ({
    key: newLineKey(),
    account: line.account,
    accountLabel: `${line.accountCode} · ${line.accountName}`,
    description: line.description ?? '',
    currency: line.currency,
    rate: line.rate,
    debit: isZeroAmount(line.debit) ? '' : line.debit,
    credit: isZeroAmount(line.credit) ? '' : line.credit,
    dimensions: line.dimensions,
    tax: line.tax,
  }));
}

export function headerFromView(view: JournalView): JournalHeader {
  return { kind: view.kind, journalDate: view.journalDate, description: view.description, reference: view.reference ?? '' };
}

/** The grid number (1-based) of each line the body carries, in body order: blank lines are not sent. */
export function sentLineNumbers(lines: readonly GridLine[]): number[] {
  return lines.flatMap((line, index) => (isBlankLine(line) ? [] : [index + 1]));
}

/** A server message about 'Line N' of the body, renumbered to the line the user sees in the grid. */
export function renumberLineMessage(message: string, numbers: readonly number[]): string {
  return message.replace(/^Line (\d+)\b/, (text, n: string) => {
    const shown = numbers[Number(n) - 1];
    return shown === undefined ? text : `Line ${shown}`;
  });
}
