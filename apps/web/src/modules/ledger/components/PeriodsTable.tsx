import { AuditOutlined, LockOutlined, MinusCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useMediaQuery } from '../../../shared/useMediaQuery';
import { periodActions, type PeriodAction } from '../period-plan';
import type { AccountingPeriod, PeriodStatus } from '../setup-api';
import { useDisplay } from '../../../shared/useDisplay';
import { ClosingUnderApprovalTag, PeriodStatusTag, PeriodTypeTag } from './PeriodTags';

type Props = {
  label: string;
  periods: readonly AccountingPeriod[];
  loading: boolean;
  /** Without EditAccountingPeriod the status cannot change: no actions. */
  canChange: boolean;
  /** The period whose status change is under way. */
  changing: string | undefined;
  onChange: (period: AccountingPeriod, next: PeriodStatus) => void;
  /**
   * An active PeriodClosing workflow: Close and Lock of an open period become Submit closing for
   * approval (the server refuses them). Absent: the status changes as they are.
   */
  onSubmitClosing?: (period: AccountingPeriod) => void;
  /** The open periods whose closing is under approval: tagged, and nothing to submit. */
  underApproval?: ReadonlySet<string>;
  /** Whether a PeriodClosing workflow governs is still being asked: no action on an open period yet. */
  closingPending?: boolean;
};

type Closing = Pick<Props, 'onSubmitClosing' | 'underApproval' | 'closingPending'>;

const iconOf: Record<PeriodAction['label'], ReactNode> = {
  Open: <UnlockOutlined aria-hidden />,
  Close: <MinusCircleOutlined aria-hidden />,
  Lock: <LockOutlined aria-hidden />,
};

/** What each change means for postings; locking is said to be final. */
function confirmText(action: PeriodAction, period: AccountingPeriod): { title: string; description: string } {
  if (action.label === 'Close') return { title: `Close ${period.name}?`, description: 'Postings dated in it are refused until it is opened again.' };
  if (action.label === 'Open') return { title: `Open ${period.name} again?`, description: 'Postings dated in it are accepted again.' };
  return { title: `Lock ${period.name}?`, description: 'Locking is final: a locked period can never be opened again.' };
}

function ActionButtons({ period, changing, onChange, stacked, closing }: { period: AccountingPeriod; changing: boolean; onChange: Props['onChange']; stacked: boolean; closing: Closing }) {
  if (period.status === 'Open' && closing.closingPending) return null;
  if (period.status === 'Open' && closing.onSubmitClosing) {
    if (closing.underApproval?.has(period.id)) return null;
    const submit = closing.onSubmitClosing;
    return (
      <Popconfirm title={`Submit the closing of ${period.name} for approval?`} description="It closes when the last approver approves." okText="Submit" onConfirm={() => submit(period)}>
        <Button size="small" icon={<AuditOutlined aria-hidden />} loading={changing} aria-label={`Submit closing of ${period.name} for approval`}>
          Submit closing for approval
        </Button>
      </Popconfirm>
    );
  }
  return (
    <Flex gap={4} vertical={stacked} align={stacked ? 'stretch' : 'center'}>
      {periodActions(period.status).map((action) => {
        const text = confirmText(action, period);
        const lock = action.label === 'Lock';
        return (
          <Popconfirm
            key={action.label}
            title={text.title}
            description={text.description}
            okText={action.label}
            okButtonProps={{ danger: lock }}
            onConfirm={() => onChange(period, action.status)}
          >
            <Button size="small" danger={lock} icon={iconOf[action.label]} loading={changing} aria-label={`${action.label} ${period.name}`}>
              {action.label}
            </Button>
          </Popconfirm>
        );
      })}
    </Flex>
  );
}

/** The periods of a fiscal year in order: number, name, dates, type and status, and the status changes allowed. */
export function PeriodsTable({ label, periods, loading, canChange, changing, onChange, onSubmitClosing, underApproval, closingPending }: Props) {
  const closing: Closing = { onSubmitClosing, underApproval, closingPending };
  const statusTags = (period: AccountingPeriod) => (
    <>
      <PeriodStatusTag status={period.status} />
      {period.status === 'Open' && underApproval?.has(period.id) && <ClosingUnderApprovalTag />}
    </>
  );
  const { date: dateLabel } = useDisplay();
  // Narrow screens: the dates under the name and the type beside the status, so the actions stay in view.
  const narrow = useMediaQuery('(max-width: 767px)');
  const wideColumns: ColumnType<AccountingPeriod>[] = [
    { key: 'periodNo', dataIndex: 'periodNo', title: 'No.', width: 56, align: 'right' },
    { key: 'name', dataIndex: 'name', title: 'Name' },
    { key: 'startDate', dataIndex: 'startDate', title: 'Start', render: (value: string) => dateLabel(value) },
    { key: 'endDate', dataIndex: 'endDate', title: 'End', render: (value: string) => dateLabel(value) },
    { key: 'type', dataIndex: 'type', title: 'Type', render: (_: unknown, period) => <PeriodTypeTag type={period.type} /> },
    { key: 'status', dataIndex: 'status', title: 'Status', render: (_: unknown, period) => <Flex gap={4} wrap>{statusTags(period)}</Flex> },
  ];
  const narrowColumns: ColumnType<AccountingPeriod>[] = [
    {
      key: 'name',
      title: 'Period',
      render: (_: unknown, period) => (
        <Flex vertical>
          <Typography.Text>{period.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {dateLabel(period.startDate)} – {dateLabel(period.endDate)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (_: unknown, period) => (
        <Flex vertical gap={4} align="start">
          {statusTags(period)}
          {period.type !== 'Regular' && <PeriodTypeTag type={period.type} />}
        </Flex>
      ),
    },
  ];
  const columns = narrow ? narrowColumns : wideColumns;
  if (canChange) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_: unknown, period) => <ActionButtons period={period} changing={changing === period.id} onChange={onChange} stacked={narrow} closing={closing} />,
    });
  }
  return (
    <Table<AccountingPeriod>
      rowKey="id"
      size="small"
      aria-label={label}
      columns={columns}
      dataSource={[...periods]}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No periods yet' }}
    />
  );
}
