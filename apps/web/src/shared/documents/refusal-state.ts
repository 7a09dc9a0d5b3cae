/*
 * The refusals an editor shows where they point (contracts kit/refusals.ts): the header field, the
 * grid line and its cell; what names no place shows above the form.
 */
import { parseRefusal, renumberRefusal, type Refusal } from '@erp/contracts';

export type Refusals = {
  /** By header field. */
  fields: Readonly<Record<string, string>>;
  /** By grid line number (from 1): the message and the cell it names, if any. */
  lines: ReadonlyMap<number, { text: string; field?: string }>;
  /** Every refusal, in the order given (the notice above the form lists them). */
  all: readonly Refusal[];
};

export const NO_REFUSALS: Refusals = { fields: {}, lines: new Map(), all: [] };

/**
 * Messages of the editor's own checks or the server's, each read for its place; `numbers` maps the
 * body's line N to the grid line the user sees (blank lines are not sent).
 */
export function refusalsOf(messages: readonly string[], numbers: readonly number[] = [], linesKey?: string): Refusals {
  const all = messages.map((message) => renumberRefusal(parseRefusal(message, linesKey), numbers));
  const fields: Record<string, string> = {};
  const lines = new Map<number, { text: string; field?: string }>();
  for (const refusal of all) {
    if (refusal.line !== undefined && !lines.has(refusal.line)) lines.set(refusal.line, { text: refusal.text, ...(refusal.lineField ? { field: refusal.lineField } : {}) });
    else if (refusal.field && !(refusal.field in fields)) fields[refusal.field] = refusal.text;
  }
  return { fields, lines, all };
}
