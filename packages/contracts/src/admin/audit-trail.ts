import { z } from 'zod';
import { DEFAULT_LIST_SIZE } from '../common/lists';
import { dateSchema, instantSchema } from '../common/scalars';

export * from './audit-trail-page';

/** Keyset pages are at most this long; an export writes at most AUDIT_EXPORT_ROWS_MAX rows, newest first. */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_EXPORT_ROWS_MAX = 10_000;

/** A day ('2026-03-31', the whole UTC day) or an instant with its offset (the browser's local day bounds). */
const dayOrInstant = z.union([dateSchema(), instantSchema()]);

/** A record's fields as the writer recorded them (any JSON values), or null; every writer records an object. */
const recordSnapshotSchema = z.unknown().meta({ type: 'object', additionalProperties: true, nullable: true, description: "The record's fields as recorded, or null" });

export const auditTrailFilterSchema = z.object({
  entity: z.string().trim().min(1).max(100).optional(),
  recordId: z.string().trim().min(1).max(200).optional(),
  userId: z.uuid().optional(),
  action: z.string().trim().min(1).max(50).optional(),
  /** Inclusive. */
  from: dayOrInstant.optional(),
  /** Inclusive: a day means up to its end. */
  to: dayOrInstant.optional(),
  /** Finds text in the entity, record, action, user name or mail, and the before and after values. */
  search: z.string().trim().min(1).max(200).optional(),
});
export type AuditTrailFilter = z.infer<typeof auditTrailFilterSchema>;

export const auditTrailQuerySchema = auditTrailFilterSchema.extend({
  /** The nextCursor of the previous page. */
  cursor: z.string().regex(/^\d{1,19}$/, 'Not a cursor of this list').optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(DEFAULT_LIST_SIZE),
});
export type AuditTrailQuery = z.infer<typeof auditTrailQuerySchema>;

export const auditExportQuerySchema = auditTrailFilterSchema.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const auditUserSchema = z.object({ id: z.uuid(), name: z.string(), mailAddress: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO timestamp. */
  at: z.string(),
  /** Who did it; null for system work (a job, the first tenant set-up). */
  user: auditUserSchema.nullable(),
  entity: z.string(),
  recordId: z.string(),
  /** What a finance user knows the record by (journal number and description, account code and name, user name...); null when nothing names it. */
  recordLabel: z.string().nullable(),
  action: z.string(),
  before: recordSnapshotSchema,
  after: recordSnapshotSchema,
  /** The top-level fields whose value differs between before and after. */
  changedFields: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The label of each record id found in the page's before and after values (an account inside a journal line, a partner company...). */
export const auditLabelsSchema = z.record(z.string(), z.string());
export type AuditLabels = z.infer<typeof auditLabelsSchema>;

export const auditTrailPageSchema = z.object({ items: z.array(auditEntrySchema), labels: auditLabelsSchema, nextCursor: z.string().optional() });
export type AuditTrailPage = z.infer<typeof auditTrailPageSchema>;

/** The entity names that have audit entries (the filter's choices). */
export const auditEntitiesSchema = z.object({ items: z.array(z.string()) });
export type AuditEntities = z.infer<typeof auditEntitiesSchema>;
