import { Alert, Button, Card, Descriptions, Drawer, Dropdown, Flex, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  bankReconciliationRuleEntity, formatMoney, lineEntryKinds, parseMoney, reconciliationRuleKindLabels,
  type LineEntryKind, type ReconciliationLedgerLine, type ReconciliationMatch, type ReconciliationStatementLine,
} from '@erp/contracts';
import { useNotify } from '../../../app/notifications/useNotify';
import { useGrants } from '../../../app/session/useGrants';
import { AmountText, DateText } from '../../../shared/DisplayText';
import { EntityListPage } from '../../../shared/kit';
import { useDisplay } from '../../../shared/useDisplay';
import * as rec from './rec-api';

const ledgerKey = (l: { journalId: string; lineNo: number }) => `${l.journalId}:${l.lineNo}`;
const entryWords: Record<LineEntryKind, string> = { Fee: 'Bank fee', Interest: 'Bank interest', Suspense: 'Suspense (unknown item)' };
const amountColumn = <T extends { amount: string }>(): TableColumnsType<T>[number] => ({ title: 'Amount', dataIndex: 'amount', align: 'right', width: 130, render: (v: string) => <AmountText value={v} /> });

/**
 * /bank-reconciliation?id=<statement>: the statement's lines beside the bank account's unreconciled
 * ledger lines; the rules' proposals with why each matched (accept or reject); matching by hand
 * (several to several with equal totals); an entry made from a line with no counterpart (fee,
 * interest, suspense); close, undo with a reason, the report as PDF or XLSX; the bank's rules.
 */
export function BankReconciliationPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const client = useQueryClient();
  const notify = useNotify();
  const { may } = useGrants();
  const display = useDisplay();
  const view = useQuery({ queryKey: rec.reconciliationKey(id), queryFn: ({ signal }) => rec.fetchReconciliation(id!, signal), enabled: id !== undefined });
  const report = useQuery({ queryKey: rec.reportKey(id), queryFn: ({ signal }) => rec.fetchReport(id!, signal), enabled: id !== undefined && view.data !== undefined });
  const [busy, setBusy] = useState<string | undefined>();
  const [pickedLines, setPickedLines] = useState<string[]>([]);
  const [pickedBook, setPickedBook] = useState<string[]>([]);
  const [undoing, setUndoing] = useState(false);
  const [reason, setReason] = useState('');
  const [rulesOpen, setRulesOpen] = useState(false);
  if (!id) return <Alert type="info" showIcon title="Choose a statement on Bank Reconciliations to reconcile it" />;
  if (view.isError) return <Alert type="error" showIcon title={view.error instanceof Error ? view.error.message : 'The reconciliation could not be read'} />;
  const v = view.data;
  if (!v) return <Card loading />;
  const open = v.status === 'Open';
  const canEdit = open && may('EditBankReconciliation');

  const step = async (name: string, work: () => Promise<unknown>, done?: string) => {
    setBusy(name);
    try {
      await work();
      if (done) notify.success(done);
      setPickedLines([]);
      setPickedBook([]);
      await client.invalidateQueries({ queryKey: rec.reconciliationKey(id) });
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(undefined);
    }
  };

  const freeLines = v.statementLines.filter((l) => l.matchId === null);
  const proposals = v.matches.filter((m) => m.status === 'Proposed');
  const accepted = v.matches.filter((m) => m.status === 'Accepted');
  const proposedBook = new Set(proposals.flatMap((m) => m.ledgerLines.map(ledgerKey)));
  const heldBook = new Set(accepted.flatMap((m) => m.ledgerLines.map(ledgerKey)));
  const freeBook = v.ledgerLines.filter((l) => !heldBook.has(ledgerKey(l)));
  const lineById = new Map(v.statementLines.map((l) => [l.id, l]));
  const bookByKey = new Map(v.ledgerLines.map((l) => [ledgerKey(l), l]));
  const scale = v.bank.scale;
  const sum = (amounts: string[]) => formatMoney(amounts.reduce((s, a) => s + parseMoney(a, scale), 0n), scale);
  const pickedBankTotal = sum(pickedLines.map((x) => lineById.get(x)!.amount));
  const pickedBookTotal = sum(pickedBook.map((x) => bookByKey.get(x)!.amount));

  const lineColumns: TableColumnsType<ReconciliationStatementLine> = [
    { title: '#', dataIndex: 'lineNo', width: 50 },
    { title: 'Date', dataIndex: 'bookingDate', width: 110, render: (d: string) => <DateText value={d} /> },
    { title: 'Reference', dataIndex: 'reference', ellipsis: true },
    { title: 'Counterparty', dataIndex: 'counterpartyName', ellipsis: true },
    amountColumn<ReconciliationStatementLine>(),
    ...(canEdit && may('SaveBankReconciliation') ? [{
      title: '', key: 'entry', width: 120,
      render: (_: unknown, l: ReconciliationStatementLine) => (
        <Dropdown menu={{ items: lineEntryKinds.map((kind) => ({ key: kind, label: entryWords[kind] })), onClick: ({ key }) => void step('entry', () => rec.createEntry(id, { statementLineId: l.id, kind: key as LineEntryKind }), `${entryWords[key as LineEntryKind]} booked and matched`) }}>
          <Button size="small" loading={busy === 'entry'}>Create entry</Button>
        </Dropdown>
      ),
    }] : []),
  ];
  const bookColumns: TableColumnsType<ReconciliationLedgerLine> = [
    { title: 'Date', dataIndex: 'entryDate', width: 110, render: (d: string) => <DateText value={d} /> },
    { title: 'Number', dataIndex: 'number', width: 120 },
    { title: 'Description', dataIndex: 'description', ellipsis: true, render: (d: string | null, l) => <>{d}{proposedBook.has(ledgerKey(l)) ? <Tag style={{ marginLeft: 6 }}>proposed</Tag> : null}</> },
    amountColumn<ReconciliationLedgerLine>(),
  ];
  /** A reason's amounts (decimal text from the server) in the company's locale. */
  const localAmounts = (text: string) => text.replace(/-?\d+\.\d{2,4}\b/g, (amount) => display.amount(amount));
  const describeLines = (m: ReconciliationMatch) => m.statementLineIds.map((x) => lineById.get(x)).filter(Boolean).map((l) => `#${l!.lineNo} ${display.date(l!.bookingDate)} ${l!.reference ?? l!.counterpartyName ?? ''}`).join('; ');
  const describeBook = (m: ReconciliationMatch) => m.settlement
    ? `New ${m.settlement.partyType === 'Customer' ? 'receipt from' : 'payment to'} ${m.settlement.partyName} for ${m.settlement.openItems.map((i) => i.number).join(', ')}`
    : m.ledgerLines.map((l) => bookByKey.get(ledgerKey(l))).filter(Boolean).map((l) => `${l!.number ?? ''} ${display.date(l!.entryDate)} ${l!.description ?? ''}`).join('; ');
  const matchColumns = (decide: boolean): TableColumnsType<ReconciliationMatch> => [
    { title: 'Rule', key: 'rule', width: 190, render: (_, m) => (m.ruleKind ? reconciliationRuleKindLabels[m.ruleKind] : m.origin === 'Entry' ? 'Entry from the line' : 'By hand') },
    { title: 'Statement', key: 'lines', ellipsis: true, render: (_, m) => describeLines(m) },
    { title: 'Book', key: 'book', ellipsis: true, render: (_, m) => describeBook(m) },
    { title: 'Why', key: 'why', render: (_, m) => <Space orientation="vertical" size={0}>{m.reasons.map((r) => <Typography.Text key={r.field} type="secondary" style={{ fontSize: 12 }}>{r.field}: {localAmounts(r.statement)} ↔ {localAmounts(r.book)}</Typography.Text>)}</Space> },
    { title: 'Total', dataIndex: 'total', align: 'right', width: 120, render: (t: string) => <AmountText value={t} /> },
    ...(canEdit ? [{
      title: '', key: 'act', width: decide ? 170 : 100,
      render: (_: unknown, m: ReconciliationMatch) => (
        <Space>
          {decide ? <Button size="small" type="primary" loading={busy === `a${m.id}`} onClick={() => void step(`a${m.id}`, () => rec.decide(id, m.id, 'accept'))}>Accept</Button> : null}
          <Button size="small" danger loading={busy === `r${m.id}`} onClick={() => void step(`r${m.id}`, () => rec.decide(id, m.id, 'reject'))}>{decide ? 'Reject' : 'Unmatch'}</Button>
        </Space>
      ),
    }] : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>Bank reconciliation {v.statementNumber}</Typography.Title>
        <Space wrap>
          {canEdit ? <Button loading={busy === 'run'} onClick={() => void step('run', async () => notify.success(`${(await rec.runRules(id)).proposed} proposals`))}>Run rules</Button> : null}
          {canEdit ? <Button type="primary" loading={busy === 'close'} onClick={() => void step('close', () => rec.closeReconciliation(id), 'Reconciliation closed')}>Close</Button> : null}
          {!open && may('DeleteBankReconciliation') ? <Button danger onClick={() => setUndoing(true)}>Undo</Button> : null}
          {may('ExportBankReconciliation') ? (
            <Dropdown menu={{ items: [{ key: 'pdf', label: 'Report (PDF)' }, { key: 'xlsx', label: 'Report (XLSX)' }], onClick: ({ key }) => void step('report', () => rec.downloadReport(id, key as 'pdf' | 'xlsx')) }}>
              <Button loading={busy === 'report'}>Report</Button>
            </Dropdown>
          ) : null}
          <Button onClick={() => setRulesOpen(true)}>Rules</Button>
        </Space>
      </Flex>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }} items={[
        { key: 'bank', label: 'Bank', children: `${v.bank.code} · ${v.bank.name} (${v.bank.currency})` },
        { key: 'period', label: 'Period', children: <><DateText value={v.periodStart} /> – <DateText value={v.periodEnd} /></> },
        { key: 'status', label: 'Status', children: <Tag color={open ? 'blue' : 'green'}>{v.status}</Tag> },
        { key: 'open', label: 'Opening / closing', children: <><AmountText value={v.openingBalance} /> / <AmountText value={v.closingBalance} /></> },
        ...(report.data ? [
          { key: 'book', label: 'Book balance', children: <AmountText value={report.data.bookBalance} /> },
          { key: 'ob', label: 'Outstanding (book / bank)', children: <>{report.data.outstandingBook.length} / {report.data.outstandingBank.length}</> },
          { key: 'diff', label: 'Unexplained difference', children: <Typography.Text type={report.data.difference === formatMoney(0n, scale) ? 'success' : 'danger'}><AmountText value={report.data.difference} /></Typography.Text> },
        ] : []),
      ]} />
      <Card size="small" title={`Proposals (${proposals.length})`}>
        <Table<ReconciliationMatch> rowKey="id" size="small" pagination={{ pageSize: 20, hideOnSinglePage: true }} dataSource={proposals} columns={matchColumns(true)} locale={{ emptyText: canEdit ? 'No proposals: run the rules' : 'No proposals' }} />
      </Card>
      <Flex gap={16} wrap>
        <Card size="small" style={{ flex: '1 1 480px', minWidth: 0 }} title={`Statement lines to match (${freeLines.length})`}>
          <Table<ReconciliationStatementLine> rowKey="id" size="small" pagination={{ pageSize: 20, hideOnSinglePage: true }} dataSource={freeLines} columns={lineColumns}
            rowSelection={canEdit ? { selectedRowKeys: pickedLines, onChange: (keys) => setPickedLines(keys.map(String)) } : undefined} />
        </Card>
        <Card size="small" style={{ flex: '1 1 480px', minWidth: 0 }} title={`Unreconciled book lines (${freeBook.length})`}>
          <Table<ReconciliationLedgerLine> rowKey={ledgerKey} size="small" pagination={{ pageSize: 20, hideOnSinglePage: true }} dataSource={freeBook} columns={bookColumns}
            rowSelection={canEdit ? { selectedRowKeys: pickedBook, onChange: (keys) => setPickedBook(keys.map(String)) } : undefined} />
        </Card>
      </Flex>
      {canEdit && (pickedLines.length > 0 || pickedBook.length > 0) ? (
        <Flex gap={12} align="center" wrap>
          <Typography.Text>Statement <AmountText value={pickedBankTotal} /> · book <AmountText value={pickedBookTotal} /></Typography.Text>
          <Button type="primary" disabled={pickedLines.length === 0 || pickedBook.length === 0 || pickedBankTotal !== pickedBookTotal} loading={busy === 'match'}
            onClick={() => void step('match', () => rec.matchByHand(id, { statementLineIds: pickedLines, ledgerLines: pickedBook.map((k) => ({ journalId: k.split(':')[0]!, lineNo: Number(k.split(':')[1]) })) }), 'Matched')}>
            Match selected
          </Button>
        </Flex>
      ) : null}
      <Card size="small" title={`Matched (${accepted.length})`}>
        <Table<ReconciliationMatch> rowKey="id" size="small" pagination={{ pageSize: 20, hideOnSinglePage: true }} dataSource={accepted} columns={matchColumns(false)} />
      </Card>
      <Modal open={undoing} title="Undo the reconciliation" okText="Undo" okButtonProps={{ danger: true, disabled: reason.trim().length < 3, loading: busy === 'undo' }} onCancel={() => setUndoing(false)}
        onOk={() => void step('undo', async () => { await rec.undoReconciliation(id, reason.trim()); setUndoing(false); setReason(''); }, 'Reconciliation reopened')}>
        <Typography.Paragraph>The statement opens again; its matches stay. Say why (kept in the audit trail).</Typography.Paragraph>
        <Input.TextArea aria-label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} />
      </Modal>
      <Drawer open={rulesOpen} onClose={() => setRulesOpen(false)} title={`Matching rules of ${v.bank.code}`} size="large">
        <Typography.Paragraph type="secondary">Rules run in sequence order; a line one rule matches is not offered to the next. With no rules, the bank runs the defaults: reference and amount, amount and date within 3 days, counterparty open items, batch bookings.</Typography.Paragraph>
        <EntityListPage def={bankReconciliationRuleEntity} embedded filter={{ bank: v.bank.id }} initial={{ bank: v.bank.id }} knownLabels={{ bank: { [v.bank.id]: `${v.bank.code} · ${v.bank.name}` } }} hiddenFields={['bank']} />
      </Drawer>
    </Flex>
  );
}
