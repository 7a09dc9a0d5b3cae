/*
 * The workflow module's surface for the app and the other modules: its lazily loaded screens, the
 * top bar's bell, and what a document screen shows of its approval (submit, progress, history).
 */
export { workflowPages } from './pages';
export { TaskBell } from './components/TaskBell';
export { DocumentApproval, myOpenTask, useDocumentApproval, type DocumentApprovalState } from './components/DocumentApproval';
export { approvalMode, useApprovalGate, useApprovalNeeded, useDocumentsUnderApproval, type ApprovalMode } from './approval-gate';
export { workflowKey } from './workflow-api';
