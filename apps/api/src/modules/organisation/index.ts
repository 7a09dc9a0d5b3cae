// The organisation module's surface: other modules and the app import only from here.
export { registerOrganisationRoutes } from './organisation.routes';
export { createTenant, ensureDefaultTenant, type NewTenant, type CreatedTenant } from './organisation.service';
export { tenants, companies, currencies } from './organisation.tables';
