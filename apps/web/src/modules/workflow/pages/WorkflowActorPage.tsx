import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { actorInputSchema, DEFAULT_LIST_SIZE, hasOperation, type ActorInput, type ActorView } from '@erp/contracts';
import { refusalText } from '../components/TaskDecision';
import { UserPicker } from '../components/UserPicker';
import { PageHeading, useDebouncedValue, useDisplay, useNotify, useSignedInUser, type Display } from '../shell-adapter';
import { call, useActors, useSaveActor, useTags, withQuery, type Page } from '../workflow-api';
import { exportCsv, type CsvColumn } from '../workflow-export';
import { sortRows, type SortState } from '../workflow-sort';
import '../workflow-screens.css';

type ActorDraft = { tags: string[]; delegateUserId: string | null; delegateFrom: string | null; delegateTo: string | null };

export const actorDraft = (actor: ActorView): ActorDraft => ({
  tags: actor.tags.map((t) => t.id),
  delegateUserId: actor.delegate?.id ?? null,
  delegateFrom: actor.delegateFrom,
  delegateTo: actor.delegateTo,
});

/** The body sent: without a delegate, no dates either. */
export function actorInput(draft: ActorDraft): ActorInput {
  return draft.delegateUserId === null ? { tags: draft.tags, delegateUserId: null, delegateFrom: null, delegateTo: null } : draft;
}

/** Problems of the actor form by field, the contract's messages. */
export function actorProblems(draft: ActorDraft): Record<string, string> {
  const parsed = actorInputSchema.safeParse(actorInput(draft));
  const problems: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? '')] ??= issue.message;
  return problems;
}

const problemProps = (problem: string | undefined) => (problem ? { validateStatus: 'error' as const, help: problem } : {});

function ActorModal({ actor, display, onClose }: { actor: ActorView; display: Display; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveActor();
  const tags = useTags({ limit: 500, page: 1 });
  const [draft, setDraft] = useState<ActorDraft>(() => actorDraft(actor));
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const known = useMemo(() => new Map(actor.delegate ? [[actor.delegate.id, `${actor.delegate.name} <${actor.delegate.mailAddress}>`]] : []), [actor]);
  const problems = checked ? actorProblems(draft) : {};
  const pattern = display.pickerFormat;
  const submit = async () => {
    setChecked(true);
    setRefusal(undefined);
    if (Object.keys(actorProblems(draft)).length > 0) return;
    try {
      await save.mutateAsync({ userId: actor.userId, input: actorInput(draft) });
      notify.success(`${actor.name} saved`);
      onClose();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };
  return (
    <Modal open title={`Workflow actor: ${actor.name}`} okText="Save" onOk={() => void submit()} confirmLoading={save.isPending} onCancel={onClose} destroyOnHidden>
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" style={{ marginBottom: 12 }} />}
      <Form layout="vertical" component="div">
        <Form.Item label="Tags" htmlFor="actor-tags" {...problemProps(problems.tags)}>
          <Select<string[]>
            id="actor-tags"
            aria-label="Tags"
            mode="multiple"
            allowClear
            placeholder="The groups this user belongs to"
            loading={tags.isFetching}
            value={draft.tags}
            onChange={(next) => setDraft((d) => ({ ...d, tags: next ?? [] }))}
            options={[...(tags.data?.items ?? []).map((t) => ({ value: t.id, label: `${t.code} · ${t.name}` })), ...actor.tags.filter((t) => !(tags.data?.items ?? []).some((x) => x.id === t.id)).map((t) => ({ value: t.id, label: `${t.code} · ${t.name}` }))]}
          />
        </Form.Item>
        <Form.Item label="Delegate" htmlFor="actor-delegate" {...problemProps(problems.delegateUserId)} extra="Receives and may act on this user's approval tasks during the dates below.">
          <UserPicker id="actor-delegate" ariaLabel="Delegate" known={known} exclude={[actor.userId]} value={draft.delegateUserId} onChange={(delegateUserId) => setDraft((d) => ({ ...d, delegateUserId }))} />
        </Form.Item>
        <Form.Item label="Delegation from – to" htmlFor="actor-dates" required={draft.delegateUserId !== null} {...problemProps(problems.delegateFrom ?? problems.delegateTo)}>
          <DatePicker.RangePicker
            id={{ start: 'actor-dates' }}
            aria-label="Delegation dates"
            format={pattern}
            disabled={draft.delegateUserId === null}
            style={{ width: '100%' }}
            value={[draft.delegateFrom ? dayjs(draft.delegateFrom) : null, draft.delegateTo ? dayjs(draft.delegateTo) : null]}
            onChange={(range) => setDraft((d) => ({ ...d, delegateFrom: range?.[0]?.format('YYYY-MM-DD') ?? null, delegateTo: range?.[1]?.format('YYYY-MM-DD') ?? null }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const sortable = (key: string, sort: SortState) => ({ key, sorter: true, sortOrder: sort?.key === key ? sort.order : null });

function actorColumns(sort: SortState, display: Display, actions: (a: ActorView) => ReactNode): TableColumnsType<ActorView> {
  return [
    { ...sortable('name', sort), title: 'User', render: (_, a) => <span>{a.name}<br /><Typography.Text type="secondary">{a.mailAddress}</Typography.Text></span> },
    { ...sortable('status', sort), title: 'Status', render: (_, a) => <Tag color={a.status === 'Active' ? 'green' : 'default'}>{a.status}</Tag>, responsive: ['md'] },
    { key: 'tags', title: 'Tags', render: (_, a) => (a.tags.length === 0 ? <Typography.Text type="secondary">None</Typography.Text> : <Flex gap={4} wrap>{a.tags.map((t) => <Tag key={t.id} title={t.name}>{t.code}</Tag>)}</Flex>) },
    {
      key: 'delegation',
      title: 'Delegation',
      render: (_, a) =>
        a.delegate ? (
          <span>
            {a.delegate.name} · {display.date(a.delegateFrom)} – {display.date(a.delegateTo)} {a.delegating && <Tag color="purple">Delegating now</Tag>}
          </span>
        ) : <Typography.Text type="secondary">None</Typography.Text>,
    },
    { key: 'actions', title: '', align: 'right', render: (_, a) => actions(a) },
  ];
}

const exportColumns: CsvColumn<ActorView>[] = [
  { title: 'Name', value: (a) => a.name },
  { title: 'Mail address', value: (a) => a.mailAddress },
  { title: 'Status', value: (a) => a.status },
  { title: 'Tags', value: (a) => a.tags.map((t) => t.code).join('; ') },
  { title: 'Delegate', value: (a) => a.delegate?.mailAddress ?? '' },
  { title: 'Delegate from', value: (a) => a.delegateFrom },
  { title: 'Delegate to', value: (a) => a.delegateTo },
];

/** /workflow-actor: every user as a workflow actor, with their tags and a delegate for a date range. */
export default function WorkflowActorPage() {
  const notify = useNotify();
  const canSave = hasOperation(useSignedInUser().parentRole.permissions, 'SaveActor');
  const display = useDisplay();
  const [query, setQuery] = useState({ search: '', page: 1, limit: DEFAULT_LIST_SIZE });
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setQuery((q) => (q.search === settled ? q : { ...q, search: settled, page: 1 })), [settled]);
  const [sort, setSort] = useState<SortState>();
  const [editing, setEditing] = useState<ActorView | undefined>();
  const [exporting, setExporting] = useState(false);
  const actors = useActors({ search: query.search.trim() || undefined, page: query.page, limit: query.limit });
  const runExport = async () => {
    setExporting(true);
    try {
      const search = query.search.trim() || undefined;
      const count = await exportCsv('Workflow actors', exportColumns, (page, limit) => call<Page<ActorView>>('GET', withQuery('/workflow/actors', { search, page, limit })));
      notify.success(`${count} ${count === 1 ? 'actor' : 'actors'} exported`);
    } catch (error) {
      notify.error(refusalText(error));
    } finally {
      setExporting(false);
    }
  };
  const actions = (actor: ActorView) => canSave && <Button size="small" type="text" aria-label={`Edit ${actor.name}`} icon={<EditOutlined />} onClick={() => setEditing(actor)} />;
  return (
    <>
      <PageHeading title="Workflow actors" subtitle="Users with their tags, and who acts for them while they are away" />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search aria-label="Search actors" placeholder="Search name or mail" allowClear value={searchText} onChange={(e) => setSearchText(e.target.value)} style={{ width: 260, maxWidth: '100%' }} />
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void runExport()}>Export CSV</Button>
      </Flex>
      {actors.error && <Alert type="error" showIcon title={actors.error.message} style={{ marginBottom: 12 }} />}
      <Table<ActorView>
        rowKey="userId"
        size="small"
        aria-label="Workflow actors"
        columns={actorColumns(sort, display, actions)}
        dataSource={sortRows(actors.data?.items ?? [], sort)}
        loading={actors.isFetching}
        scroll={{ x: 'max-content' }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort(one?.order && one.columnKey ? { key: String(one.columnKey), order: one.order } : undefined);
        }}
        locale={{ emptyText: query.search ? 'No results found.' : 'No users' }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: actors.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => `${count} ${count === 1 ? 'user' : 'users'}`,
          onChange: (page, limit) => setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit })),
        }}
      />
      {editing && <ActorModal actor={editing} display={display} onClose={() => setEditing(undefined)} />}
    </>
  );
}
