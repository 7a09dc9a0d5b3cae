import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  importRequestSchema,
  importResultSchema,
  intercompanyTemplateExportQuerySchema,
  intercompanyTemplateInputSchema,
  intercompanyTemplateListQuerySchema,
  intercompanyTemplateListSchema,
  intercompanyTemplateOperations as ops,
  intercompanyTemplateViewSchema,
  messageResultSchema,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import type { Platform } from '../../../platform/platform';
import { sendTable } from '../../../platform/kit/tabular-files';
import { actorOf } from '../../../platform/http/actor';
import { INTERCOMPANY_PAGES } from './intercompany-http';
import { createIntercompanyTemplate, deleteIntercompanyTemplate, editIntercompanyTemplate, getIntercompanyTemplate, listIntercompanyTemplates } from './intercompany-templates.service';
import { exportIntercompanyTemplates, importIntercompanyTemplates } from './intercompany-transfer.service';

/** Intercompany journal templates (/intercompany-journal-template): lines across the company and one partner. */
export function registerIntercompanyTemplateRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Intercompany journal templates'];
  const base = '/gl/intercompany-journal-templates';

  r.get(base, {
    config: { access: { kind: 'user', page: INTERCOMPANY_PAGES } },
    schema: {
      tags, summary: 'Intercompany templates of the company: search code, name, description and partner; sort; pages',
      querystring: intercompanyTemplateListQuerySchema,
      response: { 200: intercompanyTemplateListSchema },
    },
  }, async (request) => {
    // The journal editor lists templates to start from, so any intercompany page reads them.
    return tx(request, (t) => listIntercompanyTemplates(t, actorOf(request), request.query));
  });

  r.get(`${base}/export`, {
    config: { access: { kind: 'user', operation: ops.export } },
    schema: { tags, summary: 'Export the templates of the search, one row per line, as CSV or XLSX', querystring: intercompanyTemplateExportQuerySchema },
  }, async (request, reply) => sendTable(reply, 'intercompany-journal-templates', 'Intercompany Templates', request.query.format, await tx(request, (t) => exportIntercompanyTemplates(t, actorOf(request), request.query))));

  r.post(`${base}/import`, {
    config: { access: { kind: 'user', operation: ops.import } },
    schema: { tags, summary: 'Import templates (one row per line, grouped by the Template column; an existing code is replaced): preview, then all or the valid ones', body: importRequestSchema, response: { 200: importResultSchema } },
  }, async (request) => tx(request, (t) => importIntercompanyTemplates(t, actorOf(request), request.body)));

  r.get(`${base}/:id`, {
    config: { access: { kind: 'user', page: INTERCOMPANY_PAGES } },
    schema: { tags, summary: 'One intercompany template with its lines', params: idParamSchema, response: { 200: intercompanyTemplateViewSchema } },
  }, async (request) => {
    return tx(request, (t) => getIntercompanyTemplate(t, actorOf(request), request.params.id));
  });

  r.post(base, {
    config: { access: { kind: 'user', operation: ops.save } },
    schema: { tags, summary: 'Create an intercompany template; amounts may be left blank', body: intercompanyTemplateInputSchema, response: { 200: intercompanyTemplateViewSchema } },
  }, async (request) => tx(request, (t) => createIntercompanyTemplate(t, actorOf(request), request.body)));

  r.put(`${base}/:id`, {
    config: { access: { kind: 'user', operation: ops.edit } },
    schema: { tags, summary: 'Edit an intercompany template (the whole template)', params: idParamSchema, body: intercompanyTemplateInputSchema, response: { 200: intercompanyTemplateViewSchema } },
  }, async (request) => tx(request, (t) => editIntercompanyTemplate(t, actorOf(request), request.params.id, request.body)));

  r.delete(`${base}/:id`, {
    config: { access: { kind: 'user', operation: ops.delete } },
    schema: { tags, summary: 'Delete an intercompany template', params: idParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await tx(request, (t) => deleteIntercompanyTemplate(t, actorOf(request), request.params.id));
    return { message: 'Intercompany journal template deleted' };
  });
}
