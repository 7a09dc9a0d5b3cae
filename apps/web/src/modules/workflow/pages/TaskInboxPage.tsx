import { Alert, Flex, Input, Select, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_LIST_SIZE, type ApprovalType, type InboxItem } from '@erp/contracts';
import { DocumentLink, TaskDrawer } from '../components/TaskDrawer';
import { PageHeading, useDebouncedValue, useDisplay, type Display } from '../shell-adapter';
import { useApprovalTypes, useInbox } from '../workflow-api';
import { ageLabel, approvalTypeLabel } from '../workflow-format';
import '../workflow-screens.css';

type InboxState = { status: 'Open' | 'Done'; approvalType: ApprovalType | undefined; search: string; page: number; limit: number };

function inboxColumns(status: InboxState['status'], display: Display): TableColumnsType<InboxItem> {
  return [
    { key: 'document', title: 'Document', render: (_, row) => <DocumentLink task={row} />, width: 150 },
    { key: 'description', title: 'Description', dataIndex: 'description', ellipsis: true, responsive: ['md'] },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (_, row) => <span className="wf-amount">{display.amount(row.amount)} {row.currency}</span>,
    },
    {
      key: 'age',
      title: 'Age',
      render: (_, row) => <Typography.Text type={row.overdue && status === 'Open' ? 'danger' : undefined}>{ageLabel(row.ageHours)}{row.overdue && status === 'Open' ? ' · overdue' : ''}</Typography.Text>,
      width: 120,
    },
    { key: 'step', title: 'Step', render: (_, row) => `${row.stepNo}. ${row.stepName}`, responsive: ['sm'] },
    { key: 'type', title: 'Approval type', render: (_, row) => approvalTypeLabel(row.approvalType), responsive: ['md'] },
    { key: 'submittedBy', title: 'Submitted by', render: (_, row) => row.submittedBy.name + (row.onBehalfOf ? ` (for ${row.onBehalfOf.name})` : ''), responsive: ['lg'] },
    ...(status === 'Done' ? [{ key: 'status', title: 'Outcome', render: (_: unknown, row: InboxItem) => <Tag color={row.status === 'Approved' ? 'green' : row.status === 'Rejected' ? 'red' : 'default'}>{row.status}</Tag> }] : []),
  ];
}

/** /workflow-task: the signed-in user's approval inbox; a row opens the task to approve or reject it. */
export default function TaskInboxPage() {
  const display = useDisplay();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<InboxState>({ status: 'Open', approvalType: undefined, search: '', page: 1, limit: DEFAULT_LIST_SIZE });
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setState((s) => (s.search === settled ? s : { ...s, search: settled, page: 1 })), [settled]);
  const types = useApprovalTypes();
  const inbox = useInbox({ status: state.status, approvalType: state.approvalType, search: state.search.trim() || undefined, page: state.page, limit: state.limit });
  const openTask = params.get('task') ?? undefined;
  const setTask = (id: string | undefined) => setParams(id ? { task: id } : {}, { replace: true });
  const patch = (change: Partial<InboxState>) => setState((s) => ({ ...s, ...change, page: 1 }));

  return (
    <>
      <PageHeading title="My approval tasks" subtitle="Documents waiting for your approval, and those you acted on" />
      <Tabs activeKey={state.status} onChange={(key) => patch({ status: key === 'Done' ? 'Done' : 'Open' })} items={[{ key: 'Open', label: 'Open' }, { key: 'Done', label: 'Done' }]} />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Search tasks" placeholder="Search number or description" allowClear value={searchText} onChange={(e) => setSearchText(e.target.value)} onSearch={(text) => { setSearchText(text); patch({ search: text }); }} style={{ width: 280, maxWidth: '100%' }} />
        <Select<ApprovalType>
          aria-label="Approval type"
          allowClear
          placeholder="Every approval type"
          style={{ width: 260, maxWidth: '100%' }}
          value={state.approvalType}
          onChange={(value) => patch({ approvalType: value })}
          options={(types.data ?? []).filter((t) => t.type !== 'None').map((t) => ({ value: t.type, label: approvalTypeLabel(t.type) }))}
        />
      </Flex>
      {inbox.error && <Alert type="error" showIcon title={inbox.error.message} style={{ marginBottom: 12 }} />}
      <Table<InboxItem>
        rowKey="taskId"
        size="small"
        aria-label="Approval tasks"
        columns={inboxColumns(state.status, display)}
        dataSource={inbox.data?.items ?? []}
        loading={inbox.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => setTask(row.taskId), style: { cursor: 'pointer' } })}
        locale={{ emptyText: state.search || state.approvalType ? 'No results found.' : state.status === 'Open' ? 'Nothing waits for your approval' : 'You have not acted on any task yet' }}
        pagination={{
          current: state.page,
          pageSize: state.limit,
          total: inbox.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => `${count} ${count === 1 ? 'task' : 'tasks'}`,
          onChange: (page, limit) => setState((s) => ({ ...s, page: limit === s.limit ? page : 1, limit })),
        }}
      />
      <TaskDrawer taskId={openTask} onClose={() => setTask(undefined)} />
    </>
  );
}
