import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { datePattern, DEFAULT_LIST_SIZE, hasOperation, type JournalTemplateListItem } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { useDebouncedValue } from '../../../../shared/kit';
import { nextListState } from '../list-state';
import { fetchTemplates, templatesKey, type ListState } from '../templates-api';
import { TEMPLATE_LINK } from '../useTemplateActions';
import { CreateJournalModal } from './CreateJournalModal';
import { templateListColumns } from './template-list-columns';
import { TransferButtons } from '../../../../shared/transfer';
import { templatesTransfer } from '../templates-transfer';
import '../../journals/ledger-screens.css';

/** The journal templates: server-side search, sort and paging; export and import; a journal from any active one. */
export function TemplateList({ dateFormat }: { dateFormat: string }) {
  const navigate = useNavigate();
  const canSave = hasOperation(useSignedInUser().parentRole.permissions, 'SaveJournalTemplate');
  const [state, setState] = useState<ListState>({ search: '', sort: 'code', page: 1, pageSize: DEFAULT_LIST_SIZE });
  const [searchText, setSearchText] = useState('');
  const [making, setMaking] = useState<JournalTemplateListItem>();
  const settled = useDebouncedValue(searchText);
  useEffect(() => setState((current) => (current.search === settled ? current : { ...current, search: settled, page: 1 })), [settled]);
  const list = useQuery({ queryKey: [...templatesKey, 'list', state], queryFn: ({ signal }) => fetchTemplates(state, signal), placeholderData: keepPreviousData });
  const linkOf = (row: JournalTemplateListItem) => `${TEMPLATE_LINK}?id=${row.id}`;

  return (
    <>
      <PageHeading
        title="Journal Templates"
        subtitle="Reusable line sets: make a journal from one, or run one on a schedule as a recurring journal"
        extra={
          <Flex wrap gap={8}>
            <TransferButtons {...templatesTransfer('templates', state)} exportLabel="ExportJournalTemplate" importLabel="ImportJournalTemplate" />
            {canSave && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(`${TEMPLATE_LINK}?new=1`)}>
                New template
              </Button>
            )}
          </Flex>
        }
      />
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Search templates"
          placeholder="Search templates"
          title="Searches code, name and description"
          allowClear
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(text) => {
            setSearchText(text);
            setState((current) => ({ ...current, search: text, page: 1 }));
          }}
          style={{ width: 300, maxWidth: '100%' }}
        />
      </Flex>
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<JournalTemplateListItem>
        rowKey="id"
        size="small"
        aria-label="Journal Templates"
        columns={templateListColumns({ sort: state.sort, dateFormat, linkOf, onMakeJournal: setMaking })}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => void navigate(linkOf(row)), style: { cursor: 'pointer' } })}
        locale={{ emptyText: state.search ? 'No results found.' : 'No journal templates yet' }}
        onChange={(pagination, _filters, sorter, extra) => setState((current) => nextListState(current, pagination.current, pagination.pageSize, sorter, extra.action, 'code'))}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => `${count} ${count === 1 ? 'template' : 'templates'}`,
        }}
      />
      <CreateJournalModal template={making} dateFormat={datePattern(dateFormat)} onClose={() => setMaking(undefined)} />
    </>
  );
}
