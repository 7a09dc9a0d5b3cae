// Proves a 401 on an authenticated call triggers sign-out, while public calls and other errors do not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setCredentials, setUnauthorizedHandler } from '../api';
import { stubFetch } from '../../test/render';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  setCredentials(undefined);
  setUnauthorizedHandler(undefined);
});

describe('401 handling', () => {
  it('signs out on a 401 from an authenticated call and still returns the error object', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setCredentials({ token: 't', tenantId: 'tenant' });
    stubFetch({ 'GET /gl/GetFullCompany': () => ({ status: 401, json: { message: 'Your session has expired, please sign in again', statusCode: 401 } }) });
    const result = await apiRequest('GET', '/gl/GetFullCompany');
    expect(result).toEqual({ ok: false, error: { message: 'Your session has expired, please sign in again', statusCode: 401 } });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves public calls and 403s alone', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setCredentials({ token: 't', tenantId: 'tenant' });
    stubFetch({
      'POST /auth/user/validate': () => ({ status: 401, json: { message: 'Invalid email address or password', statusCode: 401 } }),
      'GET /auth/role/getroles': () => ({ status: 403, json: { message: 'Forbidden', statusCode: 403 } }),
    });
    await apiRequest('POST', '/auth/user/validate', {}, { public: true });
    await apiRequest('GET', '/auth/role/getroles');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
