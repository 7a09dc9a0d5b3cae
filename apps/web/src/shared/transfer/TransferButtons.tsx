import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { hasOperation } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';
import { ImportRowsModal, type ImportRowsConfig } from './ImportRowsModal';

export type ExportFormat = 'csv' | 'xlsx';

type Props = ImportRowsConfig & {
  /** Downloads every row of the list's current filter (all pages) in the format. */
  exportFile: (format: ExportFormat) => Promise<void>;
  /** The permission labels of the two operations. */
  exportLabel: string;
  importLabel: string;
};

/** Export (every row of the filter, CSV or XLSX) and Import, each shown only to a role holding its label. */
export function TransferButtons({ exportFile, exportLabel, importLabel, ...importConfig }: Props) {
  const { permissions } = useSignedInUser().parentRole;
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const run = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await exportFile(format);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Error');
    } finally {
      setExporting(false);
    }
  };
  const canImport = hasOperation(permissions, importLabel);
  return (
    <>
      {hasOperation(permissions, exportLabel) && (
        <Dropdown menu={{ items: [{ key: 'csv', label: 'CSV' }, { key: 'xlsx', label: 'Excel (XLSX)' }], onClick: ({ key }) => void run(key as ExportFormat) }}>
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporting}>
            Export
          </Button>
        </Dropdown>
      )}
      {canImport && (
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
          Import
        </Button>
      )}
      {canImport && <ImportRowsModal {...importConfig} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
