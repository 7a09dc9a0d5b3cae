import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  OTP_DIGITS,
  OTP_TRIES_MAX,
  OTP_VALID_MINUTES,
  TRANSFORMED_PASSWORD_PATTERN,
  type ChangePassword,
  type OtpValidation,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenancy';
import { recordAudit } from '../../platform/audit/audit';
import { badRequest, tooManyRequests, unauthorized, unprocessable } from '../../platform/http/errors';
import { hashSecret, verifySecret } from '../../platform/security/passwords';
import type { Platform } from '../../platform/platform';
import { oneTimeCodes, users } from './auth.tables';

export const PASSWORD_CHANGE_REQUESTED = 'If the address belongs to an active user, a code has been sent to it';
const INVALID_CODE = 'The code is not valid or has expired; please request a new one';
export const CODE_TRIES_USED = 'Too many tries for this code; please request a new one';

/**
 * GET /auth/user/requestpasswordchange/{mail}: mails a fresh code (earlier codes stop working).
 * The answer is the same whether or not the address is known, so it reveals nothing.
 */
export async function requestPasswordChange(platform: Platform, tenantId: string, mail: string): Promise<void> {
  const now = platform.now();
  const code = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
  const codeHash = await hashSecret(code);
  const mailId = await withTenant(platform.database.db, { tenantId, companies: [] }, async (tx) => {
    const [user] = await tx.select().from(users).where(sql`lower(${users.mailAddress}) = lower(${mail.trim()})`);
    if (!user || user.status !== 'Active') return undefined;
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(and(eq(oneTimeCodes.userId, user.userId), isNull(oneTimeCodes.usedAt)));
    await tx.insert(oneTimeCodes).values({
      tenantId,
      userId: user.userId,
      codeHash,
      expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * 60_000),
      createdAt: now,
    });
    return platform.mailer.enqueue(tx, tenantId, {
      to: user.mailAddress,
      subject: 'Your password change code',
      body: `Hello ${user.name},\n\nYour one-time code is ${code}. It is valid for ${OTP_VALID_MINUTES} minutes and works once.\n\nIf you did not ask to change your password, ignore this message.`,
    });
  });
  if (mailId) await platform.mailer.deliver(platform.database.db, tenantId, mailId);
}

/**
 * GET /auth/user/validateotp/{mail}/{otp}: at most OTP_TRIES_MAX tries on the newest live code;
 * the try is counted before the code is compared, in its own transaction, so it is never lost.
 */
export async function validateOtp(platform: Platform, tenantId: string, mail: string, otp: string): Promise<OtpValidation> {
  const now = platform.now();
  const { db } = platform.database;
  const live = await withTenant(db, { tenantId, companies: [] }, async (tx) => {
    const [row] = await tx
      .select({ code: oneTimeCodes, userStatus: users.status })
      .from(oneTimeCodes)
      .innerJoin(users, eq(users.userId, oneTimeCodes.userId))
      .where(and(sql`lower(${users.mailAddress}) = lower(${mail.trim()})`, isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (!row || row.userStatus !== 'Active') return undefined;
    if (row.code.tries >= OTP_TRIES_MAX) return 'exhausted' as const;
    const counted = await tx
      .update(oneTimeCodes)
      .set({ tries: sql`${oneTimeCodes.tries} + 1` })
      .where(and(eq(oneTimeCodes.codeId, row.code.codeId), lt(oneTimeCodes.tries, OTP_TRIES_MAX)))
      .returning();
    return counted[0] ?? ('exhausted' as const);
  });
  if (live === 'exhausted') throw tooManyRequests(CODE_TRIES_USED);
  if (!live || !/^\d+$/.test(otp) || !(await verifySecret(live.codeHash, otp))) throw unprocessable(INVALID_CODE);
  await withTenant(db, { tenantId, companies: [] }, (tx) =>
    tx.update(oneTimeCodes).set({ validatedAt: now }).where(eq(oneTimeCodes.codeId, live.codeId)),
  );
  const changeToken = await platform.tokens.issueChange({ tenantId, userId: live.userId, codeId: live.codeId }, live.expiresAt);
  return { validated: true, changeToken, expiresAt: live.expiresAt.toISOString() };
}

/**
 * POST /auth/user/changepassword: with the change token of a validated code (used once), or, for
 * a signed-in user, with the current password. Tokens issued before the change stop working.
 */
export async function changePassword(
  platform: Platform,
  tenantId: string,
  signedInUserId: string | undefined,
  input: ChangePassword,
): Promise<void> {
  if (!input.newPassword) throw badRequest('Please supply password');
  if (!TRANSFORMED_PASSWORD_PATTERN.test(input.newPassword)) throw badRequest('The password must be sent in its transformed form');
  const now = platform.now();
  const newHash = await hashSecret(input.newPassword);
  const { db } = platform.database;

  if (input.changeToken) {
    const claims = await platform.tokens.verifyChange(input.changeToken);
    if (!claims || claims.tenantId !== tenantId) throw unprocessable(INVALID_CODE);
    await withTenant(db, { tenantId, userId: claims.userId, companies: [] }, async (tx) => {
      const used = await tx
        .update(oneTimeCodes)
        .set({ usedAt: now })
        .where(and(eq(oneTimeCodes.codeId, claims.codeId), eq(oneTimeCodes.userId, claims.userId), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now), sql`${oneTimeCodes.validatedAt} is not null`))
        .returning();
      if (used.length === 0) throw unprocessable(INVALID_CODE);
      await setPassword(tx, tenantId, claims.userId, newHash, input.user.mailAddress);
    });
    return;
  }
  if (!signedInUserId) throw unauthorized('A validated code or your current password is needed');
  if (!input.user.value) throw badRequest('Please supply your current password');
  await withTenant(db, { tenantId, userId: signedInUserId, companies: [] }, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.userId, signedInUserId)).for('update');
    if (!user || !(await verifySecret(user.passwordHash, input.user.value!))) throw unprocessable('The current password is not correct');
    await setPassword(tx, tenantId, signedInUserId, newHash, input.user.mailAddress);
  });
}

async function setPassword(tx: Tx, tenantId: string, userId: string, passwordHash: string, mail?: string) {
  const [user] = await tx.select().from(users).where(eq(users.userId, userId));
  if (!user) throw unprocessable(INVALID_CODE);
  if (mail && mail.trim().toLowerCase() !== user.mailAddress.toLowerCase()) throw unprocessable(INVALID_CODE);
  await tx
    .update(users)
    .set({ passwordHash, tokenVersion: user.tokenVersion + 1, failedSignIns: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.userId, userId));
  await recordAudit(tx, tenantId, userId, [{ entity: 'user', recordId: userId, action: 'password-change' }]);
}
