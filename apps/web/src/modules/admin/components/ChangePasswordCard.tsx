import { Alert, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../api-client';
import { passwordChangeBody, validatePasswordChange, type PasswordChangeValues } from '../password-change';
import { useNotify, useSession, useSignedInUser } from '../shell-adapter';
import { useChangePassword } from '../users-api';
import { TextField } from './FormFields';

const fields: { name: keyof PasswordChangeValues; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', autoComplete: 'new-password' },
];

export function ChangePasswordCard() {
  const notify = useNotify();
  const session = useSession();
  const user = useSignedInUser();
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const { control, handleSubmit, reset } = useForm<PasswordChangeValues>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    const message = validatePasswordChange(values);
    if (message) return notify.error(message);
    try {
      await change.mutateAsync(await passwordChangeBody(user.mailAddress, values));
      reset();
      setChanged(true);
      notify.success();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <Card title="Change Password">
      {changed ? (
        // The server ends every session of the user when the password changes.
        <Alert
          type="success"
          showIcon
          title="Your password has changed. Sign in again with the new password."
          action={<Button onClick={() => session.logout()}>Sign in again</Button>}
        />
      ) : (
        <Form layout="vertical" onFinish={() => void submit()}>
          {fields.map(({ name, label, autoComplete }) => (
            <TextField
              key={name}
              control={control}
              name={name}
              label={label}
              id={`profile-${name}`}
              type="password"
              required
              autoComplete={autoComplete}
            />
          ))}
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Change Password
          </Button>
        </Form>
      )}
    </Card>
  );
}
