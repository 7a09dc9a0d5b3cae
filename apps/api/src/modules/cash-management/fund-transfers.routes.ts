import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentIdParamSchema, documentLabel, documentPages, fundTransferDivideSchema, fundTransferDocument, fundTransferReceiversSchema, fundTransferViewSchema } from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { actorOf } from '../../platform/http/actor';
import { forbidden, unprocessable } from '../../platform/http/errors';
import type { Platform } from '../../platform/platform';
import type { RouteFacts, RouteKey } from '../../platform/module';
import { holdsOpenTask } from '../workflow/index';
import { receivers, viewTransfer } from './fund-transfers-read.service';
import { divideTransfer, storedTransfer } from './fund-transfers.service';
import { underApproval } from './fund-transfers.document';

/*
 * Divide (the FundTransfer approval's operation, SPEC.md section 4): a draft transfer becomes
 * several legs by amount or by date. Who may: while the transfer is under approval, the approver
 * holding its open task (the workflow's authority, as an approval step acts); otherwise a role with
 * EditFundTransfer, as the editor's own change. The route takes the transfer pages (an approver
 * reads the transfer on /journal); the label or the task is checked once the transfer is read.
 */

const base: `/${string}` = `/${fundTransferDocument.service}/${fundTransferDocument.resource}`;

export const fundTransferRouteFacts: Record<RouteKey, RouteFacts> = {
  [`POST ${base}/:id/divide`]: { rows: 'company', sample: fundTransferDocument.name } satisfies RouteFacts,
  [`GET ${base}/receivers`]: { rows: 'tenant', why: 'the other companies of the tenant and their banks: where an intercompany transfer may go' } satisfies RouteFacts,
};

export function registerFundTransferRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const edit = documentLabel(fundTransferDocument, 'Edit', 'Transfer');
  r.get(`${base}/receivers`, {
    config: { access: { kind: 'user', page: documentPages(fundTransferDocument) } },
    schema: { tags: [fundTransferDocument.plural], summary: 'The other active companies of the tenant with their active banks: where an intercompany transfer may go', response: { 200: fundTransferReceiversSchema } },
  }, async (request) => tx(request, (t) => receivers(t, actorOf(request))));

  r.post(`${base}/:id/divide`, {
    config: { access: { kind: 'user', page: documentPages(fundTransferDocument) } },
    schema: {
      tags: [fundTransferDocument.plural], summary: 'Divide a draft fund transfer into legs by amount or by date (legs sum to the whole): the approver of its open task, or a role with EditFundTransfer when it is not under approval',
      params: documentIdParamSchema, body: fundTransferDivideSchema, response: { 200: fundTransferViewSchema },
    },
  }, async (request) => tx(request, async (t) => {
    const actor = actorOf(request);
    const h = await storedTransfer(t, actor, request.params.id, true);
    if (h.status !== 'Draft') throw unprocessable(`Only a draft fund transfer can be divided; this one is ${h.status.toLowerCase()}`);
    const approving = await underApproval(t, actor, h.id);
    if (approving && !(await holdsOpenTask(t, actor, 'FundTransfer', h.id))) throw forbidden('This fund transfer is under approval: only the approver holding its open task divides it');
    if (!approving && !actor.operations.has(edit)) throw forbidden(`You are not permitted to do this (${edit})`);
    await divideTransfer(t, actor, h, request.body.legs, approving ? 'task' : 'editor');
    return viewTransfer(t, actor, h.id);
  }));
}
