import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LIST_SIZE, hasOperation, tagInputSchema, type TagInput, type TagView } from '@erp/contracts';
import { refusalText } from '../components/TaskDecision';
import { UserPicker } from '../components/UserPicker';
import { PageHeading, useDebouncedValue, useDisplay, useNotify, useSignedInUser, type Display } from '../shell-adapter';
import { call, useDeleteTag, useSaveTag, useTags, withQuery, type Page } from '../workflow-api';
import { exportCsv, type CsvColumn } from '../workflow-export';
import { sortRows, type SortState } from '../workflow-sort';
import '../workflow-screens.css';

type Editing = { tag: TagView | undefined } | undefined;

const exportColumns: CsvColumn<TagView>[] = [
  { title: 'Code', value: (t) => t.code },
  { title: 'Name', value: (t) => t.name },
  { title: 'Members', value: (t) => t.members.map((m) => m.mailAddress).join('; ') },
  { title: 'Updated', value: (t) => t.updatedAt },
];

/** Problems of the tag form by field, the contract's messages. */
export function tagProblems(input: TagInput): Record<string, string> {
  const parsed = tagInputSchema.safeParse(input);
  const problems: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? '')] ??= issue.message;
  return problems;
}

const problemProps = (problem: string | undefined) => (problem ? { validateStatus: 'error' as const, help: problem } : {});

function TagModal({ tag, onClose }: { tag: TagView | undefined; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveTag();
  const [input, setInput] = useState<{ code: string; name: string; members: string[] }>(() => ({ code: tag?.code ?? '', name: tag?.name ?? '', members: tag?.members.map((m) => m.id) ?? [] }));
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const known = useMemo(() => new Map((tag?.members ?? []).map((m) => [m.id, `${m.name} <${m.mailAddress}>`])), [tag]);
  const problems = checked ? tagProblems(input) : {};
  const submit = async () => {
    setChecked(true);
    setRefusal(undefined);
    if (Object.keys(tagProblems(input)).length > 0) return;
    try {
      const saved = await save.mutateAsync({ id: tag?.id, input });
      notify.success(`Tag ${saved.code} saved`);
      onClose();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };
  return (
    <Modal open title={tag ? `Edit tag ${tag.code}` : 'New tag'} okText="Save" onOk={() => void submit()} confirmLoading={save.isPending} onCancel={onClose} destroyOnHidden>
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" style={{ marginBottom: 12 }} />}
      <Form layout="vertical" component="div">
        <Form.Item label="Code" htmlFor="tag-code" required {...problemProps(problems.code)}>
          <Input id="tag-code" maxLength={30} value={input.code} onChange={(e) => setInput((i) => ({ ...i, code: e.target.value }))} />
        </Form.Item>
        <Form.Item label="Name" htmlFor="tag-name" required {...problemProps(problems.name)}>
          <Input id="tag-name" maxLength={100} value={input.name} onChange={(e) => setInput((i) => ({ ...i, name: e.target.value }))} />
        </Form.Item>
        <Form.Item label="Members" htmlFor="tag-members" {...problemProps(problems.members)} extra="A step or escalation rule naming this tag gives a task to each member.">
          <UserPicker id="tag-members" ariaLabel="Members" multiple known={known} value={input.members} onChange={(members) => setInput((i) => ({ ...i, members }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const sortable = (key: string, sort: SortState) => ({ key, sorter: true, sortOrder: sort?.key === key ? sort.order : null });

function tagColumns(sort: SortState, display: Display, actions: (tag: TagView) => ReactNode): TableColumnsType<TagView> {
  return [
    { ...sortable('code', sort), title: 'Code', dataIndex: 'code' },
    { ...sortable('name', sort), title: 'Name', dataIndex: 'name' },
    {
      key: 'members',
      title: 'Members',
      render: (_, t) =>
        t.members.length === 0 ? <Typography.Text type="secondary">No members</Typography.Text> : (
          <Flex gap={4} wrap>{t.members.map((m) => <Tag key={m.id} title={m.mailAddress}>{m.name}</Tag>)}</Flex>
        ),
    },
    { ...sortable('updatedAt', sort), title: 'Updated', render: (_, t) => display.dateTime(t.updatedAt), responsive: ['md'] },
    { key: 'actions', title: '', align: 'right', render: (_, t) => actions(t) },
  ];
}

/** /workflow-tag: groups of users that workflow steps and escalation rules name. */
export default function WorkflowTagPage() {
  const display = useDisplay();
  const notify = useNotify();
  const { permissions } = useSignedInUser().parentRole;
  const can = { save: hasOperation(permissions, 'SaveTag'), edit: hasOperation(permissions, 'EditTag'), delete: hasOperation(permissions, 'DeleteTag') };
  const [query, setQuery] = useState({ search: '', page: 1, limit: DEFAULT_LIST_SIZE });
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setQuery((q) => (q.search === settled ? q : { ...q, search: settled, page: 1 })), [settled]);
  const [sort, setSort] = useState<SortState>();
  const [editing, setEditing] = useState<Editing>();
  const [exporting, setExporting] = useState(false);
  const tags = useTags({ search: query.search.trim() || undefined, page: query.page, limit: query.limit });
  const remove = useDeleteTag();
  const destroy = async (tag: TagView) => {
    try {
      await remove.mutateAsync(tag.id);
      notify.success(`Tag ${tag.code} deleted`);
    } catch (error) {
      notify.error(refusalText(error));
    }
  };
  const runExport = async () => {
    setExporting(true);
    try {
      const search = query.search.trim() || undefined;
      const count = await exportCsv('Workflow tags', exportColumns, (page, limit) => call<Page<TagView>>('GET', withQuery('/workflow/tags', { search, page, limit })));
      notify.success(`${count} ${count === 1 ? 'tag' : 'tags'} exported`);
    } catch (error) {
      notify.error(refusalText(error));
    } finally {
      setExporting(false);
    }
  };
  const actions = (tag: TagView) => (
    <Flex gap={4} justify="flex-end">
      {can.edit && <Button size="small" type="text" aria-label={`Edit ${tag.code}`} icon={<EditOutlined />} onClick={() => setEditing({ tag })} />}
      {can.delete && (
        <Popconfirm title={`Delete tag ${tag.code}?`} description="Steps and escalation rules that name it keep it from being deleted." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => void destroy(tag)}>
          <Button size="small" type="text" danger aria-label={`Delete ${tag.code}`} icon={<DeleteOutlined />} />
        </Popconfirm>
      )}
    </Flex>
  );
  return (
    <>
      <PageHeading
        title="Workflow tags"
        subtitle="Groups of users a workflow step or escalation names instead of single users"
        extra={can.save && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ tag: undefined })}>New tag</Button>}
      />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Search tags" placeholder="Search code or name" allowClear value={searchText} onChange={(e) => setSearchText(e.target.value)} style={{ width: 260, maxWidth: '100%' }} />
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void runExport()}>Export CSV</Button>
      </Flex>
      {tags.error && <Alert type="error" showIcon title={tags.error.message} style={{ marginBottom: 12 }} />}
      <Table<TagView>
        rowKey="id"
        size="small"
        aria-label="Workflow tags"
        columns={tagColumns(sort, display, actions)}
        dataSource={sortRows(tags.data?.items ?? [], sort)}
        loading={tags.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(one?.order && one.columnKey ? { key: String(one.columnKey), order: one.order } : undefined);
        }}
        locale={{ emptyText: query.search ? 'No results found.' : 'No tags yet' }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: tags.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => `${count} ${count === 1 ? 'tag' : 'tags'}`,
          onChange: (page, limit) => setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit })),
        }}
      />
      {editing && <TagModal tag={editing.tag} onClose={() => setEditing(undefined)} />}
    </>
  );
}
