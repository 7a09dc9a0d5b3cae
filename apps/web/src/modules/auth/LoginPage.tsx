import { useState } from 'react';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { HOME_ROUTE, signInMessages } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSession } from '../../app/session/useSession';
import { AuthLayout } from './AuthLayout';
import { requestSignIn } from './auth-api';

export type LoginState = 'idle' | 'loading' | 'success' | 'failure';
type LoginValues = { email: string; password: string; remember: boolean };

/** SPEC.md section 2 login: idle, loading, then success (store the user, go to /home) or failure (banner). */
export function LoginPage() {
  const [state, setState] = useState<LoginState>('idle');
  const notify = useNotify();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const { control, handleSubmit, formState } = useForm<LoginValues>({ defaultValues: { email: '', password: '', remember: false } });
  const onSubmit = handleSubmit(async ({ email, password }) => {
    setState('loading');
    notify.hide();
    const result = await requestSignIn(email, password);
    if (!result.ok) {
      setState('failure');
      notify.error(result.error.message, 'Error');
      return;
    }
    setState('success');
    signIn(result.data);
    navigate(HOME_ROUTE, { replace: true });
  });
  const { errors } = formState;
  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in with your email address and password.">
      <Form layout="vertical" component={false} requiredMark={false}>
        <form onSubmit={onSubmit} aria-label="Sign in" data-state={state} noValidate>
          <Form.Item label="Email address" htmlFor="login-email" validateStatus={errors.email ? 'error' : undefined} help={errors.email?.message}>
            <Controller
              control={control}
              name="email"
              rules={{ validate: (value) => value.trim() !== '' || signInMessages.email }}
              render={({ field }) => <Input {...field} id="login-email" type="email" size="large" autoComplete="username" prefix={<MailOutlined />} placeholder="name@company.com" />}
            />
          </Form.Item>
          <Form.Item label="Password" htmlFor="login-password" validateStatus={errors.password ? 'error' : undefined} help={errors.password?.message}>
            <Controller
              control={control}
              name="password"
              rules={{ required: signInMessages.password }}
              render={({ field }) => <Input.Password {...field} id="login-password" size="large" autoComplete="current-password" prefix={<LockOutlined />} />}
            />
          </Form.Item>
          <Flex justify="space-between" align="center" style={{ marginBottom: 20 }}>
            <Controller
              control={control}
              name="remember"
              render={({ field: { value, onChange, ref } }) => (
                <Checkbox ref={ref} checked={value} onChange={(event) => onChange(event.target.checked)}>
                  Remember Me
                </Checkbox>
              )}
            />
            <Link to="/forgot-password">Forgot Password</Link>
          </Flex>
          <Button type="primary" htmlType="submit" size="large" block loading={state === 'loading'}>
            Sign In
          </Button>
        </form>
      </Form>
    </AuthLayout>
  );
}
