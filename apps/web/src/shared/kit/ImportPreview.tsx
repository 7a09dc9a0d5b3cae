import { Alert, Flex, Statistic, Table, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo } from 'react';
import type { EntityDef, EntityImportResult, ImportResult } from '@erp/contracts';
import { columnLabel, previewRows, rowHasErrors, type PreviewRow, type Table as RawTable } from './import-file';

type ErrorRow = ImportResult['errors'][number] & { key: number };

function ErrorsTable({ def, errors }: { def: EntityDef; errors: ImportResult['errors'] }) {
  const rows: ErrorRow[] = errors.map((error, key) => ({ ...error, key }));
  return (
    <Table<ErrorRow>
      size="small"
      aria-label="Import errors"
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      columns={[
        { key: 'row', dataIndex: 'row', title: 'Row', width: 70, render: (row: number) => (row < 2 ? 'Header' : row) },
        { key: 'field', dataIndex: 'field', title: 'Column', render: (field: string) => columnLabel(def, field) },
        { key: 'message', dataIndex: 'message', title: 'Message' },
      ]}
    />
  );
}

/** Each row of the file, the bad cells marked with their message, each valid row saying whether it updates or adds a record; a row with errors is tinted. */
function RowsTable({ def, rows, updates }: { def: EntityDef; rows: PreviewRow[]; updates: ReadonlySet<number> }) {
  const { token } = theme.useToken();
  const columns: ColumnType<PreviewRow>[] = [
    {
      key: 'row',
      title: 'Row',
      width: 64,
      fixed: 'left',
      render: (_: unknown, row) => (rowHasErrors(row) ? <Typography.Text type="danger" strong>{row.row}</Typography.Text> : row.row),
    },
    {
      key: 'action',
      title: 'Action',
      width: 90,
      render: (_: unknown, row) => {
        if (rowHasErrors(row)) return <Tag color="error">Error</Tag>;
        return updates.has(row.row) ? <Tag color="blue" title={`The ${def.label.toLowerCase()} exists: this row changes it`}>Update</Tag> : <Tag color="green">New</Tag>;
      },
    },
    ...Object.entries(def.fields).map(
      ([field, f]): ColumnType<PreviewRow> => ({
        key: field,
        title: f.label,
        onCell: (row) => (row.cellErrors[field] ? { style: { background: token.colorErrorBg, boxShadow: `inset 0 0 0 1px ${token.colorErrorBorder}` } } : {}),
        render: (_: unknown, row) => {
          const message = row.cellErrors[field];
          const value = row.values[field] ?? '';
          if (!message) return value;
          return (
            <Tooltip title={message}>
              <Flex vertical>
                <span>{value || '—'}</span>
                <Typography.Text type="danger" style={{ fontSize: 11 }}>
                  {message}
                </Typography.Text>
              </Flex>
            </Tooltip>
          );
        },
      }),
    ),
  ];
  return (
    <Table<PreviewRow>
      size="small"
      aria-label="Rows of the file"
      rowKey="row"
      dataSource={rows}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      onRow={(row) => (rowHasErrors(row) ? { style: { background: token.colorErrorBgHover } } : {})}
    />
  );
}

type Props = { def: EntityDef; result: EntityImportResult; raw: RawTable | undefined };

/** The dry run's answer: counts, the file's header problems, every error by row and column, and the rows. */
export function ImportPreview({ def, result, raw }: Props) {
  const { token } = theme.useToken();
  const rows = useMemo(() => previewRows(def, result, raw), [def, result, raw]);
  const headerErrors = result.errors.filter((error) => error.row < 2);
  const withErrors = result.rows - result.valid;
  const updates = useMemo(() => new Set(result.updates), [result.updates]);
  return (
    <Flex vertical gap={12}>
      <Flex gap={32} wrap>
        <Statistic title="Rows" value={result.rows} />
        <Statistic title="New" value={result.valid - result.updates.length} />
        <Statistic title="Updates" value={result.updates.length} />
        <Statistic title="With errors" value={withErrors} styles={{ content: withErrors > 0 ? { color: token.colorError } : undefined }} />
      </Flex>
      {result.errors.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="Fix the rows below in the file and choose it again, or import only the valid rows."
          description={headerErrors.length > 0 ? headerErrors.map((error) => error.message).join('. ') : undefined}
        />
      ) : (
        <Alert type="success" showIcon title="Every row is valid." />
      )}
      {result.errors.length > 0 && <ErrorsTable def={def} errors={result.errors} />}
      {!raw && result.valid > result.preview.length && (
        <Typography.Text type="secondary">The first {result.preview.length} valid rows are shown.</Typography.Text>
      )}
      <RowsTable def={def} rows={rows} updates={updates} />
    </Flex>
  );
}
