import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { closingPreviewSchema, idempotencyHeadersSchema, idParamSchema, yearEndResultSchema } from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { scopeOf } from '../../../platform/http/actor';
import { idempotent } from '../../../platform/http/idempotency';
import type { Platform } from '../../../platform/platform';
import { closeFiscalYear, closingPreview } from './year-end.service';

/** Year-end close of a fiscal year: preview of the closing entry, then the close (EditFiscalYear). */
export function registerYearEndRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Ledger set-up'];

  r.get('/gl/fiscal-years/:id/closing-entry', {
    config: { access: { kind: 'user', page: '/fiscal-year' } },
    schema: { tags, summary: 'Preview of the year-end closing entry (revenue and expenses to retained earnings) and what stops the close; writes nothing', params: idParamSchema, response: { 200: closingPreviewSchema } },
  }, async (request) => tx(request, (t) => closingPreview(t, scopeOf(request), request.params.id)));

  r.post('/gl/fiscal-years/:id/close', {
    config: { access: { kind: 'user', operation: 'EditFiscalYear' } },
    schema: {
      tags, summary: 'Year-end close: post the closing entry into the adjustment period, close every period and the year, in one transaction; takes an Idempotency-Key',
      headers: idempotencyHeadersSchema, params: idParamSchema, response: { 200: yearEndResultSchema },
    },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, () => closeFiscalYear(t, scopeOf(request), request.params.id))));
}
