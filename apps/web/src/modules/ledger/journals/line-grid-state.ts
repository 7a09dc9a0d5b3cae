/*
 * The line grid's state changes. Each action copies only the array and the one line it touches,
 * so every other line keeps its identity and its memoised row does not render again.
 */
import { emptyLine, type GridLine } from './journal-lines';

export type GridAction =
  | { type: 'reset'; lines: readonly GridLine[] }
  | { type: 'patch'; key: string; patch: Partial<Omit<GridLine, 'key'>> }
  | { type: 'insertAfter'; after: string | undefined; line: GridLine }
  | { type: 'remove'; key: string; currency: string };

export function gridReducer(lines: readonly GridLine[], action: GridAction): readonly GridLine[] {
  switch (action.type) {
    case 'reset':
      return action.lines;
    case 'patch': {
      const index = lines.findIndex((line) => line.key === action.key);
      if (index < 0) return lines;
      const next = [...lines];
      next[index] = { ...lines[index]!, ...action.patch };
      return next;
    }
    case 'insertAfter': {
      const index = action.after === undefined ? lines.length - 1 : lines.findIndex((line) => line.key === action.after);
      const at = index < 0 ? lines.length : index + 1;
      return [...lines.slice(0, at), action.line, ...lines.slice(at)];
    }
    case 'remove': {
      const next = lines.filter((line) => line.key !== action.key);
      // The grid always keeps one line to type into.
      return next.length > 0 ? next : [emptyLine(action.currency)];
    }
  }
}

/** A debit and a credit on one line are refused: typing one side clears the other. */
export function amountPatch(side: 'debit' | 'credit', text: string): Partial<GridLine> {
  const other = side === 'debit' ? 'credit' : 'debit';
  return text.trim() === '' ? { [side]: text } : { [side]: text, [other]: '' };
}

/** The line that takes the focus when a line is removed: the next one, else the one before. */
export function neighbourKey(lines: readonly GridLine[], key: string): string | undefined {
  const index = lines.findIndex((line) => line.key === key);
  return (lines[index + 1] ?? lines[index - 1])?.key;
}
