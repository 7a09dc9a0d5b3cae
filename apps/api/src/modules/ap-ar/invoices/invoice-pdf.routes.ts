import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { faces, invoiceDocuments, invoicePdfParamsSchema, invoicePdfPath, invoicePdfQuerySchema, sides } from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { scopeOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { invoicePdfFile } from './invoice-pdf.service';

/*
 * The printable PDF of an invoice or credit note, per face: read with the invoice pages' grant (the
 * same as the document's own read); another company's document is not found (404).
 */

/** Each PDF route's `:id` is a document of its kind: the isolation tests attack it with that document (its name). */
export const invoicePdfRouteFacts: Record<RouteKey, RouteFacts> = Object.fromEntries(
  sides.flatMap((side) => [false, true].map((credit) => [`GET ${invoicePdfPath(faces[side], credit)}`, { rows: 'company', sample: invoiceDocuments[side][credit ? 'creditNote' : 'invoice'].name } satisfies RouteFacts])),
);

export function registerInvoicePdfRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  for (const side of sides) {
    const face = faces[side];
    for (const credit of [false, true]) {
      const def = invoiceDocuments[side][credit ? 'creditNote' : 'invoice'];
      r.get(invoicePdfPath(face, credit), {
        config: { access: { kind: 'user', page: [face.pages.invoices, face.pages.invoice] } },
        schema: {
          tags: [def.plural],
          summary: `The printable ${def.label.toLowerCase()} as a PDF: company, ${face.partyWord} and address, lines, tax summary, totals, due dates, terms and remittance (a draft says DRAFT)`,
          params: invoicePdfParamsSchema,
          querystring: invoicePdfQuerySchema,
        },
      }, async (request, reply) => {
        const file = await tx(request, (t) => invoicePdfFile(t, scopeOf(request), face, credit, request.params.id, platform.now()));
        const disposition = request.query.download === 'true' ? 'attachment' : 'inline';
        return reply.header('content-disposition', `${disposition}; filename="${file.fileName}"`).type('application/pdf').send(file.body);
      });
    }
  }
}
