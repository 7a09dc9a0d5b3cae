/*
 * Where a refusal of a document points (issue 14 edge 3): the server's messages name the field or
 * the line they concern in two forms, and the editor marks that field or line rather than only
 * showing a toast. The API writes both forms with the helpers below, the web reads them with
 * `parseRefusal`, so the two cannot drift apart.
 *
 * - A validation error names the path of the body: `lines[2].debit: Please supply an amount`,
 *   `journalDate: Invalid date` (`refusalPath` turns the validator's `/lines/2/debit` into it).
 * - A business rule names the line the user counts, from 1: `Line 3: the account is a control account`.
 */

/** What a refusal message concerns: a header field, a line (1-based, as the user counts) and its field, or nothing. */
export type Refusal = {
  /** The whole message as the server wrote it. */
  message: string;
  /** The message without its place (`Please supply an amount`). */
  text: string;
  /** A header field (`journalDate`), when the message names one and no line. */
  field?: string;
  /** The line the message is about, counted from 1. */
  line?: number;
  /** The field of that line (`debit`), when named. */
  lineField?: string;
};

/** A validator's JSON pointer (`/lines/2/debit`) as the place a refusal names (`lines[2].debit`). */
export function refusalPath(instancePath: string): string {
  return instancePath.replace(/\/(\d+)/g, '[$1]').replace(/^\//, '').replace(/\//g, '.');
}

/** A validation refusal: `lines[2].debit: message`, or the bare message when there is no place. */
export const fieldRefusal = (path: string, message: string): string => (path ? `${path}: ${message}` : message);

/** A business rule's refusal of one line, counted from 1: `Line 3: message`. */
export const lineRefusal = (lineNo: number, message: string): string => `Line ${lineNo}: ${message}`;

const LINE_RULE = /^Line (\d+): (.*)$/s;
/** `lines[2].debit: ...`, `lines[2]: ...`, `journalDate: ...`, `header.partner.code: ...`. */
const PATH = /^([A-Za-z_$][\w$]*)(?:\[(\d+)\])?((?:\.[A-Za-z_$][\w$]*|\[\d+\])*): (.*)$/s;

/**
 * Where a message of the server points. Validation paths count lines from 0 (`lines[2]` is the
 * third line); business rules count from 1 (`Line 3`): both come back counted from 1.
 * `linesKey` names the array of lines in the body (`lines` for every document so far).
 */
export function parseRefusal(message: string, linesKey = 'lines'): Refusal {
  const rule = LINE_RULE.exec(message);
  if (rule) return { message, text: rule[2]!, line: Number(rule[1]) };
  const path = PATH.exec(message);
  if (!path) return { message, text: message };
  const [, head, index, rest, text] = path as unknown as [string, string, string | undefined, string, string];
  if (head === linesKey && index !== undefined) {
    const field = /^\.([A-Za-z_$][\w$]*)/.exec(rest)?.[1];
    return { message, text, line: Number(index) + 1, ...(field ? { lineField: field } : {}) };
  }
  if (index !== undefined) return { message, text: message };
  return { message, text, field: head };
}

/** A line refusal as the user reads it: its line renumbered to the grid (the body's line N is `numbers[N-1]`: blank lines are not sent), said as `Line N: text`. */
export function renumberRefusal(refusal: Refusal, numbers: readonly number[]): Refusal {
  if (refusal.line === undefined) return refusal;
  const shown = numbers[refusal.line - 1];
  if (shown === undefined) return refusal;
  return { ...refusal, line: shown, message: lineRefusal(shown, refusal.text) };
}
