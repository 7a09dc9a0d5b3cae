import type { FastifyInstance, InjectOptions } from 'fastify';
import { transformPassword, type SignedInUser, type UserView } from '@erp/contracts';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig, type Config } from '../../src/platform/config';
import type { Platform } from '../../src/platform/platform';
import { createTenant, type CreatedTenant } from '../../src/modules/organisation/index';
import { freshDatabase, type FreshDatabase } from './databases';

export const PUBLIC = 'Bearer erp-public';

/** A controllable clock: tests move time to prove expiry and lock rules. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advanceMinutes(minutes: number) {
    this.offsetMs += minutes * 60_000;
  }
}

export type TestApp = {
  app: FastifyInstance;
  platform: Platform;
  clock: TestClock;
  fresh: FreshDatabase;
  close: () => Promise<void>;
  /** A tenant with its own host (`<code>.test`), a company and the built-in roles; no user. */
  tenant: (code: string, extra?: { isLicenseManager?: boolean }) => Promise<TestTenant>;
};

export type TestTenant = CreatedTenant & { host: string; code: string };

/** Builds the real server on a fresh database of the engine TEST_DB names. */
export async function createTestApp(overrides: Partial<Config> = {}, deps: Pick<AppDeps, 'onRoute'> = {}): Promise<TestApp> {
  const fresh = await freshDatabase();
  const clock = new TestClock();
  const config = loadConfig(
    {},
    { tokenSecret: 'test-secret-0123456789-0123456789-0123456789', publicRatePerMinute: 10_000, codeRatePerMailPerHour: 10_000, webDist: '/nonexistent', ...overrides },
  );
  const { app, platform } = await buildApp({ config, database: fresh.database, now: clock.now, logger: process.env.TEST_LOG === '1', ...deps });
  await app.ready();
  return {
    app,
    platform,
    clock,
    fresh,
    close: async () => {
      await app.close();
      await fresh.drop();
    },
    tenant: async (code, extra) => {
      const host = `${code.toLowerCase()}.test`;
      const created = await createTenant(platform, { code, name: `Tenant ${code}`, host, ...extra });
      return { ...created, host, code };
    },
  };
}

export type Reply<T> = { status: number; body: T };

/** Calls the API as a stranger of a tenant (the public credential, the tenant's host). */
export async function call<T = unknown>(app: FastifyInstance, host: string, method: InjectOptions['method'], url: string, payload?: unknown, auth?: Session): Promise<Reply<T>> {
  const headers: Record<string, string> = { host };
  headers.authorization = auth ? `Bearer ${auth.token}` : PUBLIC;
  if (auth) headers.token = auth.tenantId;
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as T) : (undefined as T) };
}

export type Session = { token: string; tenantId: string; user: SignedInUser };

export async function createFirstUser(app: FastifyInstance, host: string, mail: string, password: string, name = 'First Admin'): Promise<Reply<UserView>> {
  const p = await transformPassword(password);
  return call<UserView>(app, host, 'POST', `/auth/user/createfirst/${p}`, { name, mailAddress: mail, password: p, confirmPassword: p, state: 'New' });
}

export async function signIn(app: FastifyInstance, host: string, mail: string, password: string): Promise<Session> {
  const res = await call<SignedInUser>(app, host, 'POST', '/auth/user/validate', { key: mail, value: await transformPassword(password) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, tenantId: res.body.activeUser.tenant.id, user: res.body };
}

/** A tenant with a first user signed in: the usual start of a test. */
export async function adminOf(t: TestApp, code: string): Promise<{ tenant: TestTenant; admin: Session }> {
  const tenant = await t.tenant(code);
  const mail = `admin@${tenant.host}`;
  const created = await createFirstUser(t.app, tenant.host, mail, 'Correct horse 1');
  if (created.status !== 200) throw new Error(`first user failed: ${JSON.stringify(created.body)}`);
  return { tenant, admin: await signIn(t.app, tenant.host, mail, 'Correct horse 1') };
}
