import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Input, Popconfirm } from 'antd';
import type { EntityDef } from '@erp/contracts';
import { ColumnChooser } from './ColumnChooser';
import type { EntityAbilities } from './useEntityOperations';
import type { ExportFormat } from './useEntityExport';

type Props = {
  def: EntityDef;
  can: EntityAbilities;
  search: string;
  /** Typing: the list follows once the text settles. */
  onSearchChange: (text: string) => void;
  /** Enter, the search button or clearing: the list follows at once. */
  onSearchNow: (text: string) => void;
  selectedCount: number;
  deleting: boolean;
  onDeleteSelected: () => void;
  onNew: () => void;
  onImport: () => void;
  exporting: ExportFormat | undefined;
  onExport: (format: ExportFormat) => void;
  columns: readonly string[];
  onColumns: (fields: string[]) => void;
};

/** Search on the left; bulk delete, New, Import, Export and the column chooser on the right, wrapping when narrow. */
export function EntityListToolbar(props: Props) {
  const { def, can } = props;
  const plural = def.plural.toLowerCase();
  return (
    <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
      <Input.Search
        aria-label={`Search ${plural}`}
        placeholder={`Search ${plural}`}
        allowClear
        value={props.search}
        onChange={(event) => props.onSearchChange(event.target.value)}
        onSearch={props.onSearchNow}
        style={{ width: 280, maxWidth: '100%' }}
      />
      <Flex wrap gap={8} align="center">
        {can.delete && props.selectedCount > 0 && (
          <Popconfirm
            title={`Delete ${props.selectedCount} selected?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={props.onDeleteSelected}
          >
            <Button danger icon={<DeleteOutlined aria-hidden />} loading={props.deleting}>
              Delete selected ({props.selectedCount})
            </Button>
          </Popconfirm>
        )}
        {can.save && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={props.onNew}>
            New
          </Button>
        )}
        {can.import && (
          <Button icon={<UploadOutlined aria-hidden />} onClick={props.onImport}>
            Import
          </Button>
        )}
        {can.export && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'csv', label: 'CSV' },
                { key: 'xlsx', label: 'Excel (XLSX)' },
              ],
              onClick: ({ key }) => props.onExport(key === 'xlsx' ? 'xlsx' : 'csv'),
            }}
          >
            <Button icon={<DownloadOutlined aria-hidden />} loading={props.exporting !== undefined}>
              Export
            </Button>
          </Dropdown>
        )}
        <ColumnChooser def={def} chosen={props.columns} onChange={props.onColumns} />
      </Flex>
    </Flex>
  );
}
