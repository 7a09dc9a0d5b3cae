import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { SignedInUser } from '@erp/contracts';
import { hasActiveUserFlag, setActiveUserFlag } from './local-store';
import { forgetSignedInUser, logout, storeSignedInUser } from './session';

export type Session = {
  user: SignedInUser | undefined;
  /** The has-active-user flag: a user exists in the tenant. */
  tenantHasUser: boolean;
  signIn: (user: SignedInUser) => void;
  logout: () => void;
  markTenantHasUser: () => void;
  /** The start-up check found no user: all local storage is cleared. */
  markTenantEmpty: () => void;
};

export const SessionContext = createContext<Session | undefined>(undefined);

export function SessionProvider({ initialUser, children }: { initialUser: SignedInUser | undefined; children: ReactNode }) {
  const [user, setUser] = useState(initialUser);
  const [tenantHasUser, setTenantHasUser] = useState(hasActiveUserFlag);

  const signIn = useCallback((next: SignedInUser) => {
    storeSignedInUser(next);
    setActiveUserFlag();
    setTenantHasUser(true);
    setUser(next);
  }, []);
  const markTenantHasUser = useCallback(() => {
    setActiveUserFlag();
    setTenantHasUser(true);
  }, []);
  const markTenantEmpty = useCallback(() => {
    localStorage.clear();
    forgetSignedInUser();
    setTenantHasUser(false);
    setUser(undefined);
  }, []);

  const value = useMemo<Session>(
    () => ({ user, tenantHasUser, signIn, logout: () => logout(), markTenantHasUser, markTenantEmpty }),
    [user, tenantHasUser, signIn, markTenantHasUser, markTenantEmpty],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
