import type { FastifyRequest } from 'fastify';
import { principalOf } from './guard';

/** Who acts and where: the tenant, the company the user works in, the user. Every service call is scoped by it. */
export type Scope = { tenantId: string; companyId: string; userId: string };

/**
 * The signed-in user acting, with the operation labels their role holds. The route's `config.access`
 * has already checked the permission; a service reads the labels only to choose what to show
 * (never to refuse: that is the route's job).
 */
export type Actor = Scope & { operations: ReadonlySet<string> };

/** The scope of a signed-in `user` route. */
export function scopeOf(request: FastifyRequest): Scope {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId };
}

/** The actor of a signed-in `user` route. */
export function actorOf(request: FastifyRequest): Actor {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId, operations: p.operations };
}
