import {
  DEFAULT_MENU_ICON,
  moduleSlug,
  viewAllLink,
  type Breadcrumb,
  type MenuGroup,
  type MenuItem,
  type ModuleDef,
  type ModuleName,
} from './modules';

/** How a catalogue file describes one page; the builder derives ids, names and breadcrumbs. */
export type PageSpec = {
  link: string;
  name?: string;
  operations: readonly string[];
  children?: readonly PageSpec[];
  /** Listed under the module's reports as well as in its group. */
  report?: boolean;
};
export type GroupSpec = { name: string; pages: readonly PageSpec[] };
export type ModuleSpec = { name: ModuleName; image: string; colour: string; groups: readonly GroupSpec[] };

export function page(
  link: string,
  operations: readonly string[],
  children: readonly PageSpec[] = [],
): PageSpec {
  return { link, operations, children };
}

export function report(
  link: string,
  operations: readonly string[],
  children: readonly PageSpec[] = [],
): PageSpec {
  return { link, operations, children, report: true };
}

/** '/cashflow-forecasts' -> 'Cashflow Forecasts'; a nested link takes its last segment ('/organisation-structure/tenant' -> 'Tenant'). */
export function nameFromLink(link: string): string {
  const last =
    link
      .split('/')
      .filter((segment) => segment !== '')
      .at(-1) ?? '';
  return last
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Unique across the catalogue because a link appears at most once per module. */
export function menuItemId(slug: string, link: string): string {
  return `${slug}.${link.slice(1).replaceAll('/', '.')}`;
}

type BuildContext = { module: ModuleName; slug: string; group: string; trail: readonly Breadcrumb[] };

function buildItem(spec: PageSpec, context: BuildContext): MenuItem {
  const name = spec.name ?? nameFromLink(spec.link);
  const breadCrumbs = [...context.trail, { title: name, link: spec.link }];
  const childContext = { ...context, trail: breadCrumbs };
  return {
    id: menuItemId(context.slug, spec.link),
    name,
    link: spec.link,
    icon: DEFAULT_MENU_ICON,
    children: (spec.children ?? []).map((child) => buildItem(child, childContext)),
    breadCrumbs,
    module: context.module,
    group: context.group,
    operations: [...spec.operations],
  };
}

export function defineModule(spec: ModuleSpec): ModuleDef {
  const slug = moduleSlug(spec.name);
  const trail = [{ title: spec.name, link: viewAllLink(spec.name) }];
  const reports: MenuItem[] = [];
  const groups: MenuGroup[] = spec.groups.map((group) => ({
    name: group.name,
    items: group.pages.map((pageSpec) => {
      const item = buildItem(pageSpec, { module: spec.name, slug, group: group.name, trail });
      if (pageSpec.report === true) reports.push(item);
      return item;
    }),
  }));
  return { id: slug, slug, name: spec.name, image: spec.image, colour: spec.colour, groups, reports };
}
