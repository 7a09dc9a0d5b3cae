import { FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Result, Spin, Steps, Typography, Upload } from 'antd';
import type { EntityDef } from '@erp/contracts';
import { useMediaQuery } from '../useMediaQuery';
import { ImportPreview } from './ImportPreview';
import { templateCsv } from './import-file';
import { saveBlob } from './kit-api';
import { useImportWizard, type ImportPhase, type ImportWizardState } from './useImportWizard';

type Props = { def: EntityDef; open: boolean; onClose: () => void };

const stepOf: Record<ImportPhase, number> = { choose: 0, checking: 0, preview: 1, importing: 2, done: 2 };

function ChooseStep({ def, checking, onFile }: { def: EntityDef; checking: boolean; onFile: (file: File) => void }) {
  const template = () => saveBlob(new Blob(['\uFEFF', templateCsv(def)], { type: 'text/csv;charset=utf-8' }), `${def.resource}-template.csv`);
  return (
    <Spin spinning={checking} description="Checking every row…">
      <Flex vertical gap={12}>
        <Upload.Dragger
          accept=".csv,.xlsx"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            onFile(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">Click or drag a .csv or .xlsx file here</p>
          <p className="ant-upload-hint">
            The first row names the columns by their labels; references take the code of the record they point to.
            Rows whose {def.fields[def.key[0]!]!.label.toLowerCase()} exists update that record; the preview marks them.
            Choices and yes/no are read in any case.
          </p>
        </Upload.Dragger>
        <Button type="link" icon={<FileExcelOutlined aria-hidden />} onClick={template} style={{ alignSelf: 'start', padding: 0 }}>
          Download a template (CSV, with an example row)
        </Button>
      </Flex>
    </Spin>
  );
}

function DoneStep({ def, state }: { def: EntityDef; state: ImportWizardState }) {
  const done = state.done!;
  const skipped = done.mode === 'valid' ? done.rows - done.valid : 0;
  const name = (n: number) => (n === 1 ? def.label.toLowerCase() : def.plural.toLowerCase());
  return (
    <Result
      status="success"
      title={`${done.created} ${name(done.created)} created, ${done.updated} updated`}
      subTitle={skipped > 0 ? `${skipped} rows with errors were skipped.` : `All ${done.rows} rows were imported.`}
    />
  );
}

function WizardFooter({ state, onClose, onBack, onRun }: { state: ImportWizardState; onClose: () => void; onBack: () => void; onRun: (mode: 'all' | 'valid') => void }) {
  if (state.phase === 'done') return <Button type="primary" onClick={onClose}>Close</Button>;
  if (state.phase !== 'preview' || !state.preview) return <Button onClick={onClose} disabled={state.phase === 'importing'}>Cancel</Button>;
  const { errors, valid } = state.preview;
  return (
    <Flex gap={8} justify="end" wrap>
      <Button onClick={onBack}>Choose another file</Button>
      <Button onClick={() => onRun('valid')} disabled={valid === 0}>
        Import valid rows only ({valid})
      </Button>
      <Button type="primary" onClick={() => onRun('all')} disabled={errors.length > 0} title={errors.length > 0 ? 'Fix the errors in the file first' : undefined}>
        Import all
      </Button>
    </Flex>
  );
}

/** Import of a kit entity in three steps: choose a file, preview every row (dry run), import. */
export function ImportWizard({ def, open, onClose }: Props) {
  const { state, choose, run, reset } = useImportWizard(def);
  const narrow = useMediaQuery('(max-width: 767px)');
  const close = () => {
    if (state.phase === 'importing') return;
    reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={`Import ${def.plural}`}
      onCancel={close}
      maskClosable={false}
      width={narrow ? '100%' : 1040}
      footer={<WizardFooter state={state} onClose={close} onBack={reset} onRun={(mode) => void run(mode)} />}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Steps size="small" responsive={false} titlePlacement={narrow ? 'vertical' : 'horizontal'} current={stepOf[state.phase]} items={[{ title: 'Choose file' }, { title: 'Preview' }, { title: 'Import' }]} />
        {state.error && <Alert type="error" showIcon title={state.error} />}
        {state.file && state.phase !== 'choose' && <Typography.Text type="secondary">File: {state.file.fileName}</Typography.Text>}
        {(state.phase === 'choose' || state.phase === 'checking') && (
          <ChooseStep def={def} checking={state.phase === 'checking'} onFile={(file) => void choose(file)} />
        )}
        {state.phase === 'preview' && state.preview && <ImportPreview def={def} result={state.preview} raw={state.file?.raw} />}
        {state.phase === 'importing' && (
          <Flex vertical align="center" gap={12} style={{ padding: 32 }}>
            <Spin size="large" />
            <Typography.Text>
              Importing {state.running === 'valid' ? state.preview?.valid : state.preview?.rows} rows in one transaction…
            </Typography.Text>
          </Flex>
        )}
        {state.phase === 'done' && <DoneStep def={def} state={state} />}
      </Flex>
    </Modal>
  );
}
