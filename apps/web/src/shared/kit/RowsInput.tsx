import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ROWS_MAX, type FieldDef } from '@erp/contracts';
import { FieldWidget } from './EntityFieldInput';

type Row = Record<string, unknown>;
type Props = { id: string; f: FieldDef; value: unknown; onChange: (value: unknown) => void; invalid: boolean; dateFormat: string };

/** A new sub-row: each field's default, else empty as its widget holds it. */
function newRow(f: FieldDef): Row {
  return Object.fromEntries(Object.entries(f.columns ?? {}).map(([k, c]) => [k, c.default ?? (c.type === 'boolean' ? false : c.type === 'text' || c.type === 'decimal' ? '' : null)]));
}

/** What a save sends for the sub-rows: an empty text as absent (null), so an optional sub-field stays empty. */
export function rowsBody(rows: readonly Row[]): Row[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== '' && v !== null && v !== undefined)));
}

/**
 * A `rows` field (contacts, instalments): a small table whose cells are the sub-fields' own
 * widgets, with a button to add a row and one per row to remove it. Empty cells are left out of
 * the value, so the server sees an optional sub-field as not given.
 */
export function RowsInput({ id, f, value, onChange, invalid, dateFormat }: Props) {
  const rows = Array.isArray(value) ? (value as Row[]) : [];
  const max = f.max ?? ROWS_MAX;
  const set = (next: Row[]) => onChange(rowsBody(next));
  const columns: ColumnsType<Row & { key: number }> = [
    ...Object.entries(f.columns ?? {}).map(([field, c]) => ({
      key: field,
      title: c.label,
      render: (_: unknown, row: Row & { key: number }) => (
        <FieldWidget
          id={`${id}-${row.key}-${field}`}
          f={{ ...c, help: undefined }}
          value={row[field] ?? (c.type === 'boolean' ? false : c.type === 'text' || c.type === 'decimal' ? '' : null)}
          onChange={(next) => set(rows.map((r, i) => (i === row.key ? { ...r, [field]: next } : r)))}
          onBlur={() => {}}
          invalid={false}
          dateFormat={dateFormat}
        />
      ),
    })),
    {
      key: 'remove',
      width: 48,
      render: (_: unknown, row: Row & { key: number }) => (
        <Button type="text" aria-label={`Remove row ${row.key + 1}`} icon={<DeleteOutlined aria-hidden />} onClick={() => set(rows.filter((_r, i) => i !== row.key))} />
      ),
    },
  ];
  return (
    <Flex vertical gap={8} id={id} style={invalid ? { outline: '1px solid #ff4d4f', borderRadius: 6 } : undefined}>
      <Table size="small" pagination={false} columns={columns} dataSource={rows.map((r, i) => ({ ...r, key: i }))} locale={{ emptyText: 'None' }} aria-label={f.label} />
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => set([...rows, newRow(f)])} disabled={rows.length >= max} style={{ alignSelf: 'flex-start' }}>
        Add {f.label.toLowerCase().replace(/s$/, '')}
      </Button>
    </Flex>
  );
}
