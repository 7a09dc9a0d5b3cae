import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from '../../app/notifications/useNotify';
import { NO_REFUSALS, refusalsOf, type Refusals } from './refusal-state';

/**
 * One step of a document editor at a time: `busy` names it while it runs; a refusal is shown where
 * it points and as a notice; after a step that went through, the document's list (and the module's
 * other queries, `moduleKey`) are refreshed.
 */
export function useEditorSteps<Step extends string>(listKey: QueryKey, moduleKey?: QueryKey) {
  const client = useQueryClient();
  const notify = useNotify();
  const [refusals, setRefusals] = useState<Refusals>(NO_REFUSALS);
  const [busy, setBusy] = useState<Step | undefined>(undefined);
  const act = async (step: Step, work: () => Promise<void>) => {
    setBusy(step);
    try {
      await work();
      setRefusals(NO_REFUSALS);
      void client.invalidateQueries({ queryKey: listKey });
      if (moduleKey) void client.invalidateQueries({ queryKey: moduleKey });
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
