import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentIdParamSchema,
  failablePaymentListSchema,
  failablePaymentQuerySchema,
  failedPaymentExportQuerySchema,
  failedPaymentListQuerySchema,
  failedPaymentListSchema,
  failedPaymentViewSchema,
  idempotencyHeaderSchema,
  markFailedInputSchema,
  retryInputSchema,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf } from '../../../platform/http/actor';
import { idempotent } from '../../../platform/http/idempotency';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { sendTable } from '../../../platform/kit/tabular-files';
import { exportFailures, failablePayments, listFailures, viewFailure } from './failed-payments-read.service';
import { markFailed, retryFailure } from './failed-payments.service';

/*
 * /failed-payment (SPEC.md: Account Receivable's menu; both faces): reading takes the page, marking
 * a payment failed SaveFailedPayment, a retry EditFailedPayment, the export ExportFailedPayment.
 */

const BASE = '/ar/failed-payments';
const one: RouteFacts = { rows: 'company', sample: 'failedPayment' };

export const failedPaymentRouteFacts: Record<RouteKey, RouteFacts> = {
  [`GET ${BASE}`]: { rows: 'company' },
  [`GET ${BASE}/export`]: { rows: 'company' },
  [`GET ${BASE}/payments`]: { rows: 'company' },
  [`GET ${BASE}/:id`]: one,
  [`POST ${BASE}`]: { rows: 'company' },
  [`POST ${BASE}/:id/retry`]: one,
};

export function registerFailedPaymentRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Failed payments'];
  const read = { kind: 'user' as const, page: '/failed-payment' };
  r.get(BASE, {
    config: { access: read },
    schema: { tags, summary: 'Failed payments of both faces with their reasons, fees, retries and outcome: search, filters, sorts, pages', querystring: failedPaymentListQuerySchema, response: { 200: failedPaymentListSchema } },
  }, async (request) => tx(request, (t) => listFailures(t, actorOf(request), request.query)));
  r.get(`${BASE}/export`, {
    config: { access: { kind: 'user', operation: 'ExportFailedPayment' } },
    schema: { tags, summary: 'Export the failed payments of the filter as CSV or XLSX', querystring: failedPaymentExportQuerySchema },
  }, async (request, reply) => sendTable(reply, 'failed-payments', 'Failed Payments', request.query.format, await tx(request, (t) => exportFailures(t, actorOf(request), request.query))));
  r.get(`${BASE}/payments`, {
    config: { access: read },
    schema: { tags, summary: 'Posted payments of a face that may be marked failed, newest first', querystring: failablePaymentQuerySchema, response: { 200: failablePaymentListSchema } },
  }, async (request) => tx(request, (t) => failablePayments(t, actorOf(request), request.query)));
  r.get(`${BASE}/:id`, {
    config: { access: read },
    schema: { tags, summary: 'One failed payment with the items it reopened', params: documentIdParamSchema, response: { 200: failedPaymentViewSchema } },
  }, async (request) => tx(request, (t) => viewFailure(t, actorOf(request), request.params.id)));
  r.post(BASE, {
    config: { access: { kind: 'user', operation: 'SaveFailedPayment' } },
    schema: { tags, summary: 'Mark a posted payment failed: reversed on the date, its items reopened, the fee charged; takes an Idempotency-Key', headers: idempotencyHeaderSchema, body: markFailedInputSchema, response: { 200: failedPaymentViewSchema } },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, async () => viewFailure(t, actorOf(request), await markFailed(t, actorOf(request), request.body)))));
  r.post(`${BASE}/:id/retry`, {
    config: { access: { kind: 'user', operation: 'EditFailedPayment' } },
    schema: { tags, summary: 'Retry a failed payment: a new payment for the items it reopened (and the fee, when asked); takes an Idempotency-Key', params: documentIdParamSchema, headers: idempotencyHeaderSchema, body: retryInputSchema, response: { 200: failedPaymentViewSchema } },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, async () => {
    await retryFailure(t, actorOf(request), request.params.id, request.body);
    return viewFailure(t, actorOf(request), request.params.id);
  })));
}
