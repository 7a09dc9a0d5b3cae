// Renders a component inside the app's providers (theme, queries, session, notifications, router) for component tests.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SignedInUser } from '@erp/contracts';
import { NotificationProvider } from '../app/notifications/NotificationProvider';
import { SessionProvider } from '../app/session/SessionProvider';
import { ThemeModeProvider } from '../app/theme/ThemeModeProvider';

export function renderWithProviders(ui: ReactElement, options: { user?: SignedInUser; path?: string } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
    ],
    { initialEntries: [options.path ?? '/'] },
  );
  return render(
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider initialUser={options.user}>
          <NotificationProvider>
            <RouterProvider router={router} />
          </NotificationProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeModeProvider>,
  );
}

/** A fetch stub answering by method and path; unknown calls answer 404 with the section 8 shape. */
export function stubFetch(routes: Record<string, (body: unknown) => { status?: number; json: unknown }>): { calls: { method: string; path: string; body: unknown }[] } {
  const calls: { method: string; path: string; body: unknown }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input.toString();
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const key = Object.keys(routes).find((candidate) => `${method} ${path}`.startsWith(candidate));
    const answer = key ? routes[key]!(body) : { status: 404, json: { message: 'not found', statusCode: 404 } };
    return new Response(JSON.stringify(answer.json), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { calls };
}
