/*
 * Local browser storage of SPEC.md section 3 holds exactly three keys: the logged-in user, the
 * has-active-user flag and sidebarState. Everything else lives in the encrypted session store.
 */
import { signedInUserSchema, type SignedInUser } from '@erp/contracts';

export const LOCAL_KEYS = { user: 'user', hasActiveUser: 'hasActiveUser', sidebarState: 'sidebarState' } as const;

export type SidebarState = 'fold' | 'wide';

/** The stored user, if it parses and its token has not expired (an expired one is dropped). */
export function readStoredUser(now: Date = new Date()): SignedInUser | undefined {
  const raw = localStorage.getItem(LOCAL_KEYS.user);
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const result = signedInUserSchema.safeParse(parsed);
  if (!result.success || new Date(result.data.expiresAt).getTime() <= now.getTime()) {
    localStorage.removeItem(LOCAL_KEYS.user);
    return undefined;
  }
  return result.data;
}

export function writeStoredUser(user: SignedInUser): void {
  localStorage.setItem(LOCAL_KEYS.user, JSON.stringify(user));
}

export function hasActiveUserFlag(): boolean {
  return localStorage.getItem(LOCAL_KEYS.hasActiveUser) === 'true';
}

export function setActiveUserFlag(): void {
  localStorage.setItem(LOCAL_KEYS.hasActiveUser, 'true');
}

export function readSidebarState(): SidebarState | undefined {
  const value = localStorage.getItem(LOCAL_KEYS.sidebarState);
  return value === 'fold' || value === 'wide' ? value : undefined;
}

export function writeSidebarState(state: SidebarState): void {
  localStorage.setItem(LOCAL_KEYS.sidebarState, state);
}

/** Logout (SPEC.md section 4): every stored item goes except the has-active-user flag. */
export function clearLocalExceptActiveUserFlag(): void {
  const keep = localStorage.getItem(LOCAL_KEYS.hasActiveUser);
  localStorage.clear();
  if (keep !== null) localStorage.setItem(LOCAL_KEYS.hasActiveUser, keep);
}
