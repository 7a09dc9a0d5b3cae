import { z } from 'zod';

/**
 * The define-once kit (DESIGN.md principle 4): a master-data entity is described here once, and
 * the API (routes, validation, permissions, audit, import/export) and the web app (list page,
 * form, pickers) are derived from the description.
 */
export type FieldType = 'text' | 'longText' | 'integer' | 'decimal' | 'boolean' | 'date' | 'enum' | 'ref' | 'textList';

export type FieldDef = {
  type: FieldType;
  label: string;
  required?: boolean;
  /** Longest text, or the most digits of a decimal. */
  max?: number;
  min?: number;
  /** Decimal places of a decimal field (rates, percentages). */
  scale?: number;
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
export function fieldSchema(f: FieldDef): z.ZodType {
  let s: z.ZodType;
  switch (f.type) {
    case 'text':
    case 'longText': {
      let t = z.string({ error: requiredMessage(f) }).trim().max(f.max ?? (f.type === 'text' ? 200 : 4000), `${f.label} must be at most ${f.max ?? (f.type === 'text' ? 200 : 4000)} characters`);
      if (f.required) t = t.min(1, requiredMessage(f));
      s = t;
      break;
    }
    case 'integer':
      s = z.coerce.number({ error: `${f.label} must be a whole number` }).int(`${f.label} must be a whole number`).min(f.min ?? -2_147_483_648, `${f.label} must be at least ${f.min}`).max(f.max ?? 2_147_483_647, `${f.label} must be at most ${f.max}`);
      break;
    case 'decimal': {
      const scale = f.scale ?? 2;
      s = z
        .union([z.string(), z.number()], { error: `${f.label} must be a number` })
        .transform((v) => String(v).trim())
        .refine((v) => new RegExp(`^-?\\d{1,${f.max ?? 18}}(\\.\\d{1,${scale}})?$`).test(v), `${f.label} must be a number with at most ${scale} decimals`)
        .refine((v) => f.min === undefined || Number(v) >= f.min, `${f.label} must be at least ${f.min}`);
      break;
    }
    case 'boolean':
      s = z.union([z.boolean(), z.enum(['true', 'false', 'yes', 'no', 'TRUE', 'FALSE', 'Yes', 'No'])], { error: `${f.label} must be yes or no` }).transform((v) => v === true || v === 'true' || v === 'TRUE' || v === 'yes' || v === 'Yes');
      break;
    case 'date':
      s = z.iso.date({ error: `${f.label} must be a date (YYYY-MM-DD)` });
      break;
    case 'enum':
      s = z.enum(f.options as [string, ...string[]], { error: `${f.label} must be one of ${(f.options ?? []).join(', ')}` });
      break;
    case 'ref':
      s = z.uuid({ error: `${f.label} must be chosen from the list` });
      break;
    case 'textList':
      // A list is never null: empty means none.
      return z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : v), z.array(z.string().trim().min(1).max(f.max ?? 100)).max(200));
  }
  if (f.required) {
    if (f.type === 'text' || f.type === 'longText') return s;
    const present = z.any().refine((v) => v !== undefined, requiredMessage(f));
    return z.preprocess((v) => (v === '' || v === null ? undefined : v), present.pipe(s));
  }
  return z.preprocess((v) => (v === '' || v === undefined ? null : v), s.nullable()).optional();
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

export const importRequestSchema = z.object({
  fileName: z.string().min(1).max(255),
  contentBase64: z.string().min(1).max(14_000_000),
  /** Preview only: validate every row, write nothing. */
  dryRun: z.boolean().default(true),
  /** `all`: nothing is written unless every row passes; `valid`: write the rows that pass. */
  mode: z.enum(['all', 'valid']).default('all'),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const importCellErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export const importResultSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  written: z.number().int(),
  errors: z.array(importCellErrorSchema),
  preview: z.array(z.record(z.string(), z.unknown())),
});
export type ImportResult = z.infer<typeof importResultSchema>;
