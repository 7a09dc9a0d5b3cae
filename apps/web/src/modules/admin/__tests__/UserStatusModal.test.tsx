// Proves a status change to Disabled or Deleted needs a reason, and is sent through POST /auth/user/edit.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '@erp/contracts';
import { UserStatusModal } from '../components/UserStatusModal';
import { ids, renderAdmin, route, stubFetch } from './render-admin';

const bob: UserView = {
  code: '88888888-8888-4888-8888-888888888888',
  name: 'Bob Jones',
  mailAddress: 'bob@example.com',
  phoneNumber: null,
  company: ids.company,
  tenant: ids.tenant,
  roleID: ids.clerk,
  role: 'Clerk',
  status: 'Active',
  color: null,
  reason: null,
  lastLogin: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-02T10:00:00.000Z',
  state: 'Unchanged',
};

afterEach(() => vi.unstubAllGlobals());

describe('UserStatusModal', () => {
  it('asks for a reason, then saves the new status with it', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(
      route('POST', '/auth/user/edit', (call) => ({ body: { ...bob, ...(call.body as object) } })),
    );
    const onClose = vi.fn();
    renderAdmin(<UserStatusModal user={bob} onClose={onClose} />);

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please supply a reason')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('Reason'), 'Left the company');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/auth/user/edit',
        body: {
          code: bob.code,
          name: 'Bob Jones',
          mailAddress: 'bob@example.com',
          status: 'Disabled',
          reason: 'Left the company',
          state: 'Changed',
        },
      },
    ]);
    expect(screen.getByTestId('notification-body').textContent).toBe('Operation Successful');
  });
});
