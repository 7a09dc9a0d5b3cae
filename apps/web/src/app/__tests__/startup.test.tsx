// Proves the start-up user check of SPEC.md section 4 and the access redirects it feeds: 0 sets the flag, other results clear storage, failure shows the server message.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleUser } from '../../test/fixtures';
import { stubFetch } from '../../test/render';
import { RootLayout } from '../RootLayout';
import { SessionProvider } from '../session/SessionProvider';
import { SERVER_UNREACHABLE_MESSAGE } from '../startup/useStartupCheck';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function start(path: string, user = undefined as ReturnType<typeof sampleUser> | undefined) {
  const routes = ['/login', '/user-setup', '/home', '/journals', '/sample'].map((p) => ({ path: p, element: <p>screen {p}</p> }));
  const router = createMemoryRouter([{ element: <RootLayout />, children: [{ path: '/', element: null }, ...routes] }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider initialUser={user}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('start-up check', () => {
  it('sets the has-active-user flag on 0 and sends a visitor to /login', async () => {
    const { calls } = stubFetch({ 'GET /auth/user/isempty': () => ({ json: 0 }) });
    start('/journals');
    expect(await screen.findByText('screen /login')).toBeTruthy();
    expect(localStorage.getItem('hasActiveUser')).toBe('true');
    expect(calls.map((call) => call.path)).toEqual(['/auth/user/isempty']);
  });

  it('clears all local storage on any other result and shows first-user setup at /', async () => {
    localStorage.setItem('sidebarState', 'fold');
    stubFetch({ 'GET /auth/user/isempty': () => ({ json: 1 }) });
    start('/');
    expect(await screen.findByText('screen /user-setup')).toBeTruthy();
    expect(localStorage.length).toBe(0);
  });

  it('shows the unreachable message when the check fails', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    start('/login');
    expect(await screen.findByText(SERVER_UNREACHABLE_MESSAGE)).toBeTruthy();
  });

  it('skips the check when the flag is set, and sends a signed-in user from / to /home', async () => {
    localStorage.setItem('hasActiveUser', 'true');
    const { calls } = stubFetch({});
    start('/', sampleUser());
    expect(await screen.findByText('screen /home')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
