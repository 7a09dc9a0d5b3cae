import type { FastifyRequest } from 'fastify';

/**
 * How a route is reached. Every API route declares one in `config.access`; a route without one is
 * refused (deny by default), so no route can forget its permission check.
 * - public: only the fixed public bearer credential (SPEC.md section 6) and the tenant of the host.
 * - user: a signed-in user's token and a page the role must hold (a list: any of them; ANY_PAGE:
 *   any page at all, for pickers and reference data every screen uses), or an operation label (a
 *   list: any of them; or one read from the request: operationOf), or both. A user route with
 *   neither is self-service: anyone signed in, acting on their own records only. Services do not
 *   check labels again: a service may refuse a state, never a permission.
 * - public-or-user: either (the password change accepts a validated code or a signed-in user).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'public-or-user' }
  | { kind: 'user'; page?: string | readonly string[]; operation?: string | readonly string[] | OperationOf };

/** Any page of the catalogue: reference data and pickers that screens of every module use. */
export const ANY_PAGE = '*';

/** What an OperationOf answers for a request that needs no label: the caller acting on their own record. */
export const OWN_RECORD = null;

/**
 * An operation label read from the request (Save for a new record, Edit for an existing one), with
 * every label it can answer: a role holding none of them is refused before the body is read. Or
 * OWN_RECORD when the request only touches the caller's own record in ways anyone may.
 */
export type OperationOf = ((request: FastifyRequest) => string | typeof OWN_RECORD) & { labels: readonly string[] };
export const operationOf = (labels: readonly string[], pick: (request: FastifyRequest) => string | typeof OWN_RECORD): OperationOf => Object.assign(pick, { labels });

export type AuthContext = {
  userId: string;
  companyId: string;
  roleId: string;
  tenantId: string;
  operations: ReadonlySet<string>;
  pages: ReadonlySet<string>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    tenantId: string;
    auth?: AuthContext;
  }
}
