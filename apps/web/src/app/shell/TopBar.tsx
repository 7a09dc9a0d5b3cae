import { useState } from 'react';
import {
  HomeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  QuestionCircleOutlined,
  SearchOutlined,
  SunOutlined,
} from '@ant-design/icons';
import { Button, Grid, Layout, Popover, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { TaskBell } from '../../modules/workflow/index';
import { useThemeMode } from '../theme/useThemeMode';
import { AppDateBadge } from './AppDateBadge';
import { MenuSearch } from './MenuSearch';
import type { PageEntry } from './useVisibleMenu';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';
import { UserMenu } from './UserMenu';
import type { SidebarControl } from './useSidebarState';

const iconButton = { type: 'text', shape: 'circle' } as const;

function HelpContent() {
  return (
    <div style={{ maxWidth: 260 }}>
      <Typography.Paragraph style={{ marginBottom: 6 }}>
        Use the search box to jump to any page you may open, or the sidebar to browse by module.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 6 }}>
        <a href="/docs" target="_blank" rel="noreferrer">API documentation</a>
      </Typography.Paragraph>
      <Typography.Text type="secondary">ERP Suite version 1.0</Typography.Text>
    </div>
  );
}

/** The 60px top bar of SPEC.md section 2. */
export function TopBar({ sidebar, pages, crumbs }: { sidebar: SidebarControl; pages: readonly PageEntry[]; crumbs: boolean }) {
  const { mode, toggle } = useThemeMode();
  const screens = Grid.useBreakpoint();
  const [searchOpen, setSearchOpen] = useState(false);
  const wide = screens.md === true;
  const foldLabel = sidebar.folded ? 'Unfold sidebar' : 'Fold sidebar';
  const themeLabel = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <>
      <Layout.Header className="erp-topbar" style={{ borderBottom: '1px solid rgba(127,127,127,0.16)' }}>
        <Tooltip title={foldLabel}>
          <Button {...iconButton} aria-label={foldLabel} aria-expanded={!sidebar.folded} icon={sidebar.folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={sidebar.toggle} />
        </Tooltip>
        <Link to="/home" aria-label="Home" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 600, flex: '0 0 auto' }}>
          <HomeOutlined style={{ fontSize: 16 }} />
          {screens.lg && <span>Home</span>}
        </Link>
        <div className="erp-topbar-crumbs">{crumbs && <ShellBreadcrumbs divider />}</div>
        <div className="erp-topbar-actions">
          <AppDateBadge compact={!screens.xl} />
          {wide ? (
            <MenuSearch pages={pages} width={screens.xxl ? 280 : screens.xl ? 220 : 170} />
          ) : (
            <Button {...iconButton} aria-label="Search pages" aria-expanded={searchOpen} icon={<SearchOutlined />} onClick={() => setSearchOpen((open) => !open)} />
          )}
          <Popover content={<HelpContent />} title="Help" trigger="click" placement="bottomRight">
            <Button {...iconButton} aria-label="Help" icon={<QuestionCircleOutlined />} />
          </Popover>
          <TaskBell />
          <Tooltip title={themeLabel}>
            <Button {...iconButton} aria-label={themeLabel} aria-pressed={mode === 'dark'} icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />} onClick={toggle} />
          </Tooltip>
          <UserMenu compact={!screens.xl} />
        </div>
      </Layout.Header>
      {!wide && searchOpen && (
        <div style={{ padding: '8px 10px 0' }}>
          <MenuSearch pages={pages} width="100%" onDone={() => setSearchOpen(false)} />
        </div>
      )}
    </>
  );
}
