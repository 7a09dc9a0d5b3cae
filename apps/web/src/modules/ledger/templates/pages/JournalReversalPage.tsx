import { RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Flex, Form, Popconfirm, Row, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { canPerform, datePattern, DEFAULT_DATE_FORMAT, DEFAULT_LIST_SIZE, displayDate, hasOperation, journalDocument, type JournalView } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useCompany } from '../../../../app/shell/useCompany';
import { JournalLink } from '../../journals/components/JournalLink';
import { JournalStatusTag } from '../../journals/components/JournalStatusTag';
import { PostedLinesTable } from '../../journals/components/PostedLinesTable';
import { editorLinkOfKind, kindLabel, operationOfKind } from '../../journals/journal-kinds';
import { fetchJournal, fetchJournals, journalsKey, type JournalListItem } from '../../journals/journals-api';
import { journalKey, useJournalActions } from '../../journals/useJournalActions';
import { PostedJournalSelect } from '../components/PostedJournalSelect';
import '../../journals/ledger-screens.css';
import { AmountText } from '../../../../shared/DisplayText';

const REVERSAL_LINK = '/journal-reversal';

function JournalFacts({ view, dateFormat }: { view: JournalView; dateFormat: string }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'number', label: 'Journal', children: <Link to={`${editorLinkOfKind(view.kind)}?id=${view.id}`}>{view.number}</Link> },
        { key: 'status', label: 'Status', children: <JournalStatusTag status={view.status} /> },
        { key: 'kind', label: 'Kind', children: kindLabel[view.kind] },
        { key: 'date', label: 'Date', children: displayDate(view.journalDate, { dateFormat }) },
        { key: 'total', label: `Total (${view.baseCurrency})`, children: <span className="ledger-amount"><AmountText value={view.totalDebit} /></span> },
        { key: 'description', label: 'Description', children: view.description },
        ...(view.reversedBy ? [{ key: 'reversedBy', label: 'Reversed by', children: <JournalLink id={view.reversedBy} /> }] : []),
      ]}
    />
  );
}

/** The reversals made so far: each reversal beside the journal it reverses. */
function ReversalList({ dateFormat }: { dateFormat: string }) {
  const [page, setPage] = useState(1);
  const state = { kind: 'Reversal' as const, status: undefined, from: undefined, to: undefined, search: '', sort: '-journalDate', page, pageSize: DEFAULT_LIST_SIZE };
  const list = useQuery({ queryKey: [...journalsKey, 'list', state], queryFn: ({ signal }) => fetchJournals(state, signal), placeholderData: keepPreviousData });
  return (
    <Table<JournalListItem>
      rowKey="id"
      size="small"
      aria-label="Reversals"
      dataSource={list.data?.items ?? []}
      loading={list.isFetching}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: list.error ? list.error.message : 'No journal reversed yet' }}
      pagination={{ current: page, pageSize: DEFAULT_LIST_SIZE, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { title: 'Reversal', key: 'number', render: (_, row) => <Link to={`/journal?id=${row.id}`}>{row.number}</Link> },
        { title: 'Date', key: 'journalDate', dataIndex: 'journalDate', render: (date: string) => displayDate(date, { dateFormat }) },
        { title: <SwapOutlined aria-label="reverses" />, key: 'arrow', width: 40, align: 'center', render: () => <SwapOutlined aria-hidden /> },
        { title: 'Original journal', key: 'original', render: (_, row) => (row.reversalOf ? <JournalLink id={row.reversalOf} /> : '—') },
        { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['md'] },
        { title: list.data?.items[0] ? `Total (${list.data.items[0].baseCurrency})` : 'Total', key: 'total', dataIndex: 'total', align: 'right', render: (total: string) => <span className="ledger-amount"><AmountText value={total} /></span> },
      ]}
    />
  );
}

/** /journal-reversal: pick a posted journal and a date, reverse it (a linked journal with the sides swapped), and see the reversals made. */
export default function JournalReversalPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const { permissions } = useSignedInUser().parentRole;
  const [date, setDate] = useState<Dayjs | null>(() => dayjs());
  const journal = useQuery({ queryKey: journalKey(id), queryFn: ({ signal }) => fetchJournal(id!, signal), enabled: id !== undefined });
  const actions = useJournalActions({ id, editorLink: '/journal', listLink: REVERSAL_LINK, dirty: false });
  const view = journal.data;
  const canReverse = view !== undefined && canPerform(journalDocument, view.status, 'reverse') && !view.reversedBy && view.kind !== 'Reversal' && hasOperation(permissions, operationOfKind('Edit', view.kind));
  const choose = (next: string | undefined) => setParams(next ? { id: next } : {}, { replace: true });

  return (
    <>
      <PageHeading title="Journal Reversal" subtitle="A posted journal is never changed: it is reversed by a linked journal with every line's debit and credit swapped" />
      <Card size="small" title="Reverse a journal" style={{ marginBottom: 16 }}>
        <Form layout="vertical" component="div">
          <Row gutter={16} align="bottom">
            <Col xs={24} md={14}>
              <Form.Item label="Posted journal" htmlFor="reversal-journal" style={{ marginBottom: 12 }}>
                <PostedJournalSelect id="reversal-journal" value={id} valueLabel={view ? [view.number ?? '(draft)', displayDate(view.journalDate, { dateFormat }), view.description].join(' · ') : 'Loading…'} onChange={choose} />
              </Form.Item>
            </Col>
            <Col xs={14} md={5}>
              <Form.Item label="Reversal date" htmlFor="reversal-on" style={{ marginBottom: 12 }}>
                <DatePicker id="reversal-on" format={datePattern(dateFormat)} value={date} onChange={setDate} allowClear={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={10} md={5}>
              <Form.Item style={{ marginBottom: 12 }}>
                <Popconfirm
                  title={`Reverse journal ${view?.number ?? ''}?`}
                  description={date ? `A reversing journal is posted on ${displayDate(date.format('YYYY-MM-DD'), { dateFormat })}.` : undefined}
                  okText="Reverse"
                  okButtonProps={{ danger: true }}
                  disabled={!canReverse || !date}
                  onConfirm={() => date && void actions.reverse(date.format('YYYY-MM-DD'))}
                >
                  <Button danger type="primary" block icon={<RollbackOutlined aria-hidden />} disabled={!canReverse || !date} loading={actions.busy === 'reverse'}>
                    Reverse
                  </Button>
                </Popconfirm>
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {journal.error && <Alert type="error" showIcon title={journal.error.message} />}
        {view && view.reversedBy && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 12 }}
            title={
              <Flex gap={6} wrap>
                Journal {view.number} is reversed by <JournalLink id={view.reversedBy} />
              </Flex>
            }
          />
        )}
        {view && !canPerform(journalDocument, view.status, 'reverse') && !view.reversedBy && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={`Journal ${view.number ?? ''} is ${view.status.toLowerCase()}: only a posted journal can be reversed`} />
        )}
        {view && view.kind === 'Reversal' && view.reversalOf && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={<Flex gap={6} wrap>This journal reverses <JournalLink id={view.reversalOf} />; a reversal is not reversed again</Flex>} />
        )}
        {view && (
          <>
            <JournalFacts view={view} dateFormat={dateFormat} />
            <Typography.Title level={5} style={{ marginTop: 8 }}>
              Lines
            </Typography.Title>
            <PostedLinesTable view={view} />
          </>
        )}
      </Card>
      <Card size="small" title="Reversals">
        <ReversalList dateFormat={dateFormat} />
      </Card>
    </>
  );
}
