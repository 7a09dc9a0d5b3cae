import type { DocumentWorkflow } from '../../platform/kit/documents';
import { approvalGate, submitDocument, workflowActiveSql } from './approval-gate';
import { registerApprovalDocument } from './approval-registry';

/** The engine as the documents kit takes it: the platform's kit imports no module, the modules hand it this. */
export const documentWorkflow: DocumentWorkflow = {
  register: registerApprovalDocument,
  gate: approvalGate,
  activeSql: workflowActiveSql,
  submit: submitDocument,
};
