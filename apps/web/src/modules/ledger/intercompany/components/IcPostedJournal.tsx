import { RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { canPerform, hasOperation, intercompanyJournalDocument, intercompanyJournalOperations as ops, type IntercompanyJournalView, type IntercompanyLeg } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { DateTimeText } from '../../../../shared/DisplayText';
import { formatAmount, formatDate, pickerFormat } from '../../journals/amount-format';
import { JournalStatusTag } from '../../journals/components/JournalStatusTag';
import { PostedLinesTable } from '../../journals/components/PostedLinesTable';
import { ReverseJournalModal } from '../../journals/components/ReverseJournalModal';
import { useIcActions } from '../useIcActions';

type Props = { view: IntercompanyJournalView; ownCompanyId: string; dateFormat: string };


/**
 * One company's journal: its number links to /journal for the company it belongs to (a journal
 * opens in its own company); the lines show here for both.
 */
function LegCard({ leg, mine }: { leg: IntercompanyLeg; mine: boolean }) {
  const { journal } = leg;
  const number = journal.number ?? '';
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      data-testid={`leg-${leg.company.code}`}
      title={
        <Space size={8} wrap>
          <span>
            {leg.company.code} · {leg.company.description}
          </span>
          {mine ? <Link to={`/journal?id=${journal.id}`}>{number}</Link> : <Typography.Text title={`Opens on /journal for users of ${leg.company.code}`}>{number}</Typography.Text>}
          <JournalStatusTag status={journal.status} />
          {leg.reversalNumber && <Typography.Text type="secondary">reversed by {leg.reversalNumber}</Typography.Text>}
        </Space>
      }
      extra={<span className="ledger-amount">{formatAmount(journal.totalDebit)} {journal.baseCurrency}</span>}
    >
      <PostedLinesTable view={journal} />
    </Card>
  );
}

/** A posted or reversed intercompany journal: each company's journal with its due line; Reverse both together. */
export function IcPostedJournal({ view, ownCompanyId, dateFormat }: Props) {
  const { permissions } = useSignedInUser().parentRole;
  const mayReverse = canPerform(intercompanyJournalDocument, view.status, 'reverse') && view.company.id === ownCompanyId && hasOperation(permissions, ops.edit);
  const actions = useIcActions({ id: view.id, dirty: false });
  const [reversing, setReversing] = useState(false);
  const facts = [
    { key: 'date', label: 'Date', children: formatDate(view.journalDate, dateFormat) },
    { key: 'pair', label: 'Companies', children: `${view.company.code} ↔ ${view.partnerCompany.code}` },
    { key: 'reference', label: 'Reference', children: view.reference },
    { key: 'posted', label: 'Posted at', children: view.postedAt ? <DateTimeText value={view.postedAt} /> : '' },
    { key: 'description', label: 'Description', children: view.description, span: 2 },
  ];
  return (
    <>
      <PageHeading
        title={`Intercompany journal ${view.legs.map((leg) => leg.journal.number).join(' / ')}`}
        subtitle={<JournalStatusTag status={view.status} />}
        extra={mayReverse && <Button icon={<RollbackOutlined aria-hidden />} onClick={() => setReversing(true)}>Reverse both</Button>}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={facts} />
      </Card>
      {view.legs.map((leg) => (
        <LegCard key={leg.company.id} leg={leg} mine={leg.company.id === ownCompanyId} />
      ))}
      <ReverseJournalModal
        open={reversing}
        number={view.legs.map((leg) => leg.journal.number).join(' and ')}
        dateFormat={pickerFormat(dateFormat)}
        busy={actions.busy === 'reverse'}
        onClose={() => setReversing(false)}
        onReverse={(date) => void actions.reverse(date).then((done) => done && setReversing(false))}
      />
    </>
  );
}
