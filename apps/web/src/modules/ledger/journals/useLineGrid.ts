import { useMemo, useReducer, useRef, useState } from 'react';
import { emptyLine, isBlankLine, type GridLine } from './journal-lines';
import { gridReducer, neighbourKey, type GridAction } from './line-grid-state';

export type GridColumn = 'account' | 'description' | 'currency' | 'rate' | 'debit' | 'credit' | 'dimensions' | 'tax';

/** The id of a cell's input, so the grid can move the focus after adding or removing a line. */
export const cellId = (lineKey: string, column: GridColumn): string => `journal-${lineKey}-${column}`;

type GridState = { lines: readonly GridLine[]; edits: number };

type StateAction = GridAction | { type: 'saved'; edits: number };

function reducer(state: GridState, action: StateAction): GridState {
  if (action.type === 'reset') return { lines: action.lines, edits: 0 };
  // The edits a save carried are clean; any typed while it ran are not.
  if (action.type === 'saved') return { lines: state.lines, edits: Math.max(0, state.edits - action.edits) };
  const lines = gridReducer(state.lines, action);
  return lines === state.lines ? state : { lines, edits: state.edits + 1 };
}

/** Stable callbacks (their identity never changes), so passing them to memoised rows costs no render. */
export type GridApi = {
  patch: (key: string, patch: Partial<Omit<GridLine, 'key'>>) => void;
  /** Adds an empty line after `key` (at the end without it) and focuses its account cell; a blank line already after `key` is used instead. */
  addAfter: (key?: string) => void;
  /** Removes a line and focuses the same cell of the next line (or the one before). */
  remove: (key: string, focusColumn?: GridColumn) => void;
  reset: (lines: readonly GridLine[]) => void;
  /** The lines as they were after `edits` edits are saved. */
  markSaved: (edits: number) => void;
  /** The grid has moved the focus where it was asked to. */
  focused: () => void;
};

/** A cell that should take the focus once it is on screen (the grid shows a window of its lines). */
export type FocusRequest = { key: string; column: GridColumn };

/** The grid's lines and how many edits they had since the last reset (save); `initialLines` runs once. */
export function useLineGrid(
  defaultCurrency: string,
  initialLines: () => GridLine[],
): { lines: readonly GridLine[]; edits: number; api: GridApi; focus: FocusRequest | undefined } {
  const [state, dispatch] = useReducer(reducer, undefined, () => ({ lines: initialLines(), edits: 0 }));
  const currency = useRef(defaultCurrency);
  currency.current = defaultCurrency;
  const linesRef = useRef(state.lines);
  linesRef.current = state.lines;
  const [focus, setFocus] = useState<FocusRequest | undefined>();

  const api = useMemo<GridApi>(
    () => ({
      patch: (key, patch) => dispatch({ type: 'patch', key, patch }),
      addAfter: (key) => {
        // A blank line already below is the new line: Enter moves into it rather than stacking blanks.
        const lines = linesRef.current;
        const next = key === undefined ? undefined : lines[lines.findIndex((l) => l.key === key) + 1];
        if (next && isBlankLine(next)) {
          setFocus({ key: next.key, column: 'account' });
          return;
        }
        const line = emptyLine(currency.current);
        setFocus({ key: line.key, column: 'account' });
        dispatch({ type: 'insertAfter', after: key, line });
      },
      remove: (key, focusColumn = 'account') => {
        const next = neighbourKey(linesRef.current, key);
        setFocus(next ? { key: next, column: focusColumn } : undefined);
        dispatch({ type: 'remove', key, currency: currency.current });
      },
      reset: (lines) => dispatch({ type: 'reset', lines }),
      markSaved: (edits) => dispatch({ type: 'saved', edits }),
      focused: () => setFocus(undefined),
    }),
    [],
  );
  return { lines: state.lines, edits: state.edits, api, focus };
}
