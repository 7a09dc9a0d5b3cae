import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { faces, revaluationListQuerySchema, revaluationListSchema, revaluationParamsSchema, revaluationPath, revaluationRequestSchema, revaluationViewSchema, sides } from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { scopeOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { listRevaluations, postRevaluation, previewRevaluation, viewRevaluation } from './revaluation.service';

/*
 * Unrealised exchange revaluation per face (issue 16): `GET /ap/vendor-revaluations` (those made),
 * `GET …/:id`, `POST …/check` (what revaluing on a day would post, nothing written) and `POST …`
 * (revalue: the entry on the day, its reversal on the next). SPEC.md names no page for it: it rides on
 * the party or invoice list page (as the ageing and the statements: its screen is their route's Revaluation tab), and revaluing takes the invoices' Edit
 * label (EditVendorInvoice, EditCustomerInvoice: the label that posts the face's documents).
 */
export const revaluationRouteFacts: Record<RouteKey, RouteFacts> = Object.fromEntries(
  sides.flatMap((side) => {
    const base = revaluationPath(faces[side]);
    return [`GET ${base}`, `GET ${base}/:id`, `POST ${base}/check`, `POST ${base}`].map((k) => [k, { rows: 'company' } satisfies RouteFacts]);
  }),
);

export function registerRevaluationRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  for (const side of sides) {
    const face = faces[side];
    const base = revaluationPath(face);
    const tags = [`${face.partyLabel} revaluation`];
    const read = { kind: 'user' as const, page: [face.pages.party, face.pages.invoices] };
    const write = { kind: 'user' as const, page: [face.pages.party, face.pages.invoices], operation: `Edit${face.labels.invoice}` };
    r.get(base, {
      config: { access: read },
      schema: { tags, summary: `The unrealised exchange revaluations of ${face.partyWord} balances, latest first`, querystring: revaluationListQuerySchema, response: { 200: revaluationListSchema } },
    }, async (request) => tx(request, (t) => listRevaluations(t, scopeOf(request), face, request.query)));
    r.get(`${base}/:id`, {
      config: { access: read },
      schema: { tags, summary: 'A revaluation with the balances it revalued', params: revaluationParamsSchema, response: { 200: revaluationViewSchema } },
    }, async (request) => tx(request, (t) => viewRevaluation(t, scopeOf(request), face, request.params.id)));
    r.post(`${base}/check`, {
      config: { access: write },
      schema: { tags, summary: `What revaluing the open foreign-currency ${face.partyWord} balances on a period end would post; nothing is written`, body: revaluationRequestSchema, response: { 200: revaluationViewSchema } },
    }, async (request) => tx(request, (t) => previewRevaluation(t, scopeOf(request), face, request.body)));
    r.post(base, {
      config: { access: write },
      schema: { tags, summary: `Revalue the open foreign-currency ${face.partyWord} balances at a period end's rate: the entry on that day, its reversal on the next`, body: revaluationRequestSchema, response: { 200: revaluationViewSchema } },
    }, async (request) => tx(request, (t) => postRevaluation(t, scopeOf(request), face, request.body)));
  }
}
