import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Spin, Table, type TableColumnsType, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_LIST_SIZE, hasOperation, intercompanyTemplateOperations as ops, type IntercompanyTemplateListItem, type IntercompanyTemplateView } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useNotify } from '../../../../app/notifications/useNotify';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useDebouncedValue } from '../../../../shared/kit';
import { DateTimeText } from '../../../../shared/DisplayText';
import { DueAccountsCard } from '../components/DueAccountsCard';
import { IcTemplateDrawer } from '../components/IcTemplateDrawer';
import { TransferButtons } from '../../../../shared/transfer';
import { fetchIcTemplate, fetchIcTemplates, icKey, type TemplateListState } from '../intercompany-api';
import { icTransfer } from '../intercompany-transfer';
import { useIcReference } from '../useIcReference';

type Sorter = Parameters<NonNullable<TableProps<IntercompanyTemplateListItem>['onChange']>>[2];
const orderOf = (sort: string | undefined, field: string) => (sort === field ? ('ascend' as const) : sort === `-${field}` ? ('descend' as const) : null);

function columns(sort: string | undefined): TableColumnsType<IntercompanyTemplateListItem> {
  return [
    { title: 'Code', key: 'code', dataIndex: 'code', sorter: true, sortOrder: orderOf(sort, 'code') },
    { title: 'Name', key: 'name', dataIndex: 'name', sorter: true, sortOrder: orderOf(sort, 'name') },
    { title: 'Partner', key: 'partner', render: (_, row) => <span title={row.partnerName}>{row.partnerCode}</span> },
    { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['md'] },
    { title: 'Lines', key: 'lineCount', dataIndex: 'lineCount', align: 'right', width: 72 },
    { title: 'Updated', key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, sortOrder: orderOf(sort, 'updatedAt'), responsive: ['lg'], render: (at: string) => <DateTimeText value={at} /> },
  ];
}

/** /intercompany-journal-template: the due accounts per partner, and the templates (list, search, sort, pages, editor, import, export). */
export default function IntercompanyTemplatePage() {
  const reference = useIcReference();
  const notify = useNotify();
  const canSave = hasOperation(useSignedInUser().parentRole.permissions, ops.save);
  const [state, setState] = useState<TemplateListState>({ search: '', sort: 'code', page: 1, pageSize: DEFAULT_LIST_SIZE });
  const [searchText, setSearchText] = useState('');
  const settled = useDebouncedValue(searchText);
  useEffect(() => setState((s) => (s.search === settled ? s : { ...s, search: settled, page: 1 })), [settled]);
  const list = useQuery({ queryKey: [...icKey, 'list', 'templates', state], queryFn: ({ signal }) => fetchIcTemplates(state, signal), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<{ template: IntercompanyTemplateView | undefined } | undefined>();
  const open = async (id: string) => {
    try {
      setEditing({ template: await fetchIcTemplate(id) });
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    }
  };
  const onChange = (page: number | undefined, pageSize: number | undefined, sorter: Sorter, action: string) => {
    if (action === 'paginate') setState((s) => ({ ...s, pageSize: pageSize ?? s.pageSize, page: pageSize === s.pageSize ? (page ?? 1) : 1 }));
    if (action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.columnKey ? String(one.columnKey) : undefined;
    setState((s) => ({ ...s, page: 1, sort: field && one?.order ? (one.order === 'ascend' ? field : `-${field}`) : 'code' }));
  };

  if (reference.error) return <Alert type="error" showIcon title={reference.error.message} />;
  const own = reference.own;
  if (!own) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <>
      <PageHeading
        title="Intercompany Journal Templates"
        extra={
          <Flex wrap gap={8}>
            <TransferButtons {...icTransfer('templates', state)} exportLabel={ops.export} importLabel={ops.import} />
            {canSave && <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ template: undefined })}>New template</Button>}
          </Flex>
        }
      />
      <DueAccountsCard partners={reference.partners} ownCode={own.code} />
      <Input.Search
        aria-label="Search templates"
        placeholder="Search templates"
        allowClear
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        onSearch={(text) => {
          setSearchText(text);
          setState((s) => ({ ...s, search: text, page: 1 }));
        }}
        style={{ width: 320, maxWidth: '100%', marginBottom: 12 }}
      />
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<IntercompanyTemplateListItem>
        rowKey="id"
        size="small"
        aria-label="Intercompany templates"
        columns={columns(state.sort)}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => void open(row.id), style: { cursor: 'pointer' } })}
        locale={{ emptyText: state.search ? 'No results found.' : 'No intercompany templates yet' }}
        onChange={(pagination, _filters, sorter, extra) => onChange(pagination.current, pagination.pageSize, sorter, extra.action)}
        pagination={{ current: state.page, pageSize: state.pageSize, total: list.data?.total ?? 0, showSizeChanger: true, showTotal: (n) => `${n} ${n === 1 ? 'template' : 'templates'}` }}
      />
      {editing && <IcTemplateDrawer key={editing.template?.id ?? 'new'} template={editing.template} reference={{ ...reference, own }} onClose={() => setEditing(undefined)} />}
    </>
  );
}
