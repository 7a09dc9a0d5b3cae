import { RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { canPerform, hasOperation, journalDocument, type JournalView } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { formatAmount, formatDate, pickerFormat } from '../amount-format';
import { DateTimeText } from '../../../../shared/DisplayText';
import { kindLabel, operationOfKind, type KindPages } from '../journal-kinds';
import { useJournalActions } from '../useJournalActions';
import { DocumentApproval, useDocumentApproval } from '../../../workflow/index';
import { JournalLink } from './JournalLink';
import { JournalStatusTag } from './JournalStatusTag';
import { PostedLinesTable } from './PostedLinesTable';
import { ReverseJournalModal } from './ReverseJournalModal';

type Props = { view: JournalView; pages: KindPages; dateFormat: string };

function facts(view: JournalView, dateFormat: string) {
  return [
    { key: 'number', label: 'Number', children: view.number },
    { key: 'status', label: 'Status', children: <JournalStatusTag status={view.status} /> },
    { key: 'kind', label: 'Kind', children: kindLabel[view.kind] },
    { key: 'date', label: 'Date', children: formatDate(view.journalDate, dateFormat) },
    { key: 'period', label: 'Period', children: view.period },
    { key: 'total', label: `Total (${view.baseCurrency})`, children: <span className="ledger-amount">{formatAmount(view.totalDebit)}</span> },
    { key: 'description', label: 'Description', children: view.description, span: 2 },
    { key: 'reference', label: 'Reference', children: view.reference },
    { key: 'source', label: 'Source', children: view.sourceModule },
    { key: 'posted', label: 'Posted at', children: view.postedAt ? <DateTimeText value={view.postedAt} /> : '' },
    ...(view.reversalOf ? [{ key: 'reversalOf', label: 'Reversal of', children: <JournalLink id={view.reversalOf} /> }] : []),
    ...(view.reversedBy ? [{ key: 'reversedBy', label: 'Reversed by', children: <JournalLink id={view.reversedBy} /> }] : []),
  ];
}

/** A posted or reversed journal, read-only: its number, period, base amounts and the generated lines; Reverse once. */
export function PostedJournal({ view, pages, dateFormat }: Props) {
  const { permissions } = useSignedInUser().parentRole;
  const canReverse = canPerform(journalDocument, view.status, 'reverse') && !view.reversedBy && hasOperation(permissions, operationOfKind('Edit', view.kind));
  const actions = useJournalActions({ id: view.id, editorLink: pages.editorLink, listLink: pages.listLink, dirty: false });
  const [reversing, setReversing] = useState(false);
  const approval = useDocumentApproval('JournalApproval', view.id);
  return (
    <>
      <PageHeading
        title={`${kindLabel[view.kind]} journal ${view.number ?? ''}`}
        subtitle={
          <Space size={8}>
            <JournalStatusTag status={view.status} />
            <span>{view.period}</span>
          </Space>
        }
        extra={
          canReverse && (
            <Button icon={<RollbackOutlined aria-hidden />} onClick={() => setReversing(true)}>
              Reverse
            </Button>
          )
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={facts(view, dateFormat)} />
      </Card>
      <Card size="small" title={`Lines (${view.lines.length})`}>
        <PostedLinesTable view={view} />
      </Card>
      <DocumentApproval state={approval} />
      <ReverseJournalModal
        open={reversing}
        number={view.number}
        dateFormat={pickerFormat(dateFormat)}
        busy={actions.busy === 'reverse'}
        onClose={() => setReversing(false)}
        onReverse={(date) => void actions.reverse(date).then((done) => done && setReversing(false))}
      />
    </>
  );
}
