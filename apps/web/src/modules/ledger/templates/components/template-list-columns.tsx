import { displayDate } from '@erp/contracts';
import { FileAddOutlined } from '@ant-design/icons';
import { Button, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { JournalTemplateListItem } from '@erp/contracts';
import { kindLabel } from '../../journals/journal-kinds';
import { orderOf } from '../list-state';

type Options = { sort: string | undefined; dateFormat: string; linkOf: (row: JournalTemplateListItem) => string; onMakeJournal: (row: JournalTemplateListItem) => void };

/** The template list's columns: code (a link), name, kind, lines, recurring journals using it, state, last change and Create journal. */
export function templateListColumns({ sort, dateFormat, linkOf, onMakeJournal }: Options): TableColumnsType<JournalTemplateListItem> {
  return [
    {
      title: 'Code',
      key: 'code',
      dataIndex: 'code',
      sorter: true,
      sortOrder: orderOf(sort, 'code'),
      render: (code: string, row) => (
        <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>
          {code}
        </Link>
      ),
    },
    { title: 'Name', key: 'name', dataIndex: 'name', sorter: true, sortOrder: orderOf(sort, 'name'), ellipsis: true },
    { title: 'Kind', key: 'kind', dataIndex: 'kind', sorter: true, sortOrder: orderOf(sort, 'kind'), responsive: ['md'], render: (kind: JournalTemplateListItem['kind']) => kindLabel[kind] },
    { title: 'Lines', key: 'lineCount', dataIndex: 'lineCount', align: 'right', responsive: ['sm'] },
    { title: 'Recurring', key: 'usedBy', dataIndex: 'usedBy', align: 'right', responsive: ['lg'] },
    {
      title: 'State',
      key: 'active',
      dataIndex: 'active',
      render: (active: boolean, row) => (
        <>
          <Tag color={active ? 'green' : undefined}>{active ? 'Active' : 'Inactive'}</Tag>
          {row.hasBlankAmounts && <Tag title="Some lines have no amount: each journal fills them">Amounts to fill</Tag>}
        </>
      ),
    },
    { title: 'Updated', key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, sortOrder: orderOf(sort, 'updatedAt'), responsive: ['lg'], render: (at: string) => displayDate(at.slice(0, 10), { dateFormat }) },
    {
      title: <span className="journal-grid-sr">Actions</span>,
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <Button
          size="small"
          icon={<FileAddOutlined aria-hidden />}
          disabled={!row.active}
          aria-label={`Create journal from ${row.code}`}
          onClick={(e) => {
            e.stopPropagation();
            onMakeJournal(row);
          }}
        >
          Create journal
        </Button>
      ),
    },
  ];
}
