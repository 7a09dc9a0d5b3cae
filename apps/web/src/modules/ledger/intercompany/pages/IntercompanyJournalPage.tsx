import { Alert, Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_DATE_FORMAT, intercompanyJournalDocument, isPosted } from '@erp/contracts';
import { useCompany } from '../../../../app/shell/useCompany';
import { IcJournalEditor } from '../components/IcJournalEditor';
import { IcPostedJournal } from '../components/IcPostedJournal';
import { fetchIcJournal } from '../intercompany-api';
import { IC_LIST, icJournalKey } from '../useIcActions';
import { useIcReference } from '../useIcReference';

const Waiting = () => <Spin style={{ display: 'block', margin: '48px auto' }} />;

/**
 * /intercompany-journal: a new intercompany journal, or with ?id= the journal itself: editable
 * while draft or validated (by the company that entered it), read-only with both companies'
 * journals once posted.
 */
export default function IntercompanyJournalPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const reference = useIcReference();
  const journal = useQuery({ queryKey: icJournalKey(id), queryFn: ({ signal }) => fetchIcJournal(id!, signal), enabled: id !== undefined });
  const back = (
    <Link to={IC_LIST}>
      <Button size="small">Back to intercompany journals</Button>
    </Link>
  );
  if (id && journal.error) return <Alert type="error" showIcon title={journal.error.message} action={back} />;
  if (reference.error) return <Alert type="error" showIcon title={reference.error.message} action={back} />;
  const own = reference.own;
  if ((id && !journal.data) || !own) return <Waiting />;
  const view = journal.data;
  if (view && isPosted(intercompanyJournalDocument, view.status)) return <IcPostedJournal view={view} ownCompanyId={own.id} dateFormat={dateFormat} />;
  if (view && view.company.id !== own.id) {
    return <Alert type="info" showIcon title={`This draft was entered by ${view.company.code}; only ${view.company.code} can change or post it.`} action={back} />;
  }
  return <IcJournalEditor key={id ?? 'new'} view={view} reference={{ ...reference, own }} dateFormat={dateFormat} />;
}
