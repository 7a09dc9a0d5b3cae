import {
  moduleCatalogue,
  type MenuItem,
  type ModuleDef,
  type ModuleName,
  type Permission,
} from '@erp/contracts';

/*
 * The permission editor's model. A role holds, per module, per group (route), the pages it may open
 * and per page the operation labels it may use (SPEC.md section 6). The editor keeps a flat map
 * from page key to granted operations; a page is granted when its key is present.
 */
export type PageNode = {
  key: string;
  link: string;
  name: string;
  operations: readonly string[];
  depth: number;
};
export type GroupNode = { key: string; module: ModuleName; name: string; pages: readonly PageNode[] };
export type ModuleNode = { name: ModuleName; groups: readonly GroupNode[]; pages: readonly PageNode[] };
export type Grants = ReadonlyMap<string, ReadonlySet<string>>;
export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

/** The tilde is the tree separator of SPEC.md section 9; no module, group or link contains one. */
export const TREE_SEPARATOR = '~';

export function pageKey(module: string, group: string, link: string): string {
  return [module, group, link].join(TREE_SEPARATOR);
}

function pageNodes(module: string, group: string, items: readonly MenuItem[], depth: number): PageNode[] {
  return items.flatMap((item) => [
    {
      key: pageKey(module, group, item.link),
      link: item.link,
      name: item.name,
      operations: item.operations,
      depth,
    },
    ...pageNodes(module, group, item.children, depth + 1),
  ]);
}

/** Module -> group -> pages (child pages follow their parent, one level deeper), in catalogue order. */
export function permissionTree(catalogue: readonly ModuleDef[] = moduleCatalogue): ModuleNode[] {
  return catalogue.map((module) => {
    const groups = module.groups.map((group) => ({
      key: `${module.name}${TREE_SEPARATOR}${group.name}`,
      module: module.name,
      name: group.name,
      pages: pageNodes(module.name, group.name, group.items, 0),
    }));
    return { name: module.name, groups, pages: groups.flatMap((group) => group.pages) };
  });
}

/** A role's saved permissions as grants; pages and labels the catalogue no longer has are dropped. */
export function grantsFromPermissions(
  permissions: readonly Permission[],
  tree: readonly ModuleNode[],
): Grants {
  const known = new Map(tree.flatMap((module) => module.pages.map((page) => [page.key, page] as const)));
  const grants = new Map<string, Set<string>>();
  for (const permission of permissions) {
    for (const route of permission.routes) {
      for (const grant of route.pages) {
        const page = known.get(pageKey(permission.name, route.name, grant.link));
        if (!page) continue;
        grants.set(
          page.key,
          new Set(grant.operations.filter((operation) => page.operations.includes(operation))),
        );
      }
    }
  }
  return grants;
}

/** The payload of POST /auth/permission: only granted pages, groups with pages and modules with groups. */
export function permissionsFromGrants(grants: Grants, tree: readonly ModuleNode[]): Permission[] {
  return tree.flatMap((module) => {
    const routes = module.groups.flatMap((group) => {
      const pages = group.pages.flatMap((page) => {
        const operations = grants.get(page.key);
        if (!operations) return [];
        return [
          { link: page.link, operations: page.operations.filter((operation) => operations.has(operation)) },
        ];
      });
      return pages.length > 0 ? [{ name: group.name, pages }] : [];
    });
    return routes.length > 0 ? [{ name: module.name, routes }] : [];
  });
}

/** Grants or removes a page; a newly granted page starts with no operation (it may be opened, not changed). */
export function setPage(grants: Grants, page: PageNode, granted: boolean): Grants {
  const next = new Map(grants);
  if (!granted) next.delete(page.key);
  else if (!next.has(page.key)) next.set(page.key, new Set());
  return next;
}

/** Turning an operation on grants its page too; turning it off leaves the page granted. */
export function setOperation(grants: Grants, page: PageNode, operation: string, on: boolean): Grants {
  const next = new Map(grants);
  const operations = new Set(next.get(page.key) ?? []);
  if (on) operations.add(operation);
  else operations.delete(operation);
  if (on || next.has(page.key)) next.set(page.key, operations);
  return next;
}

/** Select-all of a module or group: every page with every operation, or nothing. */
export function setPages(grants: Grants, pages: readonly PageNode[], on: boolean): Grants {
  const next = new Map(grants);
  for (const page of pages) {
    if (on) next.set(page.key, new Set(page.operations));
    else next.delete(page.key);
  }
  return next;
}

function isComplete(grants: Grants, page: PageNode): boolean {
  const operations = grants.get(page.key);
  return operations !== undefined && page.operations.every((operation) => operations.has(operation));
}

/** Checked when every page is granted with every operation, unchecked when none is granted. */
export function pagesState(grants: Grants, pages: readonly PageNode[]): CheckState {
  if (pages.length > 0 && pages.every((page) => isComplete(grants, page))) return 'checked';
  return pages.some((page) => grants.has(page.key)) ? 'indeterminate' : 'unchecked';
}

export function grantedCount(grants: Grants, pages: readonly PageNode[]): number {
  return pages.filter((page) => grants.has(page.key)).length;
}
