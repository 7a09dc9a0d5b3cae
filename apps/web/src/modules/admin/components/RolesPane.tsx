import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import type { Role } from '@erp/contracts';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../csv-export';
import { useRoles } from '../roles-api';
import { countLabel, useGrants } from '../shell-adapter';
import { ListToolbar } from './ListToolbar';
import { LocalListNotice } from './LocalListNotice';
import { PermissionEditorCard } from './PermissionEditorCard';
import { RoleFormModal } from './RoleFormModal';

function roleColumns(onRename: ((role: Role) => void) | undefined, onPermissions: (role: Role) => void): ColumnsType<Role> {
  return [
    { title: 'No.', key: 'no', align: 'right', width: 60, render: (_value, _role, index) => index + 1 },
    {
      title: 'Name',
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      defaultSortOrder: 'ascend',
      render: (_value, role) => (
        <Flex vertical>
          <span>
            {role.name} {role.isSystem && <Tag>Built-in</Tag>}
          </span>
          {role.description && <Typography.Text type="secondary">{role.description}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, role) => (
        <Space size={4}>
          {onRename && (
            <Button size="small" aria-label={`Rename ${role.name}`} onClick={() => onRename(role)}>
              Rename
            </Button>
          )}
          <Button size="small" aria-label={`Permissions of ${role.name}`} onClick={() => onPermissions(role)}>
            Permissions
          </Button>
        </Space>
      ),
    },
  ];
}

const roleCsvColumns: CsvColumn<Role>[] = [
  { title: 'Name', value: (role) => role.name },
  { title: 'Description', value: (role) => role.description },
  { title: 'Built-in', value: (role) => (role.isSystem ? 'Yes' : 'No') },
];

/** Roles match a search on their name or description (the list is small and fetched whole). */
function matching(roles: readonly Role[] | undefined, search: string): Role[] {
  const text = search.trim().toLowerCase();
  return (roles ?? []).filter(
    (role) => !text || `${role.name} ${role.description ?? ''}`.toLowerCase().includes(text),
  );
}

export function RolesPane() {
  const roles = useRoles();
  const { may } = useGrants();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Role | 'new' | undefined>();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const editorRef = useRef<HTMLDivElement>(null);
  // Below the xl breakpoint the editor sits under the list: bring it into view when a role is opened.
  const openPermissions = (role: Role) => {
    setSelectedId(role.id);
    if (window.innerWidth < 1200)
      requestAnimationFrame(() =>
        editorRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }),
      );
  };

  const visible = matching(roles.data, search);
  const exportCsv = () => downloadCsv(csvFileName('roles'), toCsv(roleCsvColumns, visible));

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10} xxl={9}>
        <ListToolbar
          searchLabel="Search roles"
          placeholder="Search roles"
          onSearch={setSearch}
          onExport={exportCsv}
        >
          {may('SaveRole') && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
              New Role
            </Button>
          )}
        </ListToolbar>
        <LocalListNotice error={roles.error} shown={0} total={undefined} />
        <Table<Role>
          rowKey="id"
          size="small"
          aria-label="Roles"
          columns={roleColumns(may('EditRole') ? setEditing : undefined, openPermissions)}
          dataSource={visible}
          loading={roles.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (total) => countLabel(total, 'role') }}
          rowClassName={(role) => (role.id === selectedId ? 'ant-table-row-selected' : '')}
          onRow={(role) => ({ onClick: () => setSelectedId(role.id) })}
        />
      </Col>
      <Col xs={24} xl={14} xxl={15} ref={editorRef}>
        {selectedId ? (
          <PermissionEditorCard roleId={selectedId} />
        ) : (
          <Card title="Permissions">
            <Empty description="Choose a role to see and edit its permissions." />
          </Card>
        )}
      </Col>
      <RoleFormModal
        role={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(role) => setSelectedId(role.id)}
      />
    </Row>
  );
}
