import { Suspense, type ReactNode } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useLayout } from '../../shared/layout';
import { FullPageWait } from '../pages/FullPageWait';
import { SIDEBAR_BG } from '../theme/theme';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';
import { ShellFooter } from './ShellFooter';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebarState } from './useSidebarState';
import { useVisibleMenu } from './useVisibleMenu';

/** The page shell around a screen: sidebar, top bar, content and footer. */
export function AppShellFrame({ children }: { children: ReactNode }) {
  const sidebar = useSidebarState();
  const { modules, pages } = useVisibleMenu();
  const layout = useLayout();
  const crumbsInTopBar = layout === 'desktop' || layout === 'wide';
  return (
    <Layout style={{ minHeight: '100vh', background: SIDEBAR_BG }}>
      <Sidebar control={sidebar} modules={modules} />
      <Layout className="erp-content-area" style={{ minWidth: 0 }}>
        <TopBar sidebar={sidebar} pages={pages} crumbs={crumbsInTopBar} />
        <Layout.Content className="erp-content" role="main">
          {/* Below a desktop the breadcrumb has its own line: squeezed into the top bar at 768 px it read "Gen". */}
          {!crumbsInTopBar && <ShellBreadcrumbs className="erp-page-crumbs" />}
          <Suspense fallback={<FullPageWait />}>{children}</Suspense>
        </Layout.Content>
        <ShellFooter />
      </Layout>
    </Layout>
  );
}

/** The shell as a layout route: the matched screen renders in its content area. */
export function AppShell() {
  return (
    <AppShellFrame>
      <Outlet />
    </AppShellFrame>
  );
}
