import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingPeriodSchema,
  accountingPeriodsSchema,
  companyConfigInputSchema,
  companyConfigSchema,
  generatePeriodsSchema,
  idParamSchema,
  nextNumberSchema,
  onDateSchema,
  periodStatusInputSchema,
  takenNumberSchema,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { scopeOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import { refuseDirectClosing } from '../periods/approvals';
import { getCompanyConfig, saveCompanyConfig } from './company-config.service';
import { generatePeriods, listPeriods, setPeriodStatus } from '../periods/periods.service';
import { nextNumber, previewNumber } from './sequences.service';

/** Fiscal periods, number allocation and company configuration: the set-up that is more than master data. */
export function registerLedgerSetupRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Ledger set-up'];

  r.get('/gl/fiscal-years/:id/periods', {
    config: { access: { kind: 'user', page: '/fiscal-year' } },
    schema: { tags, summary: 'The periods of a fiscal year', params: idParamSchema, response: { 200: accountingPeriodsSchema } },
  }, async (request) => tx(request, (t) => listPeriods(t, scopeOf(request), request.params.id)));

  r.post('/gl/fiscal-years/:id/periods', {
    config: { access: { kind: 'user', operation: 'EditFiscalYear' } },
    schema: { tags, summary: 'Generate the periods of a fiscal year: monthly, or custom periods that tile the year, plus opening and adjustment periods', params: idParamSchema, body: generatePeriodsSchema, response: { 200: accountingPeriodsSchema } },
  }, async (request) => tx(request, (t) => generatePeriods(t, scopeOf(request), request.params.id, request.body)));

  r.post('/gl/accounting-periods/:id/status', {
    config: { access: { kind: 'user', operation: 'EditAccountingPeriod' } },
    schema: { tags, summary: 'Open, close or lock an accounting period (a locked period never reopens)', params: idParamSchema, body: periodStatusInputSchema, response: { 200: accountingPeriodSchema } },
  }, async (request) => tx(request, async (t) => {
    await refuseDirectClosing(t, scopeOf(request), request.params.id, request.body.status);
    return setPeriodStatus(t, scopeOf(request), request.params.id, request.body.status);
  }));

  r.post('/gl/number-sequences/:id/preview', {
    config: { access: { kind: 'user', page: '/number-sequence' } },
    schema: { tags, summary: 'The number the next document would get on a date, without taking it', params: idParamSchema, body: onDateSchema, response: { 200: nextNumberSchema } },
  }, async (request) => ({ next: await tx(request, (t) => previewNumber(t, scopeOf(request), request.params.id, request.body.date)) }));

  r.post('/gl/number-sequences/:id/take', {
    config: { access: { kind: 'user', operation: 'EditNumberSequence' } },
    schema: { tags, summary: 'Take the next number of a sequence (manual documents); gapless per sequence', params: idParamSchema, body: onDateSchema, response: { 200: takenNumberSchema } },
  }, async (request) => ({ number: await tx(request, (t) => nextNumber(t, scopeOf(request), request.params.id, request.body.date)) }));

  r.get('/gl/company-config', {
    config: { access: { kind: 'user', page: '/company-config' } },
    schema: { tags, summary: "The company's default accounts and journal sequence", response: { 200: companyConfigSchema } },
  }, async (request) => tx(request, (t) => getCompanyConfig(t, scopeOf(request))));

  r.put('/gl/company-config', {
    config: { access: { kind: 'user', operation: 'EditCompanyConfig' } },
    schema: { tags, summary: "Set the company's default accounts and journal sequence", body: companyConfigInputSchema, response: { 200: companyConfigSchema } },
  }, async (request) => tx(request, (t) => saveCompanyConfig(t, scopeOf(request), request.body)));
}
