import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approvalGateSchema,
  approveInputSchema,
  documentHistorySchema,
  gateQuerySchema,
  historyQuerySchema,
  idParamSchema,
  inboxQuerySchema,
  inboxSchema,
  instanceViewSchema,
  messageListSchema,
  messageQuerySchema,
  messageViewSchema,
  rejectInputSchema,
  submissionInputSchema,
  taskActionResultSchema,
  taskDetailSchema,
  taskSummarySchema,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { userContext, withTenant, type Companies } from '../../platform/db/tenancy';
import { ANY_PAGE } from '../../platform/http/access';
import { actorOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import { deliverMails, newRun, type Run } from './running-record';
import { documentHistory, inbox, listMessages, markRead, summary, taskDetail } from './running-queries';
import { approve, cancel, reject, submit, type Me } from './running.service';
import { approvalGate, stepsApplyTo } from './approval-gate';


/** Submissions, the approval inbox and the bell, approve and reject, a document's history, in-app messages (README-routes.md "Running"). */
export function registerRunningRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Workflow running'];
  /** Self-service: my tasks, my messages, my own submissions (the service checks I am the submitter or owner). */
  const signedIn = { access: { kind: 'user' as const } };
  /** A document's approval state: read from the document's screens, so a role with no page at all has none to read. */
  const onDocuments = { access: { kind: 'user' as const, page: ANY_PAGE } };
  /**
   * One tenant transaction with the engine's clock; mails leave once it has committed. An approver
   * acts on the documents of whichever company of the tenant gave them a task, and the engine
   * decides by assignment (a task, a submission, an owner): those routes run over every company of
   * the tenant (`all`); a submission acts in the user's own company.
   */
  const engine = async <T>(request: FastifyRequest, fn: (tx: Tx, run: Run, me: Me) => Promise<T>, companies: Companies = 'all'): Promise<T> => {
    const me = actorOf(request);
    const run = newRun(platform, me.tenantId);
    const result = await withTenant(platform.database.db, { tenantId: me.tenantId, userId: me.userId, companies }, (tx) => fn(tx, run, me));
    await deliverMails(run);
    return result;
  };

  r.post('/workflow/submissions', {
    config: onDocuments,
    schema: { tags, summary: "Submit a document for approval: starts its workflow, or performs its operations at once when none applies (the document's module checks the submitter)", body: submissionInputSchema, response: { 200: instanceViewSchema } },
  }, async (request) => engine(request, (tx, run, me) => submit(tx, run, me, request.body), userContext(actorOf(request)).companies));

  r.post('/workflow/instances/:id/cancel', {
    config: signedIn,
    schema: { tags, summary: 'Withdraw a running approval (the submitter or the document owner)', params: idParamSchema, response: { 200: instanceViewSchema } },
  }, async (request) => engine(request, (tx, run, me) => cancel(tx, run, me, request.params.id)));

  r.get('/workflow/tasks', {
    config: signedIn,
    schema: { tags, summary: 'The approval inbox: tasks waiting for me (mine and those delegated to me today), or those I acted on', querystring: inboxQuerySchema, response: { 200: inboxSchema } },
  }, async (request) => engine(request, (tx, run, me) => inbox(tx, run, me, request.query)));

  r.get('/workflow/tasks/summary', {
    config: signedIn,
    schema: { tags, summary: 'The bell: my open task count, the newest tasks, unread messages', response: { 200: taskSummarySchema } },
  }, async (request) => engine(request, (tx, run, me) => summary(tx, run, me)));

  r.get('/workflow/tasks/:id', {
    config: signedIn,
    schema: { tags, summary: 'One of my tasks with its approval; whether I can act on it', params: idParamSchema, response: { 200: taskDetailSchema } },
  }, async (request) => engine(request, (tx, run, me) => taskDetail(tx, run, me, request.params.id)));

  r.post('/workflow/tasks/:id/approve', {
    config: signedIn,
    schema: { tags, summary: "Approve a task; the last approval performs the document's operations in the same transaction", params: idParamSchema, body: approveInputSchema.nullish(), response: { 200: taskActionResultSchema } },
  }, async (request) => ({ instance: await engine(request, (tx, run, me) => approve(tx, run, me, request.params.id, request.body?.comment || null)) }));

  r.post('/workflow/tasks/:id/reject', {
    config: signedIn,
    schema: { tags, summary: 'Reject a task with a comment: the document goes back to draft', params: idParamSchema, body: rejectInputSchema, response: { 200: taskActionResultSchema } },
  }, async (request) => ({ instance: await engine(request, (tx, run, me) => reject(tx, run, me, request.params.id, request.body.comment)) }));

  r.get('/workflow/history', {
    config: onDocuments,
    schema: { tags, summary: "A document's approvals: the latest submission and every action of every submission", querystring: historyQuerySchema, response: { 200: documentHistorySchema } },
  }, async (request) => engine(request, (tx, run, me) => documentHistory(tx, run, me, request.query.approvalType, request.query.documentId)));

  r.get('/workflow/gate', {
    config: onDocuments,
    schema: { tags, summary: "Whether an active workflow governs a type of document in my company (its direct operations are refused: submit instead), and whether this document is under approval", querystring: gateQuerySchema, response: { 200: approvalGateSchema } },
  }, async (request) => {
    const me = actorOf(request);
    const { approvalType, documentId, amount } = request.query;
    return withTenant(platform.database.db, userContext(me), async (tx) => {
      const gate = await approvalGate(tx, me, approvalType, documentId);
      return amount === undefined ? gate : { ...gate, approvalNeeded: gate.workflowActive && (await stepsApplyTo(tx, me, approvalType, amount)) };
    });
  });

  r.get('/workflow/messages', {
    config: signedIn,
    schema: { tags, summary: 'My in-app messages, newest first', querystring: messageQuerySchema, response: { 200: messageListSchema } },
  }, async (request) => engine(request, (tx, _run, me) => listMessages(tx, me, request.query)));

  r.post('/workflow/messages/:id/read', {
    config: signedIn,
    schema: { tags, summary: 'Mark one of my messages read', params: idParamSchema, response: { 200: messageViewSchema } },
  }, async (request) => engine(request, (tx, run, me) => markRead(tx, run, me, request.params.id)));
}
