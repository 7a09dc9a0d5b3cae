import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  importRequestSchema,
  importResultSchema,
  journalFromTemplateSchema,
  journalTemplateInputSchema,
  journalTemplateViewSchema,
  journalViewSchema,
  lookupListSchema,
  lookupQuerySchema,
  messageResultSchema,
  templateExportQuerySchema,
  templateListQuerySchema,
  templateListSchema,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf } from '../../../platform/http/actor';
import type { Platform } from '../../../platform/platform';
import { sendTable } from '../../../platform/kit/tabular-files';
import { JOURNAL_PAGES, journalOperation } from '../journals/journal-access';
import { createTemplate, deleteTemplate, editTemplate, getTemplate, journalFromTemplate, listTemplates, lookupTemplates } from './templates.service';
import { exportTemplates, importTemplates } from './templates-transfer.service';


/** Journal templates (/journal-template): reusable line sets, and "create journal from template". */
export function registerTemplateRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Journal templates'];
  const base = '/gl/journal-templates';

  r.get(base, {
    config: { access: { kind: 'user', page: '/journal-template' } },
    schema: {
      tags, summary: 'Journal templates of the company: search code, name and description; sort; pages',
      querystring: templateListQuerySchema,
      response: { 200: templateListSchema },
    },
  }, async (request) => tx(request, (t) => listTemplates(t, actorOf(request), request.query)));

  r.get(`${base}/lookup`, {
    config: { access: { kind: 'user', page: ['/journal-template', ...JOURNAL_PAGES] } },
    schema: { tags, summary: 'Pick an active template: id and label of the first matches', querystring: lookupQuerySchema, response: { 200: lookupListSchema } },
  }, async (request) => tx(request, (t) => lookupTemplates(t, actorOf(request), request.query.search, request.query.limit)));

  r.get(`${base}/export`, {
    config: { access: { kind: 'user', operation: 'ExportJournalTemplate' } },
    schema: { tags, summary: 'Export the templates of the search, one row per line, as CSV or XLSX', querystring: templateExportQuerySchema },
  }, async (request, reply) => sendTable(reply, 'journal-templates', 'Journal Templates', request.query.format, await tx(request, (t) => exportTemplates(t, actorOf(request), request.query.search))));

  r.post(`${base}/import`, {
    config: { access: { kind: 'user', operation: 'ImportJournalTemplate' } },
    schema: { tags, summary: 'Import templates (one row per line, grouped by code) from CSV or XLSX: preview, then all-or-nothing or the valid templates only', body: importRequestSchema, response: { 200: importResultSchema } },
  }, async (request) => tx(request, (t) => importTemplates(t, actorOf(request), request.body)));

  r.get(`${base}/:id`, {
    config: { access: { kind: 'user', page: ['/journal-template', ...JOURNAL_PAGES] } },
    schema: { tags, summary: 'One template with its lines', params: idParamSchema, response: { 200: journalTemplateViewSchema } },
  }, async (request) => tx(request, (t) => getTemplate(t, actorOf(request), request.params.id)));

  r.post(base, {
    config: { access: { kind: 'user', operation: 'SaveJournalTemplate' } },
    schema: { tags, summary: 'Create a template; amounts may be left blank, to be filled on each journal', body: journalTemplateInputSchema, response: { 200: journalTemplateViewSchema } },
  }, async (request) => tx(request, (t) => createTemplate(t, actorOf(request), request.body)));

  r.put(`${base}/:id`, {
    config: { access: { kind: 'user', operation: 'EditJournalTemplate' } },
    schema: { tags, summary: 'Edit a template (its lines are replaced)', params: idParamSchema, body: journalTemplateInputSchema, response: { 200: journalTemplateViewSchema } },
  }, async (request) => tx(request, (t) => editTemplate(t, actorOf(request), request.params.id, request.body)));

  r.delete(`${base}/:id`, {
    config: { access: { kind: 'user', operation: 'DeleteJournalTemplate' } },
    schema: { tags, summary: 'Delete a template no recurring journal uses', params: idParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await tx(request, (t) => deleteTemplate(t, actorOf(request), request.params.id));
    return { message: 'Journal template deleted' };
  });

  r.post(`${base}/:id/journal`, {
    config: { access: journalOperation('Save') },
    schema: { tags, summary: 'Create a draft journal from a template (Save<kind>Journal); blank amounts stay to be filled', params: idParamSchema, body: journalFromTemplateSchema, response: { 200: journalViewSchema } },
  }, async (request) => tx(request, (t) => journalFromTemplate(t, actorOf(request), request.params.id, request.body)));
}
