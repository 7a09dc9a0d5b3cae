// Proves that every API route the app registers is refused (403) to a signed-in user whose role holds nothing, except the
// public and self-service routes whose module's manifest says why (`open`). The routes come from the app itself (Fastify's
// onRoute), so a route added tomorrow without a permission, or that no manifest declares, fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformPassword, type Role } from '@erp/contracts';
import { declaredRoutes, routeRecorder, undeclaredRoutes } from '../helpers/routes';
import { adminOf, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

const recorder = routeRecorder();
const routes = recorder.routes;
let t: TestApp;
/** Routes a role with nothing may still reach, each with why (the manifests' `open`). Anything else must answer 403. */
let OPEN: Record<string, string>;
let tenant: TestTenant;
let nobody: Session;

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: recorder.onRoute });
  OPEN = Object.fromEntries([...declaredRoutes(t.platform).values()].flatMap((r) => (r.facts.open ? [[r.key, r.facts.open]] : [])));
  let admin: Session;
  ({ tenant, admin } = await adminOf(t, 'NOPERM'));
  const headers = { host: tenant.host, authorization: `Bearer ${admin.token}`, token: admin.tenantId };
  const role = JSON.parse((await t.app.inject({ method: 'POST', url: '/auth/role', headers, payload: { name: 'Nothing' } })).body) as Role;
  expect(role.permissions).toEqual([]);
  const p = await transformPassword('Nothing at all 1');
  const created = await t.app.inject({ method: 'POST', url: `/auth/user/create/${p}`, headers, payload: { name: 'Nobody', mailAddress: 'nobody@noperm.test', password: p, confirmPassword: p, roleID: role.id } });
  expect(created.statusCode).toBe(200);
  nobody = await signIn(t.app, tenant.host, 'nobody@noperm.test', 'Nothing at all 1');
});
afterAll(() => t.close());

/** A value each path parameter accepts, so that a route that lets the caller through answers from its handler. */
function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (/count|limit|year/i.test(name)) return '10';
    if (name === 'role') return 'all';
    if (/host/i.test(name)) return tenant.host;
    if (/text|search|mail|otp|password|code|format/i.test(name)) return 'x';
    return '00000000-0000-4000-8000-000000000000';
  });
}

describe('every route declares its access', () => {
  it('knows the routes of the app from the app itself', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.access).map((r) => r.key)).toEqual([]);
    expect(undeclaredRoutes(routes.map((r) => r.key), t.platform)).toEqual([]);
    // The open routes name only routes that exist (a renamed route must not stay open by its old name).
    expect(Object.keys(OPEN).length).toBeGreaterThan(10);
    for (const open of Object.keys(OPEN)) expect(routes.map((r) => r.key)).toContain(open);
  });

  it('refuses every route but the public and self-service ones to a role that holds nothing (403)', async () => {
    const answers: string[] = [];
    for (const route of routes) {
      const key = route.key;
      if (OPEN[key]) continue;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: fill(route.url),
        headers: { host: tenant.host, authorization: `Bearer ${nobody.token}`, token: nobody.tenantId },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403) answers.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      else expect(JSON.parse(res.body)).toMatchObject({ statusCode: 403, serverError: 'Forbidden' });
    }
    expect(answers).toEqual([]);
  });
});
