import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { hasOperation } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';

export type ExportFormat = 'csv' | 'xlsx';

type Props = {
  /** Downloads every row of the screen's current filter (all pages) in the format. */
  exportFile: (format: ExportFormat) => Promise<void>;
  /** The permission label of the export; the button shows only to a role holding it. */
  exportLabel: string;
};

/** Export of a list or report: CSV or Excel, busy while the file is made, a refusal shown in the banner. */
export function ExportButton({ exportFile, exportLabel }: Props) {
  const { permissions } = useSignedInUser().parentRole;
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
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
  if (!hasOperation(permissions, exportLabel)) return null;
  return (
    <Dropdown menu={{ items: [{ key: 'csv', label: 'CSV' }, { key: 'xlsx', label: 'Excel (XLSX)' }], onClick: ({ key }) => void run(key as ExportFormat) }}>
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting}>
        Export
      </Button>
    </Dropdown>
  );
}
