import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RecurringJournalView } from '@erp/contracts';
import { ApiError } from '../../../app/api';
import { useNotify } from '../../../app/notifications/useNotify';
import { useDisplay } from '../../../shared/useDisplay';
import { journalsKey } from '../journals/journals-api';
import { buildRecurringInput, recurringProblems, type RecurringForm } from './recurring-form';
import { deleteRecurring, recurringKey, runRecurring, saveRecurring } from './templates-api';

export const recurringOneKey = (id: string | undefined) => [...recurringKey, 'one', id] as const;
export const RECURRING_LIST_LINK = '/recurring-journals';
export const RECURRING_LINK = '/recurring-journal';

const messageOf = (e: unknown) => (e instanceof ApiError ? e.error.message : e instanceof Error ? e.message : String(e));
const plural = (n: number) => `${n} ${n === 1 ? 'journal' : 'journals'}`;

/** Save, Delete and Run now of one schedule: one at a time, the form checked first, errors in the shell's banner. */
export function useRecurringActions(id: string | undefined, onSaved: (view: RecurringJournalView) => void) {
  const notify = useNotify();
  const display = useDisplay();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'save' | 'delete' | 'run'>();
  const lock = useRef(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: recurringKey });

  const run = async (action: 'save' | 'delete' | 'run', work: () => Promise<void>) => {
    if (lock.current) return;
    lock.current = true;
    setBusy(action);
    try {
      await work();
    } catch (e) {
      notify.error(messageOf(e));
    } finally {
      lock.current = false;
      setBusy(undefined);
    }
  };

  return {
    busy,
    save: (form: RecurringForm) => {
      const problems = recurringProblems(form);
      if (problems.length > 0) {
        notify.error(problems.slice(0, 3).join('; '), 'Please check the schedule');
        return Promise.resolve();
      }
      return run('save', async () => {
        const view = await saveRecurring(id, buildRecurringInput(form));
        queryClient.setQueryData(recurringOneKey(view.id), view);
        refresh();
        notify.success(`Recurring journal ${view.code} saved`);
        if (view.id !== id) void navigate(`${RECURRING_LINK}?id=${view.id}`, { replace: true });
        else onSaved(view);
      });
    },
    remove: () =>
      run('delete', async () => {
        if (!id) return;
        await deleteRecurring(id);
        queryClient.removeQueries({ queryKey: recurringOneKey(id) });
        refresh();
        notify.success('The recurring journal is deleted');
        void navigate(RECURRING_LIST_LINK);
      }),
    /** Generates every occurrence due up to today, each once; a failure names its occurrence. */
    runNow: () =>
      run('run', async () => {
        if (!id) return;
        const result = await runRecurring(id);
        queryClient.setQueryData(recurringOneKey(id), result.schedule);
        refresh();
        if (result.generated.length > 0) void queryClient.invalidateQueries({ queryKey: journalsKey });
        if (result.failure) notify.error(`${display.date(result.failure.occurrenceDate)}: ${result.failure.message}`, `${plural(result.generated.length)} generated, then a run failed`);
        else notify.success(result.generated.length > 0 ? `${plural(result.generated.length)} generated` : 'Nothing is due yet');
        onSaved(result.schedule);
      }),
  };
}
