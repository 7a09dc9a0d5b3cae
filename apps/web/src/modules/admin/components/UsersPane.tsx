import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Table, type TablePaginationConfig } from 'antd';
import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { DEFAULT_LIST_SIZE, type Role, type UserView } from '@erp/contracts';
import { errorMessage } from '../api-client';
import { csvFileName, downloadCsv, toCsv } from '../csv-export';
import { useDisplay, type Display } from '../../../shared/useDisplay';
import { useCompanies } from '../organisation-api';
import { useRoles } from '../roles-api';
import { countLabel, useGrants, useNotify, useSignedInUser } from '../shell-adapter';
import { fetchAllUsers, useUsers } from '../users-api';
import { defaultRoleFor } from '../user-save';
import type { UsersFilter } from '../users-query';
import { ListToolbar } from './ListToolbar';
import { LocalListNotice } from './LocalListNotice';
import { UserFormDrawer } from './UserFormDrawer';
import { UserStatusModal } from './UserStatusModal';
import { userColumns, userCsvColumns } from './user-columns';

/** Writes every user of the current filter (all pages) to a CSV file. */
function useUsersExport(filter: UsersFilter, display: Display, companyNames: ReadonlyMap<string, string>) {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllUsers(filter);
      downloadCsv(csvFileName('users'), toCsv(userCsvColumns(display, companyNames), all));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}

type SetFilter = Dispatch<SetStateAction<UsersFilter>>;

function RoleFilter(props: {
  roles: Role[] | undefined;
  loading: boolean;
  filter: UsersFilter;
  setFilter: SetFilter;
}) {
  const options = [
    { value: '', label: 'All roles' },
    ...(props.roles ?? []).map((role) => ({ value: role.id, label: role.name })),
  ];
  return (
    <Select
      aria-label="Filter by role"
      value={props.filter.roleId ?? ''}
      options={options}
      loading={props.loading}
      onChange={(roleId: string) =>
        props.setFilter((current) => ({ ...current, roleId: roleId || undefined, page: 1 }))
      }
      style={{ width: 200 }}
    />
  );
}

/** Server-side paging: a new page size starts again at page 1. */
function pagination(filter: UsersFilter, total: number, setFilter: SetFilter): TablePaginationConfig {
  return {
    current: filter.page,
    pageSize: filter.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (count) => countLabel(count, 'user'),
    onChange: (page, pageSize) =>
      setFilter((current) => ({ ...current, page: pageSize === current.pageSize ? page : 1, pageSize })),
  };
}

export function UsersPane() {
  const [filter, setFilter] = useState<UsersFilter>({ page: 1, pageSize: DEFAULT_LIST_SIZE });
  const [editing, setEditing] = useState<UserView | 'new' | undefined>();
  const [statusOf, setStatusOf] = useState<UserView | undefined>();
  const users = useUsers(filter);
  const roles = useRoles();
  const companies = useCompanies();
  const display = useDisplay();
  const { may } = useGrants();
  const self = useSignedInUser().mailAddress;

  const companyNames = useMemo(
    () => new Map((companies.data?.items ?? []).map((company) => [company.id, company.description])),
    [companies.data],
  );
  const columns = userColumns({
    filter,
    display,
    companyNames,
    onEdit: setEditing,
    onStatus: setStatusOf,
    mayEdit: (user) => may('EditUser') || user.mailAddress === self,
    mayChangeStatus: may('EditUser'),
  });
  const { exporting, exportCsv } = useUsersExport(filter, display, companyNames);

  return (
    <>
      <ListToolbar
        searchLabel="Search users"
        placeholder="Search by name or email"
        onSearch={(search) => setFilter((current) => ({ ...current, search, page: 1 }))}
        onExport={() => void exportCsv()}
        exporting={exporting}
      >
        <RoleFilter roles={roles.data} loading={roles.isLoading} filter={filter} setFilter={setFilter} />
        {may('SaveUser') && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            New User
          </Button>
        )}
      </ListToolbar>
      <LocalListNotice error={users.error} shown={0} total={undefined} />
      <Table<UserView>
        rowKey="code"
        size="small"
        aria-label="Users"
        columns={columns}
        dataSource={users.data?.items ?? []}
        loading={users.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={pagination(filter, users.data?.total ?? 0, setFilter)}
      />
      <UserFormDrawer
        open={editing !== undefined}
        user={editing === 'new' ? undefined : editing}
        roles={roles.data ?? []}
        companies={companies.data?.items ?? []}
        defaultRoleId={defaultRoleFor(roles.data ?? [], filter.roleId)}
        onClose={() => setEditing(undefined)}
      />
      <UserStatusModal user={statusOf} onClose={() => setStatusOf(undefined)} />
    </>
  );
}
