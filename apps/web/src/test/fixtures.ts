// Test data shared by the web tests.
import type { SignedInUser } from '@erp/contracts';

export function sampleUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  const id = '00000000-0000-4000-8000-000000000001';
  return {
    token: 'jwt-token',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    activeUser: {
      code: id,
      name: 'Ada',
      mailAddress: 'ada@example.com',
      status: 'Active',
      roleID: id,
      role: 'Administrator',
      color: null,
      tenant: { id: '00000000-0000-4000-8000-0000000000aa', code: 'T', name: 'Tenant' },
      company: { id, code: 'HO', description: 'Head Office' },
    },
    name: 'Ada',
    mailAddress: 'ada@example.com',
    company: id,
    parentRole: { id, name: 'Administrator', permissions: [] },
    ...overrides,
  };
}
