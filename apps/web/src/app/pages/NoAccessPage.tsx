import { Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { routeInfo } from '../route-modules';
import { StatusMessage } from './StatusMessage';

/** A screen the role does not open (an address typed or kept from another role): said once, instead of a screen of refused calls. */
export function NoAccessPage() {
  const { pathname } = useLocation();
  const { page } = routeInfo(pathname);
  return (
    <StatusMessage
      status="warning"
      title={<span data-testid="no-access-title">Your role does not open {page}</span>}
      subTitle="Ask an administrator to grant the page to your role if you need it."
      extra={
        <Link to="/home">
          <Button type="primary">Home</Button>
        </Link>
      }
    />
  );
}
