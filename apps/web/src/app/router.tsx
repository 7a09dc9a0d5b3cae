/*
 * The route table, built from the contracts lists: sign-in and first-user setup, the public
 * routes, every protected exact and prefix route inside the shell, and the catch-all not-found
 * screen. Screens load lazily per module (the sign-in screens one by one); /login needs only its own chunk.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { hasPage, protectedPrefixRoutes } from '@erp/contracts';
import { loadChunk, lazyPage, pick } from './errors/chunk-errors';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { accessPageOf, builtPages, protectedRouteLinks, subScreenLinks } from './page-registry';
import { RootLayout } from './RootLayout';
import { useSession } from './session/useSession';

// One chunk per sign-in screen: /login loads neither the user form nor the agreement's HTML sanitiser.
const LoginPage = lazyPage('auth', pick(() => import('../modules/auth/LoginPage'), 'LoginPage'));
const UserSetupPage = lazyPage('auth', pick(() => import('../modules/auth/UserSetupPage'), 'UserSetupPage'));
const ForgotPasswordPage = lazyPage('auth', pick(() => import('../modules/auth/ForgotPasswordPage'), 'ForgotPasswordPage'));
const VerificationPage = lazyPage('auth', pick(() => import('../modules/auth/VerificationPage'), 'VerificationPage'));
const NewPasswordPage = lazyPage('auth', pick(() => import('../modules/auth/NewPasswordPage'), 'NewPasswordPage'));
const SamplePage = lazyPage('sample', pick(() => import('./pages/SamplePage'), 'SamplePage'));
const NotAvailablePage = lazyPage('shell', pick(() => import('./pages/NotAvailablePage'), 'NotAvailablePage'));
const NoAccessPage = lazyPage('shell', pick(() => import('./pages/NoAccessPage'), 'NoAccessPage'));
const NotFoundPage = lazy(async () => ({ default: (await loadChunk('shell', () => import('./pages/NotFoundPage'))).NotFoundPage }));
const AppShell = lazyPage('shell', pick(() => import('./shell/AppShell'), 'AppShell'));
const AppShellFrame = lazy(async () => ({ default: (await loadChunk('shell', () => import('./shell/AppShell'))).AppShellFrame }));

/** A protected route's screen; "not available yet" when its module is not built; a short refusal when the role does not hold its page. */
function ProtectedPage({ link }: { link: string }) {
  const { user } = useSession();
  const Page = builtPages[link];
  if (!Page) return <NotAvailablePage />;
  const access = accessPageOf(link);
  if (access !== undefined && user && !hasPage(user.parentRole.permissions, access)) return <NoAccessPage />;
  return <Page />;
}

/** Signed in, the not-found screen sits in the shell; otherwise it stands alone. */
function NotFoundRoute() {
  const { user } = useSession();
  if (!user) return <NotFoundPage standalone />;
  return (
    <AppShellFrame>
      <NotFoundPage />
    </AppShellFrame>
  );
}

function protectedRoutes(): RouteObject[] {
  const prefixes = new Set<string>(protectedPrefixRoutes);
  return [...protectedRouteLinks(), ...subScreenLinks()].map((link) => ({
    path: prefixes.has(link) ? `${link}/*` : link,
    element: <ProtectedPage link={link} />,
  }));
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: null },
        { path: '/login', element: <LoginPage /> },
        { path: '/user-setup', element: <UserSetupPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/verification', element: <VerificationPage /> },
        { path: '/new-password', element: <NewPasswordPage /> },
        { path: '/sample', element: <SamplePage /> },
        { element: <AppShell />, children: [{ errorElement: <RouteErrorPage />, children: protectedRoutes() }] },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}
