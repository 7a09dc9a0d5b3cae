// Proves the search box's rules: at least 1 character, the pages the role may open only, each page
// once, and every page that has a screen findable by its name (issue 14, edges 5 and 14).
import { describe, expect, it } from 'vitest';
import { buildMenuSet, fullPermissions, moduleCatalogue, type Permission } from '@erp/contracts';
import { accessPageOf, builtPages, isMenuPage, notSearched, offMenuScreens } from '../page-registry';
import { routeInfo } from '../route-modules';
import { searchPages } from '../shell/MenuSearch';
import { pageIndex, type VisibleModule } from '../shell/useVisibleMenu';
import { shortcutPages, SHORTCUT_LIMIT } from '../pages/HomeSideCards';

function pagesFor(permissions: Permission[]) {
  const modules: VisibleModule[] = buildMenuSet(permissions).homeMenu.map((tile) => ({
    module: moduleCatalogue.find((module) => module.name === tile.module)!,
    items: tile.children,
  }));
  return pageIndex(modules, permissions);
}

const everyPage = pagesFor(fullPermissions());

describe('searchPages', () => {
  it('needs at least 1 character', () => {
    expect(searchPages(everyPage, '')).toEqual([]);
    expect(searchPages(everyPage, '   ')).toEqual([]);
    expect(searchPages(everyPage, 'j').length).toBeGreaterThan(0);
  });

  it('matches names case-insensitively, child pages included', () => {
    const names = searchPages(everyPage, 'JOURNAL').map((page) => page.link);
    expect(names).toContain('/journals');
    expect(names).toContain('/journal');
  });

  it('finds nothing for an unknown word', () => {
    expect(searchPages(everyPage, 'zzzz')).toEqual([]);
  });

  it('sees only what the role grants', () => {
    const pages = pagesFor([{ name: 'Payroll', routes: [{ name: 'Staff', pages: [] }] }]);
    expect(searchPages(pages, 'journal')).toEqual([]);
    expect(searchPages(pages, 'staff').length).toBeGreaterThan(0);
  });

  it('lists a page several modules hold once, under the module that owns it', () => {
    const found = searchPages(everyPage, 'trial balance');
    expect(found).toEqual([{ link: '/trial-balance', name: 'Trial Balance', module: 'General Ledger', group: 'Reports', child: false }]);
    expect(new Set(everyPage.map((page) => page.link)).size).toBe(everyPage.length);
  });

  it('puts the best name match first', () => {
    expect(searchPages(everyPage, 'journals')[0]?.link).toBe('/journals');
  });
});

describe('every page with a screen is reachable by the search', () => {
  it('each registered screen is a menu page, an off-menu screen with its access page, or named as not a destination', () => {
    for (const link of Object.keys(builtPages)) {
      const accounted = isMenuPage(link) || link in offMenuScreens || notSearched(link);
      expect(accounted, `${link}: add it to offMenuScreens (with the page whose grant opens it), screenAliases or everyUserScreens`).toBe(true);
    }
    for (const access of Object.values(offMenuScreens)) expect(isMenuPage(access), access).toBe(true);
  });

  it('with every grant, each searchable screen is found by its own name', () => {
    for (const link of Object.keys(builtPages).filter((candidate) => !notSearched(candidate))) {
      const name = routeInfo(link).page;
      expect(searchPages(everyPage, name).map((page) => page.link), `${link} as "${name}"`).toContain(link);
    }
  });

  it('finds the audit trail by "audit" for a role holding /role, and not for one without it', () => {
    expect(searchPages(everyPage, 'audit').map((page) => page.link)).toEqual(['/audit-trail']);
    const ledgerOnly = fullPermissions().filter((permission) => permission.name === 'General Ledger');
    expect(searchPages(pagesFor(ledgerOnly), 'audit')).toEqual([]);
  });
});

describe('accessPageOf', () => {
  it('names the page whose grant opens a screen, and none for the screens every user opens', () => {
    expect(accessPageOf('/audit-trail')).toBe('/role');
    expect(accessPageOf('/tenant')).toBe('/organisation-structure/tenant');
    expect(accessPageOf('/trial-balance/2026')).toBe('/trial-balance');
    expect(accessPageOf('/journal')).toBe('/journal');
    for (const open of ['/home', '/view-all/general-ledger', '/user-profile', '/workflow-task', '/success']) expect(accessPageOf(open), open).toBeUndefined();
  });
});

describe('home shortcuts', () => {
  it('are released main pages, each once; the card shows the first few', () => {
    const shortcuts = shortcutPages(everyPage);
    expect(shortcuts.filter((page) => page.link === '/trial-balance')).toHaveLength(1);
    expect(shortcuts.some((page) => page.child)).toBe(false);
    expect(SHORTCUT_LIMIT).toBeLessThan(shortcuts.length);
    expect(shortcuts.slice(0, SHORTCUT_LIMIT).map((page) => page.link)).toContain('/journals');
  });
});
