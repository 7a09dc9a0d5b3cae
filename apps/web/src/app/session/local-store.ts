/*
 * Local browser storage of SPEC.md section 3 holds exactly three keys: the logged-in user, the
 * has-active-user flag and sidebarState. Everything else lives in the encrypted session store.
 */
import type { SignedInUser } from '@erp/contracts';

export const LOCAL_KEYS = { user: 'user', hasActiveUser: 'hasActiveUser', sidebarState: 'sidebarState' } as const;

export type SidebarState = 'fold' | 'wide';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The shape of a stored user, checked by hand: this runs before the first render of every page, and the zod schema would put
 * zod on the sign-in page's first load. The value is what this app wrote after a sign-in the server answered, so the check is
 * for a damaged or foreign value, not for a hostile one (nothing here is trusted by the server).
 */
export function isStoredUser(value: unknown): value is SignedInUser {
  if (!isRecord(value) || !isText(value.token) || !isText(value.expiresAt) || !isText(value.name) || !isText(value.mailAddress) || !isText(value.company)) return false;
  const { activeUser, parentRole } = value;
  if (!isRecord(activeUser) || !isText(activeUser.code) || !isText(activeUser.name) || !isText(activeUser.roleID) || !isText(activeUser.role)) return false;
  if (!isRecord(activeUser.tenant) || !isText(activeUser.tenant.id) || !isRecord(activeUser.company) || !isText(activeUser.company.id)) return false;
  return isRecord(parentRole) && isText(parentRole.id) && isText(parentRole.name) && Array.isArray(parentRole.permissions);
}

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
  if (!isStoredUser(parsed) || !(new Date(parsed.expiresAt).getTime() > now.getTime())) {
    localStorage.removeItem(LOCAL_KEYS.user);
    return undefined;
  }
  return parsed;
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
