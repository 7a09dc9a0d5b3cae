/*
 * Sign-in state outside React: restoring credentials after a reload, storing a signed-in user and
 * logging out (SPEC.md section 4). The React provider wraps these.
 */
import type { SignedInUser } from '@erp/contracts';
import { setCredentials, setUnauthorizedHandler } from '../api';
import { clearLocalExceptActiveUserFlag, readStoredUser, writeStoredUser } from './local-store';
import { clearSessionStore } from './session-store';

export const LOGIN_ROUTE = '/login';

function credentialsOf(user: SignedInUser) {
  return { token: user.token, tenantId: user.activeUser.tenant.id };
}

/** Reads the stored user (if any) and hands its credentials to the API client. */
export function restoreSession(): SignedInUser | undefined {
  const user = readStoredUser();
  setCredentials(user ? credentialsOf(user) : undefined);
  return user;
}

export function storeSignedInUser(user: SignedInUser): void {
  writeStoredUser(user);
  setCredentials(credentialsOf(user));
}

export function forgetSignedInUser(): void {
  setCredentials(undefined);
}

/** Clears stored data except the has-active-user flag, then goes to /login with a full reload. */
export function logout(navigate: (url: string) => void = (url) => window.location.assign(url)): void {
  clearLocalExceptActiveUserFlag();
  clearSessionStore();
  setCredentials(undefined);
  navigate(LOGIN_ROUTE);
}

/** A 401 from any authenticated call signs the user out. */
export function installUnauthorizedLogout(): void {
  let leaving = false;
  setUnauthorizedHandler(() => {
    if (leaving) return;
    leaving = true;
    logout();
  });
}
