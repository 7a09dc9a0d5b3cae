import { PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Tenant } from '@erp/contracts';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../csv-export';
import { useDisplay, type Display } from '../../../shared/useDisplay';
import { useTenants } from '../organisation-api';
import { countLabel } from '../shell-adapter';
import { ListToolbar } from './ListToolbar';
import { LocalListNotice } from './LocalListNotice';
import { StatusTag } from './StatusTag';
import { TenantFormModal } from './TenantFormModal';

function tenantColumns(display: Display, onEdit: (tenant: Tenant) => void): ColumnsType<Tenant> {
  return [
    { title: 'No.', key: 'no', align: 'right', width: 60, render: (_value, _tenant, index) => index + 1 },
    {
      title: 'Code',
      dataIndex: 'code',
      sorter: (a, b) => a.code.localeCompare(b.code),
      defaultSortOrder: 'ascend',
    },
    { title: 'Name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
    { title: 'Host', dataIndex: 'host' },
    {
      title: 'License Manager',
      dataIndex: 'isLicenseManager',
      render: (_value, tenant) => (tenant.isLicenseManager ? <Tag color="blue">Yes</Tag> : 'No'),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (_value, tenant) => <StatusTag status={tenant.status} />,
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      render: (_value, tenant) => display.dayOf(tenant.createdAt),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, tenant) => (
        <Button size="small" aria-label={`Edit tenant ${tenant.code}`} onClick={() => onEdit(tenant)}>
          Edit
        </Button>
      ),
    },
  ];
}

function tenantCsvColumns(display: Display): CsvColumn<Tenant>[] {
  return [
    { title: 'Code', value: (tenant) => tenant.code },
    { title: 'Name', value: (tenant) => tenant.name },
    { title: 'Host', value: (tenant) => tenant.host },
    { title: 'License Manager', value: (tenant) => (tenant.isLicenseManager ? 'Yes' : 'No') },
    { title: 'Status', value: (tenant) => tenant.status },
    { title: 'Created', value: (tenant) => display.dayOf(tenant.createdAt) },
  ];
}

/** The tenants the signed-in user may see (their own); a license manager creates new ones on /create-admin. */
export function TenantsPane() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Tenant | undefined>();
  const tenants = useTenants(search);
  const display = useDisplay();
  const rows = tenants.data?.items ?? [];
  const isLicenseManager = rows.some((tenant) => tenant.isLicenseManager);

  return (
    <>
      <ListToolbar
        searchLabel="Search tenants"
        placeholder="Search by code or name"
        onSearch={setSearch}
        onExport={() => downloadCsv(csvFileName('tenants'), toCsv(tenantCsvColumns(display), rows))}
      >
        {isLicenseManager && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => void navigate('/create-admin')}
          >
            New Tenant
          </Button>
        )}
      </ListToolbar>
      <LocalListNotice error={tenants.error} shown={rows.length} total={tenants.data?.total} />
      <Table<Tenant>
        rowKey="id"
        size="small"
        aria-label="Tenants"
        columns={tenantColumns(display, setEditing)}
        dataSource={rows}
        loading={tenants.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (total) => countLabel(total, 'tenant') }}
      />
      <TenantFormModal tenant={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
