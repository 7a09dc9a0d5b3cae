/*
 * The audit trail screen (/audit-trail) and its calls under /admin/audit-trail. SPEC.md section 2
 * lists /audit-trail as a protected route but puts it in no menu, so no role can be granted it as
 * a page; it is served to the roles that hold /role, the Admin Security page where users, roles
 * and permissions (the most audited records) are managed.
 *
 * Apart from the schemas (audit-trail.ts) and without zod: the web app's route table reads these on every first load,
 * and a module whose schemas are derived by calls (.extend, .nullable) stays in the bundle with zod once one constant of it is
 * read, which put zod's 23 KB on the sign-in page.
 */
export const AUDIT_TRAIL_PAGE = '/audit-trail';
export const AUDIT_TRAIL_ACCESS_PAGE = '/role';

/** What the writers record today (platform/audit); the filter takes any action so new ones need no change here. */
export const auditActions = ['create', 'edit', 'delete', 'sign-in', 'password-change', 'permissions'] as const;
