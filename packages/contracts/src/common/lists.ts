import { z } from 'zod';

/** Default list size of SPEC.md section 9. */
export const DEFAULT_LIST_SIZE = 20;
export const MAX_LIST_SIZE = 500;
/**
 * A list over a large table counts its total up to this many and answers one more when there are
 * more: counting a million rows for a pager costs more than the page itself (issue 15, bench 9).
 * A screen shows such a total as "more than 10,000".
 */
export const LIST_TOTAL_MAX = 10_000;

export const listQuerySchema = z.object({
  search: z.string().max(200).optional(),
  sort: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_SIZE).default(DEFAULT_LIST_SIZE),
  page: z.coerce.number().int().min(1).default(1),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listResultSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().optional(), nextCursor: z.string().optional() });
export type ListResult<T> = { items: T[]; total?: number; nextCursor?: string };

/** `{count}` path parameters: a positive list size, capped. */
export const countParamSchema = z.coerce.number().int().min(1).max(MAX_LIST_SIZE);
