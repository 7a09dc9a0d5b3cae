import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Modal } from 'antd';
import { useForm } from 'react-hook-form';
import { roleSchema, type Role } from '@erp/contracts';
import { errorMessage } from '../api-client';
import { useSaveRole } from '../roles-api';
import { useNotify } from '../shell-adapter';
import { FormButtons } from './FormButtons';
import { TextField } from './FormFields';

type Props = {
  /** 'new' to create a role, a role to rename, nothing when closed. */
  role: Role | 'new' | undefined;
  onClose: () => void;
  onSaved?: (role: Role) => void;
};

export function RoleFormModal({ role, onClose, onSaved }: Props) {
  const title = role === 'new' ? 'New Role' : role ? `Rename ${role.name}` : undefined;
  const existing = role === 'new' ? undefined : role;
  return (
    <Modal open={role !== undefined} title={title} footer={null} onCancel={onClose} destroyOnHidden>
      {role !== undefined && (
        <RoleForm key={existing?.id ?? 'new'} role={existing} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function RoleForm({ role, onClose, onSaved }: { role: Role | undefined } & Omit<Props, 'role'>) {
  const notify = useNotify();
  const save = useSaveRole();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(roleSchema),
    defaultValues: { id: role?.id, name: role?.name ?? '', description: role?.description ?? '' },
  });

  const submit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      notify.success();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  // The server refuses to rename a built-in role; its description may still change.
  const builtIn = role?.isSystem === true;
  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      <TextField
        control={control}
        name="name"
        label="Role Name"
        id="role-name"
        required
        maxLength={100}
        disabled={builtIn}
        extra={builtIn ? 'A built-in role cannot be renamed.' : undefined}
      />
      <TextField
        control={control}
        name="description"
        label="Description"
        id="role-description"
        type="textarea"
        rows={2}
        maxLength={500}
      />
      <FormButtons onCancel={onClose} saving={save.isPending} />
    </Form>
  );
}
