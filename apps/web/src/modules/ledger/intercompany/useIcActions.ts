import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { intercompanyJournalDocument, isEditable, type IntercompanyJournalInput, type IntercompanyJournalView } from '@erp/contracts';
import { ApiError } from '../../../app/api';
import { useNotify } from '../../../app/notifications/useNotify';
import { keyKeeper } from '../journals/idempotency-key';
import type { JournalAction } from '../journals/useJournalActions';
import { deleteIcJournal, icKey, postIcJournal, reverseIcJournal, saveIcJournal, validateIcJournal } from './intercompany-api';

export const icJournalKey = (id: string | undefined) => [...icKey, 'journal', id] as const;
export const IC_EDITOR = '/intercompany-journal';
export const IC_LIST = '/intercompany-journals';

export type PreparedIc = { input: IntercompanyJournalInput; problems: string[] };

const messageOf = (e: unknown) => (e instanceof ApiError ? e.error.message : e instanceof Error ? e.message : String(e));

type Options = { id: string | undefined; dirty: boolean; prepare?: () => PreparedIc; onSaved?: () => void };

/** Save draft, Validate, Post, Delete and Reverse of one intercompany journal: one at a time, errors in the shell's banner, posting keyed. */
export function useIcActions(o: Options) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<JournalAction | undefined>();
  const lock = useRef(false);
  const [keys] = useState(keyKeeper);

  /** The answer becomes the journal on screen (a new one gets its ?id=); lists and reports refresh. */
  const remember = (view: IntercompanyJournalView) => {
    queryClient.setQueryData(icJournalKey(view.id), view);
    void queryClient.invalidateQueries({ queryKey: [...icKey, 'list'] });
    if (!isEditable(intercompanyJournalDocument, view.status)) {
      // Both companies' journals and balances changed.
      void queryClient.invalidateQueries({ queryKey: ['gl', 'journals'] });
      void queryClient.invalidateQueries({ queryKey: ['gl', 'reports'] });
    }
    if (view.id !== o.id) void navigate(`${IC_EDITOR}?id=${view.id}`, { replace: !o.id });
    else o.onSaved?.();
  };

  const run = async (action: JournalAction, work: (prepared: PreparedIc | undefined) => Promise<void>, needsBody: boolean) => {
    if (lock.current) return false;
    const prepared = needsBody && o.prepare ? o.prepare() : undefined;
    if (prepared && prepared.problems.length > 0) {
      notify.error(prepared.problems.slice(0, 3).join('; '), 'Please check the journal');
      return false;
    }
    lock.current = true;
    setBusy(action);
    let succeeded = false;
    try {
      await work(prepared);
      succeeded = true;
      return true;
    } catch (e) {
      notify.error(messageOf(e));
      return false;
    } finally {
      // A posted journal cannot post again: a second click that lands before the posted view replaces the editor does nothing.
      lock.current = succeeded && action === 'post';
      setBusy(undefined);
    }
  };
  /** The saved journal's id: the one on screen when nothing changed, else saved first. */
  const saved = async (prepared: PreparedIc | undefined): Promise<string> => {
    if (o.id && !o.dirty) return o.id;
    const view = await saveIcJournal(o.id, prepared!.input);
    queryClient.setQueryData(icJournalKey(view.id), view);
    return view.id;
  };

  return {
    busy,
    save: () => run('save', async (p) => {
      remember(await saveIcJournal(o.id, p!.input));
      notify.success('The intercompany journal is saved as a draft');
    }, true),
    validate: () => run('validate', async (p) => {
      remember(await validateIcJournal(await saved(p)));
      notify.success('Both companies can post it: the journal is valid');
    }, true),
    post: () => run('post', async (p) => {
      const id = await saved(p);
      const view = await postIcJournal(id, keys.keyFor(`post:${id}`));
      remember(view);
      notify.success(`Posted: ${view.legs.map((leg) => `${leg.company.code} ${leg.journal.number ?? ''}`).join(', ')}`);
    }, !!o.prepare),
    remove: () => run('delete', async () => {
      if (!o.id) return;
      await deleteIcJournal(o.id);
      queryClient.removeQueries({ queryKey: icJournalKey(o.id) });
      void queryClient.invalidateQueries({ queryKey: [...icKey, 'list'] });
      notify.success('The intercompany journal is deleted');
      void navigate(IC_LIST);
    }, false),
    reverse: (date: string) => run('reverse', async () => {
      if (!o.id) return;
      const view = await reverseIcJournal(o.id, date, keys.keyFor(`reverse:${o.id}:${date}`));
      remember(view);
      notify.success(`Both journals reversed on ${date}`);
    }, false),
  };
}
