import { useRef, useState } from 'react';
import { ApiError } from '../../../app/api';
import { useNotify } from '../../../app/notifications/useNotify';
import { renumberLineMessage } from './journal-lines';
import type { JournalAction, PreparedJournal } from './useJournalActions';

const messageOf = (e: unknown) => (e instanceof ApiError ? e.error.message : e instanceof Error ? e.message : String(e));

/**
 * Runs one journal action at a time: a click while another runs does nothing; the body is checked
 * before it is sent; a failure shows in the shell's banner with its line renumbered to the grid, and
 * goes to `onRefusals` so the editor marks the field or line it names.
 */
export function useActionRunner(prepare: (() => PreparedJournal) | undefined, onRefusals?: (messages: readonly string[], numbers: readonly number[]) => void) {
  const notify = useNotify();
  const [busy, setBusy] = useState<JournalAction | undefined>();
  const lock = useRef(false);

  /** Runs one action; true when it succeeded. */
  const run = async (action: JournalAction, work: (prepared: PreparedJournal | undefined) => Promise<void>, needsBody: boolean): Promise<boolean> => {
    if (lock.current) return false;
    const prepared = needsBody && prepare ? prepare() : undefined;
    if (prepared && prepared.problems.length > 0) {
      // An editor marks them on their fields and lines (the grid counts every line, so no renumbering)
      // and lists them above the form; without one, the banner says them.
      if (onRefusals) onRefusals(prepared.problems, []);
      else notify.error(prepared.problems.slice(0, 3).join('; '), 'Please check the journal');
      return false;
    }
    lock.current = true;
    setBusy(action);
    try {
      await work(prepared);
      onRefusals?.([], []);
      return true;
    } catch (e) {
      onRefusals?.([messageOf(e)], prepared?.numbers ?? []);
      notify.error(renumberLineMessage(messageOf(e), prepared?.numbers ?? []));
      return false;
    } finally {
      lock.current = false;
      setBusy(undefined);
    }
  };
  return { busy, run };
}
