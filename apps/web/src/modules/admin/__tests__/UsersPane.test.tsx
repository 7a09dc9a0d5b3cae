// Proves the Users tab: the list call follows the filter, and a new user is checked in the section 5 order, then created with transformed passwords only.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transformPassword, userValidationMessages, type Role, type UserView } from '@erp/contracts';
import { UsersPane } from '../components/UsersPane';
import { ids, renderAdmin, route, signedInUser, stubFetch, type Call } from './render-admin';

const roles: Role[] = [
  { id: ids.admin, name: 'Administrator', description: null, isSystem: true },
  { id: ids.clerk, name: 'Clerk', description: null, isSystem: false },
  { id: ids.viewer, name: 'Viewer', description: null, isSystem: true },
];
const ann: UserView = {
  code: '77777777-7777-4777-8777-777777777777',
  name: 'Ann Smith',
  mailAddress: 'ann@example.com',
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

function stubServer(): Call[] {
  return stubFetch(
    route('GET', /^\/auth\/user\/getbyrole\//, { body: { items: [ann], total: 1 } }),
    route('GET', '/auth/role/getroles', { body: { items: roles } }),
    route('GET', '/gl/GetCompanies/500', {
      body: { items: [{ id: ids.company, code: 'HQ', description: 'Head Office' }], total: 1 },
    }),
    route('GET', '/gl/GetFullCompany', { status: 404, body: { message: 'Company not found' } }),
    route('POST', /^\/auth\/user\/(create\/[0-9a-f]{64}|edit)$/, (call) => ({
      body: { ...ann, ...(call.body as object) },
    })),
  );
}

const listPaths = (calls: Call[]) =>
  calls.filter((call) => call.path.startsWith('/auth/user/getbyrole/')).map((call) => call.path);
const banner = () => screen.getByTestId('notification-body').textContent;

async function chooseOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = document.querySelector(`.ant-select-item-option[title="${option}"]`);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await act(async () => fireEvent.click(item));
}

afterEach(() => vi.unstubAllGlobals());

describe('UsersPane', () => {
  it('asks for the list by role, search text and page', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderAdmin(<UsersPane />);
    expect(await screen.findByText('Ann Smith')).toBeTruthy();
    expect(listPaths(calls)).toEqual(['/auth/user/getbyrole/all/*/20?page=1']);

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ann{Enter}');
    await waitFor(() => expect(listPaths(calls).at(-1)).toBe('/auth/user/getbyrole/all/ann/20?page=1'));

    await chooseOption('Filter by role', 'Clerk');
    await waitFor(() =>
      expect(listPaths(calls).at(-1)).toBe(`/auth/user/getbyrole/${ids.clerk}/ann/20?page=1`),
    );
  });

  it('checks a new user in the section 5 order, then creates it in the filtered role with transformed passwords', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderAdmin(<UsersPane />);
    await screen.findByText('Ann Smith');
    await chooseOption('Filter by role', 'Clerk');
    await user.click(screen.getByRole('button', { name: 'New User' }));
    const drawer = await screen.findByRole('dialog');
    const role = within(drawer).getByRole('combobox', { name: 'Role' });
    expect((role as HTMLInputElement).disabled).toBe(true);

    const create = () => user.click(within(drawer).getByRole('button', { name: 'Create User' }));
    await create();
    expect(banner()).toBe(userValidationMessages.email);
    await user.type(within(drawer).getByLabelText('Email'), 'bob@example.com');
    await create();
    expect(banner()).toBe(userValidationMessages.name);
    await user.type(within(drawer).getByLabelText('Full Name'), 'Bob Jones');
    await create();
    expect(banner()).toBe(userValidationMessages.password);
    await user.type(within(drawer).getByLabelText('Password'), 'Secret#123');
    await create();
    expect(banner()).toBe(userValidationMessages.confirmPassword);
    await user.type(within(drawer).getByLabelText('Confirm Password'), 'Secret#124');
    await create();
    expect(banner()).toBe(userValidationMessages.mismatch);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(within(drawer).getByLabelText('Confirm Password'));
    await user.type(within(drawer).getByLabelText('Confirm Password'), 'Secret#123');
    await create();
    await waitFor(() => expect(banner()).toBe('Operation Successful'));
    const transformed = await transformPassword('Secret#123');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/auth/user/create/${transformed}`);
    expect(post.body).toEqual({
      name: 'Bob Jones',
      mailAddress: 'bob@example.com',
      company: ids.company,
      roleID: ids.clerk,
      status: 'Active',
      password: transformed,
      confirmPassword: transformed,
      state: 'New',
    });
    expect(JSON.stringify(post)).not.toContain('Secret#123');
  });

  it('edits an existing user with the email disabled and Update User', async () => {
    const user = userEvent.setup();
    const calls = stubServer();
    renderAdmin(<UsersPane />);
    await user.click(await screen.findByRole('button', { name: 'Edit Ann Smith' }));
    const drawer = await screen.findByRole('dialog');
    expect((within(drawer).getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect(within(drawer).queryByLabelText('Password')).toBeNull();
    await user.type(within(drawer).getByLabelText('Phone Number'), '555 0100');
    await user.click(within(drawer).getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/auth/user/edit')).toBe(true));
    expect(calls.find((call) => call.path === '/auth/user/edit')!.body).toEqual({
      code: ann.code,
      name: 'Ann Smith',
      mailAddress: 'ann@example.com',
      company: ids.company,
      roleID: ids.clerk,
      status: 'Active',
      phoneNumber: '555 0100',
      reason: '',
      state: 'Changed',
    });
  });

  it('offers only what the role may do: with /role and no operation, no New User, Edit or Status; one user reads "1 user"', async () => {
    stubServer();
    const viewer = { ...signedInUser, parentRole: { id: ids.viewer, name: 'Viewer', permissions: [{ name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/role', operations: [] }] }] }] } };
    renderAdmin(<UsersPane />, viewer);
    expect(await screen.findByText('Ann Smith')).toBeTruthy();
    expect(screen.getByText('1 user')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New User' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Ann Smith' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change status of Ann Smith' })).toBeNull();
  });
});
