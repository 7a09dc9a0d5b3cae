import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { journalViewSchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { principalOf } from '../../platform/http/guard';
import { idempotent } from '../../platform/http/idempotency';
import type { KitScope } from '../../platform/kit/registry';
import type { Platform } from '../../platform/platform';
import { closeFiscalYear, closingPreview } from './year-end.service';

const scopeOf = (request: FastifyRequest): KitScope => {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId };
};
const idParam = z.object({ id: z.uuid() });
const account = z.object({ id: z.uuid(), code: z.string(), name: z.string() });
const previewSchema = z.object({
  fiscalYear: z.object({ id: z.uuid(), code: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), status: z.string() }),
  period: z.object({ id: z.uuid(), name: z.string(), status: z.string() }).nullable(),
  date: z.string(),
  baseCurrency: z.string(),
  retainedEarnings: account.nullable(),
  netIncome: z.string(),
  lines: z.array(z.object({
    lineNo: z.number().int(), account: z.uuid(), accountCode: z.string(), accountName: z.string(), currency: z.string(), dimensions: z.record(z.string(), z.string()),
    rate: z.string(), debit: z.string(), credit: z.string(), baseDebit: z.string(), baseCredit: z.string(),
  })),
  closingJournal: z.uuid().nullable(),
  blockers: z.array(z.string()),
});
const resultSchema = z.object({
  fiscalYear: z.object({ id: z.uuid(), code: z.string(), status: z.string() }),
  journal: journalViewSchema.nullable(),
  netIncome: z.string(),
  periodsClosed: z.number().int(),
});

/** Year-end close of a fiscal year: preview of the closing entry, then the close (EditFiscalYear). */
export function registerYearEndRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Ledger set-up'];

  r.get('/gl/fiscal-years/:id/closing-entry', {
    config: { access: { kind: 'user', page: '/fiscal-year' } },
    schema: { tags, summary: 'Preview of the year-end closing entry (revenue and expenses to retained earnings) and what stops the close; writes nothing', params: idParam, response: { 200: previewSchema } },
  }, async (request) => tx(request, (t) => closingPreview(t, scopeOf(request), request.params.id)));

  r.post('/gl/fiscal-years/:id/close', {
    config: { access: { kind: 'user', operation: 'EditFiscalYear' } },
    schema: {
      tags, summary: 'Year-end close: post the closing entry into the adjustment period, close every period and the year, in one transaction; takes an Idempotency-Key',
      headers: z.object({ 'idempotency-key': z.string().max(200).optional() }), params: idParam, response: { 200: resultSchema },
    },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, () => closeFiscalYear(t, scopeOf(request), request.params.id))));
}
