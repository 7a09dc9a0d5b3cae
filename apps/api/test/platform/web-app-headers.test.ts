// Proves how the server answers a browser (issues 13 item 7 and 14): security headers on a page, an API answer and an asset; a fresh
// style nonce per index.html that equals the one in the page; immutable, precompressed hashed assets; no-cache on index.html;
// compressed API answers; HSTS only over TLS; Swagger UI only where API_DOCS is on, with its own policy.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHttpHeaders } from '../../src/platform/http/web-app';
import { createTestApp, PUBLIC, type TestApp } from '../helpers/test-app';

let t: TestApp;
let webDist: string;
const ASSET = '/assets/index-AbCd1234.js';
const assetBody = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'erp-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  // As Vite writes it with html.cspNonce (apps/web/vite.config.ts).
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" src="${ASSET}" nonce="__CSP_NONCE__"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(webDist, ASSET), assetBody);
  // The build's precompression step writes these beside each asset.
  writeFileSync(path.join(webDist, `${ASSET}.br`), brotliCompressSync(assetBody));
  writeFileSync(path.join(webDist, `${ASSET}.gz`), gzipSync(assetBody));
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url = '/login') => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const nonceInHtml = (html: string) => /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];

function expectCommonHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
  // Plain http: no HSTS.
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

describe('security headers', () => {
  it('index.html: the app policy with no inline script and a style nonce, no-cache, the common headers', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers, 'index.html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).toContain("object-src 'none'");
  });

  it('a fresh nonce per response of index.html, equal to the one written into the page', async () => {
    const seen = new Set<string>();
    for (const url of ['/login', '/login', '/', '/index.html', '/journal']) {
      const res = await page(url);
      const inHeader = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      const inPage = nonceInHtml(res.body);
      expect(inHeader, url).toBeDefined();
      expect(inPage, url).toBe(inHeader);
      expect(res.body, url).not.toContain('__CSP_NONCE__');
      seen.add(inHeader!);
    }
    expect(seen.size).toBe(5);
  });

  it('an API answer: a policy that allows nothing, the common headers', async () => {
    const tenant = await t.tenant('HDR');
    const res = await t.app.inject({ method: 'GET', url: '/auth/user/isempty', headers: { host: tenant.host, authorization: PUBLIC } });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers, 'API');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'");
  });

  it('an asset: the common headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: ASSET });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers, 'asset');
  });

  it('HSTS only when the request came over TLS', async () => {
    // The server's own proxy setting decides whether a forwarded https counts; here a server that trusts its proxy.
    const app = Fastify({ trustProxy: true });
    await registerHttpHeaders(app);
    app.get('/x', async () => ({ ok: true }));
    try {
      const viaTls = await app.inject({ method: 'GET', url: '/x', headers: { 'x-forwarded-proto': 'https' } });
      expect(viaTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await app.inject({ method: 'GET', url: '/x' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('caching and compression', () => {
  it('a hashed asset is immutable for a year and sent precompressed as the client accepts: br, then gzip, else plain', async () => {
    const br = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(assetBody);

    const gz = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(assetBody);

    const plain = await t.app.inject({ method: 'GET', url: ASSET });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetBody);
  });

  it('a file that is not content-hashed (favicon) is revalidated: no-cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('an API answer over 1 KB is compressed when the client accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
  });
});

describe('API docs', () => {
  it('Swagger UI has its own policy (its inline styles), still framed by nobody and with no https upgrade', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('API_DOCS=off serves no Swagger UI', async () => {
    const off = await createTestApp({ apiDocs: false });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/docs', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
