/*
 * How the server answers a browser: security headers on every response (issue 13 item 7), compression of text
 * responses, and the built React app with its caching rules (issue 14).
 *
 * - Every response: helmet's headers (nosniff, Referrer-Policy, X-Frame-Options DENY...) and a Content-Security-Policy
 *   that allows nothing (an API answer or an asset never needs to load anything); HSTS only when the request came over TLS.
 * - index.html: the app's policy, with a fresh style nonce per response, written into the policy and into the page
 *   (Vite's `<meta property="csp-nonce">`, see apps/web/vite.config.ts); the app hands it to antd, which injects its styles
 *   at run time. No inline script is allowed anywhere.
 * - Content-hashed files under /assets are immutable for a year, and served from the .br/.gz files the build wrote beside
 *   them; everything else (index.html, favicon) is `no-cache`. API answers are compressed on the fly (over 1 KB).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { isProtectedRoute } from '@erp/contracts';
import { isApiPath } from './guard';

/** The placeholder Vite writes where the nonce goes (build.html.cspNonce in apps/web/vite.config.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The web app's policy: its own scripts only; its own styles plus antd's run-time styles carrying the nonce. */
export function appPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Helmet's headers for this server's options, computed once: they are the same on every response
 * (a page's own policy is set by its route afterwards). @fastify/helmet built a new helmet per
 * request, about 3.5% of the server's time when posting small journals.
 */
function securityHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  helmet({
    // What a response that is no page may load: nothing (index.html and /docs get their own policy).
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"], 'frame-ancestors': ["'none'"] } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS over plain http is meaningless at best and locks a local install out of http at worst: set below, over TLS only.
    strictTransportSecurity: false,
  })({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}

/** Helmet's headers, compression and HSTS behind TLS: registered before the routes so that their hooks reach every route. */
export async function registerHttpHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  // Hashed assets come precompressed from the build (the static plugin sets content-encoding, which this plugin leaves alone).
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}

/** The CSP of Swagger UI at /docs: its own inline styles and hashed inline script, framed by nobody, no https upgrade on a local http install. */
export function docsPolicy(swaggerPolicy: string): string {
  return swaggerPolicy
    .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
    .replace(/\s*upgrade-insecure-requests;?/, '')
    .trim();
}

/** Serves the built React app; any non-API GET that asks for HTML gets index.html (client routing). */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const sendIndex = async (_request: FastifyRequest, reply: FastifyReply) => {
    // Read per response: a rebuilt web app is served without a restart (the file is a few KB).
    const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
    const nonce = randomBytes(18).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', appPolicy(nonce))
      .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  };
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(webDist, filePath).split(path.sep)[0] === 'assets';
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
    // The static plugin answers a directory (/) with 403 and would send index.html without its nonce: both get the page.
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/index.html', { schema: { hide: true } }, sendIndex);
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A page route may equal an API prefix (/workflow): the browser asking for it gets the app.
    const wantsPage = request.method === 'GET' && (!isApiPath(pathname) || isProtectedRoute(pathname)) && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasWeb) return sendIndex(request, reply);
    return reply.status(404).send({ message: `No such route: ${request.method} ${pathname}`, statusCode: 404, serverError: 'NotFound' });
  });
}
