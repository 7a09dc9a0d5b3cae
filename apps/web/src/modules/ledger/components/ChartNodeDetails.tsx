import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Descriptions, Empty, Flex, Typography } from 'antd';
import type { EntityRecord } from '@erp/contracts';
import type { RefLabels } from '../../../shared/kit';
import { canAddAccountUnder } from '../chart-actions';
import type { ChartNode } from '../chart-tree';
import { AccountTags } from './ChartNodeTitle';

type Props = {
  node: ChartNode | undefined;
  labels: RefLabels;
  canAdd: boolean;
  canEdit: (node: ChartNode) => boolean;
  onAdd: (node: ChartNode) => void;
  onEdit: (node: ChartNode) => void;
};

const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') || 'Any' : value === null || value === undefined || value === '' ? '—' : String(value));

function facts(node: ChartNode, labels: RefLabels): { label: string; value: string }[] {
  const r: EntityRecord = node.record!;
  const label = (field: string) => (typeof r[field] === 'string' ? (labels[field]?.[r[field] as string] ?? '—') : '—');
  if (node.kind === 'class') {
    return [
      { label: 'Code', value: show(r.code) },
      { label: 'Category', value: show(r.category) },
      { label: 'Natural balance', value: show(r.balanceSide) },
    ];
  }
  if (node.kind === 'group') {
    return [
      { label: 'Code', value: show(r.code) },
      { label: 'Class', value: label('accountClass') },
      { label: 'Parent group', value: label('parentGroup') },
    ];
  }
  return [
    { label: 'Group', value: label('accountGroup') },
    { label: 'Parent account', value: label('parentAccount') },
    { label: 'Allowed currencies', value: show(r.allowedCurrencies) },
    { label: 'Required dimensions', value: Array.isArray(r.requiredDimensions) && r.requiredDimensions.length === 0 ? 'None' : show(r.requiredDimensions) },
  ];
}

/** The chosen node's path ('~' separated, copyable) as a breadcrumb, its facts and its actions. */
export function ChartNodeFacts({ node, labels, canAdd, canEdit, onAdd, onEdit }: Props) {
  if (!node?.record) return null;
  return (
    <Flex vertical gap={12}>
      <Breadcrumb items={node.trail.map((title) => ({ title }))} />
      <div>
        <Typography.Text type="secondary">Path </Typography.Text>
        <Typography.Text code copyable={{ text: node.path }} aria-label="Path">
          {node.path}
        </Typography.Text>
      </div>
      <Descriptions size="small" column={1} bordered items={facts(node, labels).map((fact) => ({ key: fact.label, label: fact.label, children: fact.value }))} />
      {typeof node.record.description === 'string' && node.record.description && <Typography.Paragraph>{node.record.description}</Typography.Paragraph>}
      <Flex gap={8} wrap>
        {canAdd && canAddAccountUnder(node) && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => onAdd(node)}>
            Add account
          </Button>
        )}
        {canEdit(node) && (
          <Button icon={<EditOutlined aria-hidden />} onClick={() => onEdit(node)}>
            Edit
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** The details card beside the tree: the chosen node, or a hint to choose one. */
export function ChartNodeDetails(props: Props) {
  const { node } = props;
  if (!node?.record) {
    return (
      <Card size="small" title="Details">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Choose a class, group or account in the chart" />
      </Card>
    );
  }
  return (
    <Card size="small" title={node.title} extra={<AccountTags node={node} />}>
      <ChartNodeFacts {...props} />
    </Card>
  );
}
