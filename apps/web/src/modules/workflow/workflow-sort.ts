/*
 * Sorting of a loaded page of rows by a column (the workflow list routes take no sort parameter, so
 * the table sorts the page it shows). Strings compare in the browser locale, numbers and booleans by value.
 */
export type SortState = { key: string; order: 'ascend' | 'descend' } | undefined;

export function sortRows<T extends object>(rows: readonly T[], sort: SortState): T[] {
  if (!sort) return [...rows];
  const sign = sort.order === 'ascend' ? 1 : -1;
  const value = (row: T) => (row as Record<string, unknown>)[sort.key];
  return [...rows].sort((a, b) => sign * compare(value(a), value(b)));
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''));
}
