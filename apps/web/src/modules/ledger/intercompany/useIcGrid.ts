import { useCallback, useMemo, useState } from 'react';
import { emptyIcLine, type IcGridLine } from './intercompany-lines';

export type IcGridApi = {
  patch: (key: string, patch: Partial<Omit<IcGridLine, 'key'>>) => void;
  /** Adds an empty line after `key` (at the end without it), in the company of the line above. */
  addAfter: (key?: string) => void;
  remove: (key: string) => void;
  reset: (lines: IcGridLine[]) => void;
  /** Replaces every line at once (a template applied, the partner changed). */
  replace: (lines: IcGridLine[]) => void;
};

/** The intercompany grid's lines and whether they changed since the last reset (a save or a load). */
export function useIcGrid(initial: () => IcGridLine[], defaultCompany: string, defaultCurrency: string) {
  const [state, setState] = useState(() => ({ lines: initial(), dirty: false }));
  const update = useCallback((next: (lines: IcGridLine[]) => IcGridLine[]) => setState((s) => ({ lines: next(s.lines), dirty: true })), []);
  const api = useMemo<IcGridApi>(
    () => ({
      patch: (key, patch) => update((lines) => lines.map((line) => (line.key === key ? { ...line, ...patch } : line))),
      addAfter: (key) =>
        update((lines) => {
          const index = key === undefined ? lines.length - 1 : lines.findIndex((line) => line.key === key);
          const above = lines[index];
          const line = emptyIcLine(above?.company ?? defaultCompany, above?.currency ?? defaultCurrency);
          return [...lines.slice(0, index + 1), line, ...lines.slice(index + 1)];
        }),
      // The grid keeps one line to type into.
      remove: (key) => update((lines) => (lines.length > 1 ? lines.filter((line) => line.key !== key) : [emptyIcLine(defaultCompany, defaultCurrency)])),
      reset: (lines) => setState({ lines, dirty: false }),
      replace: (lines) => update(() => lines),
    }),
    [update, defaultCompany, defaultCurrency],
  );
  return { lines: state.lines, dirty: state.dirty, api };
}
