import type { ComponentType } from 'react';

type PageLoader = () => Promise<{ default: ComponentType }>;

const organisationStructure: PageLoader = () => import('./pages/OrganisationStructurePage');
const tenant: PageLoader = () => import('./pages/TenantPage');
const company: PageLoader = () => import('./pages/CompanyPage');

/** Lazy loaders of the identity and organisation screens, by route (SPEC.md section 2). */
export const adminPages: Record<string, PageLoader> = {
  '/role': () => import('./pages/RolePage'),
  '/user-profile': () => import('./pages/UserProfilePage'),
  '/organisation-structure': organisationStructure,
  '/organisation-structure/tenant': tenant,
  '/organisation-structure/company': company,
  // Aliases of the child pages (protected routes of SPEC.md section 2).
  '/tenant': tenant,
  '/company': company,
  '/create-admin': () => import('./pages/CreateAdminPage'),
  '/audit-trail': () => import('./audit/AuditTrailPage'),
  '/service-monitor': () => import('./monitor/ServiceMonitorPage'),
};
