import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { JournalTemplateInput, JournalTemplateView } from '@erp/contracts';
import { ApiError } from '../../../app/api';
import { useNotify } from '../../../app/notifications/useNotify';
import { renumberLineMessage } from '../journals/journal-lines';
import { deleteTemplate, saveTemplate, templatesKey } from './templates-api';

export const templateKey = (id: string | undefined) => [...templatesKey, 'one', id] as const;
export const TEMPLATE_LINK = '/journal-template';

export type PreparedTemplate = { input: JournalTemplateInput; numbers: number[]; problems: string[] };

const messageOf = (e: unknown) => (e instanceof ApiError ? e.error.message : e instanceof Error ? e.message : String(e));

/** Save and Delete of one template: one at a time, checked before sending, errors in the shell's banner with grid line numbers. */
export function useTemplateActions(id: string | undefined, prepare: () => PreparedTemplate, onSaved: (view: JournalTemplateView) => void) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'save' | 'delete'>();
  const lock = useRef(false);

  const run = async (action: 'save' | 'delete', work: () => Promise<void>, numbers: number[] = []) => {
    if (lock.current) return;
    lock.current = true;
    setBusy(action);
    try {
      await work();
    } catch (e) {
      notify.error(renumberLineMessage(messageOf(e), numbers));
    } finally {
      lock.current = false;
      setBusy(undefined);
    }
  };

  return {
    busy,
    save: () => {
      const prepared = prepare();
      if (prepared.problems.length > 0) {
        notify.error(prepared.problems.slice(0, 3).join('; '), 'Please check the template');
        return Promise.resolve();
      }
      return run('save', async () => {
        const view = await saveTemplate(id, prepared.input);
        queryClient.setQueryData(templateKey(view.id), view);
        void queryClient.invalidateQueries({ queryKey: [...templatesKey, 'list'] });
        notify.success(`Template ${view.code} saved`);
        if (view.id !== id) void navigate(`${TEMPLATE_LINK}?id=${view.id}`, { replace: true });
        else onSaved(view);
      }, prepared.numbers);
    },
    remove: () =>
      run('delete', async () => {
        if (!id) return;
        await deleteTemplate(id);
        queryClient.removeQueries({ queryKey: templateKey(id) });
        void queryClient.invalidateQueries({ queryKey: [...templatesKey, 'list'] });
        notify.success('The template is deleted');
        void navigate(TEMPLATE_LINK);
      }),
  };
}
