// Proves the sidebar marks the pages of modules not built yet with a muted "soon" tag, derived from the page registry, and leaves built pages unmarked.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { moduleCatalogue, type MenuItem } from '@erp/contracts';
import { hasScreen, notAvailableRoutes } from '../page-registry';
import { Sidebar } from '../shell/Sidebar';
import type { SidebarControl } from '../shell/useSidebarState';
import type { VisibleModule } from '../shell/useVisibleMenu';
import { renderWithProviders } from '../../test/render';

const control: SidebarControl = { folded: false, narrow: false, compact: false, pinned: true, toggle: () => undefined, togglePin: () => undefined, afterNavigate: () => undefined };

describe('sidebar marks pages without a screen', () => {
  it('hasScreen follows the registry: a built page yes, a not-available one no', () => {
    expect(hasScreen('/journals')).toBe(true);
    expect(hasScreen('/trial-balance')).toBe(true);
    for (const link of notAvailableRoutes()) expect(hasScreen(link), link).toBe(false);
  });

  it('shows "soon" beside a not-built page only', async () => {
    const ledger = moduleCatalogue.find((m) => m.name === 'General Ledger')!;
    const payroll = moduleCatalogue.find((m) => m.name === 'Payroll')!;
    const modules: VisibleModule[] = [
      { module: ledger, items: [{ name: 'Journals', link: '/journals', module: 'General Ledger', group: 'Transactions', children: [] } as unknown as MenuItem] },
      { module: payroll, items: [{ name: 'Staff', link: '/staff', module: 'Payroll', group: 'Setup', children: [] } as unknown as MenuItem] },
    ];
    renderWithProviders(<Sidebar control={control} modules={modules} />);
    await userEvent.click(screen.getByText('General Ledger'));
    await userEvent.click(screen.getByText('Payroll'));
    const journals = await screen.findByRole('link', { name: 'Journals' });
    expect(within(journals).queryByText('soon')).toBeNull();
    const staff = await screen.findByRole('link', { name: /Staff/ });
    expect(within(staff).getByText('soon')).toBeTruthy();
    expect(staff.getAttribute('title')).toBe('Staff (not available yet)');
  });
});
