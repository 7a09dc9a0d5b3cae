import { auditDiff, type AuditEntry } from '@erp/contracts';
import { humanise } from './audit-labels';

/** One line of the side-by-side view; `missing` marks a side that did not record the field. */
export type DiffCell = { text: string; multiline: boolean; missing: boolean };
export type DiffRow = { field: string; label: string; before: DiffCell; after: DiffCell; changed: boolean };

export const NO_VALUE = '—';
export const NOT_RECORDED = 'not recorded';

/** A recorded value as text: strings as they are, nothing as a dash, objects and lists as indented JSON. */
export function valueText(value: unknown): { text: string; multiline: boolean } {
  if (value === null || value === undefined || value === '') return { text: NO_VALUE, multiline: false };
  if (typeof value === 'string') return { text: value, multiline: value.includes('\n') };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), multiline: false };
  return { text: JSON.stringify(value, null, 2), multiline: true };
}

function cell(value: unknown, recorded: boolean, sideRecorded: boolean): DiffCell {
  // A side that recorded some fields but not this one says nothing about it: not a dash, which would read as "empty".
  if (!recorded && sideRecorded) return { text: NOT_RECORDED, multiline: false, missing: true };
  return { ...valueText(value), missing: false };
}

/** The rows of an entry's before and after, in the writer's field order, the changed ones flagged. */
export function diffRows(entry: Pick<AuditEntry, 'before' | 'after'>, changedOnly = false): DiffRow[] {
  const diff = auditDiff(entry.before, entry.after);
  const beforeRecorded = diff.some((row) => row.inBefore);
  const afterRecorded = diff.some((row) => row.inAfter);
  return diff
    .filter((row) => !changedOnly || row.changed)
    .map((row) => ({
      field: row.field,
      label: humanise(row.field),
      before: cell(row.before, row.inBefore, beforeRecorded),
      after: cell(row.after, row.inAfter, afterRecorded),
      changed: row.changed,
    }));
}

/** What each column holds, for its heading: a creation has nothing before, a deletion nothing after. */
export function sideCaption(value: unknown, side: 'before' | 'after'): string | undefined {
  if (value !== null && value !== undefined) return undefined;
  return side === 'before' ? 'nothing recorded before' : 'nothing recorded after';
}
