import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { creditNoteListQuerySchema, faces, invoiceDocuments, invoiceListQuerySchema, invoiceSumsSchema, sides, taxReportQuerySchema, taxReportSchema, type Face } from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { invoiceSums } from './invoices-read.service';
import { taxReport } from './tax-report.service';

/*
 * The hand-written routes of invoices and credit notes (the kit serves the rest): the sums of a
 * list's filter for the footer, per face and document, and the tax report of both faces.
 */

const sumsPath = (face: Face, credit: boolean): `/${string}` => `/${face.service}/${invoiceDocuments[face.side][credit ? 'creditNote' : 'invoice'].resource}/sums`;

/** The routes as the manifest declares them. */
export const invoiceRouteFacts: Record<RouteKey, RouteFacts> = {
  ...Object.fromEntries(sides.flatMap((side) => [false, true].map((credit) => [`GET ${sumsPath(faces[side], credit)}`, { rows: 'company' } satisfies RouteFacts]))),
  'GET /gl/tax-report': { rows: 'company' },
};

export function registerInvoiceRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  for (const side of sides) {
    const face = faces[side];
    for (const credit of [false, true]) {
      const def = invoiceDocuments[side][credit ? 'creditNote' : 'invoice'];
      const query = credit ? creditNoteListQuerySchema : invoiceListQuerySchema;
      r.get(sumsPath(face, credit), {
        config: { access: { kind: 'user', page: [face.pages.invoices, face.pages.invoice] } },
        schema: { tags: [def.plural], summary: `The sums of the ${def.plural.toLowerCase()} of a list filter, per currency (the list's footer); past LIST_TOTAL_MAX documents the count says more than that and there are no sums`, querystring: query, response: { 200: invoiceSumsSchema } },
      }, async (request) => tx(request, (t) => invoiceSums(t, actorOf(request), face, credit, request.query)));
    }
  }
  r.get('/gl/tax-report', {
    config: { access: { kind: 'user', operation: 'GenerateTrialBalance' } },
    schema: { tags: ['Tax'], summary: 'Taxable amounts and tax per tax code and period, input (payables) and output (receivables), tied to the tax accounts', querystring: taxReportQuerySchema, response: { 200: taxReportSchema } },
  }, async (request) => tx(request, (t) => taxReport(t, actorOf(request), request.query)));
}
