import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/http/errors';
import { principalOf } from '../../platform/http/guard';
import { toCsv, toXlsx, type Table } from '../../platform/kit/tabular-files';
import type { Actor } from './journals.service';

/** What the intercompany routes share: the actor of a request, the page check of reads, file answers. */

export const icActorOf = (request: FastifyRequest): Actor => {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId, operations: p.operations };
};

const INTERCOMPANY_PAGES = ['/intercompany-journals', '/intercompany-journal', '/intercompany-journal-template'];

/** Reading the pair's companies and charts takes one of the intercompany pages (the guard checks one page only). */
export function requireIntercompanyPage(request: FastifyRequest): void {
  if (!INTERCOMPANY_PAGES.some((page) => principalOf(request).pages.has(page))) throw forbidden();
}

/** Sends a table as a CSV or XLSX attachment (the kit's export formats). */
export async function sendIcTable(reply: FastifyReply, name: string, sheet: string, format: 'csv' | 'xlsx', table: Table) {
  reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
  if (format === 'xlsx') return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(sheet, table));
  return reply.type('text/csv; charset=utf-8').send(toCsv(table));
}
