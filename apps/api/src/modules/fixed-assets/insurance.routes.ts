import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, insuranceRenewInputSchema, instalmentInvoiceInputSchema, instalmentParamSchema, instalmentPaymentInputSchema, insuranceScheduleViewSchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { actorOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import type { RouteFacts, RouteKey } from '../../platform/module';
import { invoiceInstalment, payInstalment, renewSchedule, unpayInstalment, viewSchedule } from './insurance.service';

/* An insurance schedule's own routes beside the kit's: renewing it, marking its premium instalments paid, and making a draft vendor invoice of one. */

export const insuranceRouteFacts: Record<RouteKey, RouteFacts> = {
  'POST /fa/insurance-schedules/:id/renew': { rows: 'company', sample: 'insuranceSchedule' },
  'POST /fa/insurance-schedules/:id/instalments/:no/pay': { rows: 'company', sample: 'insuranceSchedule' },
  'POST /fa/insurance-schedules/:id/instalments/:no/unpay': { rows: 'company', sample: 'insuranceSchedule' },
  'POST /fa/insurance-schedules/:id/instalments/:no/invoice': { rows: 'company', sample: 'insuranceSchedule' },
};

export function registerInsuranceRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Insurance schedules'];
  r.post('/fa/insurance-schedules/:id/renew', {
    config: { access: { kind: 'user', operation: 'SaveInsuranceSchedule' } },
    schema: { tags, summary: 'Renew an active or expired policy: a new draft from the day after its expiry over the same term, with its assets and premium (once per policy)', params: idParamSchema, body: insuranceRenewInputSchema, response: { 200: insuranceScheduleViewSchema } },
  }, async (request) => tx(request, async (t) => {
    const actor = actorOf(request);
    return viewSchedule(t, actor, await renewSchedule(t, actor, request.params.id, request.body?.policyNumber));
  }));
  r.post('/fa/insurance-schedules/:id/instalments/:no/pay', {
    config: { access: { kind: 'user', operation: 'EditInsuranceSchedule' } },
    schema: { tags, summary: "Mark a premium instalment of an active or expired policy paid (date, reference); the payment itself is made through payables", params: instalmentParamSchema, body: instalmentPaymentInputSchema, response: { 200: insuranceScheduleViewSchema } },
  }, async (request) => tx(request, (t) => payInstalment(t, actorOf(request), request.params.id, request.params.no, request.body)));
  r.post('/fa/insurance-schedules/:id/instalments/:no/invoice', {
    config: { access: { kind: 'user', operation: 'EditInsuranceSchedule' } },
    schema: { tags, summary: 'Make a draft vendor invoice of an unpaid premium instalment (posted on /vendor-invoice); one per instalment while that invoice is not deleted or reversed', params: instalmentParamSchema, body: instalmentInvoiceInputSchema, response: { 200: insuranceScheduleViewSchema } },
  }, async (request) => tx(request, (t) => invoiceInstalment(t, actorOf(request), request.params.id, request.params.no, request.body)));
  r.post('/fa/insurance-schedules/:id/instalments/:no/unpay', {
    config: { access: { kind: 'user', operation: 'EditInsuranceSchedule' } },
    schema: { tags, summary: 'Undo the paid mark of a premium instalment', params: instalmentParamSchema, response: { 200: insuranceScheduleViewSchema } },
  }, async (request) => tx(request, (t) => unpayInstalment(t, actorOf(request), request.params.id, request.params.no)));
}
