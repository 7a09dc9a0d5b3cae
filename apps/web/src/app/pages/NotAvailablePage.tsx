import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { Link, useLocation } from 'react-router';
import { moduleByName, viewAllLink, type ModuleName } from '@erp/contracts';
import { notAvailableText, routeInfo } from '../route-modules';

/** A protected route whose module is not built yet, shown inside the shell with its breadcrumbs. */
export function NotAvailablePage() {
  const { pathname } = useLocation();
  const info = routeInfo(pathname);
  const module = info.module ? moduleByName(info.module) : undefined;
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={<span data-testid="not-available-title">{notAvailableText(pathname)}</span>}
      subTitle={`The ${info.page} screen${info.module ? ` of the ${info.module} module` : ''} has not been released in this version yet. Nothing is lost: the page will appear here once it is available.`}
      extra={
        <Space wrap>
          {module && (
            <Link to={viewAllLink(module.name as ModuleName)}>
              <Button type="primary">All {module.name} pages</Button>
            </Link>
          )}
          <Link to="/home">
            <Button>Home</Button>
          </Link>
        </Space>
      }
    />
  );
}
