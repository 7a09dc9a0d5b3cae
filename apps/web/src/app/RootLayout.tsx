import { Suspense } from 'react';
import { Button, Flex } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageWait } from './pages/FullPageWait';
import { StatusMessage } from './pages/StatusMessage';
import { decideAccess } from './route-access';
import { useSession } from './session/useSession';
import { SERVER_UNREACHABLE_MESSAGE, useStartupCheck } from './startup/useStartupCheck';

/** Every route passes here: the start-up user check, then the access rules of SPEC.md section 2. */
export function RootLayout() {
  const startup = useStartupCheck();
  const { user } = useSession();
  const location = useLocation();
  if (startup.status === 'checking') return <FullPageWait />;
  if (startup.status === 'unreachable') {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <StatusMessage
          status="error"
          title={SERVER_UNREACHABLE_MESSAGE}
          extra={<Button type="primary" onClick={startup.retry}>Try again</Button>}
        />
      </Flex>
    );
  }
  const decision = decideAccess(location.pathname, { signedIn: user !== undefined, tenantHasUser: startup.tenantHasUser });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<FullPageWait />}>
      <Outlet />
    </Suspense>
  );
}
