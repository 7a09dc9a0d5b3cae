import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../platform/http/guard';
import type { Actor } from './journals.service';

/** What the intercompany routes share: the actor of a request, the pages of reads. */

export const icActorOf = (request: FastifyRequest): Actor => {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId, operations: p.operations };
};

/** Reading the pair's companies and charts, templates and journals takes one of the intercompany pages. */
export const INTERCOMPANY_PAGES = ['/intercompany-journals', '/intercompany-journal', '/intercompany-journal-template'];
