import { CheckOutlined, DeleteOutlined, EditOutlined, MinusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { EntityDef, EntityRecord, FieldDef } from '@erp/contracts';
import type { Display } from '../useDisplay';
import { formatDecimalCell } from './cell-format';
import type { RefLabels } from './kit-api';
import type { ListState } from './list-query';

export type ColumnContext = {
  def: EntityDef;
  fields: readonly string[];
  state: ListState;
  labels: RefLabels;
  display: Display;
  onEdit?: (record: EntityRecord) => void;
  onDelete?: (record: EntityRecord) => void;
};

function BooleanCell({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  return value ? (
    <Tag color="success" icon={<CheckOutlined aria-hidden />}>
      Yes
    </Tag>
  ) : (
    <Tag icon={<MinusOutlined aria-hidden />}>No</Tag>
  );
}

/** A cell as the field's type reads: labels for references, tags for flags and lists, locale numbers. */
export function renderCell(field: string, f: FieldDef, value: unknown, labels: RefLabels, display: Display) {
  if (value === null || value === undefined) return '';
  switch (f.type) {
    case 'ref':
      return labels[field]?.[String(value)] ?? String(value);
    case 'boolean':
      return <BooleanCell value={value} />;
    case 'decimal':
      return formatDecimalCell(f, value, display);
    case 'date':
      return typeof value === 'string' ? display.date(value) : '';
    case 'textList':
      return Array.isArray(value) ? value.map((item) => <Tag key={String(item)}>{String(item)}</Tag>) : '';
    case 'rows':
      return Array.isArray(value) && value.length > 0 ? `${value.length} ${value.length === 1 ? 'row' : 'rows'}` : '';
    case 'longText':
      return (
        <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 240 }}>
          {String(value)}
        </Typography.Text>
      );
    default:
      return String(value);
  }
}

const sortOrderOf = (sort: string | undefined, field: string) => {
  if (sort === field) return 'ascend' as const;
  if (sort === `-${field}`) return 'descend' as const;
  return null;
};

/** Header filters of closed value sets (enums and flags); the server filters by equality. */
function filtersOf(f: FieldDef): ColumnType<EntityRecord>['filters'] {
  if (f.type === 'enum') return (f.options ?? []).map((option) => ({ text: option, value: option }));
  if (f.type === 'boolean') return [{ text: 'Yes', value: true }, { text: 'No', value: false }];
  return undefined;
}

function fieldColumn(ctx: ColumnContext, field: string): ColumnType<EntityRecord> {
  const f = ctx.def.fields[field]!;
  const numeric = f.type === 'decimal' || f.type === 'integer';
  const filters = filtersOf(f);
  // With no sort chosen the server uses the definition's default sort: show it on that header.
  const sort = ctx.state.sort ?? ctx.def.defaultSort;
  const filtered = ctx.state.filter[field];
  return {
    key: field,
    dataIndex: field,
    title: f.label,
    align: numeric ? 'right' : undefined,
    sorter: f.type !== 'ref' && f.type !== 'textList' && f.type !== 'rows',
    sortOrder: sortOrderOf(sort, field),
    sortDirections: ['ascend', 'descend'],
    ...(filters ? { filters, filterMultiple: false, filteredValue: filtered === undefined || filtered === null ? null : [filtered] } : {}),
    render: (value: unknown) => renderCell(field, f, value, ctx.labels, ctx.display),
  };
}

function actionsColumn(ctx: ColumnContext): ColumnType<EntityRecord> {
  const name = (record: EntityRecord) => String(record[ctx.def.key[0]!] ?? record[ctx.def.display] ?? '');
  return {
    key: 'actions',
    // Edit and delete stay in view while a narrow table scrolls.
    fixed: 'right',
    title: 'Actions',
    width: 96,
    align: 'right',
    render: (_: unknown, record: EntityRecord) => (
      <Space size={0}>
        {ctx.onEdit && (
          <Tooltip title="Edit">
            <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={`Edit ${name(record)}`} onClick={() => ctx.onEdit!(record)} />
          </Tooltip>
        )}
        {ctx.onDelete && (
          <Popconfirm title={`Delete ${name(record)}?`} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => ctx.onDelete!(record)}>
            <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${name(record)}`} />
          </Popconfirm>
        )}
      </Space>
    ),
  };
}

/** The table's columns: the chosen fields in definition order, then edit and delete when the role may. */
export function entityColumns(ctx: ColumnContext): ColumnType<EntityRecord>[] {
  const columns = ctx.fields.filter((field) => field in ctx.def.fields).map((field) => fieldColumn(ctx, field));
  return ctx.onEdit || ctx.onDelete ? [...columns, actionsColumn(ctx)] : columns;
}
