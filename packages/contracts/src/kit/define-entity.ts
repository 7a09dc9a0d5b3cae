import { z } from 'zod';
import { dateRangeMessage, dateSchema, hasNul, isPositiveDecimal, isUnpadded, NUL_MESSAGE, SPACED_MESSAGE } from '../common/scalars';

/**
 * The define-once kit (DESIGN.md principle 4): a master-data entity is described here once, and
 * the API (routes, validation, permissions, audit, import/export) and the web app (list page,
 * form, pickers) are derived from the description.
 */
export type FieldType = 'text' | 'longText' | 'integer' | 'decimal' | 'boolean' | 'date' | 'enum' | 'ref' | 'textList' | 'rows';

/** The types a sub-row of a `rows` field may hold: plain values, no references or nested rows. */
export type RowFieldType = Exclude<FieldType, 'ref' | 'rows' | 'textList'>;
export type RowFieldDef = Omit<FieldDef, 'type' | 'columns' | 'ref'> & { type: RowFieldType };

export type FieldDef = {
  type: FieldType;
  label: string;
  required?: boolean;
  /** Longest text, or the most digits of a decimal. */
  max?: number;
  min?: number;
  /** Decimal places of a decimal field (rates, percentages). */
  scale?: number;
  /** A decimal that must be more than zero (a rate: zero would turn every amount into nothing). */
  positive?: boolean;
  options?: readonly string[];
  /** The entity a `ref` field points to (by id); imports and exports use its key instead. */
  ref?: string;
  /** Shown as a list column (default true for the first few fields). */
  list?: boolean;
  /** Part of the list's free-text search. */
  search?: boolean;
  /** Filled when the form opens on a new record. */
  default?: string | number | boolean;
  help?: string;
  /** The value the import template's example row shows (a reference: the code of a record a new company has). */
  example?: string;
  /**
   * A `rows` field: a small table of sub-rows (contacts, instalments), each with these typed
   * fields; stored as jsonb, validated here, exported and imported as JSON text in one cell.
   * `max` is then the most rows.
   */
  columns?: Record<string, RowFieldDef>;
};

export type ServicePrefix = 'gl' | 'admin' | 'ap' | 'ar' | 'fa' | 'cm' | 'payroll' | 'inventory' | 'workflow' | 'licensing';

export type EntityDef = {
  /** Registry name, camelCase singular: `accountClass`. */
  name: string;
  label: string;
  plural: string;
  service: ServicePrefix;
  /** REST resource under the service prefix: `/gl/account-classes`. */
  resource: string;
  /** The menu page whose role grant lets a user read the entity. */
  page: string;
  /** The route of its list screen when that is not `page` (a prefix route of SPEC.md section 2 with no menu entry). */
  screen?: string;
  /** Entity part of the operation labels: Save{permission}, Edit…, Delete…, Import…, Export…. */
  permission: string;
  /** One row per company (true) or per tenant (false). */
  companyScoped: boolean;
  /** The natural key fields: unique per tenant (and company); imports match rows on them. */
  key: readonly string[];
  /** The field shown when another record refers to this one. */
  display: string;
  defaultSort: string;
  fields: Record<string, FieldDef>;
  /** Form rows of field names; every field appears once. */
  form: string[][];
  /**
   * The key field a number sequence fills when it is left empty on create (a vendor's code): the
   * field is then not required; the API binding says which sequence (`KitBinding.generateKey`).
   */
  generatedKey?: string;
};

export const defineEntity = <const T extends EntityDef>(def: T): T => def;

export const entityOperations = (def: Pick<EntityDef, 'permission'>) => ({
  save: `Save${def.permission}`,
  edit: `Edit${def.permission}`,
  delete: `Delete${def.permission}`,
  import: `Import${def.permission}`,
  export: `Export${def.permission}`,
});

const requiredMessage = (f: FieldDef) => `Please supply ${f.label.toLowerCase()}`;

/** The zod schema of one field's value on the wire (null or absent for an empty optional field). */
const BOOLEAN_WORDS = ['true', 'false', 'yes', 'no'] as const;

export function fieldSchema(f: FieldDef): z.ZodType {
  const s = valueSchema(f);
  if (f.type === 'textList' || f.type === 'rows') return s;
  if (f.required) {
    if (f.type === 'text' || f.type === 'longText') return s;
    const present = z.custom<unknown>((v) => v !== undefined, requiredMessage(f));
    // The preprocess step hides the value's type from OpenAPI (it takes anything): describe the value itself.
    return z.preprocess((v) => (v === '' || v === null ? undefined : v), present.pipe(s)).meta(inputJsonSchema(s));
  }
  return z.preprocess((v) => (v === '' || v === undefined ? null : v), s.nullable()).optional();
}

/** The JSON schema of what a client may send for a value (OpenAPI 3.0, the document's version). */
function inputJsonSchema(s: z.ZodType): Record<string, unknown> {
  const { $schema: _schema, ...json } = z.toJSONSchema(s, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

function valueSchema(f: FieldDef): z.ZodType {
  switch (f.type) {
    case 'text':
    case 'longText': {
      const max = f.max ?? (f.type === 'text' ? 200 : 4000);
      let t = z.string({ error: requiredMessage(f) }).trim().max(max, `${f.label} must be at most ${max} characters`);
      if (f.required) t = t.min(1, requiredMessage(f));
      return t.refine((v) => !hasNul(v), `${f.label} ${NUL_MESSAGE}`);
    }
    case 'integer':
      return z.coerce.number({ error: `${f.label} must be a whole number` }).int(`${f.label} must be a whole number`).min(f.min ?? -2_147_483_648, `${f.label} must be at least ${f.min}`).max(f.max ?? 2_147_483_647, `${f.label} must be at most ${f.max}`);
    case 'decimal': {
      const scale = f.scale ?? 2;
      const pattern = new RegExp(`^-?\\d{1,${f.max ?? 18}}(\\.\\d{1,${scale}})?$`);
      // No trim: an amount or rate padded with spaces is refused, not guessed at (issue 13).
      return z
        .union([z.string(), z.number()], { error: `${f.label} must be a number` })
        .transform((v) => String(v))
        .refine(isUnpadded, `${f.label} ${SPACED_MESSAGE}`)
        .refine((v) => !isUnpadded(v) || pattern.test(v), `${f.label} must be a number with at most ${scale} decimals`)
        .refine((v) => f.min === undefined || Number(v) >= f.min, `${f.label} must be at least ${f.min}`)
        .refine((v) => !f.positive || (!v.startsWith('-') && isPositiveDecimal(v)), `${f.label} must be more than zero`);
    }
    case 'boolean':
      // Spreadsheets write TRUE, people write yes or No: the word counts, not its case.
      return z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.union([z.boolean(), z.enum(BOOLEAN_WORDS)], { error: `${f.label} must be yes or no` }),
      ).transform((v) => v === true || v === 'true' || v === 'yes');
    case 'date':
      return dateSchema(`${f.label} must be a date (YYYY-MM-DD)`, `${f.label} ${dateRangeMessage}`);
    case 'enum':
      // 'posting' is the option Posting: a value is matched without case and stored as the option is written.
      return z.preprocess(
        (v) => (typeof v === 'string' ? (f.options ?? []).find((o) => o.toLowerCase() === v.trim().toLowerCase()) ?? v : v),
        z.enum(f.options as [string, ...string[]], { error: `${f.label} must be one of ${(f.options ?? []).join(', ')}` }),
      );
    case 'ref':
      return z.uuid({ error: `${f.label} must be chosen from the list` });
    case 'textList':
      // A list is never null: empty means none.
      return z.preprocess(
        (v) => (v === undefined || v === null || v === '' ? [] : v),
        z.array(z.string().trim().min(1).max(f.max ?? 100).refine((v) => !hasNul(v), `${f.label} ${NUL_MESSAGE}`)).max(200),
      );
    case 'rows':
      return rowsSchema(f);
  }
}

/** The most sub-rows a `rows` field takes when its definition names no `max`. */
export const ROWS_MAX = 50;

/**
 * A `rows` field: a list of sub-rows, never null (empty means none). A text is read as JSON (an
 * import cell). Each sub-row is an object of the row fields, validated as fields are, so a
 * refusal names the row and the field: `contacts.1.mail`.
 */
function rowsSchema(f: FieldDef): z.ZodType {
  const columns = f.columns ?? {};
  const shape = z.object(Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, fieldSchema(c as FieldDef)]))).strict();
  // An empty sub-field takes its default, as a top-level field does.
  const row = z.preprocess((v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
    for (const [k, c] of Object.entries(columns)) if (c.default !== undefined && (out[k] === undefined || out[k] === null || out[k] === '')) out[k] = c.default;
    return out;
  }, shape);
  const max = f.max ?? ROWS_MAX;
  return z.preprocess((v) => {
    if (v === undefined || v === null) return [];
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, z.array(row, { error: `${f.label} must be a list of rows (JSON in a file)` }).max(max, `${f.label} takes at most ${max} rows`));
}

/** The value of a `rows` field as one cell of an export (JSON; empty when there are none). */
export function rowsCell(v: unknown): string {
  return Array.isArray(v) && v.length > 0 ? JSON.stringify(v) : '';
}

/** The input schema of an entity (create and edit): its fields, no id or audit columns; an absent or empty field takes its default. */
export function entityInputSchema(def: EntityDef) {
  const shape = z.object(Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, fieldSchema(f)])));
  const withDefaults = (input: unknown) => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [k, f] of Object.entries(def.fields)) {
      if (f.default !== undefined && (out[k] === undefined || out[k] === null || out[k] === '')) out[k] = f.default;
    }
    return out;
  };
  return z.preprocess(withDefaults, shape);
}

export type EntityRecord = { id: string; createdAt: string; updatedAt: string } & Record<string, unknown>;

function outputSchema(f: FieldDef): z.ZodType {
  switch (f.type) {
    case 'integer':
      return z.number().int().nullable();
    case 'boolean':
      return z.boolean().nullable();
    case 'textList':
      return z.array(z.string()).nullable();
    case 'rows':
      // A sub-row keeps only the sub-fields it was given: an empty one is absent.
      return z.array(z.object(Object.fromEntries(Object.entries(f.columns ?? {}).map(([k, c]) => [k, outputSchema(c as FieldDef).optional()])))).nullable();
    default:
      return z.string().nullable();
  }
}

/** The record an entity's routes answer with (OpenAPI and response serialisation): its fields, id and audit times. */
export function entityRecordSchema(def: EntityDef) {
  return z.object({
    id: z.uuid(),
    createdAt: z.string(),
    updatedAt: z.string(),
    ...Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, outputSchema(f)])),
  });
}

/** A page of records with 'CODE · Name' of every record their reference fields point to, by field and id. */
export function entityListSchema(def: EntityDef) {
  return z.object({ items: z.array(entityRecordSchema(def)), total: z.number().int(), labels: z.record(z.string(), z.record(z.string(), z.string())) });
}
export type RefLabels = Record<string, Record<string, string>>;
export type EntityList = { items: EntityRecord[]; total: number; labels: RefLabels };

/** Columns of the list page, in field order. */
export function listFields(def: EntityDef): string[] {
  const explicit = Object.entries(def.fields).filter(([, f]) => f.list === true).map(([k]) => k);
  return explicit.length > 0 ? explicit : Object.keys(def.fields).slice(0, 6);
}

export function searchFields(def: EntityDef): string[] {
  const explicit = Object.entries(def.fields).filter(([, f]) => f.search).map(([k]) => k);
  return explicit.length > 0 ? explicit : [def.key[0]!, def.display].filter((v, i, a) => a.indexOf(v) === i);
}

/** List query of every kit entity: search, sort (`field` or `-field`), paging, equality filters. */
export const entityListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  sort: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(1).default(1),
  filter: z.string().max(2000).optional(),
});
export type EntityListQuery = z.infer<typeof entityListQuerySchema>;
/** A picker of an entity: the lookup's search narrowed by the list's filter. */
export const entityLookupQuerySchema = z.object({ search: z.string().max(200).optional(), filter: z.string().max(2000).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) });
/** An export: the list's search, filter and sort, every row, as CSV or XLSX. */
export const entityExportQuerySchema = entityListQuerySchema.pick({ search: true, filter: true, sort: true }).extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** What the import template's example row writes in a field's column: the field's own example, else one of its type. */
export function exampleValue(def: EntityDef, field: string): string {
  const f = def.fields[field]!;
  if (f.example !== undefined) return f.example;
  switch (f.type) {
    case 'boolean':
      return f.default === false ? 'No' : 'Yes';
    case 'enum':
      return String(f.default ?? f.options?.[0] ?? '');
    case 'date':
      return '2026-01-31';
    case 'decimal':
      return f.positive ? '1.00' : '0.00';
    case 'integer':
      return String(f.default ?? f.min ?? 1);
    case 'ref':
      return '';
    case 'textList':
      return '';
    case 'rows':
      return '';
    default:
      return def.key.includes(field) ? `${def.label.replace(/\W/g, '').toUpperCase().slice(0, 6)}1` : f.required ? `Example ${f.label.toLowerCase()}` : '';
  }
}

export const importRequestSchema = z.object({
  fileName: z.string().min(1).max(255),
  contentBase64: z.string().min(1).max(14_000_000),
  /** Preview only: validate every row, write nothing. */
  dryRun: z.boolean().default(true),
  /** `all`: nothing is written unless every row passes; `valid`: write the rows that pass. */
  mode: z.enum(['all', 'valid']).default('all'),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

// Described, not checked: each importer fills its preview from values its own schema has already read.
const previewValueJson = { nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }] };
export const importCellErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export const importResultSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  written: z.number().int(),
  errors: z.array(importCellErrorSchema),
  /** The first rows as read: each field's value (text, number, yes/no, a list of texts) or null. */
  preview: z.array(z.record(z.string(), z.unknown().meta(previewValueJson))),
});
export type ImportResult = z.infer<typeof importResultSchema>;
/** A kit entity's import also tells new records from changed ones, before (the preview) and after. */
export const entityImportResultSchema = importResultSchema.extend({
  /** Of the rows written, those that made a new record and those that changed an existing one (0 and 0 in a preview). */
  created: z.number().int(),
  updated: z.number().int(),
  /** The file's rows (numbered as the errors are) whose key names an existing record: importing them updates it. */
  updates: z.array(z.number().int()),
});
export type EntityImportResult = z.infer<typeof entityImportResultSchema>;
