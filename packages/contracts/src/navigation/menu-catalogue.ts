import { adminModule } from './admin-menu';
import { accountPayableModule, accountReceivableModule } from './subledger-menu';
import { cashManagementModule, fixedAssetModule } from './asset-menu';
import { generalLedgerModule } from './ledger-menu';
import { inventoryModule, payrollModule } from './payroll-menu';
import {
  moduleNames,
  viewAllLink,
  VIEW_ALL_ROUTE,
  type Breadcrumb,
  type MenuItem,
  type ModuleDef,
  type ModuleName,
} from './modules';
import { isUnderPrefix, normalisePath } from './paths';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/*
 * The menu catalogue of SPEC.md section 2, one entry per module in moduleNames order. It is frozen:
 * callers that mark items active work on copies (buildMenuSet returns copies).
 */
export const moduleCatalogue: readonly ModuleDef[] = deepFreeze([
  adminModule,
  generalLedgerModule,
  accountPayableModule,
  accountReceivableModule,
  fixedAssetModule,
  cashManagementModule,
  payrollModule,
  inventoryModule,
]);

/** A link listed by several modules resolves, when no module is given, to the module that owns the page. */
export const sharedLinkOwners: Readonly<Record<string, ModuleName>> = { '/trial-balance': 'General Ledger' };

type CatalogueEntry = { item: MenuItem; parent: MenuItem | undefined; module: ModuleDef };

function collectEntries(): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  const visit = (item: MenuItem, parent: MenuItem | undefined, module: ModuleDef): void => {
    entries.push({ item, parent, module });
    for (const child of item.children) visit(child, item, module);
  };
  for (const module of moduleCatalogue) {
    for (const group of module.groups) for (const item of group.items) visit(item, undefined, module);
  }
  return entries;
}

const catalogueEntries: readonly CatalogueEntry[] = collectEntries();

/** Every page and child page of every module, depth first in catalogue order; reports are in their group. */
export function allMenuItems(): MenuItem[] {
  return catalogueEntries.map((entry) => entry.item);
}

/** The sorted, de-duplicated union of every page's operation labels. */
export const operationLabels: readonly string[] = Object.freeze(
  [...new Set(catalogueEntries.flatMap((entry) => entry.item.operations))].sort(),
);

export function moduleBySlug(slug: string): ModuleDef | undefined {
  return moduleCatalogue.find((module) => module.slug === slug);
}

export function moduleByName(name: string): ModuleDef | undefined {
  return moduleCatalogue.find((module) => module.name === name);
}

function preferOwner(candidates: readonly CatalogueEntry[]): CatalogueEntry | undefined {
  const first = candidates[0];
  if (first === undefined) return undefined;
  const owner = sharedLinkOwners[first.item.link];
  return candidates.find((entry) => entry.module.name === owner) ?? first;
}

function findEntry(link: string, moduleName?: ModuleName): CatalogueEntry | undefined {
  const path = normalisePath(link);
  const scoped =
    moduleName === undefined
      ? catalogueEntries
      : catalogueEntries.filter((entry) => entry.module.name === moduleName);
  const exact = scoped.filter((entry) => entry.item.link === path);
  if (exact.length > 0) return preferOwner(exact);
  const below = scoped.filter((entry) => isUnderPrefix(path, entry.item.link));
  const longest = Math.max(0, ...below.map((entry) => entry.item.link.length));
  return preferOwner(below.filter((entry) => entry.item.link.length === longest));
}

/**
 * The catalogue item for a link, searching child pages too. A link below a page ('/trial-balance/2024')
 * resolves to the longest matching page link. With a module name the search stays in that module.
 */
export function findMenuItemByLink(link: string, moduleName?: ModuleName): MenuItem | undefined {
  return findEntry(link, moduleName)?.item;
}

/** The page a child page belongs to, or undefined for a top-level page or an unknown link. */
export function parentMenuItem(link: string, moduleName?: ModuleName): MenuItem | undefined {
  return findEntry(link, moduleName)?.parent;
}

/**
 * Breadcrumbs of SPEC.md section 2: the module's /view-all/<slug> page titled with the module name,
 * then the page, then the child page when the link is a child. Unknown links get none.
 */
export function breadcrumbsFor(link: string, moduleName?: ModuleName): Breadcrumb[] {
  const path = normalisePath(link);
  if (isUnderPrefix(path, VIEW_ALL_ROUTE)) {
    const module = moduleBySlug(path.slice(VIEW_ALL_ROUTE.length + 1));
    return module === undefined ? [] : [{ title: module.name, link: viewAllLink(module.name) }];
  }
  const crumbs = findEntry(path, moduleName)?.item.breadCrumbs ?? [];
  return crumbs.map((crumb) => ({ ...crumb }));
}

/* The catalogue must cover every module exactly once and in order; a drift here is a programming error. */
if (moduleCatalogue.map((module) => module.name).join('|') !== moduleNames.join('|')) {
  throw new Error('navigation: moduleCatalogue does not list moduleNames in order');
}
