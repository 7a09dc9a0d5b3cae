import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { hasOperation } from '@erp/contracts';
import { useSignedInUser } from '../../app/session/useSession';
import { ExportButton, type ExportFormat } from './ExportButton';
import { ImportRowsModal, type ImportRowsConfig } from './ImportRowsModal';

export type { ExportFormat };

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
  const [importing, setImporting] = useState(false);
  const canImport = hasOperation(permissions, importLabel);
  return (
    <>
      <ExportButton exportFile={exportFile} exportLabel={exportLabel} />
      {canImport && (
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
          Import
        </Button>
      )}
      {canImport && <ImportRowsModal {...importConfig} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
