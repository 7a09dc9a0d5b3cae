// Proves the SPEC.md section 2 access rules: /login vs /user-setup, protected, public and root paths.
import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessState } from '../route-access';

const signedOutWithUser: AccessState = { signedIn: false, tenantHasUser: true };
const emptyTenant: AccessState = { signedIn: false, tenantHasUser: false };
const signedIn: AccessState = { signedIn: true, tenantHasUser: true };
const to = (path: string, state: AccessState) => {
  const decision = decideAccess(path, state);
  return decision.kind === 'redirect' ? decision.to : 'render';
};

describe('decideAccess', () => {
  it('sends a visitor to /login when a tenant user exists, else to /user-setup', () => {
    expect(to('/journals', signedOutWithUser)).toBe('/login');
    expect(to('/journals', emptyTenant)).toBe('/user-setup');
    expect(to('/home', signedOutWithUser)).toBe('/login');
    expect(to('/view-all/general-ledger', emptyTenant)).toBe('/user-setup');
  });

  it('routes the bare root by state: /login, /user-setup or /home', () => {
    expect(to('/', signedOutWithUser)).toBe('/login');
    expect(to('/', emptyTenant)).toBe('/user-setup');
    expect(to('/', signedIn)).toBe('/home');
  });

  it('shows /login only when a tenant user exists and nobody is logged in', () => {
    expect(to('/login', signedOutWithUser)).toBe('render');
    expect(to('/login', emptyTenant)).toBe('/user-setup');
    expect(to('/login', signedIn)).toBe('/home');
  });

  it('shows /user-setup only when no tenant user exists', () => {
    expect(to('/user-setup', emptyTenant)).toBe('render');
    expect(to('/user-setup', signedOutWithUser)).toBe('/login');
    expect(to('/user-setup', signedIn)).toBe('/home');
  });

  it('gives a logged-in user every protected route, exact and prefix', () => {
    for (const path of ['/home', '/journals', '/role', '/trial-balance/2024', '/view-all/payroll', '/organisation-structure/tenant', '/success']) {
      expect(to(path, signedIn), path).toBe('render');
    }
  });

  it('opens the public routes and the not-found screen to everyone', () => {
    for (const state of [signedOutWithUser, emptyTenant, signedIn]) {
      for (const path of ['/new-password', '/verification', '/forgot-password', '/sample', '/no-such-page', '/journalsx']) {
        expect(to(path, state), path).toBe('render');
      }
    }
  });

  it('ignores query strings and trailing slashes', () => {
    expect(to('/journals/?x=1', signedOutWithUser)).toBe('/login');
    expect(to('/login/', signedIn)).toBe('/home');
  });
});
