import { useState } from 'react';
import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { userValidationMessages } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { removeSessionValue, setSessionValue } from '../../app/session/session-store';
import { AuthLayout } from './AuthLayout';
import { requestPasswordChange } from './auth-api';

/** /forgot-password: mails a one-time code to the address, then asks for it on /verification. */
export function ForgotPasswordPage() {
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useForm<{ mail: string }>({ defaultValues: { mail: '' } });
  const onSubmit = handleSubmit(async ({ mail }) => {
    setBusy(true);
    const result = await requestPasswordChange(mail);
    setBusy(false);
    if (!result.ok) return notify.error(result.error.message);
    await setSessionValue('loginMail', mail.trim());
    removeSessionValue('changeToken');
    notify.success(result.data.message);
    navigate('/verification');
  });
  const error = formState.errors.mail?.message;
  return (
    <AuthLayout title="Forgot Password" subtitle="Enter the email address of your account. We will send you a 6-digit code to set a new password.">
      <Form layout="vertical" component={false} requiredMark={false}>
        <form onSubmit={onSubmit} aria-label="Forgot Password" noValidate>
          <Form.Item label="Email address" htmlFor="forgot-mail" validateStatus={error ? 'error' : undefined} help={error}>
            <Controller
              control={control}
              name="mail"
              rules={{ validate: (value) => value.trim() !== '' || userValidationMessages.email }}
              render={({ field }) => <Input {...field} id="forgot-mail" type="email" size="large" autoComplete="email" prefix={<MailOutlined />} />}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            Send code
          </Button>
          <div style={{ marginTop: 16, textAlign: 'center' }}>
            <Link to="/login">Back to sign in</Link>
          </div>
        </form>
      </Form>
    </AuthLayout>
  );
}
