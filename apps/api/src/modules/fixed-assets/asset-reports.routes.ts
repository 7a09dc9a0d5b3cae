import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assetMovementsExportQuerySchema,
  assetMovementsQuerySchema,
  assetMovementsSchema,
  assetRegisterExportQuerySchema,
  assetRegisterQuerySchema,
  assetRegisterSchema,
  depreciationForecastExportQuerySchema,
  depreciationForecastQuerySchema,
  depreciationForecastSchema,
  utcCalendarDate,
} from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { scopeOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import type { RouteFacts, RouteKey } from '../../platform/module';
import { assetMovements, assetRegister, depreciationForecast } from './asset-reports.service';
import { forecastFile, movementsFile, registerFile, type ReportFile } from './asset-reports.files';

/* The fixed-asset reports (tabs of /assets: Register, Forecast, Movements), each as data and as a PDF or XLSX file. */

export const assetReportRouteFacts: Record<RouteKey, RouteFacts> = {
  'GET /fa/reports/register': { rows: 'company' },
  'GET /fa/reports/register/export': { rows: 'company' },
  'GET /fa/reports/forecast': { rows: 'company' },
  'GET /fa/reports/forecast/export': { rows: 'company' },
  'GET /fa/reports/movements': { rows: 'company' },
  'GET /fa/reports/movements/export': { rows: 'company' },
};

export function registerAssetReportRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Fixed asset reports'];
  const access = { kind: 'user' as const, page: '/assets' };
  const today = () => utcCalendarDate(platform.now());
  const send = (reply: { header: (k: string, v: string) => { type: (t: string) => { send: (b: Buffer) => unknown } } }, f: ReportFile) =>
    reply.header('content-disposition', `attachment; filename="${f.fileName}"`).type(f.contentType).send(f.body);

  r.get('/fa/reports/register', {
    config: { access },
    schema: { tags, summary: 'The asset register as of a day: each asset in service then with its cost, the depreciation posted up to that month and its net book value; totals per class', querystring: assetRegisterQuerySchema, response: { 200: assetRegisterSchema } },
  }, async (request) => tx(request, (t) => assetRegister(t, scopeOf(request), request.query, today())));
  r.get('/fa/reports/register/export', {
    config: { access },
    schema: { tags, summary: 'The asset register as a PDF or XLSX file', querystring: assetRegisterExportQuerySchema },
  }, async (request, reply) => {
    const { format, ...q } = request.query;
    return send(reply, await tx(request, async (t) => registerFile(t, scopeOf(request), await assetRegister(t, scopeOf(request), q, today()), format, platform.now())));
  });

  r.get('/fa/reports/forecast', {
    config: { access },
    schema: { tags, summary: 'The depreciation still to post (unposted schedule rows of active assets) per month or year of a range, per class or per asset', querystring: depreciationForecastQuerySchema, response: { 200: depreciationForecastSchema } },
  }, async (request) => tx(request, (t) => depreciationForecast(t, scopeOf(request), request.query)));
  r.get('/fa/reports/forecast/export', {
    config: { access },
    schema: { tags, summary: 'The depreciation forecast as a PDF or XLSX file', querystring: depreciationForecastExportQuerySchema },
  }, async (request, reply) => {
    const { format, ...q } = request.query;
    return send(reply, await tx(request, async (t) => forecastFile(t, scopeOf(request), await depreciationForecast(t, scopeOf(request), q), format, platform.now())));
  });

  r.get('/fa/reports/movements', {
    config: { access },
    schema: { tags, summary: "The movement schedule per class over a range, from the ledger's lines on each class's cost and accumulated depreciation accounts, tied to their ledger balances", querystring: assetMovementsQuerySchema, response: { 200: assetMovementsSchema } },
  }, async (request) => tx(request, (t) => assetMovements(t, scopeOf(request), request.query)));
  r.get('/fa/reports/movements/export', {
    config: { access },
    schema: { tags, summary: 'The movement schedule as a PDF or XLSX file', querystring: assetMovementsExportQuerySchema },
  }, async (request, reply) => {
    const { format, ...q } = request.query;
    return send(reply, await tx(request, async (t) => movementsFile(t, scopeOf(request), await assetMovements(t, scopeOf(request), q), format, platform.now())));
  });
}
