// The auth module's surface: other modules and the app import only from here.
export { registerAuthRoutes } from './auth.routes';
export { loadPrincipal } from './sign-in.service';
export { seedBuiltInRoles, ADMINISTRATOR_ROLE } from './roles.service';
export { roles, users, rolePermissions, oneTimeCodes } from './auth.tables';
