/*
 * SPEC.md section 2 route access rules, as one pure decision per path:
 * - no logged-in user: /login when a tenant user exists, otherwise /user-setup;
 * - a logged-in user gets any protected route; the bare root goes to /home;
 * - /login (and /) only when a tenant user exists and nobody is logged in;
 * - /user-setup (and /) only when no tenant user exists;
 * - the public routes and the not-found screen are open to all.
 */
import { HOME_ROUTE, isProtectedRoute, isPublicRoute, normalisePath } from '@erp/contracts';

export type AccessState = { signedIn: boolean; tenantHasUser: boolean };
export type AccessDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

export const LOGIN_PATH = '/login';
export const USER_SETUP_PATH = '/user-setup';

const render: AccessDecision = { kind: 'render' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/** Where someone who may not see the asked page belongs. */
export function homeFor(state: AccessState): string {
  if (state.signedIn) return HOME_ROUTE;
  return state.tenantHasUser ? LOGIN_PATH : USER_SETUP_PATH;
}

export function decideAccess(path: string, state: AccessState): AccessDecision {
  const normal = normalisePath(path);
  if (normal === '/') return redirect(homeFor(state));
  if (normal === LOGIN_PATH) {
    return state.tenantHasUser && !state.signedIn ? render : redirect(homeFor(state));
  }
  if (normal === USER_SETUP_PATH) {
    return state.tenantHasUser ? redirect(homeFor(state)) : render;
  }
  if (isPublicRoute(normal)) return render;
  if (isProtectedRoute(normal)) return state.signedIn ? render : redirect(homeFor(state));
  return render;
}
