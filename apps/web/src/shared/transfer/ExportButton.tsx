import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { hasOperation } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSignedInUser } from '../../app/session/useSession';

export type ExportFormat = 'csv' | 'xlsx';

/** The formats of a list export: what the kit and the document lists offer. */
const LIST_FORMATS: readonly { key: ExportFormat; label: string }[] = [
  { key: 'csv', label: 'CSV' },
  { key: 'xlsx', label: 'Excel (XLSX)' },
];

type Props<F extends string> = {
  /** Downloads every row of the screen's current filter (all pages) in the format. */
  exportFile: (format: F) => Promise<void>;
  /** The permission label of the export; the button shows only to a role holding it. */
  exportLabel: string;
  /** The formats offered, CSV and Excel unless a report offers others (PDF). */
  formats?: readonly { key: F; label: string }[];
  /** Nothing to export yet (the report has not loaded). */
  disabled?: boolean;
};

/** Export of a list or report: one download at a time, busy while the file is made, a refusal shown in the banner. */
export function ExportButton<F extends string = ExportFormat>({ exportFile, exportLabel, formats, disabled = false }: Props<F>) {
  const { permissions } = useSignedInUser().parentRole;
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const run = async (format: F) => {
    setExporting(true);
    try {
      await exportFile(format);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error), 'The export failed');
    } finally {
      setExporting(false);
    }
  };
  if (!hasOperation(permissions, exportLabel)) return null;
  const items = (formats ?? (LIST_FORMATS as readonly { key: string; label: string }[])).map(({ key, label }) => ({ key, label }));
  return (
    <Dropdown disabled={disabled || exporting} menu={{ items, onClick: ({ key }) => void run(key as F) }}>
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} disabled={disabled}>
        Export
      </Button>
    </Dropdown>
  );
}
