import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { SignedInUser } from '@erp/contracts';
import { NotificationProvider } from './notifications/NotificationProvider';
import { buildRoutes } from './router';
import { SessionProvider } from './session/SessionProvider';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

function makeQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
}

/** Providers (theme, queries, session, notifications) around the router. */
export function App({ initialUser }: { initialUser: SignedInUser | undefined }) {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider initialUser={initialUser}>
          <NotificationProvider>
            <RouterProvider router={router} />
          </NotificationProvider>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeModeProvider>
  );
}
