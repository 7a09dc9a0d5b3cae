import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import {
  TRANSFORMED_PASSWORD_PATTERN,
  validateUserForSave,
  type User,
  type UserView,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { containsPattern } from '../../platform/db/search';
import { recordAudit } from '../../platform/audit/audit';
import type { Actor } from '../../platform/http/actor';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/http/errors';
import { hashSecret } from '../../platform/security/passwords';
import { companies } from '../organisation/index';
import { roles, users } from './auth.tables';
import { findAdministratorRole } from './roles.service';

type UserRow = typeof users.$inferSelect;

const userColumns = {
  row: users,
  roleName: roles.name,
};

function toView(r: UserRow, roleName: string): UserView {
  return {
    code: r.userId,
    name: r.name,
    mailAddress: r.mailAddress,
    phoneNumber: r.phoneNumber,
    company: r.companyId,
    tenant: r.tenantId,
    roleID: r.roleId,
    role: roleName,
    status: r.status as UserView['status'],
    color: r.color,
    reason: r.reason,
    lastLogin: r.lastLogin?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    state: 'Unchanged',
  };
}

async function selectUser(tx: Tx, userId: string): Promise<UserView | undefined> {
  const [r] = await tx.select(userColumns).from(users).innerJoin(roles, eq(roles.roleId, users.roleId)).where(eq(users.userId, userId));
  return r ? toView(r.row, r.roleName) : undefined;
}

export async function getUser(tx: Tx, userId: string): Promise<UserView> {
  const user = await selectUser(tx, userId);
  if (!user) throw notFound('User');
  return user;
}

/** SPEC.md section 5 checks, then the password's wire form (the client sends it transformed). */
function assertSavable(user: User, password: string | undefined, isNew: boolean): void {
  const message = validateUserForSave({ ...user, password: isNew ? password?.trim() || undefined : user.password }, isNew);
  if (message) throw badRequest(message);
  if (isNew && !TRANSFORMED_PASSWORD_PATTERN.test(password ?? '')) throw badRequest('The password must be sent in its transformed form');
}

/** The number of users of the tenant; /auth/user/isempty answers 0 when there is at least one. */
export async function countUsers(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/**
 * The first user of a tenant, only while it has none; it becomes an Administrator of the tenant's
 * first company. A transaction-scoped advisory lock serialises two concurrent first users.
 */
export async function createFirstUser(tx: Tx, tenantId: string, user: User, password: string): Promise<UserView> {
  assertSavable(user, password, true);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`first-user:${tenantId}`}))`);
  if ((await countUsers(tx)) > 0) throw conflict('The tenant already has users; please sign in');
  const [company] = await tx.select({ id: companies.companyId }).from(companies).orderBy(asc(companies.createdAt)).limit(1);
  if (!company) throw unprocessable('The tenant has no company');
  const roleId = await findAdministratorRole(tx);
  return insertUser(tx, tenantId, undefined, { ...user, company: company.id, roleID: roleId, status: 'Active' }, password);
}

export async function createUser(tx: Tx, actor: Actor, user: User, password: string): Promise<UserView> {
  assertSavable(user, password, true);
  if (!user.roleID) throw badRequest('Please supply role');
  return insertUser(tx, actor.tenantId, actor.userId, { ...user, company: user.company ?? actor.companyId }, password);
}

async function insertUser(tx: Tx, tenantId: string, actorId: string | undefined, user: User, password: string): Promise<UserView> {
  await assertReferences(tx, user);
  const passwordHash = await hashSecret(password);
  const [row] = await tx
    .insert(users)
    .values({
      tenantId,
      companyId: user.company!,
      roleId: user.roleID!,
      name: user.name!.trim(),
      mailAddress: user.mailAddress!.trim(),
      phoneNumber: user.phoneNumber ?? null,
      color: user.color ?? null,
      reason: user.reason ?? null,
      status: user.status ?? user.userStatus ?? 'Active',
      passwordHash,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`A user with the email address ${user.mailAddress} already exists`);
  await recordAudit(tx, tenantId, actorId ?? row.userId, [{ entity: 'user', recordId: row.userId, action: 'create', after: row }]);
  return getUser(tx, row.userId);
}

async function assertReferences(tx: Tx, user: User): Promise<void> {
  if (user.company) {
    const [c] = await tx.select({ id: companies.companyId }).from(companies).where(eq(companies.companyId, user.company));
    if (!c) throw notFound('Company');
  }
  if (user.roleID) {
    const [r] = await tx.select({ id: roles.roleId }).from(roles).where(eq(roles.roleId, user.roleID));
    if (!r) throw notFound('Role');
  }
}

/**
 * Edits a user: anything but the address and password. The route decides who may (EditUser, or
 * self-service for your own name, phone and colour).
 */
export async function editUser(tx: Tx, actor: Actor, user: User): Promise<UserView> {
  if (!user.code) throw badRequest('Please supply the user to edit');
  const message = validateUserForSave(user, false);
  if (message) throw badRequest(message);
  const [before] = await tx.select().from(users).where(eq(users.userId, user.code)).for('update');
  if (!before) throw notFound('User');
  if (user.mailAddress!.trim().toLowerCase() !== before.mailAddress.toLowerCase()) {
    throw unprocessable('The email address of an existing user cannot be changed');
  }
  const status = user.status ?? user.userStatus ?? before.status;
  const isSelf = user.code === actor.userId;
  if (isSelf && status !== 'Active') throw unprocessable('You cannot disable or delete your own account');
  await assertReferences(tx, user);
  const revoke = status !== before.status || (user.roleID && user.roleID !== before.roleId);
  const [after] = await tx
    .update(users)
    .set({
      name: user.name!.trim(),
      phoneNumber: keepOrClear(user.phoneNumber, before.phoneNumber),
      color: keepOrClear(user.color, before.color),
      reason: keepOrClear(user.reason, before.reason),
      companyId: user.company ?? before.companyId,
      roleId: user.roleID ?? before.roleId,
      status,
      tokenVersion: revoke ? before.tokenVersion + 1 : before.tokenVersion,
      updatedAt: new Date(),
    })
    .where(eq(users.userId, user.code))
    .returning();
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'user', recordId: user.code, action: 'edit', before, after }]);
  return getUser(tx, user.code);
}

const sortColumns = { name: users.name, mailAddress: users.mailAddress, status: users.status, lastLogin: users.lastLogin, createdAt: users.createdAt } as const;
function userOrder(sort: string) {
  const column = sortColumns[sort.replace(/^-/, '') as keyof typeof sortColumns] ?? users.name;
  return sort.startsWith('-') ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
}

/** An absent or null field keeps the stored value; an empty string clears it. */
function keepOrClear(value: string | null | undefined, stored: string | null): string | null {
  if (value === undefined || value === null) return stored;
  return value.trim() === '' ? null : value.trim();
}

/** /auth/user/getbyrole/{role}/{search}/{count}: `all` for any role, `*` for no search text. */
export async function listUsersByRole(
  tx: Tx,
  role: string,
  search: string,
  limit: number,
  page: number,
  sort = 'name',
): Promise<{ items: UserView[]; total: number }> {
  const conditions = [ne(users.status, 'Deleted')];
  if (role !== 'all') conditions.push(eq(users.roleId, role));
  if (search !== '*') {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.mailAddress, pattern))!);
  }
  const where = and(...conditions);
  const rows = await tx
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .where(where)
    .orderBy(userOrder(sort), asc(users.userId))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await tx.select({ n: count() }).from(users).where(where);
  return { items: rows.map((r) => toView(r.row, r.roleName)), total: total?.n ?? 0 };
}
