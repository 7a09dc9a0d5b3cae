import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Result, Spin, Table, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportResult } from '@erp/contracts';
import { readAsBase64 } from '../../../../shared/kit/import-file';
import { importRows, recurringKey, templatesKey, type TransferTarget } from '../templates-api';

type Props = { target: TransferTarget; open: boolean; onClose: () => void };
type File = { fileName: string; contentBase64: string };
type Phase = { step: 'choose' | 'checking' | 'importing' } | { step: 'preview'; file: File; result: ImportResult } | { step: 'done'; result: ImportResult };

const texts: Record<TransferTarget, { title: string; plural: string; hint: string }> = {
  templates: {
    title: 'Import journal templates',
    plural: 'templates',
    hint: 'One row per line: Code (rows with the same code are one template), Name, Description, Kind, Active, Account, Line description, Currency, Debit, Credit, Dimensions (GROUP=CODE;…), Tax. A template whose code exists is replaced.',
  },
  recurring: {
    title: 'Import recurring journals',
    plural: 'recurring journals',
    hint: 'One row per schedule: Code, Description, Template (its code), Frequency, Interval, Start date, Next date, End date, Occurrences, Mode (Draft or Post), Active. A code that exists is updated.',
  },
};

/** Import in three steps: choose a file, preview every row (nothing written), then import all or the valid ones. */
export function ImportRowsModal({ target, open, onClose }: Props) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [error, setError] = useState<string>();
  const text = texts[target];
  const close = () => {
    if (phase.step === 'importing') return;
    setPhase({ step: 'choose' });
    setError(undefined);
    onClose();
  };
  const choose = async (chosen: Blob & { name: string }) => {
    setPhase({ step: 'checking' });
    setError(undefined);
    try {
      const file = { fileName: chosen.name, contentBase64: await readAsBase64(chosen) };
      setPhase({ step: 'preview', file, result: await importRows(target, { ...file, dryRun: true, mode: 'all' }) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase({ step: 'choose' });
    }
  };
  const run = async (file: File, mode: 'all' | 'valid') => {
    setPhase({ step: 'importing' });
    try {
      const result = await importRows(target, { ...file, dryRun: false, mode });
      setPhase({ step: 'done', result });
      await queryClient.invalidateQueries({ queryKey: target === 'templates' ? templatesKey : recurringKey });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setPhase({ step: 'choose' });
    }
  };
  const footer =
    phase.step === 'preview' ? (
      <Flex gap={8} justify="end" wrap>
        <Button onClick={() => setPhase({ step: 'choose' })}>Choose another file</Button>
        <Button onClick={() => void run(phase.file, 'valid')} disabled={phase.result.valid === 0}>Import valid only</Button>
        <Button type="primary" onClick={() => void run(phase.file, 'all')} disabled={phase.result.errors.length > 0}>Import all</Button>
      </Flex>
    ) : (
      <Button onClick={close} disabled={phase.step === 'importing'}>{phase.step === 'done' ? 'Close' : 'Cancel'}</Button>
    );
  return (
    <Modal open={open} title={text.title} onCancel={close} maskClosable={false} width={880} footer={footer} destroyOnHidden>
      <Flex vertical gap={12}>
        {error && <Alert type="error" showIcon title={error} />}
        {(phase.step === 'choose' || phase.step === 'checking') && (
          <Spin spinning={phase.step === 'checking'} description="Checking every row…">
            <Upload.Dragger accept=".csv,.xlsx" multiple={false} showUploadList={false} beforeUpload={(file) => { void choose(file); return false; }}>
              <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
              <p className="ant-upload-text">Click or drag a .csv or .xlsx file here</p>
              <p className="ant-upload-hint">{text.hint}</p>
            </Upload.Dragger>
          </Spin>
        )}
        {phase.step === 'importing' && <Spin size="large" style={{ padding: 32 }} />}
        {phase.step === 'preview' && (
          <>
            <Typography.Text>
              {phase.result.rows} rows; {phase.result.valid} pass; {phase.result.errors.length} errors.
            </Typography.Text>
            {phase.result.errors.length > 0 && (
              <Table size="small" rowKey={(e) => `${e.row}-${e.field}-${e.message}`} pagination={{ pageSize: 8 }} dataSource={phase.result.errors} columns={[{ title: 'Row', dataIndex: 'row', width: 64 }, { title: 'Column', dataIndex: 'field', width: 160 }, { title: 'Problem', dataIndex: 'message' }]} />
            )}
          </>
        )}
        {phase.step === 'done' && <Result status="success" title={`${phase.result.written} ${text.plural} written`} subTitle={phase.result.errors.length > 0 ? `${phase.result.errors.length} errors were skipped.` : undefined} />}
      </Flex>
    </Modal>
  );
}
