// Proves sign-in: one generic failure message, the lock after repeated failures, and the token rules of every authenticated call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMessages, transformPassword, type ErrorObject, type SignedInUser, type UserView } from '@erp/contracts';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../src/platform/audit/audit.tables';
import { withTenant } from '../../src/platform/db/tenancy';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const mail = () => `admin@${tenant.host}`;
const attempt = async (key: string, password: string) =>
  call<SignedInUser & ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/validate', { key, value: await transformPassword(password) });

beforeAll(async () => {
  t = await createTestApp({ signInFailuresMax: 3, signInLockMinutes: 15 });
  ({ tenant, admin } = await adminOf(t, 'SIGN'));
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('answers the signed-in user record of SPEC.md section 3', async () => {
    const res = await attempt(mail(), 'Correct horse 1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'First Admin',
      mailAddress: mail(),
      company: tenant.companyId,
      activeUser: { tenant: { id: tenant.tenantId, code: 'SIGN' }, company: { id: tenant.companyId, code: 'HQ' }, role: 'Administrator', status: 'Active' },
      parentRole: { name: 'Administrator' },
    });
    expect(res.body.token.split('.')).toHaveLength(3);
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('gives one generic message for an unknown address, a wrong password and a missing field', async () => {
    const unknown = await attempt('nobody@sign.test', 'Correct horse 1');
    const wrong = await attempt(mail(), 'wrong');
    expect(unknown.body).toEqual({ message: signInMessages.failed, statusCode: 401, serverError: 'Unauthorized' });
    expect(wrong.body).toEqual(unknown.body);
    const missing = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/validate', { key: mail() });
    expect(missing.body).toEqual({ message: signInMessages.password, statusCode: 400, serverError: 'BadRequest' });
    const untransformed = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/validate', { key: mail(), value: 'Correct horse 1' });
    expect(untransformed.body.message).toBe(signInMessages.failed);
  });

  it('locks the account after the configured failures, also against the right password, until the lock ends', async () => {
    const victim = `victim@${tenant.host}`;
    const p = await transformPassword('Victim pass 1');
    const created = await call<UserView>(t.app, tenant.host, 'POST', `/auth/user/create/${p}`, { name: 'Victim', mailAddress: victim, password: p, confirmPassword: p, roleID: admin.user.parentRole.id }, admin);
    expect(created.status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(victim, 'bad guess')).status).toBe(401);
    const locked = await attempt(victim, 'Victim pass 1');
    expect(locked.body).toEqual({ message: signInMessages.locked, statusCode: 429, serverError: 'TooManyRequests' });
    t.clock.advanceMinutes(16);
    expect((await attempt(victim, 'Victim pass 1')).status).toBe(200);
  });

  it('refuses the public credential on user routes and a user token on public-only routes', async () => {
    const asPublic = await call<ErrorObject>(t.app, tenant.host, 'GET', '/gl/GetFullCompany');
    expect(asPublic.body).toEqual({ message: 'Please sign in', statusCode: 401, serverError: 'Unauthorized' });
    const asUser = await call<ErrorObject>(t.app, tenant.host, 'GET', '/auth/user/isempty', undefined, admin);
    expect(asUser.status).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/auth/user/isempty', headers: { host: tenant.host } });
    expect(none.statusCode).toBe(401);
    expect(JSON.parse(none.body)).toEqual({ message: 'Missing credentials', statusCode: 401, serverError: 'Unauthorized' });
  });

  it('refuses a forged, a tampered or a mismatched-tenant token', async () => {
    const company = (s: Session) => call<ErrorObject>(t.app, tenant.host, 'GET', '/gl/GetFullCompany', undefined, s);
    expect((await company(admin)).status).toBe(200);
    const [h, payload, sig] = admin.token.split('.');
    expect((await company({ ...admin, token: `${h}.${payload}.${sig!.slice(0, -2)}xx` })).status).toBe(401);
    expect((await company({ ...admin, token: 'not-a-jwt' })).status).toBe(401);
    expect((await company({ ...admin, tenantId: '00000000-0000-0000-0000-000000000001' })).body.message).toBe('The tenant of the request does not match your session');
  });

  it('answers an unknown tenant host with 404 and the spec error object', async () => {
    const res = await call<ErrorObject>(t.app, 'nowhere.test', 'GET', '/auth/user/isempty');
    expect(res.body).toEqual({ message: 'The tenant of this address was not found', statusCode: 404, serverError: 'NotFound' });
  });

  it('serves localhost as the default tenant host', async () => {
    const app2 = await createTestApp({ defaultTenantHost: tenant.host });
    try {
      await app2.tenant('SIGN');
      const res = await call<number>(app2.app, 'localhost:3000', 'GET', '/auth/user/isempty');
      expect(res).toEqual({ status: 200, body: 1 });
    } finally {
      await app2.close();
    }
  });

  it('limits sign-in attempts per address, whatever the account', async () => {
    const limited = await createTestApp({ publicRatePerMinute: 3 });
    try {
      const other = await limited.tenant('RATE');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await call<ErrorObject>(limited.app, other.host, 'POST', '/auth/user/validate', { key: `user${i}@rate.test`, value: 'x' });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body).toMatchObject({ statusCode: 429, message: expect.stringMatching(/rate limit/i) });
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('keeps a record of each sign-in in the audit trail', async () => {
    const signIns = () =>
      withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) =>
        tx.select().from(auditLog).where(and(eq(auditLog.action, 'sign-in'), eq(auditLog.recordId, admin.user.activeUser.code))),
      );
    const before = (await signIns()).length;
    await signIn(t.app, tenant.host, mail(), 'Correct horse 1');
    const after = await signIns();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ entity: 'user', userId: admin.user.activeUser.code });
  });
});
