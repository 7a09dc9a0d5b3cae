import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  faces,
  mailAllStatementsSchema,
  mailStatementResultSchema,
  mailStatementSchema,
  partyStatementQuerySchema,
  partyStatementSchema,
  sides,
  statementBatchPreviewSchema,
  statementBatchQuerySchema,
  statementBatchResultSchema,
  statementFileParamsSchema,
  statementPath,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { scopeOf } from '../../../platform/http/actor';
import { unprocessable } from '../../../platform/http/errors';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { partyStatement } from './statement.service';
import { statementPdf, statementXlsx } from './statement-files';
import { mailAllStatements, mailStatement, statementBatch } from './statement-mail';

/*
 * A party's statement per face (issue 16): `GET /ap/vendor-statement` and `/ar/customer-statement`
 * (the statement as data), `…/file/pdf` and `…/file/xlsx`, `POST …/mail` (the PDF to the party through
 * the outbox). SPEC.md puts the statement pages in no menu, so no role can hold them: reading rides on
 * the party list page (/vendor, /customer) or the invoice list page, as the ageing does; mailing also
 * needs the party's Export label (ExportVendor, ExportCustomer: it sends the party's data out).
 * "Mail all" (`GET …/mail-all`: who would get one, nothing written; `POST …/mail-all`: one transaction)
 * takes the same access as the single mail.
 */
export const statementRouteFacts: Record<RouteKey, RouteFacts> = Object.fromEntries(
  sides.flatMap((side) => {
    const base = statementPath(faces[side]);
    return [`GET ${base}`, `GET ${base}/file/:format`, `POST ${base}/mail`, `GET ${base}/mail-all`, `POST ${base}/mail-all`].map((k) => [k, { rows: 'company' } satisfies RouteFacts]);
  }),
);

export function registerStatementRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  for (const side of sides) {
    const face = faces[side];
    const base = statementPath(face);
    const tags = [`${face.partyLabel} statement`];
    const read = { kind: 'user' as const, page: [face.pages.party, face.pages.invoices] };
    r.get(base, {
      config: { access: read },
      schema: { tags, summary: `A ${face.partyWord}'s statement for a range: per currency the opening balance, every posting on its control accounts with a running balance, the closing, and its ageing on the last day`, querystring: partyStatementQuerySchema, response: { 200: partyStatementSchema } },
    }, async (request) => tx(request, (t) => partyStatement(t, scopeOf(request), face, request.query)));
    r.get(`${base}/file/:format`, {
      config: { access: read },
      schema: { tags, summary: `The ${face.partyWord}'s statement as a PDF or a workbook`, params: statementFileParamsSchema, querystring: partyStatementQuerySchema },
    }, async (request, reply) => {
      const file = await tx(request, async (t) => {
        const scope = scopeOf(request);
        const s = await partyStatement(t, scope, face, request.query);
        return request.params.format === 'pdf' ? statementPdf(t, scope, face, s, platform.now()) : statementXlsx(t, scope, face, s, platform.now());
      });
      return reply.header('content-disposition', `attachment; filename="${file.fileName}"`).type(file.contentType).send(file.body);
    });
    const mailAccess = { kind: 'user' as const, page: [face.pages.party, face.pages.invoices], operation: `Export${face.labels.party}` };
    r.post(`${base}/mail`, {
      config: { access: mailAccess },
      schema: { tags, summary: `Mail the ${face.partyWord}'s statement as a PDF through the outbox, to its statement contact or the address given`, querystring: partyStatementQuerySchema, body: mailStatementSchema, response: { 200: mailStatementResultSchema } },
    }, async (request) => {
      const sent = await tx(request, async (t) => {
        const scope = scopeOf(request);
        const s = await partyStatement(t, scope, face, request.query);
        const to = request.body.to ?? s.party.mail;
        if (!to) throw unprocessable(`to: the ${face.partyWord} has no contact with a mail address; please give one`);
        return { to, mailId: await mailStatement(t, scope, face, platform.mailer, s, to, request.body.message, platform.now()) };
      });
      await platform.mailer.deliver(platform.database.db, request.tenantId, sent.mailId);
      return sent;
    });
    r.get(`${base}/mail-all`, {
      config: { access: mailAccess },
      schema: { tags, summary: `Who "Mail all" would send a statement to: every ${face.partyWord} (of the group) with a posting in the range or a balance at its end (in the currency), and who is skipped and why; nothing written`, querystring: statementBatchQuerySchema, response: { 200: statementBatchPreviewSchema } },
    }, async (request) => tx(request, (t) => statementBatch(t, scopeOf(request), face, request.query)));
    r.post(`${base}/mail-all`, {
      config: { access: mailAccess },
      schema: { tags, summary: `Mail every ${face.partyWord}'s statement of the range (of the group, in the currency) as a PDF through the outbox, in one transaction; lists what was mailed and skipped`, querystring: statementBatchQuerySchema, body: mailAllStatementsSchema, response: { 200: statementBatchResultSchema } },
    }, async (request) => {
      const done = await tx(request, (t) => mailAllStatements(t, scopeOf(request), face, platform.mailer, request.query, request.body.message, platform.now()));
      for (const m of done.mailed) await platform.mailer.deliver(platform.database.db, request.tenantId, m.mailId);
      return done;
    });
  }
}
