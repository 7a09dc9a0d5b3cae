// Proves the sidebar marks the module a page belongs to (issue 14, edge 7): Trial Balance is listed by
// Admin, General Ledger and Fixed Asset, and /trial-balance and /transaction-history marked Fixed Asset.
import { describe, expect, it } from 'vitest';
import { buildMenuSet, fullPermissions, moduleCatalogue, type Permission } from '@erp/contracts';
import { selectedEntry, Sidebar } from '../shell/Sidebar';
import type { SidebarControl } from '../shell/useSidebarState';
import type { VisibleModule } from '../shell/useVisibleMenu';
import { renderWithProviders } from '../../test/render';

const control: SidebarControl = { folded: false, narrow: false, compact: false, pinned: true, toggle: () => undefined, togglePin: () => undefined, afterNavigate: () => undefined };

function visible(permissions: Permission[]): VisibleModule[] {
  return buildMenuSet(permissions).homeMenu.map((tile) => ({ module: moduleCatalogue.find((m) => m.name === tile.module)!, items: tile.children }));
}

describe('sidebar selection', () => {
  const all = visible(fullPermissions());

  it('marks the owning module of a page several modules list, and of its child page', () => {
    expect(selectedEntry('/trial-balance', all).module?.name).toBe('General Ledger');
    expect(selectedEntry('/transaction-history', all).module?.name).toBe('General Ledger');
    expect(selectedEntry('/journal', all).module?.name).toBe('General Ledger');
    expect(selectedEntry('/role', all).module?.name).toBe('Admin');
  });

  it('falls back to a module the user sees when the owner is not granted', () => {
    const assetsOnly = visible(fullPermissions().filter((permission) => permission.name === 'Fixed Asset'));
    expect(selectedEntry('/trial-balance', assetsOnly).module?.name).toBe('Fixed Asset');
  });

  it.each(['/trial-balance', '/transaction-history'])('on %s only General Ledger is the selected module', (path) => {
    const { container } = renderWithProviders(<Sidebar control={control} modules={all} />, { path });
    const selected = [...container.querySelectorAll('.ant-menu-submenu-selected > .ant-menu-submenu-title')].map((title) => title.textContent);
    expect(selected).toEqual(['General Ledger']);
    expect(container.querySelectorAll('.ant-menu-item-selected')).toHaveLength(1);
  });
});
