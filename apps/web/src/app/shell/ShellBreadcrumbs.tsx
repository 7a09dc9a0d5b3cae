import { Breadcrumb, Divider } from 'antd';
import { Link, useLocation } from 'react-router';
import { normalisePath } from '@erp/contracts';
import { routeInfo } from '../route-modules';

/** Module /view-all page, then the page, then the child page (SPEC.md section 2). */
export function ShellBreadcrumbs({ className, divider = false }: { className?: string; divider?: boolean }) {
  const { pathname } = useLocation();
  const path = normalisePath(pathname);
  const crumbs = path === '/home' ? [] : routeInfo(path).breadcrumbs;
  if (crumbs.length === 0) return null;
  const items = crumbs.map((crumb, index) => ({
    key: crumb.link,
    title: index === crumbs.length - 1 ? <span aria-current="page">{crumb.title}</span> : <Link to={crumb.link}>{crumb.title}</Link>,
  }));
  return (
    <nav aria-label="Breadcrumb" className={className} style={{ display: 'flex', alignItems: 'center' }}>
      {divider && <Divider orientation="vertical" />}
      <Breadcrumb items={items} />
    </nav>
  );
}
