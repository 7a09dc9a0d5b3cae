import type { FastifyRequest } from 'fastify';

/**
 * How a route is reached. Every API route declares one in `config.access`; a route without one is
 * refused (deny by default), so no route can forget its permission check.
 * - public: only the fixed public bearer credential (SPEC.md section 6) and the tenant of the host.
 * - user: a signed-in user's token; optionally a page the role must hold, or an operation label.
 * - public-or-user: either (the password change accepts a validated code or a signed-in user).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'public-or-user' }
  | { kind: 'user'; page?: string; operation?: string | ((request: FastifyRequest) => string) };

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
