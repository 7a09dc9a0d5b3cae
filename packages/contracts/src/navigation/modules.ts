import { z } from 'zod';

/** The business modules of SPEC.md section 1, in the order the home screen shows them. */
export const moduleNames = [
  'Admin',
  'General Ledger',
  'Account Payable',
  'Account Receivable',
  'Fixed Asset',
  'Cash Management',
  'Payroll',
  'Inventory',
] as const;
export const moduleNameSchema = z.enum(moduleNames);
export type ModuleName = z.infer<typeof moduleNameSchema>;

/** The icon a menu item gets when it names none (SPEC.md section 3). */
export const DEFAULT_MENU_ICON = 'side_journal';

/** The page listing every page of one module; breadcrumbs start there. */
export const VIEW_ALL_ROUTE = '/view-all';

export const breadcrumbSchema = z.object({ title: z.string(), link: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

/** A menu item of SPEC.md section 3; `group` is the permission route it belongs to. */
export type MenuItem = {
  id: string;
  name: string;
  link: string;
  active?: boolean;
  disabled?: boolean;
  icon: string;
  children: MenuItem[];
  breadCrumbs?: Breadcrumb[];
  module: ModuleName;
  group: string;
  operations: string[];
};

/** A route group of a module: the unit a role is granted (SPEC.md section 6). */
export type MenuGroup = { name: string; items: MenuItem[] };

export type ModuleDef = {
  id: string;
  slug: string;
  name: ModuleName;
  image: string;
  colour: string;
  disabled?: boolean;
  groups: MenuGroup[];
  reports: MenuItem[];
};

/** What the shell renders: the sidebar menus, the module breadcrumbs and the home screen tiles. */
export type MenuSet = { menus: MenuItem[]; breadCrumbs: Breadcrumb[]; homeMenu: MenuItem[] };

/** 'General Ledger' -> 'general-ledger', the segment of /view-all/<slug>. */
export function moduleSlug(name: ModuleName): string {
  return name.toLowerCase().replaceAll(' ', '-');
}

export function viewAllLink(name: ModuleName): string {
  return `${VIEW_ALL_ROUTE}/${moduleSlug(name)}`;
}
