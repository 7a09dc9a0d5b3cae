// Proves the generic list page asks the server for what the user does (search, sort, filter, page), shows references by label, and offers only the role's operations.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountEntity, TENANT_HEADER, type EntityRecord } from '@erp/contracts';
import { setCredentials } from '../../../app/api';
import { renderWithProviders } from '../../../test/render';
import { EntityListPage } from '../EntityListPage';
import { adminUser, ids, paths, record, route, stubServer, userWith } from './kit-server';

const accounts: EntityRecord[] = Array.from({ length: 20 }, (_, i) =>
  record(`30000000-0000-4000-8000-${String(i).padStart(12, '0')}`, {
    code: String(1000 + i * 10),
    name: i === 0 ? 'Cash and Cash Equivalents' : `Account ${i}`,
    accountGroup: ids.group,
    parentAccount: i === 1 ? ids.cash : null,
    kind: i === 0 ? 'Header' : 'Posting',
    controlType: 'None',
    allowedCurrencies: [],
    requiredDimensions: [],
    active: i !== 2,
    description: null,
  }),
);
const labels = { accountGroup: { [ids.group]: '10 · Current Assets' }, parentAccount: { [ids.cash]: '1000 · Cash and Cash Equivalents' } };

function server() {
  return stubServer(
    route('GET', /^\/gl\/accounts\?/, { body: { items: accounts, total: 45, labels } }),
    route('GET', '/gl/GetFullCompany', { status: 404, body: { message: 'Company not found' } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCredentials(undefined);
});

describe('EntityListPage', () => {
  it('builds the query string from search, sort, filter and page', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderWithProviders(<EntityListPage def={accountEntity} />, { user: adminUser });
    expect(await screen.findByText('Cash and Cash Equivalents')).toBeTruthy();
    expect(paths(calls, '/gl/accounts')).toEqual(['/gl/accounts?limit=20&page=1']);

    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'cash');
    await waitFor(() => expect(paths(calls, '/gl/accounts').at(-1)).toBe('/gl/accounts?search=cash&limit=20&page=1'));
    // Debounced: typing four letters sent one search, not four.
    expect(paths(calls, '/gl/accounts').filter((path) => path.includes('search=')).length).toBe(1);
    // The table is not clickable while it loads (its spinner takes the pointer): a click waits for the answer.
    const settled = () => waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());

    await settled();
    await user.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(paths(calls, '/gl/accounts').at(-1)).toBe('/gl/accounts?search=cash&sort=name&limit=20&page=1'));
    await settled();
    await user.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(paths(calls, '/gl/accounts').at(-1)).toBe('/gl/accounts?search=cash&sort=-name&limit=20&page=1'));
    await settled();

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(paths(calls, '/gl/accounts').at(-1)).toBe('/gl/accounts?search=cash&sort=-name&limit=20&page=2'));

    const kindHeader = screen.getByRole('columnheader', { name: /Kind/ });
    fireEvent.click(within(kindHeader).getByRole('button'));
    await user.click(await screen.findByText('Header', { selector: '.ant-dropdown-menu-title-content span' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(paths(calls, '/gl/accounts').at(-1)).toBe(`/gl/accounts?search=cash&sort=-name&limit=20&page=1&filter=${encodeURIComponent('{"kind":"Header"}')}`),
    );
  });

  it('shows references by their labels, flags as tags, and the total', async () => {
    server();
    renderWithProviders(<EntityListPage def={accountEntity} />, { user: adminUser });
    const row = (await screen.findByText('Account 1')).closest('tr')!;
    expect(within(row).getByText('10 · Current Assets')).toBeTruthy();
    expect(within(row).getByText('1000 · Cash and Cash Equivalents')).toBeTruthy();
    expect(within(row).getByText('Yes')).toBeTruthy();
    expect(within(screen.getByText('Account 2').closest('tr')!).getByText('No')).toBeTruthy();
    expect(screen.getByText('45 accounts')).toBeTruthy();
  });

  it('offers only the operations the role holds', async () => {
    server();
    renderWithProviders(<EntityListPage def={accountEntity} />, { user: userWith('/accounts', ['ExportAccount']) });
    await screen.findByText('Cash and Cash Equivalents');
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
    for (const name of ['New', 'Import']) expect(screen.queryByRole('button', { name: new RegExp(`^${name}$`) })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).toBeNull();
  });

  it('exports the current filter as a file fetched with the session credentials', async () => {
    const user = userEvent.setup();
    setCredentials({ token: 'jwt-token', tenantId: 'tenant-1' });
    const calls = stubServer(
      route('GET', /^\/gl\/accounts\/export\?/, () => new Response('Code,Name\r\n', { headers: { 'content-disposition': 'attachment; filename="accounts.xlsx"' } })),
      route('GET', /^\/gl\/accounts\?/, { body: { items: accounts, total: 45, labels } }),
      route('GET', '/gl/GetFullCompany', { status: 404, body: { message: 'Company not found' } }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<EntityListPage def={accountEntity} />, { user: adminUser });
    await screen.findByText('Cash and Cash Equivalents');
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'cash{Enter}');
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await user.click(await screen.findByText('Excel (XLSX)'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = calls.find((call) => call.path.startsWith('/gl/accounts/export'))!;
    expect(exported.path).toBe('/gl/accounts/export?format=xlsx&search=cash');
    expect(exported.headers).toMatchObject({ Authorization: 'Bearer jwt-token', [TENANT_HEADER]: 'tenant-1' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('accounts.xlsx');
  });
});
