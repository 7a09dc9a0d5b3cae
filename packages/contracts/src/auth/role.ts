import { z } from 'zod';

/** A page granted to a role, with the operation labels (SPEC.md section 6) allowed on it. */
export const pageGrantSchema = z.object({
  link: z.string().min(1).max(200),
  operations: z.array(z.string().min(1).max(100)).max(200).default([]),
});
/** A route is a menu group within a module; it holds pages. */
export const permissionRouteSchema = z.object({
  name: z.string().min(1).max(100),
  pages: z.array(pageGrantSchema).max(500),
});
/** A permission is a module (its name) with the groups and pages granted in it. */
export const permissionSchema = z.object({
  name: z.string().min(1).max(100),
  routes: z.array(permissionRouteSchema).max(100),
});
export type PageGrant = z.infer<typeof pageGrantSchema>;
export type PermissionRoute = z.infer<typeof permissionRouteSchema>;
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, 'Please supply role name').max(100),
  description: z.string().max(500).optional(),
});
export type RoleInput = z.infer<typeof roleSchema>;

export const roleViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isSystem: z.boolean(),
  permissions: z.array(permissionSchema).optional(),
});
export type Role = z.infer<typeof roleViewSchema>;

/** POST /auth/permission: all the permissions of one role, saved in one call (they replace the old). */
export const savePermissionsSchema = z.object({
  roleId: z.uuid(),
  permissions: z.array(permissionSchema).max(50),
});
export type SavePermissions = z.infer<typeof savePermissionsSchema>;
