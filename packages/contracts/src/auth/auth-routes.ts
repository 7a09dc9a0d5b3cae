import { z } from 'zod';
import { countParamSchema, DEFAULT_LIST_SIZE } from '../common/lists';
import { roleViewSchema } from './role';
import { userViewSchema } from './user';

/** The request and answer shapes of the auth routes beyond the user, role and session records. */

/** `/auth/user/isempty`: 0 when the tenant has a user, 1 when it has none. */
export const isEmptyAnswerSchema = z.number().int();
export const passwordParamSchema = z.object({ password: z.string().min(1).max(200) });
export const mailParamSchema = z.object({ mail: z.string().min(1).max(254) });
export const otpParamsSchema = z.object({ mail: z.string().min(1).max(254), otp: z.string().min(1).max(20) });

export const userSortKeys = ['name', '-name', 'mailAddress', '-mailAddress', 'status', '-status', 'lastLogin', '-lastLogin', 'createdAt', '-createdAt'] as const;
export type UserSortKey = (typeof userSortKeys)[number];
export const usersByRoleParamsSchema = z.object({ role: z.union([z.literal('all'), z.uuid()]), search: z.string().min(1).max(200), count: countParamSchema.default(DEFAULT_LIST_SIZE) });
export const usersByRoleQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(userSortKeys).default('name'),
});
export const userListSchema = z.object({ items: z.array(userViewSchema), total: z.number().int() });
export type UserList = z.infer<typeof userListSchema>;

export const roleListSchema = z.object({ items: z.array(roleViewSchema) });
export type RoleList = z.infer<typeof roleListSchema>;
