import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importRequestSchema, importResultSchema, intercompanyAccountsInputSchema, intercompanyJournalInputSchema, intercompanyJournalListItemSchema, intercompanyJournalOperations as ops, intercompanyJournalSortKeys, intercompanyJournalViewSchema, intercompanyPartnerSchema, intercompanyTemplateOperations, journalStatuses, onDateSchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { idempotent } from '../../platform/http/idempotency';
import type { Platform } from '../../platform/platform';
import { sendTable } from '../../platform/kit/tabular-files';
import { icActorOf, INTERCOMPANY_PAGES } from './intercompany-http';
import { deleteDueAccounts, listPartners, lookupPairAccounts, saveDueAccounts } from './intercompany-accounts.service';
import { createIntercompanyDraft, deleteIntercompanyDraft, editIntercompanyDraft, getIntercompanyJournal, listIntercompanyJournals } from './intercompany-journals.service';
import { postIntercompany, reverseIntercompany, validateIntercompany } from './intercompany-posting.service';
import { exportIntercompanyJournals, importIntercompanyJournals } from './intercompany-transfer.service';
import { registerIntercompanyTemplateRoutes } from './intercompany-templates.routes';

const idParam = z.object({ id: z.uuid() });
const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });
const listFilter = { status: z.enum(journalStatuses).optional(), search: z.string().max(200).optional(), sort: z.enum(intercompanyJournalSortKeys).optional() };

/** The partner companies and their due accounts, and the account picker of either company of a pair. */
function registerPartnerRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Intercompany journals'];

  r.get('/gl/intercompany-partners', {
    config: { access: { kind: 'user', page: INTERCOMPANY_PAGES } },
    schema: { tags, summary: "The tenant's other companies with this company's due-from/due-to accounts towards each", response: { 200: z.array(intercompanyPartnerSchema) } },
  }, async (request) => {
    return tx(request, (t) => listPartners(t, icActorOf(request)));
  });

  r.put('/gl/intercompany-partners/:id/accounts', {
    config: { access: { kind: 'user', operation: ['SaveIntercompanyJournalTemplate', 'EditIntercompanyJournalTemplate'] } },
    schema: { tags, summary: "Set this company's due-from (asset) and due-to (liability) accounts towards a partner (SaveIntercompanyJournalTemplate, then Edit…)", params: idParam, body: intercompanyAccountsInputSchema, response: { 200: intercompanyPartnerSchema } },
  }, async (request) => tx(request, (t) => saveDueAccounts(t, icActorOf(request), request.params.id, request.body)));

  r.delete('/gl/intercompany-partners/:id/accounts', {
    config: { access: { kind: 'user', operation: intercompanyTemplateOperations.delete } },
    schema: { tags, summary: "Clear this company's due accounts towards a partner", params: idParam, response: { 200: z.object({ message: z.string() }) } },
  }, async (request) => {
    await tx(request, (t) => deleteDueAccounts(t, icActorOf(request), request.params.id));
    return { message: 'Due accounts cleared' };
  });

  r.get('/gl/intercompany-accounts/lookup', {
    config: { access: { kind: 'user', page: INTERCOMPANY_PAGES } },
    schema: {
      tags, summary: 'Pick a posting account of this company or of a partner company',
      querystring: z.object({ company: z.uuid(), search: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }),
      response: { 200: z.array(z.object({ id: z.uuid(), label: z.string() })) },
    },
  }, async (request) => {
    const { company, search, limit } = request.query;
    return tx(request, (t) => lookupPairAccounts(t, icActorOf(request), company, search, limit));
  });
}

/** Intercompany journals (/intercompany-journals, /intercompany-journal): drafts, Validate, Post, Reverse, import and export. */
export function registerIntercompanyRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Intercompany journals'];
  const base = '/gl/intercompany-journals';
  registerPartnerRoutes(app, platform);
  registerIntercompanyTemplateRoutes(app, platform);

  r.get(base, {
    config: { access: { kind: 'user', page: '/intercompany-journals' } },
    schema: {
      tags, summary: 'Intercompany journals this company entered or is the partner of: search, status, sort, pages',
      querystring: z.object({ ...listFilter, limit: z.coerce.number().int().min(1).max(500).default(20), page: z.coerce.number().int().min(1).default(1) }),
      response: { 200: z.object({ items: z.array(intercompanyJournalListItemSchema), total: z.number().int() }) },
    },
  }, async (request) => tx(request, (t) => listIntercompanyJournals(t, icActorOf(request), request.query)));

  r.get(`${base}/export`, {
    config: { access: { kind: 'user', operation: ops.export } },
    schema: { tags, summary: 'Export the journals of the filter, one row per line, as CSV or XLSX', querystring: z.object({ ...listFilter, format: z.enum(['csv', 'xlsx']).default('csv') }) },
  }, async (request, reply) => sendTable(reply, 'intercompany-journals', 'Intercompany Journals', request.query.format, await tx(request, (t) => exportIntercompanyJournals(t, icActorOf(request), request.query))));

  r.post(`${base}/import`, {
    config: { access: { kind: 'user', operation: ops.import } },
    schema: { tags, summary: 'Import draft journals (one row per line, grouped by the Journal column) from CSV or XLSX: preview, then all or the valid ones', body: importRequestSchema, response: { 200: importResultSchema } },
  }, async (request) => tx(request, (t) => importIntercompanyJournals(t, icActorOf(request), request.body)));

  r.get(`${base}/:id`, {
    config: { access: { kind: 'user', page: INTERCOMPANY_PAGES } },
    schema: { tags, summary: "One intercompany journal: the lines as entered and, once posted, each company's journal", params: idParam, response: { 200: intercompanyJournalViewSchema } },
  }, async (request) => {
    return tx(request, (t) => getIntercompanyJournal(t, icActorOf(request), request.params.id));
  });

  r.post(base, {
    config: { access: { kind: 'user', operation: ops.save } },
    schema: { tags, summary: 'Create a draft intercompany journal; every line names its company', body: intercompanyJournalInputSchema, response: { 200: intercompanyJournalViewSchema } },
  }, async (request) => tx(request, (t) => createIntercompanyDraft(t, icActorOf(request), request.body)));

  r.put(`${base}/:id`, {
    config: { access: { kind: 'user', operation: ops.edit } },
    schema: { tags, summary: 'Edit a draft or validated intercompany journal (it returns to draft)', params: idParam, body: intercompanyJournalInputSchema, response: { 200: intercompanyJournalViewSchema } },
  }, async (request) => tx(request, (t) => editIntercompanyDraft(t, icActorOf(request), request.params.id, request.body)));

  r.delete(`${base}/:id`, {
    config: { access: { kind: 'user', operation: ops.delete } },
    schema: { tags, summary: 'Delete a draft or validated intercompany journal', params: idParam, response: { 200: z.object({ message: z.string() }) } },
  }, async (request) => {
    await tx(request, (t) => deleteIntercompanyDraft(t, icActorOf(request), request.params.id));
    return { message: 'Intercompany journal deleted' };
  });

  r.post(`${base}/:id/validate`, {
    config: { access: { kind: 'user', operation: ops.edit } },
    schema: { tags, summary: "Validate: both companies' posting checks, nothing written", params: idParam, response: { 200: intercompanyJournalViewSchema } },
  }, async (request) => tx(request, (t) => validateIntercompany(t, icActorOf(request), request.params.id)));

  r.post(`${base}/:id/post`, {
    config: { access: { kind: 'user', operation: ops.edit } },
    schema: { tags, summary: 'Post: one journal per company in one transaction, each balanced by its due lines; takes an Idempotency-Key', headers: idempotencyHeader, params: idParam, response: { 200: intercompanyJournalViewSchema } },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, () => postIntercompany(t, icActorOf(request), request.params.id))));

  r.post(`${base}/:id/reverse`, {
    config: { access: { kind: 'user', operation: ops.edit } },
    schema: { tags, summary: "Reverse both companies' journals together on a date; takes an Idempotency-Key", headers: idempotencyHeader, params: idParam, body: onDateSchema, response: { 200: intercompanyJournalViewSchema } },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, () => reverseIntercompany(t, icActorOf(request), request.params.id, request.body.date))));
}
