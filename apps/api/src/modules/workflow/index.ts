// The workflow module's surface: the app gives it every module's approval documents, and composes
// its manifest (definitions and running routes, the escalation job).
import type { FastifyInstance } from 'fastify';
import type { ModuleManifest } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { registerDefinitionRoutes } from './definitions.routes';
import { registerRunningRoutes } from './running.routes';
import { ESCALATION_JOB, ESCALATION_JOB_CRON, runEscalations } from './escalation-run';

export { registerApprovalDocument, type ApprovalActor, type ApprovalAdapter, type ApprovalDocument } from './approval-registry';
export { approvalGate, holdsOpenTask, submitDocument, workflowActiveSql, type ApprovalGate } from './approval-gate';
export { documentWorkflow } from './document-workflow';
export { actionsDue, runEscalations, ESCALATION_JOB } from './escalation-run';
export type { Me as WorkflowUser } from './running.service';

/** Definitions (workflows, tags, actors, escalation rules, message settings) and running (submissions, tasks, history, messages). */
export const workflowModule: ModuleManifest = {
  name: 'workflow',
  register: (app: FastifyInstance, platform: Platform) => {
    registerDefinitionRoutes(app, platform);
    registerRunningRoutes(app, platform);
  },
  jobs: [{ name: ESCALATION_JOB, cron: ESCALATION_JOB_CRON, run: runEscalations }],
  auditLabels: [
    { table: 'workflow_tags', key: 'id', label: `t.code || ' · ' || t.name` },
    { table: 'workflows', key: 'id', label: 't.name' },
    { table: 'workflow_instances', key: 'id', label: `coalesce(t.document_number || ' · ' || t.description, t.description)` },
  ],
  pages: ['/workflow', '/workflow-tag', '/workflow-actor', '/message-setting'],
  routes: {
    'GET /workflow/approval-types': { rows: 'none', why: 'no rows' },
    'GET /workflow/workflows': { rows: 'company' },
    'GET /workflow/workflows/:id': { rows: 'company', sample: 'workflow' },
    'POST /workflow/workflows': { rows: 'company' },
    'PUT /workflow/workflows/:id': { rows: 'company', sample: 'workflow' },
    'DELETE /workflow/workflows/:id': { rows: 'company', sample: 'workflow' },
    'GET /workflow/tags': { rows: 'tenant', why: 'tags group users of the tenant' },
    'GET /workflow/tags/:id': { rows: 'tenant', why: 'tags' },
    'POST /workflow/tags': { rows: 'tenant', why: 'tags' },
    'PUT /workflow/tags/:id': { rows: 'tenant', why: 'tags' },
    'DELETE /workflow/tags/:id': { rows: 'tenant', why: 'tags' },
    'GET /workflow/actors': { rows: 'tenant', why: 'actors are users' },
    'PUT /workflow/actors/:userId': { rows: 'tenant', why: 'actors are users' },
    'GET /workflow/users/lookup': { rows: 'tenant', why: 'users' },
    'GET /workflow/escalations': { rows: 'company' },
    'POST /workflow/escalations': { rows: 'company' },
    'PUT /workflow/escalations/:id': { rows: 'company', sample: 'escalationRule' },
    'DELETE /workflow/escalations/:id': { rows: 'company', sample: 'escalationRule' },
    'GET /workflow/message-settings': { rows: 'company' },
    'PUT /workflow/message-settings/:event': { rows: 'company' },
    'POST /workflow/submissions': { rows: 'company' },
    'POST /workflow/instances/:id/cancel': { rows: 'company', open: 'self-service: withdrawing my own submission (the service checks I am its submitter or owner)' },
    'GET /workflow/tasks': { rows: 'company', open: 'self-service: my approval inbox (tasks assigned or delegated to me)' },
    'GET /workflow/tasks/summary': { rows: 'assignment', why: 'my tasks', open: 'self-service: the bell of my open tasks and unread messages' },
    'GET /workflow/tasks/:id': { rows: 'company', open: 'self-service: one of my tasks (the service answers 404 for a task that is not mine)' },
    'POST /workflow/tasks/:id/approve': { rows: 'company', open: 'self-service: acting on my own task (the service checks it is assigned to me)' },
    'POST /workflow/tasks/:id/reject': { rows: 'company', open: 'self-service: acting on my own task (the service checks it is assigned to me)' },
    'GET /workflow/history': { rows: 'company' },
    'GET /workflow/gate': { rows: 'company' },
    'GET /workflow/messages': { rows: 'assignment', why: 'my messages', open: 'self-service: my in-app messages' },
    'POST /workflow/messages/:id/read': { rows: 'assignment', why: 'my messages', open: 'self-service: marking one of my messages read' },
  },
};
