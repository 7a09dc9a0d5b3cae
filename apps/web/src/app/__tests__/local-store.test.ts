// Proves local storage holds only the three keys, logout keeps only the has-active-user flag, and stored users restore credentials.
import { describe, expect, it } from 'vitest';
import { sampleUser } from '../../test/fixtures';
import { clearLocalExceptActiveUserFlag, LOCAL_KEYS, readStoredUser, setActiveUserFlag, writeSidebarState } from '../session/local-store';
import { logout, restoreSession, storeSignedInUser } from '../session/session';
import { setSessionValue } from '../session/session-store';

describe('local store and logout', () => {
  it('stores the user, the flag and sidebarState under their keys only', () => {
    storeSignedInUser(sampleUser());
    setActiveUserFlag();
    writeSidebarState('fold');
    expect(Object.keys({ ...localStorage }).sort()).toEqual([LOCAL_KEYS.hasActiveUser, LOCAL_KEYS.sidebarState, LOCAL_KEYS.user].sort());
  });

  it('logout clears everything except the has-active-user flag and goes to /login', async () => {
    storeSignedInUser(sampleUser());
    setActiveUserFlag();
    writeSidebarState('wide');
    await setSessionValue('loginMail', 'ada@example.com');
    const visited: string[] = [];
    logout((url) => visited.push(url));
    expect({ ...localStorage }).toEqual({ [LOCAL_KEYS.hasActiveUser]: 'true' });
    expect(sessionStorage.length).toBe(0);
    expect(visited).toEqual(['/login']);
  });

  it('keeps nothing when the flag was absent', () => {
    localStorage.setItem('other', 'x');
    clearLocalExceptActiveUserFlag();
    expect(localStorage.length).toBe(0);
  });

  it('restores a stored user and drops an expired or malformed one', () => {
    storeSignedInUser(sampleUser());
    expect(restoreSession()?.activeUser.tenant.id).toBe('00000000-0000-4000-8000-0000000000aa');
    storeSignedInUser(sampleUser({ expiresAt: new Date(Date.now() - 1000).toISOString() }));
    expect(readStoredUser()).toBeUndefined();
    expect(localStorage.getItem(LOCAL_KEYS.user)).toBeNull();
    localStorage.setItem(LOCAL_KEYS.user, '{not json');
    expect(readStoredUser()).toBeUndefined();
    // A value of another shape (no tenant, a token that is no text, no expiry date) is dropped too.
    const { activeUser } = sampleUser();
    for (const damaged of [{ ...sampleUser(), activeUser: { ...activeUser, tenant: null } }, { ...sampleUser(), token: 42 }, { ...sampleUser(), expiresAt: 'soon' }, [sampleUser()]]) {
      localStorage.setItem(LOCAL_KEYS.user, JSON.stringify(damaged));
      expect(readStoredUser(), JSON.stringify(damaged).slice(0, 60)).toBeUndefined();
      expect(localStorage.getItem(LOCAL_KEYS.user)).toBeNull();
    }
  });
});
