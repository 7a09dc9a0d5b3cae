import { useState, type FormEvent } from 'react';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { HOME_ROUTE, signInMessages } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { useSession } from '../../app/session/useSession';
import { AuthLayout } from './AuthLayout';
import { requestSignIn } from './auth-api';

export type LoginState = 'idle' | 'loading' | 'success' | 'failure';
type LoginValues = { email: string; password: string; remember: boolean };
type LoginErrors = Partial<Record<'email' | 'password', string>>;

/** The two rules of the sign-in form; checked on submit, then again at each change once a submit was tried. */
function loginErrors({ email, password }: LoginValues): LoginErrors {
  return { ...(email.trim() === '' && { email: signInMessages.email }), ...(password === '' && { password: signInMessages.password }) };
}

/**
 * SPEC.md section 2 login: idle, loading, then success (store the user, go to /home) or failure (banner).
 * Plain state rather than a form library: two fields and two rules, and the sign-in page is the first load of every visit
 * (react-hook-form weighed 14 KB compressed of its 250 KB budget).
 */
export function LoginPage() {
  const [state, setState] = useState<LoginState>('idle');
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: false });
  const [tried, setTried] = useState(false);
  const notify = useNotify();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const errors: LoginErrors = tried ? loginErrors(values) : {};
  const change = <K extends keyof LoginValues>(key: K, value: LoginValues[K]) => setValues((previous) => ({ ...previous, [key]: value }));
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (state === 'loading' || Object.keys(loginErrors(values)).length > 0) return;
    setState('loading');
    notify.hide();
    const result = await requestSignIn(values.email, values.password);
    if (!result.ok) {
      setState('failure');
      notify.error(result.error.message, 'Error');
      return;
    }
    setState('success');
    signIn(result.data);
    navigate(HOME_ROUTE, { replace: true });
  };
  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in with your email address and password.">
      <Form layout="vertical" component={false} requiredMark={false}>
        <form onSubmit={(event) => void onSubmit(event)} aria-label="Sign in" data-state={state} noValidate>
          <Form.Item label="Email address" htmlFor="login-email" validateStatus={errors.email ? 'error' : undefined} help={errors.email}>
            <Input
              id="login-email"
              name="email"
              type="email"
              size="large"
              autoComplete="username"
              prefix={<MailOutlined />}
              placeholder="name@company.com"
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
            />
          </Form.Item>
          <Form.Item label="Password" htmlFor="login-password" validateStatus={errors.password ? 'error' : undefined} help={errors.password}>
            <Input.Password
              id="login-password"
              name="password"
              size="large"
              autoComplete="current-password"
              prefix={<LockOutlined />}
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
            />
          </Form.Item>
          <Flex justify="space-between" align="center" style={{ marginBottom: 20 }}>
            <Checkbox checked={values.remember} onChange={(event) => change('remember', event.target.checked)}>
              Remember Me
            </Checkbox>
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
