import { PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { CompanyListItem } from '@erp/contracts';
import { csvFileName, downloadCsv, toCsv } from '../csv-export';
import { useCompanies } from '../organisation-api';
import { countLabel, useCompany } from '../shell-adapter';
import { CompanyFormModal } from './CompanyFormModal';
import { ListToolbar } from './ListToolbar';
import { LocalListNotice } from './LocalListNotice';

function companyColumns(
  ownId: string | undefined,
  onEdit: (company: CompanyListItem) => void,
): ColumnsType<CompanyListItem> {
  return [
    { title: 'No.', key: 'no', align: 'right', width: 60, render: (_value, _company, index) => index + 1 },
    {
      title: 'Code',
      dataIndex: 'code',
      sorter: (a, b) => a.code.localeCompare(b.code),
      defaultSortOrder: 'ascend',
    },
    {
      title: 'Description',
      dataIndex: 'description',
      sorter: (a, b) => a.description.localeCompare(b.description),
      render: (_value, company) => (
        <>
          {company.description} {company.id === ownId && <Tag color="blue">Your company</Tag>}
        </>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, company) => (
        <Button size="small" aria-label={`Edit company ${company.code}`} onClick={() => onEdit(company)}>
          Edit
        </Button>
      ),
    },
  ];
}

export function CompaniesPane() {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CompanyListItem | 'new' | undefined>();
  const companies = useCompanies(search);
  const own = useCompany();
  const rows = companies.data?.items ?? [];
  const exportCsv = () =>
    downloadCsv(
      csvFileName('companies'),
      toCsv(
        [
          { title: 'Code', value: (company: CompanyListItem) => company.code },
          { title: 'Description', value: (company) => company.description },
        ],
        rows,
      ),
    );

  return (
    <>
      <ListToolbar
        searchLabel="Search companies"
        placeholder="Search by code or description"
        onSearch={setSearch}
        onExport={exportCsv}
      >
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          New Company
        </Button>
      </ListToolbar>
      <LocalListNotice error={companies.error} shown={rows.length} total={companies.data?.total} />
      <Table<CompanyListItem>
        rowKey="id"
        size="small"
        aria-label="Companies"
        columns={companyColumns(own?.id, setEditing)}
        dataSource={rows}
        loading={companies.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          defaultPageSize: 20,
          showSizeChanger: true,
          showTotal: (total) => countLabel(total, 'company', 'companies'),
        }}
      />
      <CompanyFormModal company={editing} ownCompany={own} onClose={() => setEditing(undefined)} />
    </>
  );
}
