import { useMemo } from 'react';
import { buildMenuSet, moduleCatalogue, type MenuItem, type MenuSet, type ModuleDef } from '@erp/contracts';
import { useSignedInUser } from '../session/useSession';

export type VisibleModule = { module: ModuleDef; items: MenuItem[] };

/** The signed-in user's menu (SPEC.md section 6: by module and group of the parent role). */
export function useVisibleMenu(): { menuSet: MenuSet; modules: VisibleModule[] } {
  const user = useSignedInUser();
  return useMemo(() => {
    const menuSet = buildMenuSet(user.parentRole.permissions);
    const modules = menuSet.homeMenu.flatMap((tile) => {
      const module = moduleCatalogue.find((candidate) => candidate.name === tile.module);
      return module ? [{ module, items: tile.children }] : [];
    });
    return { menuSet, modules };
  }, [user]);
}

/** Every visible page and child page, with its module, for the search box. */
export function flattenVisible(modules: readonly VisibleModule[]): MenuItem[] {
  const walk = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...walk(item.children)]);
  return modules.flatMap(({ items }) => walk(items));
}
