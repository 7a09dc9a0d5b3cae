import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DEFAULT_LIST_SIZE, type UserView } from '@erp/contracts';
import type { CsvColumn } from '../csv-export';
import type { Display } from '../../../shared/useDisplay';
import type { UsersFilter } from '../users-query';
import { StatusTag } from './StatusTag';

type ColumnOptions = {
  filter: UsersFilter;
  display: Display;
  companyNames: ReadonlyMap<string, string>;
  onEdit: (user: UserView) => void;
  onStatus: (user: UserView) => void;
  /** Offered only where the server will accept it (EditUser; anyone may edit their own record). */
  mayEdit: (user: UserView) => boolean;
  mayChangeStatus: boolean;
};

/*
 * The server pages the list sorted by name; the name sorter orders the page on screen (ascending
 * as it arrives, or descending).
 */
export function userColumns({
  filter,
  display,
  companyNames,
  onEdit,
  onStatus,
  mayEdit,
  mayChangeStatus,
}: ColumnOptions): ColumnsType<UserView> {
  const offset = ((filter.page ?? 1) - 1) * (filter.pageSize ?? DEFAULT_LIST_SIZE);
  return [
    {
      title: 'No.',
      key: 'no',
      align: 'right',
      width: 60,
      render: (_value, _user, index) => offset + index + 1,
    },
    {
      title: 'Name',
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      defaultSortOrder: 'ascend',
      sortDirections: ['ascend', 'descend', 'ascend'],
    },
    { title: 'Email', dataIndex: 'mailAddress' },
    { title: 'Role', dataIndex: 'role' },
    { title: 'Company', key: 'company', render: (_value, user) => companyNames.get(user.company) ?? '' },
    { title: 'Phone', dataIndex: 'phoneNumber' },
    { title: 'Status', dataIndex: 'status', render: (_value, user) => <StatusTag status={user.status} /> },
    {
      title: 'Last Login',
      dataIndex: 'lastLogin',
      render: (_value, user) => display.dateTime(user.lastLogin),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, user) => (
        <Space size={4}>
          {mayEdit(user) && (
            <Button size="small" aria-label={`Edit ${user.name}`} onClick={() => onEdit(user)}>
              Edit
            </Button>
          )}
          {mayChangeStatus && (
            <Button size="small" aria-label={`Change status of ${user.name}`} onClick={() => onStatus(user)}>
              Status
            </Button>
          )}
        </Space>
      ),
    },
  ];
}

export function userCsvColumns(
  display: Display,
  companyNames: ReadonlyMap<string, string>,
): CsvColumn<UserView>[] {
  return [
    { title: 'Name', value: (user) => user.name },
    { title: 'Email', value: (user) => user.mailAddress },
    { title: 'Role', value: (user) => user.role },
    { title: 'Company', value: (user) => companyNames.get(user.company) ?? '' },
    { title: 'Phone', value: (user) => user.phoneNumber },
    { title: 'Status', value: (user) => user.status },
    { title: 'Reason', value: (user) => user.reason },
    { title: 'Last Login', value: (user) => display.dateTime(user.lastLogin) },
  ];
}
