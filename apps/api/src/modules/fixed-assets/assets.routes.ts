import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assetScheduleSchema, assetTermsChangeSchema, assetUsageSchema, idParamSchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { actorOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import type { RouteFacts, RouteKey } from '../../platform/module';
import { activateAsset, assetSchedule, changeTerms, recordUsage } from './schedule.service';

/* The asset's own routes beside the kit's: its schedule, and activation (which stores it). */

export const assetRouteFacts: Record<RouteKey, RouteFacts> = {
  'GET /fa/assets/:id/schedule': { rows: 'company', sample: 'asset' },
  'POST /fa/assets/:id/activate': { rows: 'company', sample: 'asset' },
  'POST /fa/assets/:id/change-terms': { rows: 'company', sample: 'asset' },
  'POST /fa/assets/:id/usage': { rows: 'company', sample: 'asset' },
};

export function registerAssetRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  r.get('/fa/assets/:id/schedule', {
    config: { access: { kind: 'user', page: ['/assets', '/asset'] } },
    schema: { tags: ['Assets'], summary: "An asset's depreciation schedule row by row, with how each amount was computed (a preview while it is a draft)", params: idParamSchema, response: { 200: assetScheduleSchema } },
  }, async (request) => tx(request, (t) => assetSchedule(t, actorOf(request), request.params.id)));
  r.post('/fa/assets/:id/activate', {
    config: { access: { kind: 'user', operation: 'EditAsset' } },
    schema: { tags: ['Assets'], summary: 'Activates a draft asset: its schedule is computed and stored', params: idParamSchema, response: { 200: assetScheduleSchema } },
  }, async (request) => tx(request, (t) => activateAsset(t, actorOf(request), request.params.id)));
  r.post('/fa/assets/:id/change-terms', {
    config: { access: { kind: 'user', operation: 'EditAsset' } },
    schema: { tags: ['Assets'], summary: "Changes an active asset's cost, residual, life or method from a period on: the schedule is regenerated from it, posted rows never change", params: idParamSchema, body: assetTermsChangeSchema, response: { 200: assetScheduleSchema } },
  }, async (request) => tx(request, (t) => changeTerms(t, actorOf(request), request.params.id, request.body)));
  r.post('/fa/assets/:id/usage', {
    config: { access: { kind: 'user', operation: 'EditAsset' } },
    schema: { tags: ['Assets'], summary: 'Units of production: the units an asset used in a month; its schedule is regenerated from that month', params: idParamSchema, body: assetUsageSchema, response: { 200: assetScheduleSchema } },
  }, async (request) => tx(request, (t) => recordUsage(t, actorOf(request), request.params.id, request.body)));
}
