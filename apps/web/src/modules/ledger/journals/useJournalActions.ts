import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { JournalInput, JournalView } from '@erp/contracts';
import { ApiError } from '../../../app/api';
import { useNotify } from '../../../app/notifications/useNotify';
import { keyKeeper } from './idempotency-key';
import { renumberLineMessage } from './journal-lines';
import { deleteJournal, journalsKey, postJournal, reverseJournal, saveJournal, validateJournal } from './journals-api';

export type JournalAction = 'save' | 'validate' | 'post' | 'delete' | 'reverse';
export type PreparedJournal = { input: JournalInput; numbers: number[]; problems: string[] };

type Options = {
  id: string | undefined;
  editorLink: string;
  listLink: string;
  /** The body from the header and the grid, the grid number of each line it carries, and what stops it being sent. */
  prepare?: () => PreparedJournal;
  dirty: boolean;
  /** An existing journal was saved: the editor marks its lines clean. */
  onSaved?: (view: JournalView) => void;
};

export const journalKey = (id: string | undefined) => [...journalsKey, 'one', id] as const;
const messageOf = (e: unknown) => (e instanceof ApiError ? e.error.message : e instanceof Error ? e.message : String(e));

/** Save draft, Validate, Post, Delete and Reverse of one journal: one action at a time, errors in the shell's banner. */
export function useJournalActions(o: Options) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<JournalAction | undefined>();
  const lock = useRef(false);
  // Once posted, a click that lands before the screen turns read-only sends nothing.
  const posted = useRef(false);
  const [keys] = useState(keyKeeper);

  const refreshLists = (posted: boolean) => {
    void queryClient.invalidateQueries({ queryKey: [...journalsKey, 'list'] });
    if (posted) void queryClient.invalidateQueries({ queryKey: ['gl', 'reports'] });
  };
  /** A journal the server answered with becomes the one on screen (a new one gets its ?id=). */
  const remember = (view: JournalView) => {
    queryClient.setQueryData(journalKey(view.id), view);
    refreshLists(view.status === 'Posted');
    if (view.id !== o.id) void navigate(`${o.editorLink}?id=${view.id}`, { replace: !o.id });
    else o.onSaved?.(view);
  };

  /** Runs one action; true when it succeeded. */
  const run = async (action: JournalAction, work: (prepared: PreparedJournal | undefined) => Promise<void>, needsBody: boolean): Promise<boolean> => {
    if (lock.current) return false;
    const prepared = needsBody && o.prepare ? o.prepare() : undefined;
    if (prepared && prepared.problems.length > 0) {
      notify.error(prepared.problems.slice(0, 3).join('; '), 'Please check the journal');
      return false;
    }
    lock.current = true;
    setBusy(action);
    try {
      await work(prepared);
      return true;
    } catch (e) {
      notify.error(renumberLineMessage(messageOf(e), prepared?.numbers ?? []));
      return false;
    } finally {
      lock.current = false;
      setBusy(undefined);
    }
  };
  /** The saved journal: the one on screen when nothing changed, else saved first. */
  const saved = async (prepared: PreparedJournal | undefined): Promise<string> => {
    if (o.id && !o.dirty) return o.id;
    const view = await saveJournal(o.id, prepared!.input);
    remember(view);
    return view.id;
  };

  return {
    busy,
    save: () =>
      run('save', async (prepared) => {
        remember(await saveJournal(o.id, prepared!.input));
        notify.success('The journal is saved as a draft');
      }, true),
    validate: () =>
      run('validate', async (prepared) => {
        remember(await validateJournal(await saved(prepared)));
        notify.success('The journal is valid and ready to post');
      }, true),
    post: () =>
      posted.current ? Promise.resolve(false) : run('post', async (prepared) => {
        // A new journal is created and posted in one call; a saved one is posted by id.
        const view = o.id || !prepared
          ? await postJournal(await saved(prepared), undefined, keys.keyFor(`post:${o.id ?? ''}`))
          : await postJournal(undefined, prepared.input, keys.keyFor(JSON.stringify(prepared.input)));
        posted.current = true;
        remember(view);
        notify.success(`Journal ${view.number ?? ''} posted`);
      }, !!o.prepare),
    remove: () =>
      run('delete', async () => {
        if (!o.id) return;
        await deleteJournal(o.id);
        queryClient.removeQueries({ queryKey: journalKey(o.id) });
        refreshLists(false);
        notify.success('The journal is deleted');
        void navigate(o.listLink);
      }, false),
    reverse: (date: string) =>
      run('reverse', async () => {
        if (!o.id) return;
        const reversal = await reverseJournal(o.id, date, keys.keyFor(`reverse:${o.id}:${date}`));
        queryClient.setQueryData(journalKey(reversal.id), reversal);
        await queryClient.invalidateQueries({ queryKey: journalKey(o.id) });
        refreshLists(true);
        notify.success(`Reversed by journal ${reversal.number ?? ''} on ${date}`);
      }, false),
  };
}
