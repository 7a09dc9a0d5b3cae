import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forecastItemsPageSchema, forecastItemsQuerySchema, forecastQuerySchema, forecastResultSchema } from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { scopeOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { computeForecast, forecastItems } from './forecast.service';
import { exportForecast } from './forecast-export';

/*
 * The cash-flow forecast (issue 17): `GET /cm/cashflow-forecast` (the buckets per currency),
 * `…/items` (one bucket's flows, the drill-down) and `…/export` (XLSX). SPEC.md section 2 puts
 * /cashflow-forecasts in the Cash Management menu with no child; the forecast screen
 * /cashflow-forecast rides on its grant: reading it is the page's, the file ExportCashflowForecast.
 * Saved forecasts are the entity kit's (`/cm/cashflow-forecasts`, Save/Edit/Delete/Import/Export…).
 */
export const FORECAST_BASE = '/cm/cashflow-forecast';

export const forecastRouteFacts: Record<RouteKey, RouteFacts> = {
  [`GET ${FORECAST_BASE}`]: { rows: 'company' },
  [`GET ${FORECAST_BASE}/items`]: { rows: 'company' },
  [`GET ${FORECAST_BASE}/export`]: { rows: 'company' },
};

export function registerForecastRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Cash-flow forecast'];
  const access = { kind: 'user' as const, page: '/cashflow-forecasts' };
  r.get(FORECAST_BASE, {
    config: { access },
    schema: { tags, summary: 'A cash-flow forecast per currency: opening cash from the ledger, then receipts, payments, adjustments and closing cash per day, week or month', querystring: forecastQuerySchema, response: { 200: forecastResultSchema } },
  }, async (request) => tx(request, (t) => computeForecast(t, scopeOf(request), request.query)));
  r.get(`${FORECAST_BASE}/items`, {
    config: { access },
    schema: { tags, summary: 'The expected flows of one bucket of one currency (open items, recurring journal occurrences, adjustments), a page at a time', querystring: forecastItemsQuerySchema, response: { 200: forecastItemsPageSchema } },
  }, async (request) => tx(request, (t) => forecastItems(t, scopeOf(request), request.query)));
  r.get(`${FORECAST_BASE}/export`, {
    config: { access: { kind: 'user', operation: 'ExportCashflowForecast' } },
    schema: { tags, summary: 'The forecast as an XLSX workbook: its buckets per currency and every flow of the horizon', querystring: forecastQuerySchema },
  }, async (request, reply) => {
    const file = await tx(request, (t) => exportForecast(t, scopeOf(request), request.query, platform.now()));
    return reply
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(file.body);
  });
}
