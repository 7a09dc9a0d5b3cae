import type { DocumentWorkflow } from '../../platform/kit/documents';
import { approvalGate, submitDocument, workflowActiveSql } from './approval-gate';

/** The engine as the documents kit asks it (gates and submission): app.ts puts it on the platform, which imports no module. */
export const documentWorkflow: DocumentWorkflow = {
  gate: approvalGate,
  activeSql: workflowActiveSql,
  submit: submitDocument,
};
