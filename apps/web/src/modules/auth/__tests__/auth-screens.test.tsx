// Proves the sign-in failure banner, the first-user form's section 5 order, the agreement gate and the createfirst call with a transformed password.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { transformPassword } from '@erp/contracts';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { LoginPage } from '../LoginPage';
import { UserForm } from '../UserForm';
import { agreementBody } from '../AgreementModal';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('shows the server message with header Error when sign-in fails', async () => {
    const { calls } = stubFetch({ 'POST /auth/user/validate': () => ({ status: 401, json: { message: 'Invalid email address or password', statusCode: 401 } }) });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const banner = await screen.findByTestId('notification-banner');
    expect(banner.textContent).toContain('Error');
    expect(banner.textContent).toContain('Invalid email address or password');
    expect(screen.getByRole('form', { name: 'Sign in' }).dataset.state).toBe('failure');
    expect(calls[0]?.body).toEqual({ key: 'ada@example.com', value: await transformPassword('wrong') });
  });

  it('requires email and password', async () => {
    const { calls } = stubFetch({});
    renderWithProviders(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please supply email address')).toBeTruthy();
    expect(screen.getByText('Please supply password')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('UserForm (first-user setup)', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, host: 'localhost:3000', assign } as Location);
  });

  const banner = () => screen.findByTestId('notification-body');

  it('opens the agreement, gates Create User on Accept, checks in order, then creates the first user', async () => {
    const { calls } = stubFetch({
      'GET /auth/tenantrequest/GetRequest/': () => ({ json: { isLicenseManager: false, globalAgreement: '<p>Be nice<script>alert(1)</script></p>' } }),
      'POST /auth/user/createfirst/': (body) => ({ json: { ...(body as object), code: '00000000-0000-4000-8000-000000000001', state: 'Unchanged' } }),
    });
    renderWithProviders(<UserForm loggedIn={false} />, { path: '/user-setup' });
    const dialog = await screen.findByRole('dialog', { name: 'End User License Agreement' });
    expect(dialog.textContent).toContain('Be nice');
    expect(dialog.querySelector('script')).toBeNull();
    expect(screen.queryByLabelText('Company')).toBeNull();
    expect((screen.getByRole('button', { name: 'Create User', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const create = screen.getByRole('button', { name: 'Create User' });
    await userEvent.click(create);
    expect((await banner()).textContent).toBe('Please supply valid email address');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(create);
    await waitFor(async () => expect((await banner()).textContent).toBe('Please supply name'));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Ada');
    await userEvent.click(create);
    await waitFor(async () => expect((await banner()).textContent).toBe('Please supply password'));
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#1');
    await userEvent.click(create);
    await waitFor(async () => expect((await banner()).textContent).toBe('Please supply confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret#2');
    await userEvent.click(create);
    await waitFor(async () => expect((await banner()).textContent).toBe('Password and confirm password must be the same'));
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret#1');
    await userEvent.click(create);
    const transformed = await transformPassword('Secret#1');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/auth/user/createfirst/${transformed}`);
    expect(JSON.stringify(post?.body)).not.toContain('Secret#1');
    expect(localStorage.getItem('hasActiveUser')).toBe('true');
  });

  it('skips the agreement for a license-manager tenant', async () => {
    stubFetch({ 'GET /auth/tenantrequest/GetRequest/': () => ({ json: { isLicenseManager: true, globalAgreement: '<p>x</p>' } }) });
    renderWithProviders(<UserForm loggedIn={false} />, { path: '/user-setup' });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Create User' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('labels an existing record Update User with the email disabled and no password fields', () => {
    stubFetch({ 'GET /gl/GetCompanies/': () => ({ json: { items: [] } }), 'GET /auth/role/getroles': () => ({ json: { items: [] } }) });
    renderWithProviders(<UserForm loggedIn record={{ code: '00000000-0000-4000-8000-000000000001', name: 'Ada', mailAddress: 'ada@example.com', state: 'Unchanged' }} />);
    expect(screen.getByRole('button', { name: 'Update User' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByLabelText('Company')).toBeTruthy();
    expect(screen.getByLabelText('Status')).toBeTruthy();
  });
});

describe('agreementBody', () => {
  it('drops a leading heading that repeats the dialog title, keeps any other, and still sanitises', () => {
    expect(agreementBody('<h3>End User  License Agreement</h3><p>Terms</p>')).toBe('<p>Terms</p>');
    expect(agreementBody('<h3>Schedule A</h3><p>Terms</p>')).toBe('<h3>Schedule A</h3><p>Terms</p>');
    expect(agreementBody('<p>Terms</p><h3>End User License Agreement</h3>')).toBe('<p>Terms</p><h3>End User License Agreement</h3>');
    expect(agreementBody('<h2>End User License Agreement</h2><p>x<script>alert(1)</script></p>')).toBe('<p>x</p>');
  });
});
