import { findMenuItemByLink, type Permission } from '@erp/contracts';

/** Every operation label a role's permissions grant, on any page. */
export function grantedOperations(permissions: Permission[]): Set<string> {
  return new Set(permissions.flatMap((p) => p.routes.flatMap((r) => r.pages.flatMap((page) => page.operations))));
}

/** Every page a role may open: the granted pages and the child pages of those (SPEC.md section 2). */
export function grantedPages(permissions: Permission[]): Set<string> {
  const pages = new Set<string>();
  for (const page of permissions.flatMap((p) => p.routes.flatMap((r) => r.pages))) {
    pages.add(page.link);
    for (const child of findMenuItemByLink(page.link)?.children ?? []) pages.add(child.link);
  }
  return pages;
}
