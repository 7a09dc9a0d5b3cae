import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Result, Spin, Table, Typography, Upload } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportResult } from '@erp/contracts';
import { readAsBase64 } from '../kit/import-file';

export type ImportFile = { fileName: string; contentBase64: string };
export type ImportMode = 'all' | 'valid';
/** Sends the file to the screen's import route: a dry run checks every row and writes nothing. */
export type ImportRows = (file: ImportFile, options: { dryRun: boolean; mode: ImportMode }) => Promise<ImportResult>;

/** What a document screen's import says and calls; the generic kit entities use the kit's ImportWizard instead. */
export type ImportRowsConfig = {
  /** The modal's title, e.g. "Import journal templates". */
  title: string;
  /** The columns the file must have, shown under the drop zone. */
  hint: string;
  /** What was written, in the plural: "12 templates written". */
  plural: string;
  /** The preview's middle figure: "{valid} pass" by default, e.g. "in documents that pass". */
  passLabel?: string;
  importRows: ImportRows;
  /** The lists to refetch after an import. */
  invalidateKey: QueryKey;
};

type Props = ImportRowsConfig & { open: boolean; onClose: () => void };
type Phase = { step: 'choose' | 'checking' | 'importing' } | { step: 'preview'; file: ImportFile; result: ImportResult } | { step: 'done'; result: ImportResult };

const ACCEPTED = /\.(csv|xlsx)$/i;
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Error');

/** Import in three steps: choose a file, preview every row (nothing written), then import all or the valid ones. */
export function ImportRowsModal({ open, onClose, title, hint, plural, passLabel = 'pass', importRows, invalidateKey }: Props) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [error, setError] = useState<string>();
  const close = () => {
    if (phase.step === 'importing') return;
    setPhase({ step: 'choose' });
    setError(undefined);
    onClose();
  };
  const choose = async (chosen: Blob & { name: string }) => {
    if (!ACCEPTED.test(chosen.name)) {
      setError('Choose a .csv or .xlsx file');
      return;
    }
    setPhase({ step: 'checking' });
    setError(undefined);
    try {
      const file = { fileName: chosen.name, contentBase64: await readAsBase64(chosen) };
      setPhase({ step: 'preview', file, result: await importRows(file, { dryRun: true, mode: 'all' }) });
    } catch (e) {
      setError(messageOf(e));
      setPhase({ step: 'choose' });
    }
  };
  const run = async (file: ImportFile, mode: ImportMode) => {
    setPhase({ step: 'importing' });
    try {
      const result = await importRows(file, { dryRun: false, mode });
      setPhase({ step: 'done', result });
      await queryClient.invalidateQueries({ queryKey: invalidateKey });
    } catch (e) {
      setError(messageOf(e));
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
    <Modal open={open} title={title} onCancel={close} maskClosable={false} width={880} footer={footer} destroyOnHidden>
      <Flex vertical gap={12}>
        {error && <Alert type="error" showIcon title={error} />}
        {(phase.step === 'choose' || phase.step === 'checking') && (
          <Spin spinning={phase.step === 'checking'} description="Checking every row…">
            <Upload.Dragger accept=".csv,.xlsx" multiple={false} showUploadList={false} beforeUpload={(file) => { void choose(file); return false; }}>
              <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
              <p className="ant-upload-text">Click or drag a .csv or .xlsx file here</p>
              <p className="ant-upload-hint">{hint}</p>
            </Upload.Dragger>
          </Spin>
        )}
        {phase.step === 'importing' && <Spin size="large" style={{ padding: 32 }} />}
        {phase.step === 'preview' && (
          <>
            <Typography.Text>
              {phase.result.rows} rows; {phase.result.valid} {passLabel}; {phase.result.errors.length} errors.
            </Typography.Text>
            {phase.result.errors.length > 0 && (
              <Table size="small" rowKey={(e) => `${e.row}-${e.field}-${e.message}`} pagination={{ pageSize: 8 }} dataSource={phase.result.errors} columns={[{ title: 'Row', dataIndex: 'row', width: 64, align: 'right' }, { title: 'Column', dataIndex: 'field', width: 160 }, { title: 'Problem', dataIndex: 'message' }]} />
            )}
          </>
        )}
        {phase.step === 'done' && <Result status="success" title={`${phase.result.written} ${plural} written`} subTitle={phase.result.errors.length > 0 ? `${phase.result.errors.length} ${phase.result.errors.length === 1 ? 'row with errors was' : 'rows with errors were'} skipped.` : undefined} />}
      </Flex>
    </Modal>
  );
}
