// The auth module's surface: other modules and the app import only from here.
import type { ModuleManifest } from '../../platform/module';
import { registerAuthRoutes } from './auth.routes';
import { seedBuiltInRoles } from './roles.service';

export { loadPrincipal } from './sign-in.service';
export { ADMINISTRATOR_ROLE } from './roles.service';
export { roles, users, rolePermissions, oneTimeCodes } from './auth.tables';

/** Users, roles and permissions, sign-in and passwords (issue 2). */
export const authModule: ModuleManifest = {
  name: 'auth',
  register: registerAuthRoutes,
  seeders: { tenant: seedBuiltInRoles },
  auditLabels: [
    { table: 'users', key: 'user_id', label: 't.name' },
    { table: 'roles', key: 'role_id', label: 't.name' },
  ],
  pages: ['/role', '/user-profile'],
  routes: {
    'GET /auth/user/isempty': { rows: 'tenant', why: 'whether the tenant has users', open: 'public: the sign-in page asks whether the tenant has a first user yet' },
    'POST /auth/user/createfirst/:password': { rows: 'tenant', why: 'the first user', open: 'public: creates the first user of a tenant that has none' },
    'POST /auth/user/validate': { rows: 'tenant', why: 'sign-in', open: 'public: the sign-in itself' },
    'POST /auth/user/create/:password': { rows: 'tenant', why: 'users are administered tenant-wide (users.company_id is a reference)' },
    'POST /auth/user/edit': { rows: 'tenant', why: 'users are administered tenant-wide', open: "self-service: anyone may edit their own name, phone and colour (other users' need EditUser)" },
    'GET /auth/user/me': { rows: 'caller', why: 'the caller itself', open: 'self-service: the profile screen shows the signed-in user' },
    'GET /auth/user/getbyrole/:role/:search/:count': { rows: 'tenant', why: 'users are administered tenant-wide' },
    'POST /auth/user/changepassword': { rows: 'caller', why: 'the caller itself', open: 'self-service: a user changes their own password (or with a validated code)' },
    'GET /auth/user/requestpasswordchange/:mail': { rows: 'caller', why: 'the caller itself', open: 'public: a forgotten password is requested before signing in' },
    'GET /auth/user/validateotp/:mail/:otp': { rows: 'caller', why: 'the caller itself', open: 'public: the mailed code is checked before signing in' },
    'GET /auth/role/getroles': { rows: 'tenant', why: 'roles' },
    'GET /auth/role/get/:id': { rows: 'tenant', why: 'roles' },
    'POST /auth/role': { rows: 'tenant', why: 'roles' },
    'POST /auth/permission': { rows: 'tenant', why: 'role permissions' },
  },
};
