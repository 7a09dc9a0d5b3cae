import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assetStockIssueListSchema, assetStockIssueResultSchema, assetStockIssueSchema, assetStockIssueUndoSchema, assetStockIssueViewSchema, idParamSchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { actorOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import type { RouteFacts, RouteKey } from '../../platform/module';
import { issueFromStock, stockIssues, undoIssue } from './asset-stocks.service';

/* Asset stock's own routes beside the kit's: issuing a quantity into service, the issues, undoing one. */

export const assetStockRouteFacts: Record<RouteKey, RouteFacts> = {
  'POST /fa/asset-stocks/:id/issue': { rows: 'company', sample: 'assetStock' },
  'GET /fa/asset-stocks/:id/issues': { rows: 'company', sample: 'assetStock' },
  'POST /fa/asset-stock-issues/:id/undo': { rows: 'company', sample: 'assetStockIssue' },
};

export function registerAssetStockRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  r.post('/fa/asset-stocks/:id/issue', {
    config: { access: { kind: 'user', operation: 'EditAssetStock' } },
    schema: { tags: ['Assets'], summary: 'Issues a quantity of a stock item into service: one asset at quantity × unit cost, the cost moved from the clearing account to the control account', params: idParamSchema, body: assetStockIssueSchema, response: { 200: assetStockIssueResultSchema } },
  }, async (request) => tx(request, (t) => issueFromStock(t, actorOf(request), request.params.id, request.body)));
  r.get('/fa/asset-stocks/:id/issues', {
    config: { access: { kind: 'user', page: ['/asset-stocks', '/asset-stock'] } },
    schema: { tags: ['Assets'], summary: "A stock item's issues into service, newest first: the asset, quantity, cost, entry and whether it was undone", params: idParamSchema, response: { 200: assetStockIssueListSchema } },
  }, async (request) => tx(request, (t) => stockIssues(t, actorOf(request), request.params.id)));
  r.post('/fa/asset-stock-issues/:id/undo', {
    config: { access: { kind: 'user', operation: 'EditAssetStock' } },
    schema: { tags: ['Assets'], summary: "Undoes an issue from stock while its asset has nothing posted but the issue: the issue's entry reversed, the quantity returned to the stock, the asset Cancelled", params: idParamSchema, body: assetStockIssueUndoSchema, response: { 200: assetStockIssueViewSchema } },
  }, async (request) => tx(request, (t) => undoIssue(t, actorOf(request), request.params.id, request.body.date)));
}
