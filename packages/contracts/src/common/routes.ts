import { z } from 'zod';
import { countParamSchema, DEFAULT_LIST_SIZE, MAX_LIST_SIZE } from './lists';

/*
 * The small request and answer shapes many routes share: a record's id in the path, a page of
 * items with their total, a picker's lookup, an export's format. Route files take every schema
 * from contracts (apps/api/test/.../route-schemas.test.ts), so the web infers its types from them.
 */

export const idParamSchema = z.object({ id: z.uuid() });
export const countParamsSchema = z.object({ count: countParamSchema });
/** A search text in the path and a list size. */
export const textCountParamsSchema = z.object({ text: z.string().min(1).max(200), count: countParamSchema });

/** What a route answers when it has nothing else to say (a delete, a password change). */
export const messageResultSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResultSchema>;

/** A page of items and the count of every match. */
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
export type Page<T> = { items: T[]; total: number };

/** Page number and size of a list route. */
export const pagingShape = {
  limit: z.coerce.number().int().min(1).max(MAX_LIST_SIZE).default(DEFAULT_LIST_SIZE),
  page: z.coerce.number().int().min(1).default(1),
};
export const pagingQuerySchema = z.object(pagingShape);
/** A searched list, one page of it. */
export const searchPageQuerySchema = z.object({ search: z.string().max(200).optional(), ...pagingShape });
export type SearchPageQuery = z.infer<typeof searchPageQuerySchema>;

/** A picker: the first matches of a search, each an id and a label. */
export const lookupQuerySchema = z.object({ search: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) });
export const lookupItemSchema = z.object({ id: z.uuid(), label: z.string() });
export type LookupItem = z.infer<typeof lookupItemSchema>;
export const lookupListSchema = z.array(lookupItemSchema);

/** The file formats of a list export. */
export const tableFormats = ['csv', 'xlsx'] as const;
export const tableFormatSchema = z.enum(tableFormats).default('csv');

/** A posting call's optional Idempotency-Key header. */
export const idempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().max(200).optional() });
