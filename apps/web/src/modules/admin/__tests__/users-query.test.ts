// Proves the users list call is built as SPEC.md section 7 names it: /auth/user/getbyrole/{role}/{search}/{count}?page=N.
import { describe, expect, it } from 'vitest';
import { usersListPath } from '../users-query';

const roleId = '7d7b1c8e-5b5a-4c1e-9a1e-0c2b3d4e5f60';

describe('usersListPath', () => {
  it('uses all, * and the default count of 20 for an empty filter', () => {
    expect(usersListPath({})).toBe('/auth/user/getbyrole/all/*/20?page=1');
  });

  it('puts the role, the trimmed search text, the page size and the page in place', () => {
    expect(usersListPath({ roleId, search: '  ann  ', pageSize: 50, page: 3 })).toBe(
      `/auth/user/getbyrole/${roleId}/ann/50?page=3`,
    );
  });

  it('encodes search text so it stays one path segment', () => {
    expect(usersListPath({ search: 'a/b?c#d %' })).toBe(
      '/auth/user/getbyrole/all/a%2Fb%3Fc%23d%20%25/20?page=1',
    );
    expect(usersListPath({ search: 'ann@example.com' })).toBe(
      '/auth/user/getbyrole/all/ann%40example.com/20?page=1',
    );
  });

  it('sends blank, * and dot-only text as no search (a dot segment would change the route)', () => {
    for (const search of ['', '   ', '*', '.', '..', '...']) {
      expect(usersListPath({ search })).toBe('/auth/user/getbyrole/all/*/20?page=1');
    }
    expect(usersListPath({ search: '.net' })).toBe('/auth/user/getbyrole/all/.net/20?page=1');
  });

  it('keeps count and page within what the server takes', () => {
    expect(usersListPath({ pageSize: 0, page: 0 })).toBe('/auth/user/getbyrole/all/*/1?page=1');
    expect(usersListPath({ pageSize: 10_000, page: 2.7 })).toBe('/auth/user/getbyrole/all/*/500?page=2');
    expect(usersListPath({ pageSize: Number.NaN, page: Number.POSITIVE_INFINITY })).toBe(
      '/auth/user/getbyrole/all/*/20?page=1',
    );
  });

  it('cuts search text at 200 characters', () => {
    const path = usersListPath({ search: 'x'.repeat(250) });
    expect(path).toBe(`/auth/user/getbyrole/all/${'x'.repeat(200)}/20?page=1`);
  });
});
