/** The documents kit's web half (issue 19 part 4): a document type's list page and editor frame, derived from its DocumentDef. */
export { DocumentListPage, type DocumentColumnContext, type DocumentRow } from './DocumentListPage';
export { DocumentStatusTag, stateColour } from './DocumentStatusTag';
export {
  documentBase,
  documentKey,
  documentListPath,
  documentListQuery,
  downloadDocumentList,
  editorPageOf,
  fetchDocumentList,
  initialDocumentListState,
  sortOrderOf,
  type DocumentList,
  type DocumentListState,
  type ExtraListQuery,
  type ListFilterKey,
} from './document-list';
export { DocumentEditorFrame } from './DocumentEditorFrame';
export { DocumentActionBar, documentAbilities, type ApprovalOffer, type DocumentAbilities } from './DocumentActionBar';
export { DocumentHeaderForm, headerFieldId, type HeaderValues } from './DocumentHeaderForm';
export { DocumentHistory, historyText, oldestFirst } from './DocumentHistory';
export { NO_REFUSALS, refusalsOf, type Refusals } from './refusal-state';
export { DocumentLineGrid, type LineColumn, type LineFocus } from './DocumentLineGrid';
export { LineCard, type LineCardField } from './LineCard';
export { LineNumberCell } from './LineNumberCell';
export { DocumentEntryCard, documentEntryKey, entryTotals, fetchDocumentEntry } from './DocumentEntryCard';
export type { TaskSubjectLoader, TaskSubjectProps, TaskSubjects } from './task-subjects';
export { useEditorSteps } from './useEditorSteps';
