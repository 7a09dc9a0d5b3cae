import { eq, sql } from 'drizzle-orm';
import { signInMessages, TRANSFORMED_PASSWORD_PATTERN, type SignIn, type SignedInUser } from '@erp/contracts';
import { executePrepared, pgArray, rowsOf } from '../../platform/db/client';
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

  const [user] = await withTenant(db, { tenantId, companies: [] }, (tx) =>
    tx.select().from(users).where(sql`lower(${users.mailAddress}) = lower(${mail})`),
  );
  // Every answer but a success costs one password verification, so that neither the answer nor its
  // time tells a known address from an unknown one, a locked account from an open one.
  if (!user) {
    await verifySecret(await dummySecretHash(), input.value);
    throw failUnknown(platform, tenantId, mail, now);
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    await verifySecret(await dummySecretHash(), input.value);
    throw tooManyRequests(signInMessages.locked);
  }

  const transformed = TRANSFORMED_PASSWORD_PATTERN.test(input.value);
  const ok = (await verifySecret(transformed ? user.passwordHash : await dummySecretHash(), input.value)) && transformed;
  if (!ok) {
    await withTenant(db, { tenantId, companies: [] }, async (tx) => {
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

  return withTenant(db, { tenantId, userId: user.userId, companies: [user.companyId] }, async (tx) => {
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
 * Failed sign-ins of addresses that are no user's of the tenant, counted and locked as a user's are
 * (SIGN_IN_FAILURES_MAX, then SIGN_IN_LOCK_MINUTES), so that an unknown address answers exactly as a
 * known one: 401, then 429 "Too many failed sign-in attempts". Held by this server process (an
 * unknown address has no row to count in); the oldest entries go past a bound.
 */
const unknownFailures = new Map<string, { count: number; lockedUntil: number }>();
const UNKNOWN_FAILURES_MAX = 50_000;

function failUnknown(platform: Platform, tenantId: string, mail: string, now: Date): Error {
  const key = `${tenantId}:${mail.toLowerCase()}`;
  const entry = unknownFailures.get(key);
  if (entry && entry.lockedUntil > now.getTime()) return tooManyRequests(signInMessages.locked);
  const count = (entry?.count ?? 0) + 1;
  unknownFailures.delete(key);
  if (unknownFailures.size >= UNKNOWN_FAILURES_MAX) unknownFailures.delete(unknownFailures.keys().next().value!);
  const locks = count >= platform.config.signInFailuresMax;
  unknownFailures.set(key, { count: locks ? 0 : count, lockedUntil: locks ? now.getTime() + platform.config.signInLockMinutes * 60_000 : 0 });
  return unauthorized(signInMessages.failed);
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
type Waiting = { userId: string; roleId: string; resolve: (found: Found) => void; reject: (error: unknown) => void };
/** Per tenant: the calls waiting for the next read of their principals, and whether one is running. */
const lookups = new Map<string, { waiting: Waiting[]; running: boolean }>();

/**
 * The user and the role's grants, read for every call, in reads shared by the calls of a tenant
 * that wait together: a read starts once the event loop has taken in the calls at hand, and while
 * it runs, the calls that arrive wait for the next one, which starts after they arrived and answers
 * them all (a change committed before a call arrived is always seen by it). One statement, outside
 * any transaction of ours (erp_principals, migration 0011): a role's permission rows come back
 * only when its stamp differs from the grants held here.
 */
function principalOf(platform: Platform, tenantId: string, userId: string, roleId: string): Promise<Found> {
  return new Promise<Found>((resolve, reject) => {
    let lookup = lookups.get(tenantId);
    if (!lookup) lookups.set(tenantId, (lookup = { waiting: [], running: false }));
    lookup.waiting.push({ userId, roleId, resolve, reject });
    if (!lookup.running) {
      lookup.running = true;
      setImmediate(() => void readPrincipals(platform, tenantId, lookup));
    }
  });
}

async function readPrincipals(platform: Platform, tenantId: string, lookup: { waiting: Waiting[]; running: boolean }): Promise<void> {
  while (lookup.waiting.length > 0) {
    const calls = lookup.waiting.splice(0);
    try {
      // One stamp per user: that of the grants held for the role its (first) call's token names.
      const stamps = new Map<string, number | null>();
      for (const c of calls) if (!stamps.has(c.userId)) stamps.set(c.userId, grantsByRole.get(`${tenantId}:${c.roleId}`)?.stamp ?? null);
      const [row] = rowsOf<{ p: Record<string, PrincipalRow> }>(
        await executePrepared(platform.database.db, sql`select erp_principals(${tenantId}::uuid, ${pgArray([...stamps.keys()])}::uuid[], ${pgArray([...stamps.values()])}::bigint[]) as p`),
      );
      for (const c of calls) {
        const user = row?.p[c.userId] ?? null;
        const roleKey = `${tenantId}:${c.roleId}`;
        if (user?.rows && user.roleId === c.roleId && grantsByRole.get(roleKey)?.stamp !== user.stamp) {
          if (grantsByRole.size >= 1024) grantsByRole.clear();
          grantsByRole.set(roleKey, { stamp: user.stamp, grants: grantsOf(user.rows) });
        }
        const held = grantsByRole.get(roleKey);
        c.resolve({ user, grants: user?.roleId === c.roleId && held?.stamp === user.stamp ? held.grants : undefined });
      }
    } catch (error) {
      for (const c of calls) c.reject(error);
    }
  }
  lookups.delete(tenantId);
}

type Grants = Pick<AuthContext, 'operations' | 'pages'>;
/** The grants built per tenant and role, with the role's stamp they were built at. Read-only sets. */
const grantsByRole = new Map<string, { stamp: number | null; grants: Grants }>();

/** The operations and pages a role's permission rows grant. */
function grantsOf(rows: PermissionRows): Grants {
  const permissions = rowsToPermissions(rows);
  return { operations: grantedOperations(permissions), pages: grantedPages(permissions) };
}
