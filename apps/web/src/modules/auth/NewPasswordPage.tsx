import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { userValidationMessages } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { FullPageWait } from '../../app/pages/FullPageWait';
import { removeSessionValue } from '../../app/session/session-store';
import { AuthLayout } from './AuthLayout';
import { changePassword } from './auth-api';
import { usePasswordChangeState } from './usePasswordChangeState';
import { StartAgain } from './VerificationPage';

type NewPasswordValues = { newPassword: string; confirmPassword: string };

/** The new password's checks, in the order and words of SPEC.md section 5. */
export function newPasswordProblem({ newPassword, confirmPassword }: NewPasswordValues): string | undefined {
  if (!newPassword) return userValidationMessages.password;
  if (!confirmPassword) return userValidationMessages.confirmPassword;
  if (newPassword !== confirmPassword) return userValidationMessages.mismatch;
  return undefined;
}

/** /new-password: sets the new password with the change token of a validated code. */
export function NewPasswordPage() {
  const { loaded, mail, changeToken } = usePasswordChangeState();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<NewPasswordValues>({ defaultValues: { newPassword: '', confirmPassword: '' } });
  if (!loaded) return <FullPageWait />;
  if (!mail || !changeToken) return <StartAgain />;
  const onSubmit = handleSubmit(async (values) => {
    const problem = newPasswordProblem(values);
    if (problem) return notify.error(problem);
    setBusy(true);
    const result = await changePassword(mail, values.newPassword, changeToken);
    setBusy(false);
    if (!result.ok) return notify.error(result.error.message);
    removeSessionValue('changeToken');
    removeSessionValue('loginMail');
    notify.success('Your password has been changed. Sign in with your new password.');
    navigate('/login', { replace: true });
  });
  return (
    <AuthLayout title="New Password" subtitle={`Choose a new password for ${mail}.`}>
      <Form layout="vertical" component={false} requiredMark={false}>
        <form onSubmit={onSubmit} aria-label="New Password" noValidate>
          <Form.Item label="New Password" htmlFor="new-password">
            <Controller control={control} name="newPassword" render={({ field }) => <Input.Password {...field} id="new-password" size="large" autoComplete="new-password" />} />
          </Form.Item>
          <Form.Item label="Confirm Password" htmlFor="confirm-password">
            <Controller control={control} name="confirmPassword" render={({ field }) => <Input.Password {...field} id="confirm-password" size="large" autoComplete="new-password" />} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            Change Password
          </Button>
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to="/login">Back to sign in</Link>
          </div>
        </form>
      </Form>
    </AuthLayout>
  );
}
