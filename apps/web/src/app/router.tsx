/*
 * The route table, built from the contracts lists: sign-in and first-user setup, the public
 * routes, every protected exact and prefix route inside the shell, and the catch-all not-found
 * screen. Screens load lazily per module; /login needs only the auth chunk.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { protectedPrefixRoutes } from '@erp/contracts';
import { loadChunk, lazyPage, pick } from './errors/chunk-errors';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { builtPages, protectedRouteLinks } from './page-registry';
import { NotAvailablePage } from './pages/NotAvailablePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RootLayout } from './RootLayout';
import { useSession } from './session/useSession';

const authScreens = () => import('../modules/auth/index');
const LoginPage = lazyPage('auth', pick(authScreens, 'LoginPage'));
const UserSetupPage = lazyPage('auth', pick(authScreens, 'UserSetupPage'));
const ForgotPasswordPage = lazyPage('auth', pick(authScreens, 'ForgotPasswordPage'));
const VerificationPage = lazyPage('auth', pick(authScreens, 'VerificationPage'));
const NewPasswordPage = lazyPage('auth', pick(authScreens, 'NewPasswordPage'));
const SamplePage = lazyPage('sample', pick(() => import('./pages/SamplePage'), 'SamplePage'));
const AppShell = lazyPage('shell', pick(() => import('./shell/AppShell'), 'AppShell'));
const AppShellFrame = lazy(async () => ({ default: (await loadChunk('shell', () => import('./shell/AppShell'))).AppShellFrame }));

/** A protected route's screen, or the "not available yet" page when its module is not built. */
function ProtectedPage({ link }: { link: string }) {
  const Page = builtPages[link];
  return Page ? <Page /> : <NotAvailablePage />;
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
  return protectedRouteLinks().map((link) => ({
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
