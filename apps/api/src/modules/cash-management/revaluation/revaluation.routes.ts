import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankRevaluationPath, revaluationListQuerySchema, revaluationListSchema, revaluationParamsSchema, revaluationRequestSchema, revaluationViewSchema } from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { scopeOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { listBankRevaluations, postBankRevaluation, previewBankRevaluation, viewBankRevaluation } from './revaluation.service';

/*
 * Unrealised exchange revaluation of the foreign-currency banks (issue 17): `GET /cm/bank-revaluations`
 * (those made), `GET …/:id`, `POST …/check` (what revaluing on a day would post, nothing written) and
 * `POST …` (revalue: the entry on the day, its reversal on the next). SPEC.md names no page for it: it
 * rides on /bank-reconciliations (its screen is that route's Revaluation tab); reading takes the page,
 * revaluing SaveBankReconciliation (the label that posts an entry from a statement line).
 */
export const bankRevaluationRouteFacts: Record<RouteKey, RouteFacts> = Object.fromEntries(
  [`GET ${bankRevaluationPath}`, `GET ${bankRevaluationPath}/:id`, `POST ${bankRevaluationPath}/check`, `POST ${bankRevaluationPath}`].map((k) => [k, { rows: 'company' } satisfies RouteFacts]),
);

export function registerBankRevaluationRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const base = bankRevaluationPath;
  const tags = ['Bank revaluation'];
  const read = { kind: 'user' as const, page: '/bank-reconciliations' };
  const write = { kind: 'user' as const, page: '/bank-reconciliations', operation: 'SaveBankReconciliation' };
  r.get(base, {
    config: { access: read },
    schema: { tags, summary: 'The unrealised exchange revaluations of the foreign-currency bank balances, latest first', querystring: revaluationListQuerySchema, response: { 200: revaluationListSchema } },
  }, async (request) => tx(request, (t) => listBankRevaluations(t, scopeOf(request), request.query)));
  r.get(`${base}/:id`, {
    config: { access: read },
    schema: { tags, summary: 'A bank revaluation with the balances it revalued', params: revaluationParamsSchema, response: { 200: revaluationViewSchema } },
  }, async (request) => tx(request, (t) => viewBankRevaluation(t, scopeOf(request), request.params.id)));
  r.post(`${base}/check`, {
    config: { access: write },
    schema: { tags, summary: 'What revaluing the foreign-currency bank balances on a period end would post; nothing is written', body: revaluationRequestSchema, response: { 200: revaluationViewSchema } },
  }, async (request) => tx(request, (t) => previewBankRevaluation(t, scopeOf(request), request.body)));
  r.post(base, {
    config: { access: write },
    schema: { tags, summary: "Revalue the foreign-currency bank balances at a period end's rate: the entry on that day, its reversal on the next", body: revaluationRequestSchema, response: { 200: revaluationViewSchema } },
  }, async (request) => tx(request, (t) => postBankRevaluation(t, scopeOf(request), request.body)));
}
