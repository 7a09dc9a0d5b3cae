import { ApartmentOutlined, FileTextOutlined, FolderOutlined, PlusOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { canAddAccountUnder } from '../chart-actions';
import { AmountText } from '../../../shared/DisplayText';
import type { ChartNode } from '../chart-tree';
import '../journals/ledger-screens.css';

const iconOf = (node: ChartNode): ReactNode => {
  if (node.kind === 'class') return <ApartmentOutlined aria-hidden />;
  if (node.kind === 'group' || node.kind === 'unassigned') return <FolderOutlined aria-hidden />;
  return node.record?.kind === 'Header' ? <ProfileOutlined aria-hidden /> : <FileTextOutlined aria-hidden />;
};

/** The marks of an account: header or posting, control (which subledger), inactive. */
export function AccountTags({ node }: { node: ChartNode }) {
  const account = node.record;
  if (node.kind !== 'account' || !account) return null;
  const control = typeof account.controlType === 'string' && account.controlType !== 'None' ? account.controlType : undefined;
  return (
    <>
      {account.kind === 'Header' ? <Tag color="geekblue">Header</Tag> : <Tag>Posting</Tag>}
      {control && (
        <Tooltip title={`Control account: only the ${control} subledger posts to it`}>
          <Tag color="orange">Control · {control}</Tag>
        </Tooltip>
      )}
      {account.active === false && <Tag>Inactive</Tag>}
    </>
  );
}

type Props = { node: ChartNode; balance?: string; onAdd?: (node: ChartNode) => void };

/** One line of the chart: icon, title, the account's marks, 'Add account' on groups and header accounts, and the balance at the right. */
export function ChartNodeTitle({ node, balance, onAdd }: Props) {
  const inactive = node.kind === 'account' && node.record?.active === false;
  const strong = node.kind === 'class' || node.record?.kind === 'Header';
  const category = node.kind === 'class' ? `${String(node.record?.category ?? '')} · ${String(node.record?.balanceSide ?? '')}` : undefined;
  return (
    <Flex align="baseline" gap={6} style={{ opacity: inactive ? 0.5 : 1, width: '100%' }}>
      {iconOf(node)}
      <Flex align="center" gap={6} wrap style={{ minWidth: 0, minHeight: 24 }}>
        <Typography.Text strong={strong} type={inactive ? 'secondary' : undefined}>
          {node.title}
        </Typography.Text>
        {category && <Tag>{category}</Tag>}
        <AccountTags node={node} />
        {onAdd && canAddAccountUnder(node) && (
          <Tooltip title="Add account">
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined aria-hidden />}
              aria-label={`Add account under ${node.title}`}
              onClick={(event) => {
                event.stopPropagation();
                onAdd(node);
              }}
            />
          </Tooltip>
        )}
      </Flex>
      {balance !== undefined && (
        <span className="ledger-amount chart-balance" data-testid={`balance-${node.key}`} style={{ marginLeft: 'auto', paddingLeft: 12, fontWeight: strong ? 600 : undefined }}>
          <AmountText value={balance} />
        </span>
      )}
    </Flex>
  );
}
