// Proves the first-user rules: only while the tenant has none, as Administrator, with the spec's messages in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformPassword, userValidationMessages, type ErrorObject, type UserView } from '@erp/contracts';
import { call, createFirstUser, createTestApp, signIn, type TestApp, type TestTenant } from '../helpers/test-app';

let t: TestApp;
let tenant: TestTenant;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.tenant('FIRST');
});
afterAll(() => t.close());

describe('first user', () => {
  it('answers 1 from isempty while the tenant has no user', async () => {
    const res = await call<number>(t.app, tenant.host, 'GET', '/auth/user/isempty');
    expect(res).toEqual({ status: 200, body: 1 });
  });

  it('refuses an incomplete user with the section 5 messages in order', async () => {
    const p = await transformPassword('pw-one');
    const q = await transformPassword('pw-two');
    const cases: [object, string, string][] = [
      [{ name: 'A', password: p, confirmPassword: p }, p, userValidationMessages.email],
      [{ mailAddress: 'a@x.test', password: p, confirmPassword: p }, p, userValidationMessages.name],
      [{ mailAddress: 'a@x.test', name: 'A', confirmPassword: p }, '', userValidationMessages.password],
      [{ mailAddress: 'a@x.test', name: 'A', password: p }, p, userValidationMessages.confirmPassword],
      [{ mailAddress: 'a@x.test', name: 'A', password: p, confirmPassword: q }, p, userValidationMessages.mismatch],
      [{}, p, userValidationMessages.email],
    ];
    for (const [user, pathPassword, message] of cases) {
      const url = pathPassword ? `/auth/user/createfirst/${pathPassword}` : '/auth/user/createfirst/%20';
      const res = await call<ErrorObject>(t.app, tenant.host, 'POST', url, user);
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ message, statusCode: 400, serverError: 'BadRequest' });
    }
    expect((await call<number>(t.app, tenant.host, 'GET', '/auth/user/isempty')).body).toBe(1);
  });

  it('refuses an oversized name with a message naming the field', async () => {
    const p = await transformPassword('pw');
    const res = await call<ErrorObject>(t.app, tenant.host, 'POST', `/auth/user/createfirst/${p}`, {
      name: 'x'.repeat(201), mailAddress: 'a@x.test', password: p, confirmPassword: p,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^name: /);
  });

  it('creates the first user as Administrator of the first company, then refuses a second', async () => {
    const res = await createFirstUser(t.app, tenant.host, 'boss@first.test', 'Secret 123', 'The Boss');
    expect(res.status).toBe(200);
    const user: UserView = res.body;
    expect(user).toMatchObject({ name: 'The Boss', mailAddress: 'boss@first.test', role: 'Administrator', status: 'Active', company: tenant.companyId, tenant: tenant.tenantId });
    expect(JSON.stringify(user)).not.toMatch(/password/i);
    expect((await call<number>(t.app, tenant.host, 'GET', '/auth/user/isempty')).body).toBe(0);

    const again = await createFirstUser(t.app, tenant.host, 'other@first.test', 'Secret 123');
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorObject).message).toBe('The tenant already has users; please sign in');
  });

  it('signs the first user in with every permission of the catalogue', async () => {
    const session = await signIn(t.app, tenant.host, 'BOSS@first.test', 'Secret 123');
    expect(session.user.parentRole.name).toBe('Administrator');
    expect(session.user.activeUser.tenant.id).toBe(tenant.tenantId);
    const ops = session.user.parentRole.permissions.flatMap((p) => p.routes.flatMap((r) => r.pages.flatMap((pg) => pg.operations)));
    expect(ops).toEqual(expect.arrayContaining(['SaveUser', 'EditRole', 'SaveCompany', 'GenerateTrialBalance']));
  });

  it('lets only one of two simultaneous first users through', async () => {
    const other = await t.tenant('RACE');
    const results = await Promise.all([
      createFirstUser(t.app, other.host, 'one@race.test', 'Secret 123'),
      createFirstUser(t.app, other.host, 'two@race.test', 'Secret 123'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
