import { Alert, Button, Card, DatePicker, Descriptions, Flex, Input, Popconfirm, Table } from 'antd';
import dayjs from 'dayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RevaluationLine, RevaluationView } from '@erp/contracts';
import { PageHeading } from '../documents/shell-adapter';
import { useNotify } from '../../app/notifications/useNotify';
import { useDisplay } from '../useDisplay';
import { fetchRevaluations, postRevaluation, previewRevaluation } from './revaluation-api';
import '../../modules/ledger/journals/ledger-screens.css';

export type RevaluationSubject = {
  /** The heading, e.g. "Vendor revaluation", "Bank revaluation". */
  title: string;
  /** The column of a balance's holder, e.g. "Vendor", "Bank". */
  holderLabel: string;
  /** The routes: `GET path`, `POST path/check`, `POST path`. */
  path: string;
  /** The query key of the module's data a posted revaluation changes (the list made is under it too). */
  queryKey: readonly unknown[];
};

/**
 * Unrealised exchange revaluation at a period end, one screen for every module that revalues (the
 * Revaluation tab of a face's statement route, issue 16; of /bank-reconciliations, issue 17): pick a
 * period end (and a currency, or all), preview each open foreign-currency balance valued again at that
 * day's rate and the difference, then post it (the entry on the day, its reversal on the next); below,
 * the revaluations made, with their entries.
 */
export function RevaluationScreen({ subject }: { subject: RevaluationSubject }) {
  const display = useDisplay();
  const notify = useNotify();
  const client = useQueryClient();
  const [date, setDate] = useState(() => dayjs().subtract(1, 'month').endOf('month').format('YYYY-MM-DD'));
  const [currency, setCurrency] = useState('');
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<RevaluationView | null>(null);
  const request = { date, ...(currency.length === 3 ? { currency } : {}) };
  const made = useQuery({ queryKey: [...subject.queryKey, 'revaluations', page], queryFn: ({ signal }) => fetchRevaluations(subject.path, page, signal) });
  const preview = useMutation({ mutationFn: () => previewRevaluation(subject.path, request), onSuccess: setShown });
  const post = useMutation({
    mutationFn: () => postRevaluation(subject.path, request),
    onSuccess: (v) => {
      setShown(v);
      notify.success(`Revalued on ${display.date(v.date)}: ${v.journalNumber}, reversed on ${display.date(v.reversalDate)} by ${v.reversalNumber}`);
      void client.invalidateQueries({ queryKey: subject.queryKey });
    },
  });
  const error = preview.error ?? post.error;
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;
  const entry = (id: string | null, number: string | null) => (id ? <Link to={`/journal?id=${id}`}>{number}</Link> : '—');
  return (
    <>
      <PageHeading title={subject.title} subtitle="Open foreign-currency balances valued again at a period end's rate, reversed on the next day" />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <DatePicker aria-label="Period end" format={display.pickerFormat} allowClear={false} value={dayjs(date)} onChange={(d) => d && (setDate(d.format('YYYY-MM-DD')), setShown(null), preview.reset(), post.reset())} />
        <Input aria-label="Currency" placeholder="All currencies" style={{ width: 140 }} maxLength={3} value={currency} onChange={(e) => (setCurrency(e.target.value.toUpperCase()), setShown(null))} />
        <Button onClick={() => (post.reset(), preview.mutate())} loading={preview.isPending}>Preview</Button>
        <Popconfirm title={`Post the revaluation on ${display.date(date)} and its reversal on the next day?`} onConfirm={() => (preview.reset(), post.mutate())} okText="Post">
          <Button type="primary" disabled={!shown || shown.id !== null || shown.lines.length === 0} loading={post.isPending}>Post revaluation</Button>
        </Popconfirm>
      </Flex>
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 12 }} />}
      {shown && (
        <Card size="small" style={{ marginBottom: 16 }} title={shown.id ? `Revalued on ${display.date(shown.date)}` : `What revaluing on ${display.date(shown.date)} would post`}>
          <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="Gain"><span className="ledger-amount">{`${display.amount(shown.gain)} ${shown.baseCurrency}`}</span></Descriptions.Item>
            <Descriptions.Item label="Loss"><span className="ledger-amount">{`${display.amount(shown.loss)} ${shown.baseCurrency}`}</span></Descriptions.Item>
            <Descriptions.Item label="Net"><span className="ledger-amount">{`${display.amount(shown.net)} ${shown.baseCurrency}`}</span></Descriptions.Item>
            {shown.id && <Descriptions.Item label="Entry">{entry(shown.journal, shown.journalNumber)}</Descriptions.Item>}
            {shown.id && <Descriptions.Item label={`Reversal on ${display.date(shown.reversalDate)}`}>{entry(shown.reversalJournal, shown.reversalNumber)}</Descriptions.Item>}
          </Descriptions>
          <Table<RevaluationLine>
            size="small"
            aria-label="Revalued balances"
            scroll={{ x: 'max-content' }}
            rowKey={(l) => `${l.holder}-${l.account}-${l.currency}`}
            dataSource={shown.lines}
            locale={{ emptyText: 'Every open foreign-currency balance already carries its value at this rate' }}
            pagination={shown.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            columns={[
              { key: 'holder', title: subject.holderLabel, render: (_, l) => `${l.holderCode} · ${l.holderName}` },
              { key: 'account', title: 'Account', dataIndex: 'accountCode' },
              { key: 'currency', title: 'Currency', dataIndex: 'currency' },
              { key: 'balance', title: 'Balance', align: 'right', render: (_, l) => amount(l.balance) },
              { key: 'carrying', title: `Carried (${shown.baseCurrency})`, align: 'right', render: (_, l) => amount(l.carryingBase) },
              { key: 'rate', title: 'Rate', align: 'right', render: (_, l) => <span className="ledger-amount">{l.rate}</span> },
              { key: 'revalued', title: `Revalued (${shown.baseCurrency})`, align: 'right', render: (_, l) => amount(l.revaluedBase) },
              { key: 'difference', title: 'Difference', align: 'right', render: (_, l) => amount(l.difference) },
            ]}
          />
        </Card>
      )}
      <Card size="small" title="Revaluations made">
        {made.error && <Alert type="error" showIcon title={made.error.message} />}
        <Table
          size="small"
          aria-label="Revaluations made"
          loading={made.isFetching}
          rowKey="id"
          dataSource={made.data?.items ?? []}
          locale={{ emptyText: 'None yet' }}
          pagination={{ current: page, pageSize: 20, total: made.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
          columns={[
            { key: 'date', title: 'Period end', render: (_, r) => display.date(r.date) },
            { key: 'currency', title: 'Currency', render: (_, r) => r.currency ?? 'All' },
            { key: 'lines', title: 'Balances', align: 'right', render: (_, r) => display.count(r.lines) },
            { key: 'net', title: made.data?.items[0] ? `Net (${made.data.items[0].baseCurrency})` : 'Net', align: 'right', render: (_, r) => amount(r.net) },
            { key: 'entry', title: 'Entry', render: (_, r) => entry(r.journal, r.journalNumber) },
            { key: 'reversal', title: 'Reversal', render: (_, r) => <>{entry(r.reversalJournal, r.reversalNumber)} {display.date(r.reversalDate)}</> },
          ]}
        />
      </Card>
    </>
  );
}
