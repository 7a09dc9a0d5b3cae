import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/http/errors';
import { principalOf } from '../../platform/http/guard';
import type { Actor } from './journals.service';

/** What the intercompany routes share: the actor of a request, the page check of reads. */

export const icActorOf = (request: FastifyRequest): Actor => {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId, operations: p.operations };
};

const INTERCOMPANY_PAGES = ['/intercompany-journals', '/intercompany-journal', '/intercompany-journal-template'];

/** Reading the pair's companies and charts takes one of the intercompany pages (the guard checks one page only). */
export function requireIntercompanyPage(request: FastifyRequest): void {
  if (!INTERCOMPANY_PAGES.some((page) => principalOf(request).pages.has(page))) throw forbidden();
}
