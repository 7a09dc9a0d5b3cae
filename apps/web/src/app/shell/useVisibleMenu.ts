import { useMemo } from 'react';
import { buildMenuSet, findMenuItemByLink, hasPage, moduleCatalogue, type MenuItem, type MenuSet, type ModuleDef, type Permission } from '@erp/contracts';
import { offMenuScreens } from '../page-registry';
import { routeInfo } from '../route-modules';
import { useSignedInUser } from '../session/useSession';

export type VisibleModule = { module: ModuleDef; items: MenuItem[] };

/** One page the user may open, as the search box and the home shortcuts list it. */
export type PageEntry = { link: string; name: string; module: string; group: string; child: boolean };

/** The signed-in user's menu (SPEC.md section 6: by module and group of the parent role). */
export function useVisibleMenu(): { menuSet: MenuSet; modules: VisibleModule[]; pages: PageEntry[] } {
  const user = useSignedInUser();
  return useMemo(() => {
    const permissions = user.parentRole.permissions;
    const menuSet = buildMenuSet(permissions);
    const modules = menuSet.homeMenu.flatMap((tile) => {
      const module = moduleCatalogue.find((candidate) => candidate.name === tile.module);
      return module ? [{ module, items: tile.children }] : [];
    });
    return { menuSet, modules, pages: pageIndex(modules, permissions) };
  }, [user]);
}

/**
 * Every page the user may open, once each: the visible menu pages (a page several modules list,
 * like Trial Balance, under the module that owns it) and the screens no menu lists whose access
 * page the role holds (the audit trail rides on /role).
 */
export function pageIndex(modules: readonly VisibleModule[], permissions: readonly Permission[]): PageEntry[] {
  const byLink = new Map<string, PageEntry>();
  const walk = (items: readonly MenuItem[], child: boolean) => {
    for (const item of items) {
      const owner = findMenuItemByLink(item.link)?.module;
      if (!byLink.has(item.link) || item.module === owner) byLink.set(item.link, { link: item.link, name: item.name, module: item.module, group: item.group, child });
      walk(item.children, true);
    }
  };
  for (const { items } of modules) walk(items, false);
  const offMenu = Object.entries(offMenuScreens)
    .filter(([, access]) => hasPage(permissions, access))
    .map(([link]) => {
      const info = routeInfo(link);
      return { link, name: info.page, module: info.module ?? '', group: '', child: false };
    });
  return [...byLink.values(), ...offMenu];
}
