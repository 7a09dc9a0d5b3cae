/*
 * Between a record and the form: what each widget holds when the drawer opens (the record, else the
 * field's default, else empty), the whole-record body a save sends, and which field a server
 * message names ('code: Please supply code').
 */
import type { EntityDef, EntityRecord, FieldDef } from '@erp/contracts';

export type FormValues = Record<string, unknown>;

/** What an empty widget holds: '' for typed text, [] for a tag list, false for a switch, null otherwise. */
function emptyValue(f: FieldDef): unknown {
  switch (f.type) {
    case 'text':
    case 'longText':
    case 'decimal':
      return '';
    case 'textList':
    case 'rows':
      return [];
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function widgetValue(f: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return emptyValue(f);
  if (f.type === 'decimal') return String(value);
  return value;
}

/** The form's values: an edited record's fields, or a new record's defaults, with `initial` (prefill) on top. */
export function formValuesOf(def: EntityDef, record: EntityRecord | undefined, initial: FormValues = {}): FormValues {
  return Object.fromEntries(
    Object.entries(def.fields).map(([field, f]) => {
      const start = record ? record[field] : field in initial ? initial[field] : f.default;
      return [field, widgetValue(f, start)];
    }),
  );
}

/** The body of a save: every field of the definition, an empty one as null (PUT replaces the whole record). */
export function recordBody(def: EntityDef, parsed: FormValues): FormValues {
  return Object.fromEntries(Object.keys(def.fields).map((field) => [field, parsed[field] ?? null]));
}

const FIELD_MESSAGE = /^([A-Za-z_$][\w$]*)(?:[.[][^:]*)?:\s+(.+)$/s;

/** A server validation message that names a field of the entity ('code: Please supply code'): the field and its text. */
export function fieldOfMessage(def: EntityDef, message: string): { field: string; text: string } | undefined {
  const match = FIELD_MESSAGE.exec(message);
  if (!match || !(match[1]! in def.fields)) return undefined;
  return { field: match[1]!, text: match[2]! };
}

/** The control id of a field, which its label points at. */
export const fieldId = (def: Pick<EntityDef, 'name'>, field: string) => `${def.name}-${field}`;
