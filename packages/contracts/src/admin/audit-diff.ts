/*
 * Before against after of one audit entry, field by field: the API lists the changed fields of
 * each entry with it, and the audit trail screen shows the two side by side with those highlighted.
 */
/** inBefore and inAfter say whether that side recorded the field at all (a writer may record only what it changed). */
export type AuditFieldDiff = { field: string; before: unknown; after: unknown; inBefore: boolean; inAfter: boolean; changed: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same JSON value: objects key by key whatever their key order; a missing key equals null. */
export function sameValue(a: unknown, b: unknown): boolean {
  const left = a ?? null;
  const right = b ?? null;
  if (left === right) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, i) => sameValue(item, right[i]));
  }
  if (isRecord(left) && isRecord(right)) {
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameValue(left[key], right[key]));
  }
  return false;
}

/** A recorded value as fields: an object is its own fields, nothing has none, anything else is one field named 'value'. */
function fieldsOf(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  return value === null || value === undefined ? {} : { value };
}

/**
 * One row per top-level field of either side, the before side's order first; nested values compare
 * whole. With one side missing (a creation, a deletion, a change that recorded only its result)
 * every recorded field changed. With both recorded, a field changed when its value differs or it
 * appears only after; a field recorded only before was not recorded after, which is no change.
 */
export function auditDiff(before: unknown, after: unknown): AuditFieldDiff[] {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  const bothRecorded = Object.keys(b).length > 0 && Object.keys(a).length > 0;
  const fields = [...Object.keys(b), ...Object.keys(a).filter((key) => !(key in b))];
  return fields.map((field) => {
    const inBefore = field in b;
    const inAfter = field in a;
    const changed = bothRecorded && !inAfter ? false : !sameValue(b[field], a[field]);
    return { field, before: b[field] ?? null, after: a[field] ?? null, inBefore, inAfter, changed };
  });
}

export function changedFields(before: unknown, after: unknown): string[] {
  return auditDiff(before, after).filter((row) => row.changed).map((row) => row.field);
}
