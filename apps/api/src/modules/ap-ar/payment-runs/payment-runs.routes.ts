import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankFileQuerySchema,
  documentIdParamSchema,
  paymentRunBase,
  paymentRunDocuments,
  paymentRunFaces,
  paymentRunProposalQuerySchema,
  paymentRunProposalSchema,
  remittanceMailResultSchema,
  remittanceQuerySchema,
  sides,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf, scopeOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { bankFile, mailRemittances, remittanceFile } from './payment-run-files.service';
import { proposeRun } from './payment-runs.service';

/*
 * The hand-written routes of payment runs (the kit serves the document's own): the proposal of
 * criteria, a posted run's bank file (ISO 20022 XML or CSV), a party's remittance advice (PDF), and
 * the advices mailed through the outbox. Reading takes the run pages; mailing takes the Edit label
 * of the face's runs (EditVendorPaymentSchedule, EditCustomerPaymentSchedule).
 */

export const paymentRunRouteFacts: Record<RouteKey, RouteFacts> = Object.fromEntries(
  sides.flatMap((side) => {
    const rf = paymentRunFaces[side];
    const base = paymentRunBase(rf);
    const one: RouteFacts = { rows: 'company', sample: paymentRunDocuments[side].name };
    return [
      [`GET ${base}/proposal`, { rows: 'company' } satisfies RouteFacts],
      [`GET ${base}/:id/bank-file`, one],
      [`GET ${base}/:id/remittance`, one],
      [`POST ${base}/:id/remittance/mail`, one],
    ];
  }),
);

export function registerPaymentRunRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  for (const side of sides) {
    const rf = paymentRunFaces[side];
    const def = paymentRunDocuments[side];
    const base = paymentRunBase(rf);
    const tags = [def.plural];
    const read = { kind: 'user' as const, page: [rf.pages.runs, rf.pages.run] };
    const edit = { kind: 'user' as const, operation: `Edit${rf.label}` };
    r.get(`${base}/proposal`, {
      config: { access: read },
      schema: {
        tags, summary: `The open invoices a ${def.label.toLowerCase()} of these criteria would pay: in the bank's currency, by due or discount date, party group and method; each in full, less its discount when paid by its discount date`,
        querystring: paymentRunProposalQuerySchema, response: { 200: paymentRunProposalSchema },
      },
      // The answer is the typed proposal built here: sent as it is, without zod checking thousands of lines again.
      serializerCompiler: () => (data) => JSON.stringify(data),
    }, async (request) => tx(request, (t) => proposeRun(t, scopeOf(request), rf, request.query)));
    r.get(`${base}/:id/bank-file`, {
      config: { access: read },
      schema: { tags, summary: `The bank file of a posted run: ISO 20022 ${rf.message} XML (format=xml) or CSV (format=csv)`, params: documentIdParamSchema, querystring: bankFileQuerySchema },
    }, async (request, reply) => {
      const file = await tx(request, (t) => bankFile(t, scopeOf(request), rf, request.params.id, request.query.format, platform.now()));
      return reply.header('content-disposition', `attachment; filename="${file.fileName}"`).type(file.contentType).send(file.body);
    });
    r.get(`${base}/:id/remittance`, {
      config: { access: read },
      schema: { tags, summary: `One ${rf.pf.face.partyWord}'s remittance advice of a posted run as a PDF: its payment, the invoices paid, discounts and amounts`, params: documentIdParamSchema, querystring: remittanceQuerySchema },
    }, async (request, reply) => {
      const file = await tx(request, (t) => remittanceFile(t, scopeOf(request), rf, request.params.id, request.query.party, platform.now()));
      const disposition = request.query.download === 'true' ? 'attachment' : 'inline';
      return reply.header('content-disposition', `${disposition}; filename="${file.fileName}"`).type(file.contentType).send(file.body);
    });
    r.post(`${base}/:id/remittance/mail`, {
      config: { access: edit },
      schema: { tags, summary: `Mails every ${rf.pf.face.partyWord} of a posted run its remittance advice, to its contacts' mail, through the outbox`, params: documentIdParamSchema, response: { 200: remittanceMailResultSchema } },
    }, async (request) => {
      const done = await tx(request, (t) => mailRemittances(t, actorOf(request), platform.mailer, rf, request.params.id, platform.now()));
      for (const mailId of done.mailIds) await platform.mailer.deliver(platform.database.db, request.tenantId, mailId);
      return { queued: done.mailIds.length, skipped: done.skipped };
    });
  }
}
