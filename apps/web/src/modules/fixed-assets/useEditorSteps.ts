import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '../../app/notifications/useNotify';
import { NO_REFUSALS, refusalsOf, type Refusals } from '../../shared/documents';

/** The steps of the module's document editors (the run's and the disposal's). */
export type EditorStep = 'save' | 'delete' | 'submit' | 'post' | 'reverse';

/**
 * One step of an editor at a time: `busy` names it while it runs; a refusal is shown where it points
 * and as a notice; after a step that went through, the document's list and the module's queries are
 * refreshed.
 */
export function useEditorSteps(listKey: QueryKey) {
  const client = useQueryClient();
  const notify = useNotify();
  const [refusals, setRefusals] = useState<Refusals>(NO_REFUSALS);
  const [busy, setBusy] = useState<EditorStep | undefined>(undefined);
  const act = async (step: EditorStep, work: () => Promise<void>) => {
    setBusy(step);
    try {
      await work();
      setRefusals(NO_REFUSALS);
      void client.invalidateQueries({ queryKey: listKey });
      void client.invalidateQueries({ queryKey: ['fa'] });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setRefusals(refusalsOf([message]));
      notify.error(message);
    } finally {
      setBusy(undefined);
    }
  };
  return { refusals, busy, act };
}
