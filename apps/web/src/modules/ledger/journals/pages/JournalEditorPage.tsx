import { Alert, Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { APPROVAL_LINK_PARAM, approvalTypes, DEFAULT_DATE_FORMAT, isPosted, journalDocument } from '@erp/contracts';
import { useCompany } from '../../../../app/shell/useCompany';
import { JournalEditor } from '../components/JournalEditor';
import { kindPages, type PageKind } from '../journal-kinds';
import { fetchJournal } from '../journals-api';
import { journalKey } from '../useJournalActions';
import { useLedgerReference } from '../useLedgerReference';
import { TaskSubjectPage } from './TaskSubjectPage';

// A posted journal's page (its lines table, the reversal dialog) loads only when a posted journal is opened: a new journal's
// first load does without antd's table and the reversal's date form.
const PostedJournal = lazy(async () => ({ default: (await import('../components/PostedJournal')).PostedJournal }));

const Waiting = () => <Spin style={{ display: 'block', margin: '48px auto' }} />;

/**
 * /journal, /opening-balance-journal and /adjustment-journal: a new journal of the page's kind,
 * or with ?id= the journal itself (of whatever kind): editable while draft or validated,
 * read-only once posted.
 */
export function JournalEditorPage({ pageKind }: { pageKind: PageKind }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  // A task of another approval type that links to /journal (SPEC.md section 2): the document it is about.
  const approval = approvalTypes.find((type) => type === params.get(APPROVAL_LINK_PARAM));
  if (pageKind === 'Standard' && id && approval && approval !== 'JournalApproval') return <TaskSubjectPage key={`${approval}:${id}`} approvalType={approval} id={id} />;
  return <JournalScreen pageKind={pageKind} id={id} />;
}

function JournalScreen({ pageKind, id }: { pageKind: PageKind; id: string | undefined }) {
  const pages = kindPages[pageKind];
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const reference = useLedgerReference();
  const journal = useQuery({ queryKey: journalKey(id), queryFn: ({ signal }) => fetchJournal(id!, signal), enabled: id !== undefined });

  if (id && journal.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={journal.error.message}
        action={
          <Link to={pages.listLink}>
            <Button size="small">Back to {pages.plural.toLowerCase()}</Button>
          </Link>
        }
      />
    );
  }
  if (id && !journal.data) return <Waiting />;
  const view = journal.data;
  if (view && isPosted(journalDocument, view.status)) return (
      <Suspense fallback={<Waiting />}>
        <PostedJournal view={view} pages={pages} dateFormat={dateFormat} />
      </Suspense>
    );
  const baseCurrency = view?.baseCurrency ?? reference.baseCurrency;
  if (!baseCurrency) return reference.error ? <Alert type="error" showIcon title={reference.error.message} /> : <Waiting />;
  return <JournalEditor key={id ?? 'new'} view={view} pages={pages} baseCurrency={baseCurrency} reference={reference} dateFormat={dateFormat} />;
}

export const StandardJournalPage = () => <JournalEditorPage pageKind="Standard" />;
export const OpeningBalanceJournalPage = () => <JournalEditorPage pageKind="OpeningBalance" />;
export const AdjustmentJournalPage = () => <JournalEditorPage pageKind="Adjustment" />;
