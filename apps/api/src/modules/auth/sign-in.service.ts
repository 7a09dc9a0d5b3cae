import { eq, sql } from 'drizzle-orm';
import { signInMessages, TRANSFORMED_PASSWORD_PATTERN, type SignIn, type SignedInUser } from '@erp/contracts';
import { executePrepared, rowsOf } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenancy';
import { recordAudit } from '../../platform/audit/audit';
import { badRequest, tooManyRequests, unauthorized } from '../../platform/http/errors';
import { dummySecretHash, verifySecret } from '../../platform/security/passwords';
import type { Platform } from '../../platform/platform';
import type { AccessClaims } from '../../platform/security/tokens';
import type { AuthContext } from '../../platform/http/access';
import { companies, tenants } from '../organisation/index';
import { roles, users } from './auth.tables';
import { loadPermissions, rowsToPermissions } from './roles.service';
import { grantedOperations, grantedPages } from './grants';

type PermissionRows = Parameters<typeof rowsToPermissions>[0];

/**
 * POST /auth/user/validate. One generic message for every failure (unknown address, wrong
 * password, inactive account), a lock after repeated failures, and the signed-in user record.
 */
export async function signIn(platform: Platform, tenantId: string, input: SignIn): Promise<SignedInUser> {
  const mail = input.key?.trim();
  if (!mail) throw badRequest(signInMessages.email);
  if (!input.value) throw badRequest(signInMessages.password);
  const { db } = platform.database;
  const now = platform.now();

  const [user] = await withTenant(db, { tenantId }, (tx) =>
    tx.select().from(users).where(sql`lower(${users.mailAddress}) = lower(${mail})`),
  );
  if (!user) {
    await verifySecret(await dummySecretHash(), input.value);
    throw unauthorized(signInMessages.failed);
  }
  if (user.lockedUntil && user.lockedUntil > now) throw tooManyRequests(signInMessages.locked);

  const ok = TRANSFORMED_PASSWORD_PATTERN.test(input.value) && (await verifySecret(user.passwordHash, input.value));
  if (!ok) {
    await withTenant(db, { tenantId }, async (tx) => {
      const lockAt = platform.config.signInFailuresMax;
      const lockedUntil = new Date(now.getTime() + platform.config.signInLockMinutes * 60_000);
      // One atomic update: concurrent failures cannot lose a count.
      await tx
        .update(users)
        .set({
          failedSignIns: sql`case when ${users.failedSignIns} + 1 >= ${lockAt} then 0 else ${users.failedSignIns} + 1 end`,
          lockedUntil: sql`case when ${users.failedSignIns} + 1 >= ${lockAt} then ${lockedUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
        })
        .where(eq(users.userId, user.userId));
    });
    throw unauthorized(signInMessages.failed);
  }
  if (user.status !== 'Active') throw unauthorized(signInMessages.failed);

  return withTenant(db, { tenantId, userId: user.userId }, async (tx) => {
    await tx.update(users).set({ failedSignIns: 0, lockedUntil: null, lastLogin: now }).where(eq(users.userId, user.userId));
    await recordAudit(tx, tenantId, user.userId, [{ entity: 'user', recordId: user.userId, action: 'sign-in' }]);
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.tenantId, tenantId));
    const [company] = await tx.select().from(companies).where(eq(companies.companyId, user.companyId));
    const [role] = await tx.select().from(roles).where(eq(roles.roleId, user.roleId));
    const permissions = await loadPermissions(tx, user.roleId);
    const { token, expiresAt } = await platform.tokens.issueAccess({
      tenantId,
      companyId: user.companyId,
      userId: user.userId,
      roleId: user.roleId,
      version: user.tokenVersion,
    });
    return {
      token,
      expiresAt: expiresAt.toISOString(),
      activeUser: {
        code: user.userId,
        name: user.name,
        mailAddress: user.mailAddress,
        status: 'Active',
        roleID: user.roleId,
        role: role!.name,
        color: user.color,
        tenant: { id: tenant!.tenantId, code: tenant!.code, name: tenant!.name },
        company: { id: company!.companyId, code: company!.code, description: company!.description },
      },
      name: user.name,
      mailAddress: user.mailAddress,
      company: user.companyId,
      parentRole: { id: role!.roleId, name: role!.name, permissions },
    };
  });
}

/**
 * The principal behind a token, checked on every authenticated call: the user must still exist,
 * be Active, and the token must not predate a password or status change.
 */
export async function loadPrincipal(platform: Platform, claims: AccessClaims): Promise<AuthContext | undefined> {
  const found = await principalOf(platform, claims.tenantId, claims.userId, claims.roleId);
  const user = found?.user;
  if (!user || !found.grants || user.status !== 'Active' || user.version !== claims.version || user.roleId !== claims.roleId) return undefined;
  return { tenantId: claims.tenantId, userId: claims.userId, companyId: user.companyId, roleId: user.roleId, ...found.grants };
}

type PrincipalRow = { status: string; version: number; roleId: string; companyId: string; stamp: number | null; rows: PermissionRows | null };
type Found = { user: PrincipalRow | null; grants: Grants | undefined };
type Lookup = { waiting: { resolve: (found: Found) => void; reject: (error: unknown) => void }[]; running: boolean };
/** Per tenant, user and role of the token: the calls waiting for the next read of their principal. */
const lookups = new Map<string, Lookup>();

/**
 * The user and the role's grants, read for every call, but shared by the calls of one user that
 * wait together: while a read is running, the calls that arrive wait for the next one, which
 * starts after they arrived and answers them all (a change committed before a call arrived is
 * always seen by it). One statement, outside any transaction of ours (erp_principal, migration
 * 0011): the role's permission rows come back only when its stamp differs from the grants held here.
 */
function principalOf(platform: Platform, tenantId: string, userId: string, roleId: string): Promise<Found> {
  const key = `${tenantId}:${userId}:${roleId}`;
  return new Promise<Found>((resolve, reject) => {
    let lookup = lookups.get(key);
    if (!lookup) lookups.set(key, (lookup = { waiting: [], running: false }));
    lookup.waiting.push({ resolve, reject });
    if (!lookup.running) void readPrincipals(platform, key, lookup, tenantId, userId, roleId);
  });
}

async function readPrincipals(platform: Platform, key: string, lookup: Lookup, tenantId: string, userId: string, roleId: string): Promise<void> {
  lookup.running = true;
  while (lookup.waiting.length > 0) {
    const calls = lookup.waiting.splice(0);
    try {
      const roleKey = `${tenantId}:${roleId}`;
      const held = grantsByRole.get(roleKey);
      const [row] = rowsOf<{ p: PrincipalRow | null }>(
        await executePrepared(platform.database.db, sql`select erp_principal(${tenantId}::uuid, ${userId}::uuid, ${held?.stamp ?? null}::bigint) as p`),
      );
      const user = row?.p ?? null;
      let grants = user?.roleId === roleId ? held?.grants : undefined;
      if (user?.rows && user.roleId === roleId) {
        grants = grantsOf(user.rows);
        if (grantsByRole.size >= 1024) grantsByRole.clear();
        grantsByRole.set(roleKey, { stamp: user.stamp, grants });
      }
      for (const c of calls) c.resolve({ user, grants });
    } catch (error) {
      for (const c of calls) c.reject(error);
    }
  }
  lookups.delete(key);
}

type Grants = Pick<AuthContext, 'operations' | 'pages'>;
/** The grants built per tenant and role, with the role's stamp they were built at. Read-only sets. */
const grantsByRole = new Map<string, { stamp: number | null; grants: Grants }>();

/** The operations and pages a role's permission rows grant. */
function grantsOf(rows: PermissionRows): Grants {
  const permissions = rowsToPermissions(rows);
  return { operations: grantedOperations(permissions), pages: grantedPages(permissions) };
}
