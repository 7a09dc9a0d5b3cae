import { Alert, Button, Card, Checkbox, Descriptions, Drawer, Flex, Form, Input, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatementCheck, StatementImportResult, StatementPreview } from '@erp/contracts';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { useNotify } from '../../../app/notifications/useNotify';
import { countLabel } from '../../../shared/count-label';
import { useDisplay } from '../../../shared/useDisplay';
import { importStatementFile, previewStatementFile, statementsKey } from './statements-api';

const outcomeColor: Record<StatementCheck['outcome'], string> = { Passed: 'green', Failed: 'red', Info: 'blue' };
const REASON_MIN = 5;

/** One statement of the preview: its balances, checks and first lines. */
function StatementCard({ s }: { s: StatementPreview }) {
  const display = useDisplay();
  const amount = (text: string) => <span className="ledger-amount">{display.amount(text)}</span>;
  const failed = s.checks.some((c) => c.outcome === 'Failed');
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={`${s.statementRef}${s.bankCode ? ` → ${s.bankCode}` : ''}`}
      extra={s.alreadyImported ? <Tag>Imported before</Tag> : failed ? <Tag color="red">Checks failed</Tag> : <Tag color="green">Ready</Tag>}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label="Account">{s.account ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Period">{`${display.date(s.fromDate)} – ${display.date(s.toDate)}`}</Descriptions.Item>
        <Descriptions.Item label="Currency">{s.currency}</Descriptions.Item>
        <Descriptions.Item label="Opening">{amount(s.opening)}</Descriptions.Item>
        <Descriptions.Item label="Closing">{amount(s.closing)}</Descriptions.Item>
        <Descriptions.Item label="Lines">{`${display.count(s.lineCount)} (${display.count(s.newLineCount)} new, ${display.count(s.duplicateCount)} imported before)`}</Descriptions.Item>
        <Descriptions.Item label="Money in">{amount(s.credit)}</Descriptions.Item>
        <Descriptions.Item label="Money out">{amount(s.debit)}</Descriptions.Item>
      </Descriptions>
      <ul aria-label={`Checks of ${s.statementRef}`} style={{ paddingLeft: 0, listStyle: 'none', margin: '8px 0' }}>
        {s.checks.map((c, i) => (
          <li key={i} style={{ marginBottom: 4 }}>
            <Tag color={outcomeColor[c.outcome]}>{`${c.code}: ${c.outcome}`}</Tag>
            <Typography.Text type={c.outcome === 'Failed' ? 'danger' : undefined}>{c.message}</Typography.Text>
          </li>
        ))}
      </ul>
      <Table
        size="small"
        aria-label={`Lines of ${s.statementRef}`}
        rowKey="lineNo"
        scroll={{ x: 'max-content', y: 320 }}
        pagination={false}
        dataSource={s.lines}
        rowClassName={(l) => (l.duplicate ? 'statement-line-duplicate' : '')}
        columns={[
          { key: 'no', title: '#', dataIndex: 'lineNo', width: 50 },
          { key: 'date', title: 'Date', render: (_, l) => display.date(l.bookingDate) },
          { key: 'amount', title: 'Amount', align: 'right', render: (_, l) => amount(l.amount) },
          { key: 'party', title: 'Counterparty', render: (_, l) => [l.counterpartyName, l.counterpartyAccount].filter(Boolean).join(' · '), ellipsis: true },
          { key: 'ref', title: 'Reference', dataIndex: 'reference', ellipsis: true },
          { key: 'text', title: 'Description', dataIndex: 'description', ellipsis: true },
          { key: 'code', title: 'Code', dataIndex: 'transactionCode' },
          { key: 'dup', title: '', render: (_, l) => (l.duplicate ? <Tag>Imported before</Tag> : l.reversal ? <Tag color="orange">Reversal</Tag> : null) },
        ]}
      />
      {s.lines.length < s.lineCount && <Typography.Text type="secondary">{`The first ${display.count(s.lines.length)} of ${display.count(s.lineCount)} lines`}</Typography.Text>}
    </Card>
  );
}

/**
 * "Import statement": the bank, the file, its preview (statements, checks, lines; nothing written),
 * then Import. A file whose checks fail is imported only by the explicit choice to import it anyway
 * with a reason (recorded on the statement and in the audit trail).
 */
export function ImportStatementDrawer({ onClose, initialBank }: { onClose: () => void; initialBank: string | null }) {
  const notify = useNotify();
  const client = useQueryClient();
  const [bank, setBank] = useState<string | null>(initialBank);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StatementImportResult | null>(null);
  const [anyway, setAnyway] = useState(false);
  const [reason, setReason] = useState('');
  const [bankError, setBankError] = useState<string | null>(null);
  const target = () => ({ bank: bank!, file: file! });
  const read = useMutation({ mutationFn: () => previewStatementFile(target()), onSuccess: (r) => (setPreview(r), setAnyway(false), setReason('')) });
  const write = useMutation({
    mutationFn: () => importStatementFile(target(), { importAnyway: anyway, reason: reason.trim() }),
    onSuccess: async (r) => {
      await client.invalidateQueries({ queryKey: statementsKey });
      notify.success(r.statementsImported === 0 ? 'Nothing new: every statement of the file was imported before' : `Imported ${countLabel(r.statementsImported, 'statement')} with ${countLabel(r.linesImported, 'line')}`);
      onClose();
    },
  });
  const failed = preview?.failed === true;
  const reasonShort = reason.trim().length < REASON_MIN;
  const canImport = preview !== null && !write.isPending && (!failed || (anyway && !reasonShort));
  const startPreview = () => {
    if (!bank) return setBankError('Choose the bank the statement is for');
    setBankError(null);
    if (file) read.mutate();
  };
  return (
    <Drawer open onClose={onClose} size="large" title="Import statement" destroyOnHidden>
      <Form layout="vertical" onFinish={startPreview}>
        <Form.Item label="Bank" htmlFor="import-statement-bank" required validateStatus={bankError ? 'error' : undefined} help={bankError}>
          <RefSelect id="import-statement-bank" refName="bank" value={bank} onChange={(v) => (setBank(v), setPreview(null))} placeholder="The bank the statement is for" status={bankError ? 'error' : undefined} />
        </Form.Item>
        <Form.Item label="Statement file" required extra="CAMT.053 (XML), MT940, OFX, or CSV/XLSX read by the bank's mapping">
          <Upload.Dragger
            aria-label="Statement file"
            maxCount={1}
            beforeUpload={(f) => (setFile(f), setPreview(null), false)}
            onRemove={() => (setFile(null), setPreview(null))}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
            <p>Drop the file here or click to choose it</p>
          </Upload.Dragger>
        </Form.Item>
        <Button htmlType="submit" disabled={!file} loading={read.isPending}>
          Preview
        </Button>
      </Form>
      {read.error && <Alert type="error" showIcon title={read.error.message} style={{ marginTop: 12 }} />}
      {preview && (
        <div style={{ marginTop: 16 }}>
          <Alert
            style={{ marginBottom: 12 }}
            type={failed ? 'error' : 'success'}
            showIcon
            title={failed ? 'The file fails its checks: nothing will be imported unless you import it anyway' : `${preview.format}: ${countLabel(preview.statements.length, 'statement')}, checks passed`}
          />
          {preview.statements.map((s, i) => <StatementCard key={i} s={s} />)}
          {failed && (
            <Card size="small" style={{ marginBottom: 12 }}>
              <Checkbox checked={anyway} onChange={(e) => setAnyway(e.target.checked)}>
                Import anyway, despite the failed checks
              </Checkbox>
              {anyway && (
                <Form.Item label="Why" required style={{ marginTop: 8, marginBottom: 0 }} validateStatus={reasonShort ? 'error' : undefined} help={reasonShort ? `Say why (at least ${REASON_MIN} characters): it is recorded on the statement and in the audit trail` : undefined}>
                  <Input.TextArea aria-label="Reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
                </Form.Item>
              )}
            </Card>
          )}
          {write.error && <Alert type="error" showIcon title={write.error.message} style={{ marginBottom: 12 }} />}
          <Flex gap={8} justify="end">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" danger={failed} disabled={!canImport} loading={write.isPending} onClick={() => write.mutate()}>
              {failed ? 'Import anyway' : 'Import'}
            </Button>
          </Flex>
        </div>
      )}
    </Drawer>
  );
}
