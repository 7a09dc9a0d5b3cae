// Proves the search box's rules: at least 1 character, matching the visible pages only.
import { describe, expect, it } from 'vitest';
import { buildMenuSet, fullPermissions } from '@erp/contracts';
import { searchPages } from '../shell/MenuSearch';
import { flattenVisible } from '../shell/useVisibleMenu';

const everyPage = flattenVisible(
  buildMenuSet(fullPermissions()).homeMenu.map((tile) => ({ module: { name: tile.module } as never, items: tile.children })),
);

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
    const payrollOnly = buildMenuSet([{ name: 'Payroll', routes: [{ name: 'Staff', pages: [] }] }]);
    const pages = flattenVisible(payrollOnly.homeMenu.map((tile) => ({ module: { name: tile.module } as never, items: tile.children })));
    expect(searchPages(pages, 'journal')).toEqual([]);
    expect(searchPages(pages, 'staff').length).toBeGreaterThan(0);
  });
});
