// Proves the permission editor saves what is ticked in one POST /auth/permission call, and that Administrator is read-only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPermissions, type Role } from '@erp/contracts';
import { ADMINISTRATOR_READ_ONLY, PermissionEditorCard } from '../components/PermissionEditorCard';
import { ids, renderAdmin, route, stubFetch } from './render-admin';

const clerk: Role = { id: ids.clerk, name: 'Clerk', description: null, isSystem: false, permissions: [] };
const administrator: Role = {
  id: ids.admin,
  name: 'Administrator',
  description: 'Every page',
  isSystem: true,
  permissions: fullPermissions(),
};

afterEach(() => vi.unstubAllGlobals());

describe('PermissionEditorCard', () => {
  it('selects a group, toggles operations and saves the exact payload in one call', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      route('GET', `/auth/role/get/${ids.clerk}`, { body: clerk }),
      route('POST', '/auth/permission', (call) => ({
        body: { ...clerk, permissions: (call.body as { permissions: unknown }).permissions },
      })),
    );
    renderAdmin(<PermissionEditorCard roleId={ids.clerk} />);

    const adminModule = await screen.findByRole('group', { name: 'Admin' });
    const security = within(adminModule).getByRole('group', { name: 'Security' });
    await user.click(within(security).getByRole('checkbox', { name: 'Security' }));
    const rolePage = within(security).getByRole('group', { name: 'Role' });
    await user.click(within(rolePage).getByRole('checkbox', { name: 'DeleteRole' }));
    await user.click(within(rolePage).getByRole('checkbox', { name: 'DeleteUser' }));
    await user.click(within(security).getByRole('checkbox', { name: 'Identity' }));
    const ledgerToggle = screen.getByRole('button', { name: 'Expand General Ledger' });
    await user.click(ledgerToggle);
    const ledger = screen.getByRole('group', { name: 'General Ledger' });
    await user.click(
      within(within(ledger).getByRole('group', { name: 'Accounts' })).getByRole('checkbox', {
        name: 'ExportAccount',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Save Permissions' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const save = calls.find((call) => call.method === 'POST')!;
    expect(save.path).toBe('/auth/permission');
    const ledgerGroup = fullPermissions()
      .find((p) => p.name === 'General Ledger')!
      .routes.find((r) => r.pages.some((page) => page.link === '/accounts'))!.name;
    expect(save.body).toEqual({
      roleId: ids.clerk,
      permissions: [
        {
          name: 'Admin',
          routes: [
            {
              name: 'Security',
              pages: [
                {
                  link: '/role',
                  operations: [
                    'SaveRole',
                    'EditRole',
                    'ImportRole',
                    'ExportRole',
                    'SaveUser',
                    'EditUser',
                    'ImportUser',
                    'ExportUser',
                  ],
                },
                { link: '/user-profile', operations: ['EditUser'] },
                {
                  link: '/identity-group',
                  operations: [
                    'SaveIdentityGroup',
                    'EditIdentityGroup',
                    'DeleteIdentityGroup',
                    'ImportIdentityGroup',
                    'ExportIdentityGroup',
                  ],
                },
              ],
            },
          ],
        },
        {
          name: 'General Ledger',
          routes: [{ name: ledgerGroup, pages: [{ link: '/accounts', operations: ['ExportAccount'] }] }],
        },
      ],
    });
    expect(await screen.findByText('Operation Successful')).toBeTruthy();
  });

  it('shows the Administrator role read-only: every box ticked and disabled, no save', async () => {
    stubFetch(route('GET', `/auth/role/get/${ids.admin}`, { body: administrator }));
    renderAdmin(<PermissionEditorCard roleId={ids.admin} />);

    expect(await screen.findByText(ADMINISTRATOR_READ_ONLY)).toBeTruthy();
    const adminModule = screen.getByRole('group', { name: 'Admin' });
    const boxes = within(adminModule).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(50);
    for (const box of boxes) {
      expect((box as HTMLInputElement).checked).toBe(true);
      expect((box as HTMLInputElement).disabled).toBe(true);
    }
    expect((screen.getByRole('button', { name: 'Save Permissions' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows the server's message when saving fails", async () => {
    const user = userEvent.setup();
    stubFetch(
      route('GET', `/auth/role/get/${ids.clerk}`, { body: clerk }),
      route('POST', '/auth/permission', {
        status: 403,
        body: { message: 'You are not permitted to do this (EditRole)' },
      }),
    );
    renderAdmin(<PermissionEditorCard roleId={ids.clerk} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Organisation' }));
    await user.click(screen.getByRole('button', { name: 'Save Permissions' }));
    expect(await screen.findByText('You are not permitted to do this (EditRole)')).toBeTruthy();
  });
});
