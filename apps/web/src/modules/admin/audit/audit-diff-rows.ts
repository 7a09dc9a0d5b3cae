import { auditDiff, DEFAULT_DATE_FORMAT, type AuditEntry, type AuditLabels } from '@erp/contracts';
import { displayOf, type Display } from '../../../shared/useDisplay';
import { humanise } from './audit-labels';

/** One line of the side-by-side view; `missing` marks a side that did not record the field; `id` is the record id a label stands for. */
export type DiffCell = { text: string; multiline: boolean; missing: boolean; id?: string };
export type DiffRow = { field: string; label: string; before: DiffCell; after: DiffCell; changed: boolean };

export const NO_VALUE = '—';
export const NOT_RECORDED = 'not recorded';

const NO_LABELS: AuditLabels = {};
/** SPEC.md section 9's defaults, for callers that have no company at hand (the screen passes the company's). */
const DEFAULT_DISPLAY = displayOf({ dateFormat: DEFAULT_DATE_FORMAT, locale: 'en-US' });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A recorded date or timestamp as the company writes dates; any other text as it is. */
function dateText(text: string, display: Display): string {
  if (ISO_DATE.test(text)) return display.date(text);
  if (ISO_TIMESTAMP.test(text)) return display.dateTime(text);
  return text;
}

/**
 * A recorded value as text: strings as they are, dates and timestamps in the company's format,
 * nothing as a dash, objects and lists as indented JSON. A record id the API named on this page (an
 * account, a company, a user, a role...) reads as its label, at any depth (the accounts inside
 * journal lines); a lone id keeps the id for a tooltip.
 */
export function valueText(value: unknown, labels: AuditLabels = NO_LABELS, display: Display = DEFAULT_DISPLAY): { text: string; multiline: boolean; id?: string } {
  if (value === null || value === undefined || value === '') return { text: NO_VALUE, multiline: false };
  if (typeof value === 'string') {
    const label = labels[value.toLowerCase()];
    return label === undefined ? { text: dateText(value, display), multiline: value.includes('\n') } : { text: label, multiline: false, id: value };
  }
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), multiline: false };
  const named = (_key: string, item: unknown) => (typeof item === 'string' ? labels[item.toLowerCase()] ?? dateText(item, display) : item);
  return { text: JSON.stringify(value, named, 2), multiline: true };
}

function cell(value: unknown, recorded: boolean, sideRecorded: boolean, labels: AuditLabels, display: Display): DiffCell {
  // A side that recorded some fields but not this one says nothing about it: not a dash, which would read as "empty".
  if (!recorded && sideRecorded) return { text: NOT_RECORDED, multiline: false, missing: true };
  return { ...valueText(value, labels, display), missing: false };
}

/** The rows of an entry's before and after, in the writer's field order, the changed ones flagged; ids the labels name read as labels. */
export function diffRows(entry: Pick<AuditEntry, 'before' | 'after'>, changedOnly = false, labels: AuditLabels = NO_LABELS, display: Display = DEFAULT_DISPLAY): DiffRow[] {
  const diff = auditDiff(entry.before, entry.after);
  const beforeRecorded = diff.some((row) => row.inBefore);
  const afterRecorded = diff.some((row) => row.inAfter);
  return diff
    .filter((row) => !changedOnly || row.changed)
    .map((row) => ({
      field: row.field,
      label: humanise(row.field),
      before: cell(row.before, row.inBefore, beforeRecorded, labels, display),
      after: cell(row.after, row.inAfter, afterRecorded, labels, display),
      changed: row.changed,
    }));
}

/** What each column holds, for its heading: a creation has nothing before, a deletion nothing after. */
export function sideCaption(value: unknown, side: 'before' | 'after'): string | undefined {
  if (value !== null && value !== undefined) return undefined;
  return side === 'before' ? 'nothing recorded before' : 'nothing recorded after';
}
