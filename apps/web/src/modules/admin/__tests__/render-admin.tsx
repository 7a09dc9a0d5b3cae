// Renders an admin component inside the providers the shell gives it, with fetch answered by a table of routes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { fullPermissions, type SignedInUser } from '@erp/contracts';
import { NotificationProvider } from '../../../app/notifications/NotificationProvider';
import { SessionProvider } from '../../../app/session/SessionProvider';

export type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown };
type Route = (call: Call) => Answer | undefined;

/** Stubs fetch: each call is recorded and answered by the first route that answers it (404 otherwise). */
export function stubFetch(...routes: Route[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const call = { method: init?.method ?? 'GET', path: String(input), body };
      calls.push(call);
      const answer = routes.map((route) => route(call)).find((found) => found !== undefined) ?? {
        status: 404,
        body: { message: 'Not found' },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const route =
  (method: string, path: string | RegExp, answer: Answer | ((call: Call) => Answer)): Route =>
  (call) => {
    const matches =
      call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path));
    if (!matches) return undefined;
    return typeof answer === 'function' ? answer(call) : answer;
  };

export const ids = {
  tenant: '11111111-1111-4111-8111-111111111111',
  company: '22222222-2222-4222-8222-222222222222',
  admin: '33333333-3333-4333-8333-333333333333',
  viewer: '44444444-4444-4444-8444-444444444444',
  clerk: '55555555-5555-4555-8555-555555555555',
  user: '66666666-6666-4666-8666-666666666666',
};

export const signedInUser: SignedInUser = {
  token: 'token',
  expiresAt: '2999-01-01T00:00:00.000Z',
  activeUser: {
    code: ids.user,
    name: 'Ada Admin',
    mailAddress: 'ada@example.com',
    status: 'Active',
    roleID: ids.admin,
    role: 'Administrator',
    color: null,
    tenant: { id: ids.tenant, code: 'DEFAULT', name: 'Default Tenant' },
    company: { id: ids.company, code: 'HQ', description: 'Head Office' },
  },
  name: 'Ada Admin',
  mailAddress: 'ada@example.com',
  company: ids.company,
  parentRole: { id: ids.admin, name: 'Administrator', permissions: fullPermissions() },
};

export function renderAdmin(ui: ReactElement, user: SignedInUser = signedInUser) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider initialUser={user}>
        <NotificationProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </NotificationProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}
