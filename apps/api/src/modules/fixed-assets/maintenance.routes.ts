import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, maintenanceCompletionInputSchema, maintenanceHistorySchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { actorOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import type { RouteFacts, RouteKey } from '../../platform/module';
import { completeMaintenance, maintenanceHistory } from './maintenance.service';

/* A maintenance schedule's own routes beside the kit's: its completions, and completing the next occurrence. */

export const maintenanceRouteFacts: Record<RouteKey, RouteFacts> = {
  'GET /fa/maintenance-schedules/:id/completions': { rows: 'company', sample: 'maintenanceSchedule' },
  'POST /fa/maintenance-schedules/:id/complete': { rows: 'company', sample: 'maintenanceSchedule' },
};

export function registerMaintenanceRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Maintenance'];
  r.get('/fa/maintenance-schedules/:id/completions', {
    config: { access: { kind: 'user', page: ['/maintenance-schedules', '/maintenance-schedule'] } },
    schema: { tags, summary: "A maintenance schedule's completed occurrences and where it stands", params: idParamSchema, response: { 200: maintenanceHistorySchema } },
  }, async (request) => tx(request, (t) => maintenanceHistory(t, actorOf(request), request.params.id)));
  r.post('/fa/maintenance-schedules/:id/complete', {
    config: { access: { kind: 'user', operation: 'EditMaintenanceSchedule' } },
    schema: { tags, summary: 'Completes the next occurrence: actual cost, vendor invoice, Expensed or Capitalised (a capitalisation of the asset); a recurring schedule moves its next date by its interval', params: idParamSchema, body: maintenanceCompletionInputSchema, response: { 200: maintenanceHistorySchema } },
  }, async (request) => tx(request, (t) => completeMaintenance(t, actorOf(request), request.params.id, request.body)));
}
