import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import type { Role } from '@erp/contracts';
import { errorMessage } from '../api-client';
import {
  grantsFromPermissions,
  permissionsFromGrants,
  permissionTree,
  type Grants,
  type ModuleNode,
} from '../permission-tree';
import { isAdministratorRole, useRole, useSavePermissions } from '../roles-api';
import { useNotify } from '../shell-adapter';
import { PermissionEditor } from './PermissionEditor';

/** Why the built-in Administrator role is shown read-only (the server refuses to change it too). */
export const ADMINISTRATOR_READ_ONLY =
  'The Administrator role always holds every permission; its permissions cannot be edited.';

type Expansion = { expanded: ReadonlySet<string>; setExpanded: (next: ReadonlySet<string>) => void };

export function PermissionEditorCard({ roleId }: { roleId: string }) {
  const role = useRole(roleId);
  const tree = useMemo(() => permissionTree(), []);
  // Kept here so that saving (which reloads the role) leaves the open modules open.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([tree[0]?.name ?? '']));
  if (role.isError) return <Alert type="error" showIcon title={errorMessage(role.error)} />;
  if (!role.data) {
    return (
      <Card title="Permissions">
        <Skeleton active />
      </Card>
    );
  }
  // Remounting on a new role or a fresh answer starts the editor from what the server holds.
  return (
    <RolePermissions
      key={`${role.data.id}:${role.dataUpdatedAt}`}
      role={role.data}
      tree={tree}
      expanded={expanded}
      setExpanded={setExpanded}
    />
  );
}

function RolePermissions({
  role,
  tree,
  expanded,
  setExpanded,
}: Expansion & { role: Role; tree: readonly ModuleNode[] }) {
  const notify = useNotify();
  const save = useSavePermissions();
  const saved = useMemo(() => grantsFromPermissions(role.permissions ?? [], tree), [role.permissions, tree]);
  const [grants, setGrants] = useState<Grants>(saved);
  const payload = useMemo(() => permissionsFromGrants(grants, tree), [grants, tree]);
  const savedPayload = useMemo(() => JSON.stringify(permissionsFromGrants(saved, tree)), [saved, tree]);
  const readOnly = isAdministratorRole(role);
  const changed = JSON.stringify(payload) !== savedPayload;

  const toggle = (name: string) => {
    const next = new Set(expanded);
    if (!next.delete(name)) next.add(name);
    setExpanded(next);
  };
  const submit = async () => {
    try {
      await save.mutateAsync({ roleId: role.id, permissions: payload });
      notify.success();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const actions = (
    <Flex gap={8} wrap>
      <Button size="small" onClick={() => setExpanded(new Set(tree.map((module) => module.name)))}>
        Expand all
      </Button>
      <Button size="small" onClick={() => setExpanded(new Set())}>
        Collapse all
      </Button>
      <Button size="small" disabled={readOnly || !changed} onClick={() => setGrants(saved)}>
        Reset
      </Button>
      <Button
        size="small"
        type="primary"
        disabled={readOnly || !changed}
        loading={save.isPending}
        onClick={() => void submit()}
      >
        Save Permissions
      </Button>
    </Flex>
  );
  return (
    <Card title={`Permissions of ${role.name}`}>
      <div style={{ marginBottom: 12 }}>{actions}</div>
      {readOnly && (
        <Alert type="warning" showIcon title={ADMINISTRATOR_READ_ONLY} style={{ marginBottom: 12 }} />
      )}
      <PermissionEditor
        tree={tree}
        grants={grants}
        onUpdate={setGrants}
        readOnly={readOnly}
        expanded={expanded}
        onToggle={toggle}
      />
    </Card>
  );
}
