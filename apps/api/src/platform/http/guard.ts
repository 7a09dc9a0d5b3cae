import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TENANT_HEADER } from '@erp/contracts';
import type { AccessClaims } from '../security/tokens';
import type { Platform } from '../platform';
import { ANY_PAGE, OWN_RECORD, type AuthContext } from './access';
import { AppError, forbidden, notFound, unauthorized } from './errors';

/** Path prefixes of the API services (DESIGN.md "API conventions"); everything else is the web app. */
export const API_PREFIXES = ['/auth', '/gl', '/ap', '/ar', '/fa', '/cm', '/payroll', '/inventory', '/workflow', '/admin', '/licensing'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));

export type PrincipalLoader = (claims: AccessClaims) => Promise<AuthContext | undefined>;

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * Runs before every API route: resolves the tenant from the host, checks the credential the route
 * takes, then the role's page or operation label. The menu hiding a page is not a check; this is.
 */
export function registerGuard(app: FastifyInstance, platform: Platform, loadPrincipal: PrincipalLoader): void {
  app.decorateRequest('tenantId', '');
  app.decorateRequest('auth', undefined);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !isApiPath(url)) return;
    const access = request.routeOptions.config.access;
    if (!access) throw new AppError(500, 'This route declares no access rule', 'ServerError');

    const tenantId = await platform.hosts.resolve(request.headers.host);
    if (!tenantId) throw notFound('The tenant of this address');
    request.tenantId = tenantId;

    const bearer = bearerOf(request);
    if (!bearer) throw unauthorized('Missing credentials');
    if (bearer === platform.config.publicToken) {
      if (access.kind === 'user') throw unauthorized('Please sign in');
      return;
    }
    if (access.kind === 'public') throw unauthorized('This call takes the public credential');

    const claims = await platform.tokens.verifyAccess(bearer);
    if (!claims) throw unauthorized('Your session has expired, please sign in again');
    if (request.headers[TENANT_HEADER] !== claims.tenantId || claims.tenantId !== tenantId) {
      throw unauthorized('The tenant of the request does not match your session');
    }
    const principal = await loadPrincipal(claims);
    if (!principal) throw unauthorized('Your account is not active, please sign in again');
    request.auth = principal;

    if (access.kind !== 'user') return;
    if (access.page && !holdsPage(principal, access.page)) throw forbidden();
    // Refused before the body is read: a caller without the permission learns nothing of the input rules.
    const labels = typeof access.operation === 'string' ? [access.operation] : Array.isArray(access.operation) ? access.operation : undefined;
    if (labels && !labels.some((label) => principal.operations.has(label))) throw forbidden(`You are not permitted to do this (${labels.join(' or ')})`);
  });
  // An operation label read from the body (Save for a new record, Edit for an existing one): checked
  // on the body as sent, before its schema is (a body the schema refuses still names no label the
  // role holds: none of the route's labels), and again on the validated body before the handler runs.
  // OWN_RECORD needs no label: the request touches only what the caller may change of their own record.
  const checkOperationOf = (request: FastifyRequest, parsed: boolean) => {
    const access = request.routeOptions.config.access;
    if (access?.kind !== 'user' || typeof access.operation !== 'function' || !request.auth) return;
    const { operations } = request.auth;
    let operation: string | typeof OWN_RECORD | undefined;
    try {
      operation = access.operation(request);
    } catch (error) {
      if (parsed) throw error;
    }
    if (operation === OWN_RECORD) return;
    if (operation ? !operations.has(operation) : !access.operation.labels.some((label) => operations.has(label))) {
      throw forbidden(`You are not permitted to do this (${operation ?? access.operation.labels.join(' or ')})`);
    }
  };
  app.addHook('preValidation', async (request) => checkOperationOf(request, false));
  app.addHook('preHandler', async (request) => checkOperationOf(request, true));
}

/** Whether the role holds the page, one of the pages, or (ANY_PAGE) any page at all. */
function holdsPage(principal: AuthContext, page: string | readonly string[]): boolean {
  if (page === ANY_PAGE) return principal.pages.size > 0;
  return typeof page === 'string' ? principal.pages.has(page) : page.some((p) => principal.pages.has(p));
}

/** The signed-in principal of a `user` route (the guard has set it). */
export function principalOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Please sign in');
  return request.auth;
}
