import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Input, Modal, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hasOperation, type Face, type StatementLine } from '@erp/contracts';
import { useSignedInUser } from '../../../app/session/useSession';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { useNotify } from '../../../app/notifications/useNotify';
import { useDisplay } from '../../../shared/useDisplay';
import { downloadStatement, fetchStatement, mailStatement } from './statement-api';
import { MailAllModal } from './MailAllModal';
import '../../ledger/journals/ledger-screens.css';

type Props = { face: Face; party: string | undefined; onParty: (party: string | undefined) => void; initialRange?: [string, string] | undefined };

/**
 * A party's statement (issue 16) on the statement route: pick the party and the range; per currency the
 * opening balance, every posting with its running balance, the closing, then the ageing on the last day;
 * PDF and workbook downloads, and mail to the party (its statement contact, or an address typed here);
 * "Mail all…" (with the Export label) mails every party's statement of the range after a confirmation.
 */
export function StatementScreen({ face, party, onParty, initialRange }: Props) {
  const display = useDisplay();
  const notify = useNotify();
  const [range, setRange] = useState<[string, string]>(() => initialRange ?? [dayjs().startOf('month').subtract(2, 'month').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')]);
  const [mailOpen, setMailOpen] = useState(false);
  const [mailTo, setMailTo] = useState('');
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const [mailAllOpen, setMailAllOpen] = useState(false);
  const canMail = hasOperation(useSignedInUser().parentRole.permissions, `Export${face.labels.party}`);
  const q = party ? { party, from: range[0], to: range[1] } : null;
  const statement = useQuery({
    queryKey: ['ap-ar', face.side, 'statement', q],
    queryFn: ({ signal }) => fetchStatement(face, q!, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
  const mail = useMutation({
    mutationFn: () => mailStatement(face, q!, mailTo.trim() ? { to: mailTo.trim() } : {}),
    onSuccess: (r) => {
      setMailOpen(false);
      notify.success(`The statement was mailed to ${r.to}`);
    },
  });
  const download = async (format: 'pdf' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadStatement(face, q!, format);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  const s = statement.data;
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;
  const owed = face.side === 'receivables' ? 'owed by the customer' : 'owed to the vendor';
  return (
    <>
      <Flex wrap gap={8} style={{ marginBottom: 12 }} align="center">
        <div style={{ width: 280 }}>
          <RefSelect id={`${face.partyWord}-statement-party`} refName={face.partyWord} value={party ?? null} onChange={(v) => onParty(v ?? undefined)} placeholder={`Choose a ${face.partyWord}`} />
        </div>
        <DatePicker.RangePicker
          aria-label="Range"
          format={display.pickerFormat}
          allowClear={false}
          value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(d) => d?.[0] && d[1] && setRange([d[0].format('YYYY-MM-DD'), d[1].format('YYYY-MM-DD')])}
        />
        <Space wrap>
          <Button disabled={!q} loading={busy === 'pdf'} onClick={() => void download('pdf')}>PDF</Button>
          <Button disabled={!q} loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>XLSX</Button>
          <Button disabled={!q || !s} onClick={() => (setMailTo(s?.party.mail ?? ''), mail.reset(), setMailOpen(true))}>Mail…</Button>
          {canMail && <Button onClick={() => setMailAllOpen(true)}>Mail all…</Button>}
        </Space>
      </Flex>
      {statement.error && <Alert type="error" showIcon title={statement.error.message} style={{ marginBottom: 12 }} />}
      {!party && <Empty description={`Choose a ${face.partyWord} to see its statement`} />}
      {s && party && s.sections.length === 0 && <Empty description="Nothing was posted for this party before or within the range" />}
      {s && party && s.sections.map((sec) => (
        <Card key={sec.currency} size="small" style={{ marginBottom: 16 }}
          title={`${s.party.code} · ${s.party.name}: ${sec.currency}, ${display.date(s.from)} to ${display.date(s.to)}`}
          extra={<Typography.Text>Balance {owed}: <strong>{display.amount(sec.closing)} {sec.currency}</strong></Typography.Text>}>
          <Table<StatementLine & { key: string; opening?: boolean; closing?: boolean }>
            size="small"
            aria-label={`Statement ${sec.currency}`}
            loading={statement.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={sec.lines.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
            rowKey="key"
            dataSource={[
              { key: 'opening', opening: true, date: s.from, journal: '', journalNumber: null, kind: 'Opening balance', document: null, documentNumber: null, description: '', debit: '0', credit: '0', balance: sec.opening },
              ...sec.lines.map((l, i) => ({ ...l, key: `${l.journal}-${i}` })),
              { key: 'closing', closing: true, date: s.to, journal: '', journalNumber: null, kind: 'Closing balance', document: null, documentNumber: null, description: '', debit: sec.debit, credit: sec.credit, balance: sec.closing },
            ]}
            columns={[
              { key: 'date', title: 'Date', render: (_, l) => display.date(l.date) },
              { key: 'kind', title: 'Document', render: (_, l) => (l.opening || l.closing ? <strong>{l.kind}</strong> : `${l.kind} ${l.documentNumber ?? ''}`) },
              { key: 'entry', title: 'Entry', render: (_, l) => l.journalNumber ?? '' },
              { key: 'description', title: 'Description', dataIndex: 'description' },
              { key: 'debit', title: 'Debit', align: 'right', render: (_, l) => (l.opening || !/[1-9]/.test(l.debit) ? '' : amount(l.debit)) },
              { key: 'credit', title: 'Credit', align: 'right', render: (_, l) => (l.opening || !/[1-9]/.test(l.credit) ? '' : amount(l.credit)) },
              { key: 'balance', title: 'Balance', align: 'right', render: (_, l) => (l.opening || l.closing ? <strong>{amount(l.balance)}</strong> : amount(l.balance)) },
            ]}
          />
        </Card>
      ))}
      {s && party && s.ageing.rows.length > 0 && (
        <Card size="small" title={`Ageing on ${display.date(s.to)} (days past due)`}>
          <Table
            size="small"
            aria-label="Statement ageing"
            pagination={false}
            rowKey="currency"
            dataSource={s.ageing.rows}
            columns={[
              { key: 'currency', title: 'Currency', dataIndex: 'currency' },
              ...s.ageing.buckets.map((b, i) => ({ key: `b${i}`, title: b, align: 'right' as const, render: (_: unknown, r: { buckets: string[] }) => amount(r.buckets[i] ?? '0') })),
              { key: 'total', title: 'Total', align: 'right', render: (_, r) => amount(r.total) },
            ]}
          />
        </Card>
      )}
      {mailAllOpen && <MailAllModal face={face} range={range} open={mailAllOpen} onClose={() => setMailAllOpen(false)} />}
      <Modal open={mailOpen} title="Mail the statement" okText="Send" onOk={() => mail.mutate()} confirmLoading={mail.isPending} onCancel={() => setMailOpen(false)}>
        <Form layout="vertical">
          <Form.Item label="To" htmlFor="statement-mail-to" help={mail.error?.message ?? (s?.party.mail ? undefined : `The ${face.partyWord} has no contact with a mail address`)} validateStatus={mail.error ? 'error' : undefined}>
            <Input id="statement-mail-to" type="email" value={mailTo} onChange={(e) => setMailTo(e.target.value)} />
          </Form.Item>
          <Typography.Text type="secondary">The statement goes as a PDF attachment through the outbox.</Typography.Text>
        </Form>
      </Modal>
    </>
  );
}
