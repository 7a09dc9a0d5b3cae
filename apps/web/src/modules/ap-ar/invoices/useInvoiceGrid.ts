import { useMemo, useReducer, useRef, useState } from 'react';
import { emptyInvoiceLine, isBlankInvoiceLine, type InvoiceGridLine } from './invoice-lines';

export type InvoiceColumn = 'account' | 'description' | 'quantity' | 'unitPrice' | 'discountPercent' | 'tax' | 'taxInclusive' | 'dimensions';

/** The id of a cell's input, so the grid can move the focus after adding or removing a line. */
export const invoiceCellId = (lineKey: string, column: string): string => `invoice-${lineKey}-${column}`;

type State = { lines: readonly InvoiceGridLine[]; edits: number };
type Action =
  | { type: 'reset'; lines: readonly InvoiceGridLine[] }
  | { type: 'patch'; key: string; patch: Partial<Omit<InvoiceGridLine, 'key'>> }
  | { type: 'insertAfter'; after: string | undefined; line: InvoiceGridLine }
  | { type: 'remove'; key: string }
  | { type: 'saved'; edits: number };

/** Each change copies the array and the one line it touches: the other rows keep their identity (memoised rows do not render). */
export function invoiceGridReducer(state: State, action: Action): State {
  switch (action.type) {
    case 'reset':
      return { lines: action.lines, edits: 0 };
    case 'saved':
      return { lines: state.lines, edits: Math.max(0, state.edits - action.edits) };
    case 'patch': {
      const index = state.lines.findIndex((line) => line.key === action.key);
      if (index < 0) return state;
      const lines = [...state.lines];
      lines[index] = { ...state.lines[index]!, ...action.patch };
      return { lines, edits: state.edits + 1 };
    }
    case 'insertAfter': {
      const index = action.after === undefined ? state.lines.length - 1 : state.lines.findIndex((line) => line.key === action.after);
      const at = index < 0 ? state.lines.length : index + 1;
      return { lines: [...state.lines.slice(0, at), action.line, ...state.lines.slice(at)], edits: state.edits + 1 };
    }
    case 'remove': {
      const lines = state.lines.filter((line) => line.key !== action.key);
      // The grid always keeps one line to type into.
      return { lines: lines.length > 0 ? lines : [emptyInvoiceLine()], edits: state.edits + 1 };
    }
  }
}

export type InvoiceGridApi = {
  patch: (key: string, patch: Partial<Omit<InvoiceGridLine, 'key'>>) => void;
  /** Adds an empty line after `key` (a blank line already there is used instead) and focuses its account. */
  addAfter: (key?: string) => void;
  remove: (key: string) => void;
  reset: (lines: readonly InvoiceGridLine[]) => void;
  markSaved: (edits: number) => void;
  focused: () => void;
};

export type InvoiceFocus = { key: string; column: InvoiceColumn };

/** The grid's lines, their edits since the last save, stable callbacks and the cell to focus. */
export function useInvoiceGrid(initialLines: () => InvoiceGridLine[]) {
  const [state, dispatch] = useReducer(invoiceGridReducer, undefined, () => ({ lines: initialLines(), edits: 0 }));
  const linesRef = useRef(state.lines);
  linesRef.current = state.lines;
  const [focus, setFocus] = useState<InvoiceFocus | undefined>();
  const api = useMemo<InvoiceGridApi>(
    () => ({
      patch: (key, patch) => dispatch({ type: 'patch', key, patch }),
      addAfter: (key) => {
        const lines = linesRef.current;
        const next = key === undefined ? undefined : lines[lines.findIndex((l) => l.key === key) + 1];
        if (next && isBlankInvoiceLine(next)) {
          setFocus({ key: next.key, column: 'account' });
          return;
        }
        const line = emptyInvoiceLine();
        setFocus({ key: line.key, column: 'account' });
        dispatch({ type: 'insertAfter', after: key, line });
      },
      remove: (key) => {
        const lines = linesRef.current;
        const index = lines.findIndex((l) => l.key === key);
        const next = (lines[index + 1] ?? lines[index - 1])?.key;
        setFocus(next ? { key: next, column: 'account' } : undefined);
        dispatch({ type: 'remove', key });
      },
      reset: (lines) => dispatch({ type: 'reset', lines }),
      markSaved: (edits) => dispatch({ type: 'saved', edits }),
      focused: () => setFocus(undefined),
    }),
    [],
  );
  return { lines: state.lines, edits: state.edits, api, focus };
}
