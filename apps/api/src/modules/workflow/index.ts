// The workflow module's surface: other modules register their approval documents here, and the app
// registers the workflow routes (definitions and running) from here.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { registerDefinitionRoutes } from './definitions.routes';
import { registerRunningRoutes } from './running.routes';

export { registerApprovalDocument, type ApprovalActor, type ApprovalAdapter, type ApprovalDocument } from './approval-registry';
export { approvalGate, submitDocument, workflowActiveSql, type ApprovalGate } from './approval-gate';
export { documentWorkflow } from './document-workflow';
export { actionsDue, runEscalations, ESCALATION_JOB } from './escalation-run';
export type { Me as WorkflowUser } from './running.service';

/** Definitions (workflows, tags, actors, escalation rules, message settings) and running (submissions, tasks, history, messages). */
export function registerWorkflowRoutes(app: FastifyInstance, platform: Platform): void {
  // Each part adds its registration here: registerDefinitionRoutes(app, platform); registerRunningRoutes(app, platform);
  registerDefinitionRoutes(app, platform);
  registerRunningRoutes(app, platform);
}
