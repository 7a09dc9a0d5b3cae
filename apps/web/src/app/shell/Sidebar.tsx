import { useMemo, useState } from 'react';
import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Tooltip, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { findMenuItemByLink, parentMenuItem, viewAllLink, type MenuItem, type ModuleDef } from '@erp/contracts';
import { hasScreen } from '../page-registry';
import { iconFor } from './module-icons';
import type { SidebarControl } from './useSidebarState';
import type { VisibleModule } from './useVisibleMenu';

type Items = NonNullable<MenuProps['items']>;

const SIDEBAR_WIDTH = 240;
const FOLDED_WIDTH = 64;

/** A menu page; one whose module is not built yet carries a muted "soon" tag, so nobody clicks into an empty page unwarned. */
function PageLink({ page }: { page: MenuItem }) {
  if (hasScreen(page.link)) return <Link to={page.link} title={page.name}>{page.name}</Link>;
  return (
    <Link to={page.link} title={`${page.name} (not available yet)`}>
      {page.name} <span className="erp-menu-soon">soon</span>
    </Link>
  );
}

/* A page several modules list (Trial Balance is in Admin, General Ledger and Fixed Asset) gets one key per module: with one shared key the menu marked every module holding it, and showed the last. */
const pageKey = (module: ModuleDef, link: string) => `${module.id}:${link}`;

function moduleMenu(visible: VisibleModule): Items[number] {
  const { module, items } = visible;
  const byGroup = new Map<string, MenuItem[]>();
  for (const item of items) byGroup.set(item.group, [...(byGroup.get(item.group) ?? []), item]);
  const groups: Items = [...byGroup].map(([group, pages]) => ({
    type: 'group',
    key: `${module.id}:${group}`,
    label: group,
    children: pages.map((page) => ({ key: pageKey(module, page.link), label: <PageLink page={page} /> })),
  }));
  const viewAll = { key: viewAllLink(module.name), label: <Link to={viewAllLink(module.name)}>View all</Link> };
  return { key: `module:${module.id}`, icon: iconFor(module.image), label: module.name, children: [viewAll, ...groups] };
}

/**
 * The sidebar entry a path marks: its menu page (the parent, for a child page), in the module that
 * owns the page when the user sees it there, else in the first visible module listing it.
 */
export function selectedEntry(path: string, modules: readonly VisibleModule[]): { key: string; module?: ModuleDef } {
  const item = findMenuItemByLink(path);
  if (!item) return { key: path };
  const link = parentMenuItem(path)?.link ?? item.link;
  const holding = modules.filter(({ items }) => items.some((page) => page.link === link));
  const chosen = holding.find(({ module }) => module.name === item.module) ?? holding[0];
  return chosen ? { key: pageKey(chosen.module, link), module: chosen.module } : { key: link };
}

/** The collapsible sidebar: one submenu per visible module, its groups and pages. */
export function Sidebar({ control, modules }: { control: SidebarControl; modules: VisibleModule[] }) {
  const { pathname } = useLocation();
  const items = useMemo(() => modules.map(moduleMenu), [modules]);
  const selected = selectedEntry(pathname, modules);
  const openModule = selected.module ?? modules.find(({ module }) => pathname === viewAllLink(module.name))?.module;
  const [openKeys, setOpenKeys] = useState<string[]>(openModule ? [`module:${openModule.id}`] : []);
  const overlay = control.compact && !control.folded;
  return (
    <>
      {overlay && <div className="erp-sider-backdrop" onClick={control.toggle} aria-hidden="true" />}
      {/* The icon rail's place stays taken while the sidebar lies over the content, so nothing jumps. */}
      {overlay && !control.narrow && <div style={{ flex: `0 0 ${FOLDED_WIDTH}px` }} aria-hidden="true" />}
      <Layout.Sider
        className={`erp-sider${overlay ? ' erp-sider-overlay' : ''}`}
        collapsed={control.folded}
        collapsedWidth={control.narrow ? 0 : FOLDED_WIDTH}
        width={SIDEBAR_WIDTH}
        trigger={null}
        theme="dark"
        style={overlay ? undefined : { position: 'sticky', top: 0, height: '100vh' }}
        aria-label="Sidebar"
        data-state={control.folded ? 'fold' : 'wide'}
        data-testid="sidebar"
      >
        <SidebarBrand control={control} />
        <nav aria-label="Main menu" className="erp-sider-menu">
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={[selected.key]}
            openKeys={control.folded ? undefined : openKeys}
            onOpenChange={setOpenKeys}
            onClick={control.afterNavigate}
          />
        </nav>
      </Layout.Sider>
    </>
  );
}

function SidebarBrand({ control }: { control: SidebarControl }) {
  return (
    <div style={{ height: 60, display: 'flex', alignItems: 'center', gap: 10, padding: control.folded ? '0 16px' : '0 12px 0 18px', flex: '0 0 auto' }}>
      <Link to="/home" aria-label="ERP home" style={{ display: 'flex', alignItems: 'center', gap: 10, color: '#fff', minWidth: 0 }}>
        <img src="/favicon.svg" alt="" width={30} height={30} style={{ flex: '0 0 auto' }} />
        {!control.folded && <span style={{ fontWeight: 700, fontSize: 15, letterSpacing: 0.4, whiteSpace: 'nowrap' }}>ERP Suite</span>}
      </Link>
      {!control.folded && (
        <Tooltip title={control.pinned ? 'Unpin sidebar' : 'Pin sidebar (stops automatic folding)'}>
          <Button
            type="text"
            size="small"
            aria-label={control.pinned ? 'Unpin sidebar' : 'Pin sidebar'}
            aria-pressed={control.pinned}
            icon={control.pinned ? <PushpinFilled /> : <PushpinOutlined />}
            onClick={control.togglePin}
            style={{ marginLeft: 'auto', color: control.pinned ? '#7fb0ff' : 'rgba(255,255,255,0.65)' }}
          />
        </Tooltip>
      )}
    </div>
  );
}
