import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assetStockIssueResultSchema, assetStockIssueSchema, idParamSchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { actorOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import type { RouteFacts, RouteKey } from '../../platform/module';
import { issueFromStock } from './asset-stocks.service';

/* Asset stock's own route beside the kit's: issuing a quantity into service. */

export const assetStockRouteFacts: Record<RouteKey, RouteFacts> = {
  'POST /fa/asset-stocks/:id/issue': { rows: 'company', sample: 'assetStock' },
};

export function registerAssetStockRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  r.post('/fa/asset-stocks/:id/issue', {
    config: { access: { kind: 'user', operation: 'EditAssetStock' } },
    schema: { tags: ['Assets'], summary: 'Issues a quantity of a stock item into service: one asset at quantity × unit cost, the cost moved from the clearing account to the control account', params: idParamSchema, body: assetStockIssueSchema, response: { 200: assetStockIssueResultSchema } },
  }, async (request) => tx(request, (t) => issueFromStock(t, actorOf(request), request.params.id, request.body)));
}
