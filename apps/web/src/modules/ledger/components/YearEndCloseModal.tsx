import { Alert, Button, Descriptions, Flex, Modal, Popconfirm, Result, Spin, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_DATE_FORMAT, displayDate } from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { useCompany } from '../../../app/shell/useCompany';
import { keyKeeper } from '../journals/idempotency-key';
import { setupKeys } from '../setup-api';
import { closeFiscalYear, fetchClosingPreview, yearEndKey, type ClosingPreview, type YearEndResult } from '../year-end-api';
import '../journals/ledger-screens.css';
import { AmountText } from '../../../shared/DisplayText';

type Props = { fiscalYear: { id: string; code: string }; open: boolean; onClose: () => void };

const amount = (text: string) => (/^-?0*(\.0*)?$/.test(text) ? null : <span className="ledger-amount"><AmountText value={text} /></span>);

function ClosingLines({ preview }: { preview: ClosingPreview }) {
  return (
    <Table
      size="small"
      aria-label="Closing entry"
      rowKey="lineNo"
      dataSource={preview.lines}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No revenue or expense balance to close' }}
      columns={[
        { title: 'Account', key: 'account', render: (_, l) => `${l.accountCode} · ${l.accountName}` },
        { title: 'Currency', dataIndex: 'currency', width: 80 },
        { title: 'Debit', dataIndex: 'debit', align: 'right', render: amount },
        { title: 'Credit', dataIndex: 'credit', align: 'right', render: amount },
        { title: `Debit (${preview.baseCurrency})`, dataIndex: 'baseDebit', align: 'right', render: amount },
        { title: `Credit (${preview.baseCurrency})`, dataIndex: 'baseCredit', align: 'right', render: amount },
      ]}
    />
  );
}

/**
 * Year-end close: the preview of the closing entry (every revenue and expense balance of the year
 * into retained earnings, in the adjustment period), what stops it, then the close itself.
 */
export function YearEndCloseModal({ fiscalYear, open, onClose }: Props) {
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [keys] = useState(keyKeeper);
  const [closing, setClosing] = useState(false);
  const [done, setDone] = useState<YearEndResult>();
  const preview = useQuery({ queryKey: yearEndKey(fiscalYear.id), queryFn: ({ signal }) => fetchClosingPreview(fiscalYear.id, signal), enabled: open && !done });
  const p = preview.data;

  const close = async () => {
    setClosing(true);
    try {
      const result = await closeFiscalYear(fiscalYear.id, keys.keyFor(`close:${fiscalYear.id}`));
      setDone(result);
      notify.success(`Fiscal year ${result.fiscalYear.code} is closed`);
      void queryClient.invalidateQueries({ queryKey: setupKeys.periods(fiscalYear.id) });
      void queryClient.invalidateQueries({ queryKey: ['kit'] });
      void queryClient.invalidateQueries({ queryKey: ['gl'] });
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e), 'The year was not closed');
      void preview.refetch();
    } finally {
      setClosing(false);
    }
  };

  const footer = done ? (
    <Button onClick={onClose}>Close</Button>
  ) : (
    <Flex gap={8} justify="end">
      <Button onClick={onClose}>Cancel</Button>
      <Popconfirm
        title={`Close fiscal year ${fiscalYear.code}?`}
        description="The closing entry is posted and every period of the year is closed."
        okText="Close the year"
        okButtonProps={{ danger: true }}
        disabled={!p || p.blockers.length > 0}
        onConfirm={() => void close()}
      >
        <Button type="primary" danger disabled={!p || p.blockers.length > 0} loading={closing}>
          Close the year
        </Button>
      </Popconfirm>
    </Flex>
  );

  return (
    <Modal open={open} title={`Year-end close · ${fiscalYear.code}`} onCancel={onClose} width={900} footer={footer} destroyOnHidden maskClosable={!closing}>
      {done ? (
        <Result
          status="success"
          title={`Fiscal year ${done.fiscalYear.code} is closed`}
          subTitle={<>{done.periodsClosed} periods closed · net income <AmountText value={done.netIncome} /></>}
          extra={done.journal && <Link to={`/adjustment-journal?id=${done.journal.id}`}>Open closing journal {done.journal.number}</Link>}
        />
      ) : (
        <Spin spinning={preview.isFetching}>
          <Flex vertical gap={12}>
            {preview.error && <Alert type="error" showIcon title={preview.error.message} />}
            {p && p.blockers.length > 0 && (
              <Alert
                type="warning"
                showIcon
                title="The year cannot be closed yet"
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {p.blockers.map((b) => (
                      <li key={b}>{b}</li>
                    ))}
                  </ul>
                }
              />
            )}
            {p && (
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'year', label: 'Fiscal year', children: `${p.fiscalYear.code} · ${p.fiscalYear.name} (${p.fiscalYear.status})` },
                  { key: 'date', label: 'Entry date', children: `${displayDate(p.date, { dateFormat })}${p.period ? ` · ${p.period.name}` : ''}` },
                  { key: 're', label: 'Retained earnings', children: p.retainedEarnings ? `${p.retainedEarnings.code} · ${p.retainedEarnings.name}` : 'Not configured' },
                  { key: 'net', label: `Net income (${p.baseCurrency})`, children: <span className="ledger-amount"><AmountText value={p.netIncome} /></span> },
                  ...(p.closingJournal ? [{ key: 'journal', label: 'Closing journal', children: <Link to={`/adjustment-journal?id=${p.closingJournal}`}>Open</Link> }] : []),
                ]}
              />
            )}
            {p && (
              <>
                <Typography.Text strong>Closing entry ({p.lines.length} lines)</Typography.Text>
                <ClosingLines preview={p} />
              </>
            )}
          </Flex>
        </Spin>
      )}
    </Modal>
  );
}
