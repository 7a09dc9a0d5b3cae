import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importRequestSchema,
  importResultSchema,
  intercompanyTemplateInputSchema,
  intercompanyTemplateListItemSchema,
  intercompanyTemplateOperations as ops,
  intercompanyTemplateSortKeys,
  intercompanyTemplateViewSchema,
} from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import type { Platform } from '../../platform/platform';
import { sendTable } from '../../platform/kit/tabular-files';
import { icActorOf, INTERCOMPANY_PAGES } from './intercompany-http';
import { createIntercompanyTemplate, deleteIntercompanyTemplate, editIntercompanyTemplate, getIntercompanyTemplate, listIntercompanyTemplates } from './intercompany-templates.service';
import { exportIntercompanyTemplates, importIntercompanyTemplates } from './intercompany-transfer.service';

const idParam = z.object({ id: z.uuid() });
const listFilter = { search: z.string().max(200).optional(), sort: z.enum(intercompanyTemplateSortKeys).optional() };

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
      querystring: z.object({ ...listFilter, limit: z.coerce.number().int().min(1).max(500).default(20), page: z.coerce.number().int().min(1).default(1) }),
      response: { 200: z.object({ items: z.array(intercompanyTemplateListItemSchema), total: z.number().int() }) },
    },
  }, async (request) => {
    // The journal editor lists templates to start from, so any intercompany page reads them.
    return tx(request, (t) => listIntercompanyTemplates(t, icActorOf(request), request.query));
  });

  r.get(`${base}/export`, {
    config: { access: { kind: 'user', operation: ops.export } },
    schema: { tags, summary: 'Export the templates of the search, one row per line, as CSV or XLSX', querystring: z.object({ ...listFilter, format: z.enum(['csv', 'xlsx']).default('csv') }) },
  }, async (request, reply) => sendTable(reply, 'intercompany-journal-templates', 'Intercompany Templates', request.query.format, await tx(request, (t) => exportIntercompanyTemplates(t, icActorOf(request), request.query))));

  r.post(`${base}/import`, {
    config: { access: { kind: 'user', operation: ops.import } },
    schema: { tags, summary: 'Import templates (one row per line, grouped by the Template column; an existing code is replaced): preview, then all or the valid ones', body: importRequestSchema, response: { 200: importResultSchema } },
  }, async (request) => tx(request, (t) => importIntercompanyTemplates(t, icActorOf(request), request.body)));

  r.get(`${base}/:id`, {
    config: { access: { kind: 'user', page: INTERCOMPANY_PAGES } },
    schema: { tags, summary: 'One intercompany template with its lines', params: idParam, response: { 200: intercompanyTemplateViewSchema } },
  }, async (request) => {
    return tx(request, (t) => getIntercompanyTemplate(t, icActorOf(request), request.params.id));
  });

  r.post(base, {
    config: { access: { kind: 'user', operation: ops.save } },
    schema: { tags, summary: 'Create an intercompany template; amounts may be left blank', body: intercompanyTemplateInputSchema, response: { 200: intercompanyTemplateViewSchema } },
  }, async (request) => tx(request, (t) => createIntercompanyTemplate(t, icActorOf(request), request.body)));

  r.put(`${base}/:id`, {
    config: { access: { kind: 'user', operation: ops.edit } },
    schema: { tags, summary: 'Edit an intercompany template (the whole template)', params: idParam, body: intercompanyTemplateInputSchema, response: { 200: intercompanyTemplateViewSchema } },
  }, async (request) => tx(request, (t) => editIntercompanyTemplate(t, icActorOf(request), request.params.id, request.body)));

  r.delete(`${base}/:id`, {
    config: { access: { kind: 'user', operation: ops.delete } },
    schema: { tags, summary: 'Delete an intercompany template', params: idParam, response: { 200: z.object({ message: z.string() }) } },
  }, async (request) => {
    await tx(request, (t) => deleteIntercompanyTemplate(t, icActorOf(request), request.params.id));
    return { message: 'Intercompany journal template deleted' };
  });
}
