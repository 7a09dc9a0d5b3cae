import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  actorInputSchema,
  actorListSchema,
  actorViewSchema,
  approvalLinkTargets,
  approvalTypeInfoListSchema,
  escalationRuleInputSchema,
  escalationRuleListQuerySchema,
  escalationRuleListSchema,
  escalationRuleViewSchema,
  idParamSchema,
  lookupQuerySchema,
  messageEventParamSchema,
  messageResultSchema,
  messageSettingInputSchema,
  messageSettingListSchema,
  messageSettingViewSchema,
  searchPageQuerySchema,
  tagInputSchema,
  tagListSchema,
  tagViewSchema,
  userIdParamSchema,
  userLookupListSchema,
  workflowInputSchema,
  workflowListQuerySchema,
  workflowListSchema,
  workflowViewSchema,
} from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { ANY_PAGE } from '../../platform/http/access';
import { scopeOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import { listActors, lookupUsers, saveActor } from './actors.service';
import { approvalTypeInfos } from './approval-registry';
import { createEscalationRule, deleteEscalationRule, editEscalationRule, listEscalationRules } from './escalation-rules.service';
import { listMessageSettings, saveMessageSetting } from './message-settings.service';
import { createTag, deleteTag, editTag, getTag, listTags } from './tags.service';
import { createWorkflow, deleteWorkflow, editWorkflow, getWorkflow, listWorkflows } from './workflows.service';

/*
 * The workflow definition routes of packages/contracts/src/workflow/README-routes.md ("Definitions"):
 * approval types, workflows with their steps, tags, actors, escalation rules and message settings.
 * Reads take the page of SPEC.md section 2 (escalation rules belong to a workflow: /workflow and
 * its labels); writes take the page's operation label (as the ledger routes do) and run in one
 * tenant transaction each, audited by the services.
 */

export function registerDefinitionRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tx = requestTx(platform.database.db);
  const today = () => platform.now().toISOString().slice(0, 10);

  // Approval types (SPEC.md section 4): what the definition screens offer.
  r.get('/workflow/approval-types', {
    config: { access: { kind: 'user', page: ANY_PAGE } },
    schema: {
      tags: ['Workflow definitions'],
      summary: 'Every approval type with its allowed operations, the operations its approval performs, its link target and whether its module registers documents yet',
      response: { 200: approvalTypeInfoListSchema },
    },
  }, async () => approvalTypeInfos().map((info) => ({ ...info, linkTarget: approvalLinkTargets[info.type] })));

  // Workflows (/workflow, its chart /workflow-chart reads the same view).
  const wf = '/workflow/workflows';
  const wfTags = ['Workflows'];
  r.get(wf, {
    config: { access: { kind: 'user', page: '/workflow' } },
    schema: { tags: wfTags, summary: "The company's workflows: filter by approval type and state, search name, description and type; sort; pages", querystring: workflowListQuerySchema, response: { 200: workflowListSchema } },
  }, async (request) => tx(request, (t) => listWorkflows(t, scopeOf(request), request.query)));

  r.get(`${wf}/:id`, {
    config: { access: { kind: 'user', page: '/workflow' } },
    schema: { tags: wfTags, summary: 'One workflow with its ordered steps, assignees, thresholds and deadlines (what the chart draws)', params: idParamSchema, response: { 200: workflowViewSchema } },
  }, async (request) => tx(request, (t) => getWorkflow(t, scopeOf(request), request.params.id)));

  r.post(wf, {
    config: { access: { kind: 'user', operation: 'SaveWorkflow' } },
    schema: { tags: wfTags, summary: 'Create a workflow for an approval type of the company (one active per type)', body: workflowInputSchema, response: { 200: workflowViewSchema } },
  }, async (request) => tx(request, (t) => createWorkflow(t, scopeOf(request), request.body)));

  r.put(`${wf}/:id`, {
    config: { access: { kind: 'user', operation: 'EditWorkflow' } },
    schema: { tags: wfTags, summary: 'Edit a workflow: header and steps; steps named by id keep their identity and escalation rules', params: idParamSchema, body: workflowInputSchema, response: { 200: workflowViewSchema } },
  }, async (request) => tx(request, (t) => editWorkflow(t, scopeOf(request), request.params.id, request.body)));

  r.delete(`${wf}/:id`, {
    config: { access: { kind: 'user', operation: 'DeleteWorkflow' } },
    schema: { tags: wfTags, summary: 'Delete a workflow no submission runs on (409 otherwise: deactivate it instead)', params: idParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await tx(request, (t) => deleteWorkflow(t, scopeOf(request), request.params.id));
    return { message: 'Workflow deleted' };
  });

  // Tags (/workflow-tag): tenant-wide groups of users.
  const tg = '/workflow/tags';
  const tgTags = ['Workflow tags'];
  r.get(tg, {
    config: { access: { kind: 'user', page: '/workflow-tag' } },
    schema: { tags: tgTags, summary: 'Tags with their members by code: search code and name; pages', querystring: searchPageQuerySchema, response: { 200: tagListSchema } },
  }, async (request) => tx(request, (t) => listTags(t, request.query)));

  r.get(`${tg}/:id`, {
    config: { access: { kind: 'user', page: '/workflow-tag' } },
    schema: { tags: tgTags, summary: 'One tag with its members', params: idParamSchema, response: { 200: tagViewSchema } },
  }, async (request) => tx(request, (t) => getTag(t, request.params.id)));

  r.post(tg, {
    config: { access: { kind: 'user', operation: 'SaveTag' } },
    schema: { tags: tgTags, summary: 'Create a tag with its members (users of the tenant)', body: tagInputSchema, response: { 200: tagViewSchema } },
  }, async (request) => tx(request, (t) => createTag(t, scopeOf(request), request.body)));

  r.put(`${tg}/:id`, {
    config: { access: { kind: 'user', operation: 'EditTag' } },
    schema: { tags: tgTags, summary: 'Edit a tag: code, name and members (replaced)', params: idParamSchema, body: tagInputSchema, response: { 200: tagViewSchema } },
  }, async (request) => tx(request, (t) => editTag(t, scopeOf(request), request.params.id, request.body)));

  r.delete(`${tg}/:id`, {
    config: { access: { kind: 'user', operation: 'DeleteTag' } },
    schema: { tags: tgTags, summary: 'Delete a tag no step or escalation rule names (409 otherwise)', params: idParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await tx(request, (t) => deleteTag(t, scopeOf(request), request.params.id));
    return { message: 'Tag deleted' };
  });

  // Actors (/workflow-actor): every user of the tenant, their tags and delegation.
  const actorTags = ['Workflow actors'];
  r.get('/workflow/actors', {
    config: { access: { kind: 'user', page: '/workflow-actor' } },
    schema: { tags: actorTags, summary: 'Every user of the tenant as a workflow actor (tags, delegate and dates): search name and mail address; pages', querystring: searchPageQuerySchema, response: { 200: actorListSchema } },
  }, async (request) => tx(request, (t) => listActors(t, request.query, today())));

  r.put('/workflow/actors/:userId', {
    config: { access: { kind: 'user', operation: 'SaveActor' } },
    schema: { tags: actorTags, summary: "Set a user's tags (replaced) and delegation to another active user for a date range", params: userIdParamSchema, body: actorInputSchema, response: { 200: actorViewSchema } },
  }, async (request) => tx(request, (t) => saveActor(t, scopeOf(request), request.params.userId, request.body, today())));

  r.get('/workflow/users/lookup', {
    config: { access: { kind: 'user', page: ANY_PAGE } },
    schema: {
      tags: actorTags, summary: 'Pick an active user: id and label (name and mail address) of the first matches',
      querystring: lookupQuerySchema,
      response: { 200: userLookupListSchema },
    },
  }, async (request) => tx(request, (t) => lookupUsers(t, request.query.search, request.query.limit)));

  // Escalation rules (/escalation): part of a workflow's definition, so its page and labels.
  const esc = '/workflow/escalations';
  const escTags = ['Workflow escalations'];
  r.get(esc, {
    config: { access: { kind: 'user', page: '/workflow' } },
    schema: {
      tags: escTags, summary: "The company's escalation rules (of one workflow when named), by workflow and step",
      querystring: escalationRuleListQuerySchema,
      response: { 200: escalationRuleListSchema },
    },
  }, async (request) => tx(request, (t) => listEscalationRules(t, scopeOf(request), request.query)));

  r.post(esc, {
    config: { access: { kind: 'user', operation: 'SaveWorkflow' } },
    schema: { tags: escTags, summary: 'Create an escalation rule for a step with a deadline (or every such step of the workflow)', body: escalationRuleInputSchema, response: { 200: escalationRuleViewSchema } },
  }, async (request) => tx(request, (t) => createEscalationRule(t, scopeOf(request), request.body)));

  r.put(`${esc}/:id`, {
    config: { access: { kind: 'user', operation: 'EditWorkflow' } },
    schema: { tags: escTags, summary: 'Edit an escalation rule', params: idParamSchema, body: escalationRuleInputSchema, response: { 200: escalationRuleViewSchema } },
  }, async (request) => tx(request, (t) => editEscalationRule(t, scopeOf(request), request.params.id, request.body)));

  r.delete(`${esc}/:id`, {
    config: { access: { kind: 'user', operation: 'DeleteWorkflow' } },
    schema: { tags: escTags, summary: 'Delete an escalation rule', params: idParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await tx(request, (t) => deleteEscalationRule(t, scopeOf(request), request.params.id));
    return { message: 'Escalation rule deleted' };
  });

  // Message settings (/message-setting): the company's templates of the four events.
  const msgTags = ['Workflow message settings'];
  r.get('/workflow/message-settings', {
    config: { access: { kind: 'user', page: '/message-setting' } },
    schema: { tags: msgTags, summary: 'The mail and in-app templates of task assigned, approved, rejected and escalated (the built-in default until saved)', response: { 200: messageSettingListSchema } },
  }, async (request) => tx(request, (t) => listMessageSettings(t, scopeOf(request).companyId)));

  r.put('/workflow/message-settings/:event', {
    config: { access: { kind: 'user', operation: 'EditMessageConfig' } },
    schema: {
      tags: msgTags, summary: "Save an event's template: subject and body with placeholders, mail and in-app on or off",
      params: messageEventParamSchema, body: messageSettingInputSchema, response: { 200: messageSettingViewSchema },
    },
  }, async (request) => tx(request, (t) => saveMessageSetting(t, scopeOf(request), request.params.event, request.body)));
}
