// Proves the rate limits of the unauthenticated routes: a new X-Forwarded-For per call does not reset them unless the sender
// is a configured proxy (TRUST_PROXY), one-time codes are limited per mail address whatever the caller's address, and the
// tenant request of a host neither tells known hosts from unknown ones nor answers without limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { loadConfig } from '../../src/platform/config';
import { createTestApp, PUBLIC, type TestApp, type TestTenant } from '../helpers/test-app';

const RATE = 8;
let plain: TestApp;
let proxied: TestApp;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  plain = await createTestApp({ publicRatePerMinute: RATE });
  a = await plain.tenant('RATEA');
  // Behind a proxy at the address inject sends from: its X-Forwarded-For names the caller.
  proxied = await createTestApp({ publicRatePerMinute: 10_000, codeRatePerMailPerHour: 3, trustProxy: ['127.0.0.1'] });
  b = await proxied.tenant('RATEB');
});
afterAll(async () => {
  await plain.close();
  await proxied.close();
});

let forwarded = 0;
/** A public call that claims a new client address each time. */
async function fromNewAddress(t: TestApp, host: string, method: InjectOptions['method'], url: string, payload?: object): Promise<number> {
  forwarded += 1;
  const headers = { host, authorization: PUBLIC, 'x-forwarded-for': `203.0.${Math.floor(forwarded / 250)}.${forwarded % 250}` };
  return (await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })).statusCode;
}

describe('rate limits without a trusted proxy (the default)', () => {
  const routes: [InjectOptions['method'], string, number, object?][] = [
    ['POST', '/auth/user/createfirst/x', RATE / 2, {}],
    ['POST', '/auth/user/validate', RATE, { key: 'someone@ratea.test', value: 'x', varyKey: true }],
    ['POST', '/auth/user/changepassword', RATE / 2, {}],
    ['GET', '/auth/user/requestpasswordchange/someone@ratea.test', RATE / 4],
    ['GET', '/auth/user/validateotp/someone@ratea.test/123456', RATE / 2],
    ['GET', '/auth/user/isempty', RATE],
    ['GET', '/auth/tenantrequest/GetRequest/ratea.test', RATE],
  ];
  for (const [method, url, limit, body] of routes) {
    it(`refuses ${method} ${url.split('/').slice(0, 4).join('/')} past ${limit} of 30 calls, each with a new X-Forwarded-For`, async () => {
      const statuses: number[] = [];
      // Sign-in keys vary: one address would be locked after SIGN_IN_FAILURES_MAX tries (429 too, but not the rate limit's).
      const bodyOf = (i: number) => (body && 'varyKey' in body ? { key: `someone${i}@ratea.test`, value: 'x' } : body);
      for (let i = 0; i < 30; i++) statuses.push(await fromNewAddress(plain, a.host, method, url, bodyOf(i)));
      expect(statuses.slice(0, limit).filter((s) => s === 429)).toEqual([]);
      expect(statuses.slice(limit)).toEqual(Array(30 - limit).fill(429));
    });
  }

  it('trusts no forwarded header by default, and takes addresses, CIDRs or a hop count in TRUST_PROXY', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback' }).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('rate limits per mail address, behind a trusted proxy', () => {
  it('keys the per-address limit on the forwarded address of a trusted proxy', async () => {
    const limited = await createTestApp({ publicRatePerMinute: 2, trustProxy: ['127.0.0.1'] });
    try {
      const host = (await limited.tenant('RATEC')).host;
      const from = async (client: string) =>
        (await limited.app.inject({ method: 'GET', url: '/auth/user/isempty', headers: { host, authorization: PUBLIC, 'x-forwarded-for': client } })).statusCode;
      expect([await from('198.51.100.1'), await from('198.51.100.1'), await from('198.51.100.1')]).toEqual([200, 200, 429]);
      expect(await from('198.51.100.2')).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses code requests for one mail address past the limit, from however many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await fromNewAddress(proxied, b.host, 'GET', '/auth/user/requestpasswordchange/Victim@rateb.test'));
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    // Another address (and the same one written otherwise counts as the same).
    expect(await fromNewAddress(proxied, b.host, 'GET', '/auth/user/requestpasswordchange/other@rateb.test')).toBe(200);
    expect(await fromNewAddress(proxied, b.host, 'GET', '/auth/user/requestpasswordchange/%20VICTIM@rateb.test')).toBe(429);
  });

  it('refuses tries of codes for one mail address past twice the limit, from however many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await fromNewAddress(proxied, b.host, 'GET', `/auth/user/validateotp/target@rateb.test/${String(100000 + i)}`));
    expect(statuses.slice(0, 6).filter((s) => s === 429)).toEqual([]);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
    expect(await fromNewAddress(proxied, b.host, 'GET', '/auth/user/validateotp/someone-else@rateb.test/123456')).not.toBe(429);
  });
});

describe('the tenant request of a host', () => {
  it('answers an unknown host exactly as a known one that has nothing to show', async () => {
    const ask = async (host: string) => {
      const res = await proxied.app.inject({ method: 'GET', url: `/auth/tenantrequest/GetRequest/${host}`, headers: { host: b.host, authorization: PUBLIC } });
      return { status: res.statusCode, body: res.body, type: res.headers['content-type'] };
    };
    const known = await ask(b.host);
    expect(known.status).toBe(200);
    // A new tenant: not the license manager, the agreement every tenant starts with.
    expect(JSON.parse(known.body)).toMatchObject({ isLicenseManager: false, globalAgreement: expect.stringContaining('License Agreement') });
    expect(await ask('no-such-tenant.example')).toEqual(known);
  });
});
