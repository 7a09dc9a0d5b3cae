import { Alert, Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_DATE_FORMAT } from '@erp/contracts';
import { useCompany } from '../../../../app/shell/useCompany';
import { useLedgerReference } from '../../journals/useLedgerReference';
import { RecurringEditor } from '../components/RecurringEditor';
import { fetchRecurring } from '../templates-api';
import { RECURRING_LIST_LINK, recurringOneKey } from '../useRecurringActions';

/** /recurring-journal: a new schedule, or with ?id= one schedule with its generated journals. */
export default function RecurringJournalPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const reference = useLedgerReference();
  const schedule = useQuery({ queryKey: recurringOneKey(id), queryFn: ({ signal }) => fetchRecurring(id!, signal), enabled: id !== undefined });
  if (id && schedule.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={schedule.error.message}
        action={
          <Link to={RECURRING_LIST_LINK}>
            <Button size="small">Back to recurring journals</Button>
          </Link>
        }
      />
    );
  }
  if (id && !schedule.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <RecurringEditor key={id ?? 'new'} view={schedule.data} dateFormat={dateFormat} baseCurrency={reference.baseCurrency ?? ''} />;
}
