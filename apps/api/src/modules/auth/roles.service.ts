import { and, asc, eq, sql } from 'drizzle-orm';
import {
  findMenuItemByLink,
  fullPermissions,
  moduleCatalogue,
  readOnlyPermissions,
  type Permission,
  type Role,
  type RoleInput,
  type SavePermissions,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/http/actor';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/http/errors';
import { rolePermissions, roles } from './auth.tables';

export const ADMINISTRATOR_ROLE = 'Administrator';

type PermissionRow = typeof rolePermissions.$inferInsert;

/** Module -> group -> page rows, the shape the database keeps. */
export function permissionsToRows(tenantId: string, roleId: string, permissions: Permission[]): PermissionRow[] {
  return permissions.flatMap((p) =>
    p.routes.flatMap((r) =>
      r.pages.map((page) => ({
        tenantId,
        roleId,
        module: p.name,
        routeGroup: r.name,
        pageLink: page.link,
        operations: [...new Set(page.operations)].sort(),
      })),
    ),
  );
}

/** Rows back to the nested shape of SPEC.md section 3, in catalogue order for a stable answer. */
export function rowsToPermissions(rows: Pick<PermissionRow, 'module' | 'routeGroup' | 'pageLink' | 'operations'>[]): Permission[] {
  const byModule = new Map<string, Map<string, { link: string; operations: string[] }[]>>();
  for (const row of rows) {
    const groups = byModule.get(row.module) ?? new Map();
    byModule.set(row.module, groups);
    const pages = groups.get(row.routeGroup) ?? [];
    groups.set(row.routeGroup, pages);
    pages.push({ link: row.pageLink, operations: row.operations ?? [] });
  }
  return [...byModule].map(([name, groups]) => ({
    name,
    routes: [...groups].map(([groupName, pages]) => ({ name: groupName, pages: pages.sort((a, b) => a.link.localeCompare(b.link)) })),
  }));
}

/**
 * Refuses a permission the catalogue does not know: a module, group or page that does not exist,
 * or an operation label the page does not offer. The message names the first offender.
 */
export function assertPermissionsKnown(permissions: Permission[]): void {
  for (const p of permissions) {
    const mod = moduleCatalogue.find((m) => m.name === p.name);
    if (!mod) throw badRequest(`Unknown module ${p.name}`);
    for (const r of p.routes) {
      const group = mod.groups.find((g) => g.name === r.name);
      if (!group) throw badRequest(`Unknown group ${r.name} in ${p.name}`);
      for (const page of r.pages) {
        const item = findMenuItemByLink(page.link);
        const inGroup = group.items.some((i) => i.link === page.link || i.children.some((c) => c.link === page.link));
        if (!item || !inGroup) throw badRequest(`Unknown page ${page.link} in ${p.name} › ${r.name}`);
        const unknown = page.operations.find((op) => !item.operations.includes(op));
        if (unknown) throw badRequest(`Operation ${unknown} does not exist on page ${page.link}`);
      }
    }
  }
}

/** Built-in roles of every new tenant: Administrator holds everything, Viewer sees every page. */
export async function seedBuiltInRoles(tx: Tx, tenantId: string): Promise<void> {
  const seeds: [string, string, Permission[]][] = [
    [ADMINISTRATOR_ROLE, 'Every page and every operation', fullPermissions()],
    ['Accountant', 'Finance modules with every operation; no administration', fullPermissions().filter((p) => p.name !== 'Admin')],
    ['Viewer', 'Every page, read only', readOnlyPermissions()],
  ];
  for (const [name, description, permissions] of seeds) {
    const [role] = await tx.insert(roles).values({ tenantId, name, description, isSystem: true }).returning();
    const rows = permissionsToRows(tenantId, role!.roleId, permissions);
    if (rows.length > 0) await tx.insert(rolePermissions).values(rows);
  }
}

export async function listRoles(tx: Tx): Promise<Role[]> {
  const rows = await tx.select().from(roles).orderBy(asc(roles.name));
  return rows.map((r) => ({ id: r.roleId, name: r.name, description: r.description, isSystem: r.isSystem }));
}

export async function getRole(tx: Tx, roleId: string): Promise<Role> {
  const [row] = await tx.select().from(roles).where(eq(roles.roleId, roleId));
  if (!row) throw notFound('Role');
  return { id: row.roleId, name: row.name, description: row.description, isSystem: row.isSystem, permissions: await loadPermissions(tx, roleId) };
}

export async function loadPermissions(tx: Tx, roleId: string): Promise<Permission[]> {
  const rows = await tx.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  return rowsToPermissions(rows);
}

export async function findAdministratorRole(tx: Tx): Promise<string> {
  const [row] = await tx.select({ id: roles.roleId }).from(roles).where(and(eq(roles.name, ADMINISTRATOR_ROLE), eq(roles.isSystem, true)));
  if (!row) throw unprocessable('The tenant has no Administrator role');
  return row.id;
}

export async function saveRole(tx: Tx, actor: Actor, input: RoleInput): Promise<Role> {
  if (!input.id) {
    const [row] = await tx
      .insert(roles)
      .values({ tenantId: actor.tenantId, name: input.name, description: input.description ?? null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`A role named ${input.name} already exists`);
    await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'role', recordId: row.roleId, action: 'create', after: row }]);
    return { id: row.roleId, name: row.name, description: row.description, isSystem: row.isSystem, permissions: [] };
  }
  const [before] = await tx.select().from(roles).where(eq(roles.roleId, input.id));
  if (!before) throw notFound('Role');
  if (before.isSystem && before.name !== input.name) throw unprocessable('A built-in role cannot be renamed');
  const [clash] = await tx.select({ id: roles.roleId }).from(roles).where(sql`lower(${roles.name}) = lower(${input.name}) and ${roles.roleId} <> ${input.id}`);
  if (clash) throw conflict(`A role named ${input.name} already exists`);
  const [after] = await tx
    .update(roles)
    .set({ name: input.name, description: input.description ?? null, updatedAt: new Date() })
    .where(eq(roles.roleId, input.id))
    .returning();
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'role', recordId: input.id, action: 'edit', before, after }]);
  return getRole(tx, input.id);
}

/** Replaces all the permissions of one role in one call (SPEC.md section 6). */
export async function savePermissions(tx: Tx, actor: Actor, input: SavePermissions): Promise<Role> {
  const [role] = await tx.select().from(roles).where(eq(roles.roleId, input.roleId)).for('update');
  if (!role) throw notFound('Role');
  if (role.isSystem && role.name === ADMINISTRATOR_ROLE) throw unprocessable('The Administrator role always holds every permission');
  assertPermissionsKnown(input.permissions);
  const before = await loadPermissions(tx, input.roleId);
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, input.roleId));
  const rows = permissionsToRows(actor.tenantId, input.roleId, input.permissions);
  if (rows.length > 0) await tx.insert(rolePermissions).values(rows);
  const after = await loadPermissions(tx, input.roleId);
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'role-permissions', recordId: input.roleId, action: 'permissions', before, after }]);
  return { id: role.roleId, name: role.name, description: role.description, isSystem: role.isSystem, permissions: after };
}
