import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  generatedJournalListSchema,
  idParamSchema,
  importRequestSchema,
  importResultSchema,
  messageResultSchema,
  pagingQuerySchema,
  recurringExportQuerySchema,
  recurringJournalInputSchema,
  recurringJournalViewSchema,
  recurringListQuerySchema,
  recurringListSchema,
  recurringRunRequestSchema,
  recurringRunResultSchema,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import type { Platform } from '../../../platform/platform';
import { sendTable } from '../../../platform/kit/tabular-files';
import { actorOf } from '../../../platform/http/actor';
import { createRecurring, deleteRecurring, editRecurring, getRecurring, listRecurring, recurringHistory } from './recurring.service';
import { exportRecurring, importRecurring } from './recurring-transfer.service';
import { runRecurringNow } from './recurring-run.service';

/** Recurring journals (/recurring-journals, /recurring-journal): schedules, run now, the journals they generated. */
export function registerRecurringRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const tags = ['Recurring journals'];
  const base = '/gl/recurring-journals';

  r.get(base, {
    config: { access: { kind: 'user', page: '/recurring-journals' } },
    schema: {
      tags, summary: 'Recurring journals of the company with the state of their last run: search code, description and template; sort; pages',
      querystring: recurringListQuerySchema,
      response: { 200: recurringListSchema },
    },
  }, async (request) => tx(request, (t) => listRecurring(t, actorOf(request), request.query)));

  r.get(`${base}/export`, {
    config: { access: { kind: 'user', operation: 'ExportRecurringJournal' } },
    schema: { tags, summary: 'Export the recurring journals of the search as CSV or XLSX', querystring: recurringExportQuerySchema },
  }, async (request, reply) => sendTable(reply, 'recurring-journals', 'Recurring Journals', request.query.format, await tx(request, (t) => exportRecurring(t, actorOf(request), request.query))));

  r.post(`${base}/import`, {
    config: { access: { kind: 'user', operation: 'ImportRecurringJournal' } },
    schema: { tags, summary: 'Import recurring journals (templates by code) from CSV or XLSX: preview, then all-or-nothing or the valid rows only', body: importRequestSchema, response: { 200: importResultSchema } },
  }, async (request) => tx(request, (t) => importRecurring(t, actorOf(request), request.body)));

  r.get(`${base}/:id`, {
    config: { access: { kind: 'user', page: '/recurring-journal' } },
    schema: { tags, summary: 'One recurring journal', params: idParamSchema, response: { 200: recurringJournalViewSchema } },
  }, async (request) => tx(request, (t) => getRecurring(t, actorOf(request), request.params.id)));

  r.get(`${base}/:id/journals`, {
    config: { access: { kind: 'user', page: '/recurring-journal' } },
    schema: { tags, summary: 'The occurrences a recurring journal generated and their journals, newest first', params: idParamSchema, querystring: pagingQuerySchema, response: { 200: generatedJournalListSchema } },
  }, async (request) => tx(request, (t) => recurringHistory(t, actorOf(request), request.params.id, request.query.limit, request.query.page)));

  r.post(base, {
    config: { access: { kind: 'user', operation: 'SaveRecurringJournal' } },
    schema: { tags, summary: 'Create a recurring journal: a template, a schedule and whether it makes drafts or posts', body: recurringJournalInputSchema, response: { 200: recurringJournalViewSchema } },
  }, async (request) => tx(request, (t) => createRecurring(t, actorOf(request), request.body)));

  r.put(`${base}/:id`, {
    config: { access: { kind: 'user', operation: 'EditRecurringJournal' } },
    schema: { tags, summary: 'Edit a recurring journal; without a next date it carries on from where it is', params: idParamSchema, body: recurringJournalInputSchema, response: { 200: recurringJournalViewSchema } },
  }, async (request) => tx(request, (t) => editRecurring(t, actorOf(request), request.params.id, request.body)));

  r.delete(`${base}/:id`, {
    config: { access: { kind: 'user', operation: 'DeleteRecurringJournal' } },
    schema: { tags, summary: 'Delete a recurring journal that has generated no journal (deactivate it otherwise)', params: idParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await tx(request, (t) => deleteRecurring(t, actorOf(request), request.params.id));
    return { message: 'Recurring journal deleted' };
  });

  // Occurrences are keyed by date, so a repeated click or retried call makes nothing twice: no Idempotency-Key needed.
  r.post(`${base}/:id/run`, {
    config: { access: { kind: 'user', operation: 'EditRecurringJournal' } },
    schema: { tags, summary: 'Run now: generate every occurrence due up to a date (today by default), each once', params: idParamSchema, body: recurringRunRequestSchema.nullish(), response: { 200: recurringRunResultSchema } },
  }, async (request) => runRecurringNow(platform, actorOf(request), request.params.id, request.body?.upTo));
}
