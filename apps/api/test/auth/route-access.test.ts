// Proves that every API route the app registers is refused (403) to a signed-in user whose role holds nothing, except the
// public and self-service routes listed below with their reason. The routes come from the app itself (Fastify's onRoute), so a
// route added tomorrow without a permission fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { transformPassword, type Role } from '@erp/contracts';
import { isApiPath } from '../../src/platform/http/guard';
import { adminOf, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

/** Routes a role with nothing may still reach, each with why. Anything else must answer 403. */
const OPEN: Record<string, string> = {
  'GET /auth/user/isempty': 'public: the sign-in page asks whether the tenant has a first user yet',
  'POST /auth/user/createfirst/:password': 'public: creates the first user of a tenant that has none',
  'POST /auth/user/validate': 'public: the sign-in itself',
  'GET /auth/user/requestpasswordchange/:mail': 'public: a forgotten password is requested before signing in',
  'GET /auth/user/validateotp/:mail/:otp': 'public: the mailed code is checked before signing in',
  'POST /auth/user/changepassword': 'self-service: a user changes their own password (or with a validated code)',
  'GET /auth/tenantrequest/GetRequest/:host': 'public: the sign-in page shows the agreement of its host',
  'GET /auth/user/me': 'self-service: the profile screen shows the signed-in user',
  'POST /auth/user/edit': "self-service: anyone may edit their own name, phone and colour (other users', or their own role, company or status, need EditUser: the route's operationOf)",
  'GET /gl/GetFullCompany': "self-service: the signed-in user's own company (accounting date, date format) that every screen needs",
  'GET /gl/GetCompanies/:count': 'self-service: the companies a user may switch to in the header',
  'GET /workflow/tasks': 'self-service: my approval inbox (tasks assigned or delegated to me)',
  'GET /workflow/tasks/summary': 'self-service: the bell of my open tasks and unread messages',
  'GET /workflow/tasks/:id': 'self-service: one of my tasks (the service answers 404 for a task that is not mine)',
  'POST /workflow/tasks/:id/approve': 'self-service: acting on my own task (the service checks it is assigned to me)',
  'POST /workflow/tasks/:id/reject': 'self-service: acting on my own task (the service checks it is assigned to me)',
  'POST /workflow/instances/:id/cancel': 'self-service: withdrawing my own submission (the service checks I am its submitter or owner)',
  'GET /workflow/messages': 'self-service: my in-app messages',
  'POST /workflow/messages/:id/read': 'self-service: marking one of my messages read',
};

type Route = { method: string; url: string; access: unknown };
const routes: Route[] = [];
let t: TestApp;
let tenant: TestTenant;
let nobody: Session;

beforeAll(async () => {
  t = await createTestApp({}, {
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD' && isApiPath(route.url)) routes.push({ method, url: route.url, access: route.config?.access });
    },
  });
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
    expect(routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // The list of open routes names only routes that exist (a renamed route must not stay open by its old name).
    for (const open of Object.keys(OPEN)) expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(open);
  });

  it('refuses every route but the public and self-service ones to a role that holds nothing (403)', async () => {
    const answers: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
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
