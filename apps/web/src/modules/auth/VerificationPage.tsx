import { useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import { OTP_DIGITS } from '@erp/contracts';
import { useNotify } from '../../app/notifications/useNotify';
import { setSessionValue } from '../../app/session/session-store';
import { FullPageWait } from '../../app/pages/FullPageWait';
import { AuthLayout } from './AuthLayout';
import { requestPasswordChange, validateOtp } from './auth-api';
import { usePasswordChangeState } from './usePasswordChangeState';

/** /verification: the 6-digit code; its change token is kept in the session store for /new-password. */
export function VerificationPage() {
  const { loaded, mail } = usePasswordChangeState();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  if (!loaded) return <FullPageWait />;
  if (!mail) return <StartAgain />;
  const verify = async () => {
    if (code.length !== OTP_DIGITS) return notify.error(`Please enter the ${OTP_DIGITS}-digit code`);
    setBusy(true);
    const result = await validateOtp(mail, code);
    setBusy(false);
    if (!result.ok) return notify.error(result.error.message);
    await setSessionValue('changeToken', result.data.changeToken);
    notify.hide();
    navigate('/new-password');
  };
  const resend = async () => {
    const result = await requestPasswordChange(mail);
    if (result.ok) notify.success(result.data.message);
    else notify.error(result.error.message);
  };
  return (
    <AuthLayout title="Verification" subtitle={`Enter the ${OTP_DIGITS}-digit code sent to ${mail}. The code is valid for a few minutes and works once.`}>
      <form
        aria-label="Verification"
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <Form.Item label="Verification code" htmlFor="otp-code" layout="vertical">
          <Input.OTP id="otp-code" length={OTP_DIGITS} size="large" value={code} onChange={setCode} aria-label="Verification code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          Verify
        </Button>
        <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Button type="link" style={{ padding: 0 }} onClick={() => void resend()}>
            Send a new code
          </Button>
          <Link to="/login">Back to sign in</Link>
        </div>
      </form>
    </AuthLayout>
  );
}

export function StartAgain() {
  return (
    <AuthLayout title="Password change">
      <Result status="info" title="Please start again" subTitle="This step needs the email address you entered on the Forgot Password page." extra={<Link to="/forgot-password"><Button type="primary">Forgot Password</Button></Link>} />
    </AuthLayout>
  );
}
