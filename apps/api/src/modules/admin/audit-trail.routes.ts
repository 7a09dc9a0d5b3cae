import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_EXPORT_ROWS_MAX, AUDIT_TRAIL_ACCESS_PAGE, auditEntitiesSchema, auditExportQuerySchema, auditTrailPageSchema, auditTrailQuerySchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { sendTable } from '../../platform/kit/tabular-files';
import type { Platform } from '../../platform/platform';
import { exportAuditTrail, fitForXlsx, listAuditEntities, listAuditTrail } from './audit-trail.service';

const tags = ['Audit trail'];
/** /audit-trail is on no menu: the roles holding the Security group's /role page read it (see contracts admin/audit-trail.ts). */
const access = { kind: 'user', page: AUDIT_TRAIL_ACCESS_PAGE } as const;

/** The tenant's audit trail (DESIGN.md principle 6): search, keyset pages, the entity names, export. */
export function registerAuditTrailRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);

  r.get('/admin/audit-trail', {
    config: { access },
    schema: {
      tags, summary: 'Audit entries newest first: filter by entity, record, user, action and dates, search text; keyset pages (cursor = the previous nextCursor)',
      querystring: auditTrailQuerySchema, response: { 200: auditTrailPageSchema },
    },
  }, async (request) => tx(request, (t) => listAuditTrail(t, request.tenantId, platform.auditLabels, request.query)));

  r.get('/admin/audit-trail/entities', {
    config: { access },
    schema: { tags, summary: 'The entity names that have audit entries, for the filter', response: { 200: auditEntitiesSchema } },
  }, async (request) => tx(request, (t) => listAuditEntities(t, request.tenantId)));

  r.get('/admin/audit-trail/export', {
    config: { access },
    schema: {
      tags, summary: `Export the filtered entries as CSV or XLSX, newest first, at most ${AUDIT_EXPORT_ROWS_MAX.toLocaleString('en')} (header x-export-truncated says when more matched)`,
      querystring: auditExportQuerySchema,
    },
  }, async (request, reply) => {
    const { format, ...filter } = request.query;
    const { table, truncated } = await tx(request, (t) => exportAuditTrail(t, request.tenantId, platform.auditLabels, filter));
    const day = platform.now().toISOString().slice(0, 10);
    reply.header('x-export-row-limit', String(AUDIT_EXPORT_ROWS_MAX));
    reply.header('x-export-truncated', String(truncated));
    return sendTable(reply, `audit-trail-${day}`, 'Audit trail', format, format === 'xlsx' ? fitForXlsx(table) : table);
  });
}
