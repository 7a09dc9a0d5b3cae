import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { hasOperation } from '@erp/contracts';
import { useNotify } from '../../../../app/notifications/useNotify';
import { useSignedInUser } from '../../../../app/session/useSession';
import { downloadExport, type ListState, type TransferTarget } from '../templates-api';
import { ImportRowsModal } from './ImportRowsModal';

type Props = { target: TransferTarget; state: Partial<ListState>; exportLabel: string; importLabel: string };

/** Export (every row of the filter, CSV or XLSX) and Import, each shown only to a role holding its label. */
export function TransferButtons({ target, state, exportLabel, importLabel }: Props) {
  const { permissions } = useSignedInUser().parentRole;
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await downloadExport(target, state, format);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Error');
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      {hasOperation(permissions, exportLabel) && (
        <Dropdown menu={{ items: [{ key: 'csv', label: 'CSV' }, { key: 'xlsx', label: 'Excel (XLSX)' }], onClick: ({ key }) => void run(key as 'csv' | 'xlsx') }}>
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporting}>
            Export
          </Button>
        </Dropdown>
      )}
      {hasOperation(permissions, importLabel) && (
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
          Import
        </Button>
      )}
      <ImportRowsModal target={target} open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
