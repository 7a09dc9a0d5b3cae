import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateSchema, instanceViewSchema, onDateSchema, journalInputSchema, journalKinds, journalStatuses, journalViewSchema, submitDocumentSchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { principalOf } from '../../platform/http/guard';
import { idempotent } from '../../platform/http/idempotency';
import type { Platform } from '../../platform/platform';
import { submitDocument } from '../workflow/index';
import { directPostingGate, refuseChangeUnderApproval, refuseDirectPosting } from './approvals';
import { journalOperation, readJournals } from './journal-access';
import { postingTx } from './posting-tx';
import { exportJournals, JOURNAL_EXPORT_LINES_MAX } from './journals-export.service';
import { sendTable } from '../../platform/kit/tabular-files';
import { createAndPost, createDraft, deleteDraft, editDraft, getJournal, listJournals, postJournal, reverseJournal, validateJournal, type Actor } from './journals.service';

const actorOf = (request: FastifyRequest): Actor => {
  const p = principalOf(request);
  return { tenantId: p.tenantId, companyId: p.companyId, userId: p.userId, operations: p.operations };
};
const idParam = z.object({ id: z.uuid() });
const listItem = z.object({
  id: z.uuid(), number: z.string().nullable(), kind: z.string(), status: z.string(), journalDate: z.string(), description: z.string(),
  reference: z.string().nullable(), total: z.string(), baseCurrency: z.string(), reversalOf: z.uuid().nullable(), reversedBy: z.uuid().nullable(),
});
const listFilter = z.object({
  kind: z.enum(journalKinds).optional(), status: z.enum(journalStatuses).optional(), from: dateSchema().optional(), to: dateSchema().optional(),
  search: z.string().max(200).optional(), sort: z.enum(['journalDate', '-journalDate', 'number', '-number', 'createdAt', '-createdAt', 'status', '-status']).optional(),
});
const idempotencyHeader = z.object({ 'idempotency-key': z.string().max(200).optional() });

/** Journals of every kind: drafts, Validate and Post (SPEC.md section 4 JournalApproval), reversal. */
export function registerJournalRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  // Create-and-post is the interactive posting of every client: concurrent calls of a company commit together.
  const posting = postingTx(platform.database.db);
  const tags = ['Journals'];

  r.get('/gl/journals', {
    config: { access: readJournals },
    schema: {
      tags, summary: 'Journals of the company: filter by kind, status and dates, search number, description and reference',
      querystring: listFilter.extend({ limit: z.coerce.number().int().min(1).max(500).default(20), page: z.coerce.number().int().min(1).default(1) }),
      response: { 200: z.object({ items: z.array(listItem), total: z.number().int() }) },
    },
  }, async (request) => tx(request, (t) => listJournals(t, actorOf(request), request.query)));

  r.get('/gl/journals/export', {
    config: { access: journalOperation('Export') },
    schema: {
      tags, summary: `The journals of the list's filter as CSV or XLSX, one row per line (at most ${JOURNAL_EXPORT_LINES_MAX.toLocaleString('en-US')} lines; Export<kind>Journal)`,
      querystring: listFilter.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
    },
  }, async (request, reply) => {
    const { format, ...filter } = request.query;
    const table = await tx(request, (t) => exportJournals(t, actorOf(request), filter));
    return sendTable(reply, filter.kind === 'OpeningBalance' ? 'opening-balance-journals' : filter.kind === 'Adjustment' ? 'adjustment-journals' : 'journals', 'Journals', format, table);
  });

  r.post('/gl/journals', {
    config: { access: journalOperation('Save') },
    schema: { tags, summary: 'Create a draft journal (Save<kind>Journal)', body: journalInputSchema, response: { 200: journalViewSchema } },
  }, async (request) => tx(request, (t) => createDraft(t, actorOf(request), request.body)));

  r.post('/gl/journals/post', {
    config: { access: journalOperation('Save') },
    schema: { tags, summary: 'Create and post a journal in one call; takes an Idempotency-Key', headers: idempotencyHeader, body: journalInputSchema, response: { 200: journalViewSchema } },
    // The answer is the typed view createAndPost builds: sent as it is, without zod checking every
    // line of it again (for a 1,000-line journal that check cost ~10% of bulk posting throughput).
    serializerCompiler: () => (data) => JSON.stringify(data),
  }, async (request) => {
    return posting(request, request.body.lines.length, (t) => {
      const actor = actorOf(request);
      // The approval gate is read with the posting's facts (createAndPost), before anything is written.
      return idempotent(t, request, request.tenantId, () => createAndPost(t, actor, request.body, directPostingGate(actor)));
    });
  });

  r.get('/gl/journals/:id', {
    config: { access: readJournals },
    schema: { tags, summary: 'One journal with its lines (ledger lines once posted)', params: idParam, response: { 200: journalViewSchema } },
  }, async (request) => tx(request, (t) => getJournal(t, actorOf(request), request.params.id)));

  r.put('/gl/journals/:id', {
    config: { access: journalOperation('Edit') },
    schema: { tags, summary: 'Edit a draft or validated journal (it returns to draft)', params: idParam, body: journalInputSchema, response: { 200: journalViewSchema } },
  }, async (request) => tx(request, async (t) => {
    await refuseChangeUnderApproval(t, actorOf(request), request.params.id);
    return editDraft(t, actorOf(request), request.params.id, request.body);
  }));

  r.delete('/gl/journals/:id', {
    config: { access: journalOperation('Delete') },
    schema: { tags, summary: 'Delete a draft or validated journal', params: idParam, response: { 200: z.object({ message: z.string() }) } },
  }, async (request) => {
    await tx(request, async (t) => {
      await refuseChangeUnderApproval(t, actorOf(request), request.params.id);
      await deleteDraft(t, actorOf(request), request.params.id);
    });
    return { message: 'Journal deleted' };
  });

  r.post('/gl/journals/:id/validate', {
    config: { access: journalOperation('Edit') },
    schema: { tags, summary: 'Validate a draft: every posting check, nothing written', params: idParam, response: { 200: journalViewSchema } },
  }, async (request) => tx(request, async (t) => {
    await refuseDirectPosting(t, actorOf(request), request.params.id);
    return validateJournal(t, actorOf(request), request.params.id);
  }));

  r.post('/gl/journals/:id/post', {
    config: { access: journalOperation('Edit') },
    schema: { tags, summary: 'Post a draft or validated journal; takes an Idempotency-Key', headers: idempotencyHeader, params: idParam, response: { 200: journalViewSchema } },
  }, async (request) => tx(request, async (t) => {
    await refuseDirectPosting(t, actorOf(request), request.params.id);
    return idempotent(t, request, request.tenantId, () => postJournal(t, actorOf(request), request.params.id));
  }));

  r.post('/gl/journals/:id/submit', {
    config: { access: journalOperation('Edit') },
    schema: { tags, summary: 'Submit a draft or validated journal for approval (Edit<kind>Journal): its JournalApproval workflow, or Validate and Post at once when none applies', params: idParam, body: submitDocumentSchema.nullish(), response: { 200: instanceViewSchema } },
  }, async (request) => submitDocument(platform, actorOf(request), { approvalType: 'JournalApproval', documentId: request.params.id, comment: request.body?.comment }));

  r.post('/gl/journals/:id/reverse', {
    config: { access: journalOperation('Edit') },
    schema: { tags, summary: 'Reverse a posted journal on a date (once)', headers: idempotencyHeader, params: idParam, body: onDateSchema, response: { 200: journalViewSchema } },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, () => reverseJournal(t, actorOf(request), request.params.id, request.body.date))));
}
