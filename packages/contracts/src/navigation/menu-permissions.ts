import type { Permission } from '../auth/role';
import { allMenuItems, findMenuItemByLink, moduleCatalogue } from './menu-catalogue';
import { viewAllLink, type MenuItem, type MenuSet, type ModuleDef, type ModuleName } from './modules';
import { normalisePath } from './paths';

function cloneItem(item: MenuItem): MenuItem {
  return {
    ...item,
    children: item.children.map(cloneItem),
    breadCrumbs: item.breadCrumbs?.map((crumb) => ({ ...crumb })),
    operations: [...item.operations],
  };
}

function flatten(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}

function grantedGroups(permissions: readonly Permission[], module: ModuleDef): Set<string> {
  const names = permissions
    .filter((permission) => permission.name === module.name)
    .flatMap((permission) => permission.routes.map((route) => route.name));
  return new Set(names);
}

/*
 * SPEC.md section 6: the sidebar shows an item when the role has the module and the item's group;
 * the page-level check is loose, so a granted group shows all its pages with their child pages.
 */
function visibleItems(permissions: readonly Permission[], module: ModuleDef): MenuItem[] {
  const groups = grantedGroups(permissions, module);
  return module.groups
    .filter((group) => groups.has(group.name))
    .flatMap((group) => group.items.map(cloneItem));
}

function homeTile(module: ModuleDef, children: MenuItem[]): MenuItem {
  const link = viewAllLink(module.name);
  return {
    id: module.id,
    name: module.name,
    link,
    disabled: module.disabled,
    icon: module.image,
    children,
    breadCrumbs: [{ title: module.name, link }],
    module: module.name,
    group: '',
    operations: [],
  };
}

/**
 * What the shell shows for a role: homeMenu has one tile per module with something visible (its
 * children are the visible pages); menus are the visible pages of the selected module, or of every
 * module when none is selected; breadCrumbs start at the selected module's /view-all page.
 * Items are copies, so the caller may set `active` on them.
 */
export function buildMenuSet(permissions: readonly Permission[], moduleName?: ModuleName): MenuSet {
  const visible = moduleCatalogue.map((module) => ({ module, items: visibleItems(permissions, module) }));
  const homeMenu = visible
    .filter(({ items }) => items.length > 0)
    .map(({ module, items }) => homeTile(module, items));
  const selected =
    moduleName === undefined ? visible : visible.filter(({ module }) => module.name === moduleName);
  const menus = selected.flatMap(({ items }) => items);
  const breadCrumbs = moduleName === undefined ? [] : [{ title: moduleName, link: viewAllLink(moduleName) }];
  return { menus, breadCrumbs, homeMenu };
}

function catalogueAsPermissions(withOperations: boolean): Permission[] {
  return moduleCatalogue.map((module) => ({
    name: module.name,
    routes: module.groups.map((group) => ({
      name: group.name,
      pages: flatten(group.items).map((item) => ({
        link: item.link,
        operations: withOperations ? [...item.operations] : [],
      })),
    })),
  }));
}

/** Every module, group and page (child pages and reports included) with all their operations: the Administrator role. */
export function fullPermissions(): Permission[] {
  return catalogueAsPermissions(true);
}

/** Every module, group and page, with no operation: sees everything, changes nothing. */
export function readOnlyPermissions(): Permission[] {
  return catalogueAsPermissions(false);
}

export function hasOperation(permissions: readonly Permission[], label: string): boolean {
  return permissions.some((permission) =>
    permission.routes.some((route) => route.pages.some((grant) => grant.operations.includes(label))),
  );
}

const parentLinks: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const item of allMenuItems()) {
    for (const child of item.children) map.set(child.link, [...(map.get(child.link) ?? []), item.link]);
  }
  return map;
})();

/**
 * True when the page is granted in any module and group. A link below a page ('/journal/42')
 * counts as that page, and a child page counts as granted when its parent page is.
 */
export function hasPage(permissions: readonly Permission[], link: string): boolean {
  const granted = new Set(
    permissions.flatMap((permission) =>
      permission.routes.flatMap((route) => route.pages.map((grant) => normalisePath(grant.link))),
    ),
  );
  const path = normalisePath(link);
  if (granted.has(path)) return true;
  const page = findMenuItemByLink(path)?.link;
  if (page === undefined) return false;
  return granted.has(page) || (parentLinks.get(page) ?? []).some((parent) => granted.has(parent));
}
