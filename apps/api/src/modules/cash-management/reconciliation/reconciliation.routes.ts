import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankReconciliationSchema, idempotencyHeaderSchema, lineEntryBodySchema, manualMatchBodySchema, matchParamSchema, messageResultSchema, reconciliationFileQuerySchema,
  reconciliationIdParamSchema, reconciliationReportSchema, lineEntryResultSchema, matchCreatedSchema, runRulesResultSchema, undoReconciliationBodySchema,
} from '@erp/contracts';
import { requestTx } from '../../../platform/db/tenancy';
import { actorOf, scopeOf } from '../../../platform/http/actor';
import { idempotent } from '../../../platform/http/idempotency';
import type { Platform } from '../../../platform/platform';
import type { RouteFacts, RouteKey } from '../../../platform/module';
import { acceptMatch, createLineEntry } from './reconciliation-entries.service';
import { reconciliationPdf, reconciliationReport, reconciliationXlsx, reportPrint } from './reconciliation-report';
import { closeReconciliation, manualMatch, rejectMatch, runRules, undoReconciliation, viewReconciliation } from './reconciliation.service';

/*
 * The reconciliation of one bank statement (/bank-reconciliation?id=<statement>). Access (SPEC.md
 * sections 2 and 6, the labels of the /bank-reconciliation page): reading it and its report needs
 * the page; running the rules, accepting, rejecting, matching by hand and closing need
 * EditBankReconciliation; creating an entry from a line (it posts) needs SaveBankReconciliation;
 * undoing a closed reconciliation needs DeleteBankReconciliation; the PDF and XLSX files need
 * ExportBankReconciliation. Another company's statement is not found (404).
 */
const BASE = '/cm/reconciliations/:id';
const PAGE = '/bank-reconciliation';
const edit = { kind: 'user' as const, operation: 'EditBankReconciliation' };
const tags = ['Bank reconciliation'];

export const reconciliationRouteFacts: Record<RouteKey, RouteFacts> = {
  [`GET ${BASE}`]: { rows: 'company', sample: 'bankStatement' },
  [`GET ${BASE}/report`]: { rows: 'company', sample: 'bankStatement' },
  [`GET ${BASE}/report/file`]: { rows: 'company', sample: 'bankStatement' },
  [`POST ${BASE}/run`]: { rows: 'company', sample: 'bankStatement' },
  [`POST ${BASE}/close`]: { rows: 'company', sample: 'bankStatement' },
  [`POST ${BASE}/undo`]: { rows: 'company' },
  [`POST ${BASE}/matches`]: { rows: 'company' },
  [`POST ${BASE}/matches/:matchId/accept`]: { rows: 'company' },
  [`POST ${BASE}/matches/:matchId/reject`]: { rows: 'company' },
  [`POST ${BASE}/entries`]: { rows: 'company' },
};

export function registerReconciliationRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  r.get(BASE, {
    config: { access: { kind: 'user', page: PAGE } },
    schema: { tags, summary: "A statement's reconciliation: its lines, the bank account's unreconciled ledger lines, and the matches with why they matched", params: reconciliationIdParamSchema, response: { 200: bankReconciliationSchema } },
  }, async (request) => tx(request, (t) => viewReconciliation(t, scopeOf(request), request.params.id)));
  r.post(`${BASE}/run`, {
    config: { access: edit },
    schema: { tags, summary: "Runs the bank's matching rules (or the defaults) over the statement's free lines: the proposals replace the previous ones", params: reconciliationIdParamSchema, response: { 200: runRulesResultSchema } },
  }, async (request) => tx(request, (t) => runRules(t, actorOf(request), request.params.id)));
  r.post(`${BASE}/matches/:matchId/accept`, {
    config: { access: edit },
    schema: { tags, summary: 'Accepts a proposal: its lines are reconciled (a counterparty proposal first posts its receipt or payment through payables/receivables)', params: matchParamSchema, headers: idempotencyHeaderSchema, response: { 200: messageResultSchema } },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, async () => {
    await acceptMatch(t, actorOf(request), platform.approvalEngine, request.params.id, request.params.matchId);
    return { message: 'Match accepted' };
  })));
  r.post(`${BASE}/matches/:matchId/reject`, {
    config: { access: edit },
    schema: { tags, summary: 'Rejects a proposal, or undoes an accepted match while the reconciliation is open: the rules will not offer the pair again', params: matchParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => tx(request, async (t) => {
    await rejectMatch(t, actorOf(request), request.params.id, request.params.matchId);
    return { message: 'Match rejected' };
  }));
  r.post(`${BASE}/matches`, {
    config: { access: edit },
    schema: { tags, summary: 'Matches statement lines to unreconciled book lines by hand, several to several, with equal totals', params: reconciliationIdParamSchema, body: manualMatchBodySchema, response: { 200: matchCreatedSchema } },
  }, async (request) => tx(request, async (t) => ({ id: await manualMatch(t, actorOf(request), request.params.id, request.body) })));
  r.post(`${BASE}/entries`, {
    config: { access: { kind: 'user', operation: 'SaveBankReconciliation' } },
    schema: { tags, summary: "Books a line with no counterpart (fee, interest, suspense) against Cash Management's posting profile and matches it", params: reconciliationIdParamSchema, headers: idempotencyHeaderSchema, body: lineEntryBodySchema, response: { 200: lineEntryResultSchema } },
  }, async (request) => tx(request, (t) => idempotent(t, request, request.tenantId, () => createLineEntry(t, actorOf(request), request.params.id, request.body))));
  r.post(`${BASE}/close`, {
    config: { access: edit },
    schema: { tags, summary: "Closes the statement's reconciliation: its lines lock; the book and bank balances are kept", params: reconciliationIdParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => tx(request, async (t) => {
    await closeReconciliation(t, actorOf(request), request.params.id);
    return { message: 'Reconciliation closed' };
  }));
  r.post(`${BASE}/undo`, {
    config: { access: { kind: 'user', operation: 'DeleteBankReconciliation' } },
    schema: { tags, summary: 'Undoes a closed reconciliation, with the reason (audited): the statement is open again, its matches stay', params: reconciliationIdParamSchema, body: undoReconciliationBodySchema, response: { 200: messageResultSchema } },
  }, async (request) => tx(request, async (t) => {
    await undoReconciliation(t, actorOf(request), request.params.id, request.body.reason);
    return { message: 'Reconciliation reopened' };
  }));
  r.get(`${BASE}/report`, {
    config: { access: { kind: 'user', page: PAGE } },
    schema: { tags, summary: 'The reconciliation report: bank balance, book balance and the outstanding items between them', params: reconciliationIdParamSchema, response: { 200: reconciliationReportSchema } },
  }, async (request) => tx(request, (t) => reconciliationReport(t, scopeOf(request), request.params.id)));
  r.get(`${BASE}/report/file`, {
    config: { access: { kind: 'user', operation: 'ExportBankReconciliation' } },
    schema: { tags, summary: 'The reconciliation report as PDF or XLSX', params: reconciliationIdParamSchema, querystring: reconciliationFileQuerySchema },
  }, async (request, reply) => {
    const print = await tx(request, (t) => reportPrint(t, scopeOf(request), request.params.id));
    const name = `bank-reconciliation-${print.statement.replace(/[^\w.-]+/g, '_')}`;
    if (request.query.format === 'xlsx') {
      return reply.header('content-disposition', `attachment; filename="${name}.xlsx"`).type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await reconciliationXlsx(print));
    }
    return reply.header('content-disposition', `attachment; filename="${name}.pdf"`).type('application/pdf').send(await reconciliationPdf(print));
  });
}
