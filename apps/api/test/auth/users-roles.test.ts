// Proves user and role administration: create, edit, list, permissions saved in one call and enforced by the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { transformPassword, userValidationMessages, type ErrorObject, type Role, type UserView } from '@erp/contracts';
import { auditLog } from '../../src/platform/audit/audit.tables';
import { withTenant } from '../../src/platform/db/tenancy';
import { adminOf, call, createTestApp, signIn, type Session, type TestApp, type TestTenant } from '../helpers/test-app';

let t: TestApp;
let tenant: TestTenant;
let admin: Session;
const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown, as: Session = admin) => call<T>(t.app, tenant.host, method, url, body, as);

async function newUser(mail: string, roleID: string, password = 'Pass word 1', extra: object = {}) {
  const p = await transformPassword(password);
  return api<UserView & ErrorObject>('POST', `/auth/user/create/${p}`, { name: mail.split('@')[0], mailAddress: mail, password: p, confirmPassword: p, roleID, ...extra });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant, admin } = await adminOf(t, 'USERS'));
});
afterAll(() => t.close());

describe('roles', () => {
  it('seeds Administrator, Accountant and Viewer', async () => {
    const res = await api<{ items: Role[] }>('GET', '/auth/role/getroles');
    expect(res.body.items.map((r) => [r.name, r.isSystem])).toEqual([['Accountant', true], ['Administrator', true], ['Viewer', true]]);
  });

  it('creates, renames and refuses a duplicate name', async () => {
    const created = await api<Role>('POST', '/auth/role', { name: 'Clerk', description: 'Data entry' });
    expect(created.body).toMatchObject({ name: 'Clerk', isSystem: false, permissions: [] });
    const renamed = await api<Role>('POST', '/auth/role', { id: created.body.id, name: 'Ledger Clerk' });
    expect(renamed.body.name).toBe('Ledger Clerk');
    const dup = await api<ErrorObject>('POST', '/auth/role', { name: 'ledger clerk' });
    expect(dup.body).toEqual({ message: 'A role named ledger clerk already exists', statusCode: 409, serverError: 'Conflict' });
    const blank = await api<ErrorObject>('POST', '/auth/role', { name: '  ' });
    expect(blank.body.message).toBe('name: Please supply role name');
    const unknown = await api<ErrorObject>('GET', '/auth/role/get/00000000-0000-4000-8000-000000000000');
    expect(unknown.body).toEqual({ message: 'Role was not found', statusCode: 404, serverError: 'NotFound' });
  });

  it('saves all permissions in one call, replacing the old, and refuses unknown pages and operations', async () => {
    const role = (await api<Role>('POST', '/auth/role', { name: 'Org viewer' })).body;
    const permissions = [{ name: 'Admin', routes: [{ name: 'Organisation', pages: [{ link: '/organisation-structure', operations: ['EditCompany'] }] }] }];
    const saved = await api<Role>('POST', '/auth/permission', { roleId: role.id, permissions });
    expect(saved.body.permissions).toEqual(permissions);
    const replaced = await api<Role>('POST', '/auth/permission', { roleId: role.id, permissions: [{ name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/role', operations: [] }] }] }] });
    expect(replaced.body.permissions).toEqual([{ name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/role', operations: [] }] }] }]);
    expect((await api<Role>('GET', `/auth/role/get/${role.id}`)).body.permissions).toEqual(replaced.body.permissions);

    const badPage = await api<ErrorObject>('POST', '/auth/permission', { roleId: role.id, permissions: [{ name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/nope', operations: [] }] }] }] });
    expect(badPage.body).toEqual({ message: 'Unknown page /nope in Admin › Security', statusCode: 400, serverError: 'BadRequest' });
    const badOp = await api<ErrorObject>('POST', '/auth/permission', { roleId: role.id, permissions: [{ name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/role', operations: ['LaunchRocket'] }] }] }] });
    expect(badOp.body.message).toBe('Operation LaunchRocket does not exist on page /role');
    const admins = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items.find((r) => r.name === 'Administrator')!;
    const locked = await api<ErrorObject>('POST', '/auth/permission', { roleId: admins.id, permissions: [] });
    expect(locked.body).toEqual({ message: 'The Administrator role always holds every permission', statusCode: 422, serverError: 'BusinessRule' });
  });
});

describe('users', () => {
  it('creates a user with the section 5 messages and refuses a duplicate address', async () => {
    const role = admin.user.parentRole.id;
    const p = await transformPassword('x');
    const noName = await api<ErrorObject>('POST', `/auth/user/create/${p}`, { mailAddress: 'a@users.test', password: p, confirmPassword: p, roleID: role });
    expect(noName.body.message).toBe(userValidationMessages.name);
    const created = await newUser('clerk@users.test', role, 'Pass word 1', { phoneNumber: '+234 1 234' });
    expect(created.body).toMatchObject({ mailAddress: 'clerk@users.test', company: tenant.companyId, roleID: role, status: 'Active', phoneNumber: '+234 1 234' });
    const dup = await newUser('CLERK@users.test', role);
    expect(dup.body).toEqual({ message: 'A user with the email address CLERK@users.test already exists', statusCode: 409, serverError: 'Conflict' });
    const unknownRole = await newUser('x@users.test', '00000000-0000-4000-8000-000000000000');
    expect(unknownRole.body.message).toBe('Role was not found');
  });

  it('lists users by role and search, paged, with the total', async () => {
    const viewer = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items.find((r) => r.name === 'Viewer')!;
    for (const n of ['ann', 'bob', 'cat']) await newUser(`${n}@users.test`, viewer.id);
    const page1 = await api<{ items: UserView[]; total: number }>('GET', `/auth/user/getbyrole/${viewer.id}/*/2`);
    expect(page1.body.total).toBe(3);
    expect(page1.body.items.map((u) => u.name)).toEqual(['ann', 'bob']);
    const page2 = await api<{ items: UserView[]; total: number }>('GET', `/auth/user/getbyrole/${viewer.id}/*/2?page=2`);
    expect(page2.body.items.map((u) => u.name)).toEqual(['cat']);
    const search = await api<{ items: UserView[]; total: number }>('GET', '/auth/user/getbyrole/all/BO/20');
    expect(search.body.items.map((u) => u.mailAddress)).toEqual(['bob@users.test']);
    const byMailDesc = await api<{ items: UserView[] }>('GET', `/auth/user/getbyrole/${viewer.id}/*/20?sort=-mailAddress`);
    expect(byMailDesc.body.items.map((u) => u.name)).toEqual(['cat', 'bob', 'ann']);
    const me = await api<UserView>('GET', '/auth/user/me');
    expect(me.body).toMatchObject({ code: admin.user.activeUser.code, mailAddress: admin.user.mailAddress, role: 'Administrator' });
    const bad = await api<ErrorObject>('GET', '/auth/user/getbyrole/not-a-uuid/*/20');
    expect(bad.status).toBe(400);
  });

  it('edits a user, keeps the address, disables it and revokes its tokens', async () => {
    const viewer = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items.find((r) => r.name === 'Viewer')!;
    const u = (await newUser('dan@users.test', viewer.id)).body;
    const session = await signIn(t.app, tenant.host, 'dan@users.test', 'Pass word 1');
    expect((await api('GET', '/gl/GetFullCompany', undefined, session)).status).toBe(200);

    const moved = await api<ErrorObject>('POST', '/auth/user/edit', { ...u, mailAddress: 'other@users.test' });
    expect(moved.body.message).toBe('The email address of an existing user cannot be changed');
    const edited = await api<UserView>('POST', '/auth/user/edit', { code: u.code, name: 'Daniel', mailAddress: u.mailAddress, status: 'Disabled', reason: 'Left the company' });
    expect(edited.body).toMatchObject({ name: 'Daniel', status: 'Disabled', reason: 'Left the company' });
    const refused = await api<ErrorObject>('GET', '/gl/GetFullCompany', undefined, session);
    expect(refused.body).toEqual({ message: 'Your account is not active, please sign in again', statusCode: 401, serverError: 'Unauthorized' });
    const signInAgain = await call<ErrorObject>(t.app, tenant.host, 'POST', '/auth/user/validate', { key: 'dan@users.test', value: await transformPassword('Pass word 1') });
    expect(signInAgain.status).toBe(401);

    const audit = await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) =>
      tx.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.recordId, u.code), eq(auditLog.action, 'edit'))),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: admin.user.activeUser.code, before: { status: 'Active', name: 'dan' }, after: { status: 'Disabled', name: 'Daniel' } });
    expect(JSON.stringify([audit[0]!.before, audit[0]!.after])).not.toMatch(/passwordHash|argon2/);
  });

  it('lets a user edit their own name without EditUser, but not their role, and refuses self-disable', async () => {
    const viewer = (await api<{ items: Role[] }>('GET', '/auth/role/getroles')).body.items.find((r) => r.name === 'Viewer')!;
    const u = (await newUser('eve@users.test', viewer.id)).body;
    const eve = await signIn(t.app, tenant.host, 'eve@users.test', 'Pass word 1');
    const own = await api<UserView>('POST', '/auth/user/edit', { code: u.code, name: 'Eve Adams', mailAddress: u.mailAddress }, eve);
    expect(own.body.name).toBe('Eve Adams');
    const promote = await api<ErrorObject>('POST', '/auth/user/edit', { code: u.code, name: 'Eve', mailAddress: u.mailAddress, roleID: admin.user.parentRole.id }, eve);
    expect(promote.body).toEqual({ message: 'You are not permitted to do this (EditUser)', statusCode: 403, serverError: 'Forbidden' });
    // Naming a role takes EditUser even when it is the stored one; another user's name takes it too.
    const sameRole = await api<ErrorObject>('POST', '/auth/user/edit', { code: u.code, name: 'Eve', mailAddress: u.mailAddress, roleID: viewer.id }, eve);
    expect(sameRole.status).toBe(403);
    const other = await api<ErrorObject>('POST', '/auth/user/edit', { code: admin.user.activeUser.code, name: 'Not me', mailAddress: admin.user.mailAddress }, eve);
    expect(other.body).toEqual({ message: 'You are not permitted to do this (EditUser)', statusCode: 403, serverError: 'Forbidden' });
    const self = await api<ErrorObject>('POST', '/auth/user/edit', { code: admin.user.activeUser.code, name: 'Admin', mailAddress: admin.user.mailAddress, status: 'Disabled' });
    expect(self.body.message).toBe('You cannot disable or delete your own account');
  });

  it('enforces permissions on the server whatever the menu shows', async () => {
    const role = (await api<Role>('POST', '/auth/role', { name: 'Role reader' })).body;
    await api('POST', '/auth/permission', { roleId: role.id, permissions: [{ name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/role', operations: [] }] }] }] });
    await newUser('ray@users.test', role.id);
    const ray = await signIn(t.app, tenant.host, 'ray@users.test', 'Pass word 1');
    expect((await api('GET', '/auth/role/getroles', undefined, ray)).status).toBe(200);
    const p = await transformPassword('z');
    const create = await api<ErrorObject>('POST', `/auth/user/create/${p}`, { name: 'Z', mailAddress: 'z@users.test', password: p, confirmPassword: p, roleID: role.id }, ray);
    expect(create.body).toEqual({ message: 'You are not permitted to do this (SaveUser)', statusCode: 403, serverError: 'Forbidden' });
    const grant = await api<ErrorObject>('POST', '/auth/permission', { roleId: role.id, permissions: [] }, ray);
    expect(grant.status).toBe(403);
    const tenants = await api<ErrorObject>('GET', '/gl/GetTenants/20', undefined, ray);
    expect(tenants.body).toEqual({ message: 'You are not permitted to do this', statusCode: 403, serverError: 'Forbidden' });
  });

  it('applies a change of the permissions of a role to the next call of a signed-in user', async () => {
    const role = (await api<Role>('POST', '/auth/role', { name: 'Role changing' })).body;
    const rolePage = [{ name: 'Admin', routes: [{ name: 'Security', pages: [{ link: '/role', operations: [] }] }] }];
    await api('POST', '/auth/permission', { roleId: role.id, permissions: rolePage });
    await newUser('rita@users.test', role.id);
    const rita = await signIn(t.app, tenant.host, 'rita@users.test', 'Pass word 1');
    expect((await api('GET', '/auth/role/getroles', undefined, rita)).status).toBe(200);
    expect((await api('GET', '/auth/role/getroles', undefined, rita)).status).toBe(200);
    await api('POST', '/auth/permission', { roleId: role.id, permissions: [] });
    expect((await api('GET', '/auth/role/getroles', undefined, rita)).status).toBe(403);
    await api('POST', '/auth/permission', { roleId: role.id, permissions: rolePage });
    expect((await api('GET', '/auth/role/getroles', undefined, rita)).status).toBe(200);
    // A direct change of the rows (not through the API) counts as well.
    await withTenant(t.platform.database.db, { tenantId: tenant.tenantId, companies: 'all' }, (tx) => tx.execute(sql`delete from role_permissions where role_id = ${role.id}::uuid`));
    expect((await api('GET', '/auth/role/getroles', undefined, rita)).status).toBe(403);
  });
});
