import type { QueryKey } from '@tanstack/react-query';
import { useEditorSteps as useDocumentSteps } from '../../shared/documents/useEditorSteps';

/** The steps of the module's document editors (the run's and the disposal's). */
export type EditorStep = 'save' | 'delete' | 'submit' | 'post' | 'reverse';

/** The documents kit's one-step-at-a-time editor hook, refreshing the module's queries (['fa']) after each step. */
export const useEditorSteps = (listKey: QueryKey) => useDocumentSteps<EditorStep>(listKey, ['fa']);
