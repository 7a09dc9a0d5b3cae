import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Select, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_LIST_SIZE, hasOperation, type ApprovalType, type WorkflowListItem } from '@erp/contracts';
import { WorkflowEditor } from '../components/WorkflowEditor';
import { PageHeading, useDebouncedValue, useDisplay, useNotify, useSignedInUser, type Display } from '../shell-adapter';
import { call, useApprovalTypes, useWorkflow, useWorkflows, withQuery, type Page } from '../workflow-api';
import { exportCsv, type CsvColumn } from '../workflow-export';
import { approvalTypeLabel } from '../workflow-format';
import { sortRows, type SortState } from '../workflow-sort';
import '../workflow-screens.css';

type ListState = { approvalType: ApprovalType | undefined; active: 'true' | 'false' | undefined; search: string; page: number; limit: number };

const sortable = (key: string, sort: SortState) => ({ key, sorter: true, sortOrder: sort?.key === key ? sort.order : null });

function workflowColumns(sort: SortState, display: Display): TableColumnsType<WorkflowListItem> {
  return [
    { ...sortable('approvalType', sort), title: 'Approval type', render: (_, w) => approvalTypeLabel(w.approvalType) },
    { ...sortable('name', sort), title: 'Name', render: (_, w) => <Link to={`/workflow?id=${w.id}`} onClick={(e) => e.stopPropagation()}>{w.name}</Link> },
    { ...sortable('active', sort), title: 'Active', render: (_, w) => (w.active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>) },
    { ...sortable('stepCount', sort), title: 'Steps', align: 'right', dataIndex: 'stepCount' },
    { ...sortable('runningCount', sort), title: 'Running', align: 'right', dataIndex: 'runningCount' },
    { key: 'self', title: 'Self-approval', render: (_, w) => (w.allowSelfApproval ? 'Allowed' : 'No'), responsive: ['lg'] },
    { ...sortable('updatedAt', sort), title: 'Updated', render: (_, w) => display.dateTime(w.updatedAt), responsive: ['md'] },
    { key: 'chart', title: '', render: (_, w) => <Link to={`/workflow-chart?id=${w.id}`} onClick={(e) => e.stopPropagation()}>Chart</Link> },
  ];
}

const exportColumns: CsvColumn<WorkflowListItem>[] = [
  { title: 'Approval type', value: (w) => w.approvalType },
  { title: 'Name', value: (w) => w.name },
  { title: 'Description', value: (w) => w.description },
  { title: 'Active', value: (w) => w.active },
  { title: 'Allow self-approval', value: (w) => w.allowSelfApproval },
  { title: 'Steps', value: (w) => w.stepCount },
  { title: 'Running', value: (w) => w.runningCount },
  { title: 'Updated', value: (w) => w.updatedAt },
];

/** Export CSV of every workflow the filter finds. */
function useWorkflowExport(state: ListState) {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const query = { approvalType: state.approvalType, active: state.active, search: state.search.trim() || undefined };
      const count = await exportCsv('Workflows', exportColumns, (page, limit) => call<Page<WorkflowListItem>>('GET', withQuery('/workflow/workflows', { ...query, page, limit })));
      notify.success(`${count} ${count === 1 ? 'workflow' : 'workflows'} exported`);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}

/** The list of workflows: search, approval type and active filters, server-side paging; sorting within the page. */
function WorkflowList() {
  const display = useDisplay();
  const navigate = useNavigate();
  const canSave = hasOperation(useSignedInUser().parentRole.permissions, 'SaveWorkflow');
  const types = useApprovalTypes();
  const [state, setState] = useState<ListState>({ approvalType: undefined, active: undefined, search: '', page: 1, limit: DEFAULT_LIST_SIZE });
  const [sort, setSort] = useState<SortState>();
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setState((s) => (s.search === settled ? s : { ...s, search: settled, page: 1 })), [settled]);
  const list = useWorkflows({ approvalType: state.approvalType, active: state.active, search: state.search.trim() || undefined, page: state.page, limit: state.limit });
  const patch = (change: Partial<ListState>) => setState((s) => ({ ...s, ...change, page: 1 }));
  const exporter = useWorkflowExport(state);
  return (
    <>
      <PageHeading
        title="Workflows"
        subtitle="Who approves which documents, in which order"
        extra={canSave && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate('/workflow?new=1')}>New workflow</Button>}
      />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Search workflows" placeholder="Search name or description" allowClear value={searchText} onChange={(e) => setSearchText(e.target.value)} style={{ width: 260, maxWidth: '100%' }} />
        <Select<ApprovalType> aria-label="Approval type" allowClear placeholder="Every approval type" style={{ width: 240, maxWidth: '100%' }} value={state.approvalType} onChange={(approvalType) => patch({ approvalType })}
          options={(types.data ?? []).filter((t) => t.type !== 'None').map((t) => ({ value: t.type, label: approvalTypeLabel(t.type) }))} />
        <Select<'true' | 'false'> aria-label="Active" allowClear placeholder="Active and inactive" style={{ width: 180 }} value={state.active} onChange={(active) => patch({ active })}
          options={[{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }]} />
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporter.exporting} onClick={() => void exporter.run()}>Export CSV</Button>
      </Flex>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<WorkflowListItem>
        rowKey="id"
        size="small"
        aria-label="Workflows"
        columns={workflowColumns(sort, display)}
        dataSource={sortRows(list.data?.items ?? [], sort)}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(w) => ({ onClick: () => void navigate(`/workflow?id=${w.id}`), style: { cursor: 'pointer' } })}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(one?.order && one.columnKey ? { key: String(one.columnKey), order: one.order } : undefined);
        }}
        locale={{ emptyText: state.search || state.approvalType || state.active ? 'No results found.' : 'No workflows yet: documents are approved by whoever may perform the operation' }}
        pagination={{
          current: state.page,
          pageSize: state.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => `${count} ${count === 1 ? 'workflow' : 'workflows'}`,
          onChange: (page, limit) => setState((s) => ({ ...s, page: limit === s.limit ? page : 1, limit })),
        }}
      />
    </>
  );
}

function SavedWorkflow({ id }: { id: string }) {
  const workflow = useWorkflow(id);
  if (workflow.error) return <Alert type="error" showIcon title={workflow.error.message} action={<Link to="/workflow"><Button size="small">Back to workflows</Button></Link>} />;
  if (!workflow.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <WorkflowEditor key={workflow.data.id} view={workflow.data} />;
}

/** /workflow: the list; ?new=1 a new workflow; ?id= the editor of one. */
export default function WorkflowPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id) return <SavedWorkflow id={id} />;
  if (params.get('new')) return <WorkflowEditor key="new" view={undefined} />;
  return <WorkflowList />;
}
