import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Modal } from 'antd';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { userStatuses, userStatusSchema, type UserView } from '@erp/contracts';
import { errorMessage } from '../api-client';
import { useNotify } from '../shell-adapter';
import { useEditUser } from '../users-api';
import { FormButtons } from './FormButtons';
import { optionsOf, SelectField, TextField } from './FormFields';

/* Disabling or deleting an account is explained: the reason stays on the user record. */
const statusChangeSchema = z
  .object({ status: userStatusSchema, reason: z.string().trim().max(500) })
  .refine((value) => value.status === 'Active' || value.reason !== '', {
    path: ['reason'],
    message: 'Please supply a reason',
  });
type StatusChange = z.infer<typeof statusChangeSchema>;

export function UserStatusModal({ user, onClose }: { user: UserView | undefined; onClose: () => void }) {
  return (
    <Modal
      open={user !== undefined}
      title={user ? `Change status of ${user.name}` : undefined}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {user && <StatusForm key={user.code} user={user} onClose={onClose} />}
    </Modal>
  );
}

function StatusForm({ user, onClose }: { user: UserView; onClose: () => void }) {
  const notify = useNotify();
  const edit = useEditUser();
  const { control, handleSubmit } = useForm<StatusChange>({
    resolver: zodResolver(statusChangeSchema),
    defaultValues: { status: user.status === 'Active' ? 'Disabled' : user.status, reason: user.reason ?? '' },
  });

  const submit = handleSubmit(async ({ status, reason }) => {
    const { code, name, mailAddress } = user;
    try {
      await edit.mutateAsync({ code, name, mailAddress, status, reason, state: 'Changed' });
      notify.success();
      onClose();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <Form layout="vertical" onFinish={() => void submit()}>
      <SelectField
        control={control}
        name="status"
        label="Status"
        id="status-change-status"
        options={optionsOf(userStatuses)}
      />
      <TextField
        control={control}
        name="reason"
        label="Reason"
        id="status-change-reason"
        type="textarea"
        maxLength={500}
      />
      <FormButtons onCancel={onClose} saving={edit.isPending} />
    </Form>
  );
}
