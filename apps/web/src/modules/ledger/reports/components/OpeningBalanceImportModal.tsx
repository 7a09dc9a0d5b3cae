import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, DatePicker, Flex, Form, Input, Modal, Result, Row, Spin, Table, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../../app/api';
import { readAsBase64 } from '../../../../shared/kit/import-file';
import { journalsKey } from '../../journals/journals-api';
import { importTrialBalance, reportsKey, type TbImportResult } from '../reports-api';
import { AmountText } from '../../../../shared/DisplayText';

type Props = { open: boolean; defaultDate: string; dateFormat: string; onClose: () => void };
type File = { fileName: string; contentBase64: string };
type Phase = { step: 'choose' | 'checking' | 'importing' } | { step: 'preview'; file: File; result: TbImportResult } | { step: 'done'; result: TbImportResult };

const messageOf = (e: unknown) => (e instanceof ApiError ? e.error.message : e instanceof Error ? e.message : String(e));
const amount = (text: string) => (text ? <span className="ledger-amount"><AmountText value={text} /></span> : null);

function Preview({ result }: { result: TbImportResult }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text>
        {result.rows} rows; {result.valid} lines to import; {result.skipped} at zero skipped; {result.errors.length} {result.errors.length === 1 ? 'error' : 'errors'}.
      </Typography.Text>
      {result.errors.length > 0 && (
        <Table
          size="small"
          aria-label="Import errors"
          rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
          pagination={{ pageSize: 6, hideOnSinglePage: true }}
          dataSource={result.errors}
          columns={[
            { title: 'Row', dataIndex: 'row', width: 64, render: (row: number) => (row > 0 ? row : '—') },
            { title: 'Column', dataIndex: 'field', width: 110 },
            { title: 'Problem', dataIndex: 'message' },
          ]}
        />
      )}
      {result.totals.length > 0 && (
        <Flex gap={16} wrap aria-label="Totals per currency">
          {result.totals.map((t) => (
            <Typography.Text key={t.currency}>
              {t.currency}: debit <strong><AmountText value={t.debit} /></strong>, credit <strong><AmountText value={t.credit} /></strong>
            </Typography.Text>
          ))}
        </Flex>
      )}
      {result.lines.length > 0 && (
        <Table
          size="small"
          aria-label="Lines to import"
          rowKey="row"
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          dataSource={result.lines}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Row', dataIndex: 'row', width: 56 },
            { title: 'Account', key: 'account', render: (_, l) => `${l.accountCode} · ${l.accountName}` },
            { title: 'Currency', dataIndex: 'currency', width: 80 },
            { title: 'Debit', dataIndex: 'debit', align: 'right', render: amount },
            { title: 'Credit', dataIndex: 'credit', align: 'right', render: amount },
          ]}
        />
      )}
    </Flex>
  );
}

/** Import a trial balance (XLSX or CSV) as an opening-balance journal: preview every row and the posting rules, then a draft or a posted journal. */
export function OpeningBalanceImportModal({ open, defaultDate, dateFormat, onClose }: Props) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [error, setError] = useState<string>();
  const [date, setDate] = useState<Dayjs>(() => dayjs(defaultDate));
  const [description, setDescription] = useState('');
  const [post, setPost] = useState(false);
  const options = () => ({ journalDate: date.format('YYYY-MM-DD'), ...(description.trim() ? { description: description.trim() } : {}), post });

  const close = () => {
    if (phase.step === 'importing') return;
    setPhase({ step: 'choose' });
    setError(undefined);
    onClose();
  };
  const check = async (file: File) => {
    setPhase({ step: 'checking' });
    setError(undefined);
    try {
      setPhase({ step: 'preview', file, result: await importTrialBalance({ ...file, ...options(), dryRun: true }) });
    } catch (e) {
      setError(messageOf(e));
      setPhase({ step: 'choose' });
    }
  };
  const choose = async (chosen: Blob & { name: string }) => check({ fileName: chosen.name, contentBase64: await readAsBase64(chosen) });
  const run = async (file: File, preview: TbImportResult) => {
    setPhase({ step: 'importing' });
    try {
      const result = await importTrialBalance({ ...file, ...options(), dryRun: false });
      setPhase({ step: 'done', result });
      void queryClient.invalidateQueries({ queryKey: [...journalsKey, 'list'] });
      if (post) void queryClient.invalidateQueries({ queryKey: reportsKey });
    } catch (e) {
      setError(messageOf(e));
      setPhase({ step: 'preview', file, result: preview });
    }
  };

  const footer =
    phase.step === 'preview' ? (
      <Flex gap={8} justify="end" wrap>
        <Button onClick={() => setPhase({ step: 'choose' })}>Choose another file</Button>
        <Button onClick={() => void check(phase.file)}>Check again</Button>
        <Button type="primary" disabled={phase.result.errors.length > 0 || phase.result.valid === 0} onClick={() => void run(phase.file, phase.result)}>
          {post ? 'Import and post' : 'Import as draft'}
        </Button>
      </Flex>
    ) : (
      <Button onClick={close} disabled={phase.step === 'importing'}>
        {phase.step === 'done' ? 'Close' : 'Cancel'}
      </Button>
    );
  const journal = phase.step === 'done' ? phase.result.journal : null;

  return (
    <Modal open={open} title="Import opening balances" onCancel={close} maskClosable={false} width={880} footer={footer} destroyOnHidden>
      <Flex vertical gap={12}>
        {phase.step !== 'done' && (
          <Form layout="vertical" component="div">
            <Row gutter={12}>
              <Col xs={24} sm={8}>
                <Form.Item label="Journal date" htmlFor="tb-import-date" extra="The first day of the fiscal year: the journal posts into its Opening period" style={{ marginBottom: 0 }}>
                  <DatePicker id="tb-import-date" format={dateFormat} value={date} allowClear={false} onChange={(value) => value && setDate(value)} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={10}>
                <Form.Item label="Description" htmlFor="tb-import-description" style={{ marginBottom: 0 }}>
                  <Input id="tb-import-description" placeholder="Opening balances from the file" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={6}>
                <Form.Item label="Journal" style={{ marginBottom: 0 }}>
                  <Checkbox checked={post} onChange={(e) => setPost(e.target.checked)}>
                    Post at once
                  </Checkbox>
                </Form.Item>
              </Col>
            </Row>
          </Form>
        )}
        {error && <Alert type="error" showIcon title={error} />}
        {(phase.step === 'choose' || phase.step === 'checking') && (
          <Spin spinning={phase.step === 'checking'} description="Checking every row and the posting rules…">
            <Upload.Dragger
              accept=".csv,.xlsx"
              multiple={false}
              showUploadList={false}
              beforeUpload={(file) => {
                void choose(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">Click or drag a .xlsx or .csv trial balance here</p>
              <p className="ant-upload-hint">Columns: Account (code), Debit, Credit, and optionally Currency and Description. Rows at zero are skipped; the file must balance.</p>
            </Upload.Dragger>
          </Spin>
        )}
        {phase.step === 'importing' && <Spin size="large" style={{ padding: 32 }} />}
        {phase.step === 'preview' && <Preview result={phase.result} />}
        {phase.step === 'done' && (
          <Result
            status="success"
            title={journal ? `Opening-balance journal ${journal.number ?? ''} ${journal.status === 'Posted' ? 'posted' : 'saved as a draft'}` : 'Imported'}
            subTitle={`${phase.result.valid} lines`}
            extra={journal && <Link to={`/opening-balance-journal?id=${journal.id}`} onClick={close}>Open the journal</Link>}
          />
        )}
      </Flex>
    </Modal>
  );
}
