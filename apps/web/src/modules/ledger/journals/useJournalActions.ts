import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isPosted, journalDocument, type JournalInput, type JournalView } from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { keyKeeper } from './idempotency-key';
import { checkJournal, deleteJournal, journalsKey, postJournal, reverseJournal, saveJournal, submitJournal, validateJournal } from './journals-api';
import { useActionRunner } from './useActionRunner';

export type JournalAction = 'save' | 'validate' | 'post' | 'delete' | 'reverse' | 'submit';
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
  /** The refusals of the last action (none once one succeeds), to mark on the header and the grid. */
  onRefusals?: (messages: readonly string[], numbers: readonly number[]) => void;
};

export const journalKey = (id: string | undefined) => [...journalsKey, 'one', id] as const;

/** Keeps the queries in step with what the server answered. */
function useJournalCache(o: Pick<Options, 'id' | 'editorLink' | 'onSaved'>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshLists = (postedNow: boolean) => {
    void queryClient.invalidateQueries({ queryKey: [...journalsKey, 'list'] });
    if (postedNow) void queryClient.invalidateQueries({ queryKey: ['gl', 'reports'] });
  };
  /** A journal the server answered with becomes the one on screen (a new one gets its ?id=). */
  const remember = (view: JournalView) => {
    queryClient.setQueryData(journalKey(view.id), view);
    refreshLists(isPosted(journalDocument, view.status));
    if (view.id !== o.id) void navigate(`${o.editorLink}?id=${view.id}`, { replace: !o.id });
    else o.onSaved?.(view);
  };
  return { remember, refreshLists };
}

/** Save draft, Validate, Post, Delete and Reverse of one journal: one action at a time, errors in the shell's banner, posting keyed. */
export function useJournalActions(o: Options) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Once posted, a click that lands before the screen turns read-only sends nothing.
  const posted = useRef(false);
  const [keys] = useState(keyKeeper);
  const { busy, run } = useActionRunner(o.prepare, o.onRefusals);
  const { remember, refreshLists } = useJournalCache(o);
  /**
   * The saved journal: the one on screen when nothing changed, else saved first. What is saved on
   * the way to Validate, Post or Submit is checked by every posting rule first (nothing written):
   * a refusal leaves no draft behind and no half-saved edit (issue 14, edge 1).
   */
  const saved = async (prepared: PreparedJournal | undefined, forSubmission = false): Promise<string> => {
    if (o.id && !o.dirty) return o.id;
    // A submission is checked as its approval will post it: the approval gate, which refuses a direct Post under a workflow, is not asked.
    await checkJournal(prepared!.input, forSubmission ? { id: o.id } : undefined);
    const view = await saveJournal(o.id, prepared!.input);
    // A new journal reopens on its saved lines, numbered as they were sent: messages keep the server's numbers.
    if (!o.id && prepared) prepared.numbers = prepared.numbers.map((_, index) => index + 1);
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
    /** Saves what changed, then submits it for approval; `onSubmitted` reloads the approval card. */
    submit: (onSubmitted: () => Promise<void>) =>
      run('submit', async (prepared) => {
        const id = await saved(prepared, true);
        const instance = await submitJournal(id);
        await queryClient.invalidateQueries({ queryKey: journalKey(id) });
        refreshLists(instance.status === 'Approved');
        await onSubmitted();
        notify.success(instance.status === 'Approved' ? `No approval needed: ${instance.performed.join(' and ')} ran` : 'The journal is submitted for approval');
      }, true),
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
