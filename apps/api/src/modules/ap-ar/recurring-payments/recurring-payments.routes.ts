import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentIdParamSchema,
  pagingQuerySchema,
  recurringOccurrenceListSchema,
  recurringPaymentDocuments,
  recurringPaymentFaces,
  recurringPaymentRunRequestSchema,
  recurringPaymentRunResultSchema,
  sides,
  type RecurringPaymentFace,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { runRecurringPaymentNow } from './recurring-payments.run';
import { scheduleHistory } from './recurring-payments.service';

/*
 * The hand-written routes of recurring payments (the kit serves the schedule document's own): "Run
 * now" (the Edit label of the face's schedules) and the payments a schedule made (its pages).
 */

const base = (rf: RecurringPaymentFace): `/${string}` => `/${rf.pf.face.service}/${recurringPaymentDocuments[rf.pf.face.side].resource}`;

export const recurringPaymentRouteFacts: Record<RouteKey, RouteFacts> = Object.fromEntries(
  sides.flatMap((side) => {
    const rf = recurringPaymentFaces[side];
    const one: RouteFacts = { rows: 'company', sample: recurringPaymentDocuments[side].name };
    return [[`POST ${base(rf)}/:id/run`, one], [`GET ${base(rf)}/:id/payments`, one]];
  }),
);

export function registerRecurringPaymentRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  for (const side of sides) {
    const rf = recurringPaymentFaces[side];
    const tags = [recurringPaymentDocuments[side].plural];
    r.get(`${base(rf)}/:id/payments`, {
      config: { access: { kind: 'user', page: [rf.pages.list, rf.pages.editor] } },
      schema: { tags, summary: `The ${rf.pf.noun}s a schedule made, newest occurrence first`, params: documentIdParamSchema, querystring: pagingQuerySchema, response: { 200: recurringOccurrenceListSchema } },
    }, async (request) => tx(request, (t) => scheduleHistory(t, actorOf(request), rf, request.params.id, request.query.limit, request.query.page)));
    // Occurrences are keyed by date, so a repeated click or a retried call pays nothing twice: no Idempotency-Key needed.
    r.post(`${base(rf)}/:id/run`, {
      config: { access: { kind: 'user', operation: `Edit${rf.label}` } },
      schema: { tags, summary: `Run now: make every ${rf.pf.noun} due up to a date (today by default), each occurrence once`, params: documentIdParamSchema, body: recurringPaymentRunRequestSchema.nullish(), response: { 200: recurringPaymentRunResultSchema } },
    }, async (request) => runRecurringPaymentNow(platform, actorOf(request), rf, request.params.id, request.body?.upTo));
  }
}
