/*
 * The few things these screens take from the web shell: notifications and the session. Everything
 * in this folder imports them from here, so a change in the shell is a change to this file only.
 */
export { useNotify } from '../../app/notifications/useNotify';
export type { Notify } from '../../app/notifications/NotificationProvider';
export { useSession, useSignedInUser } from '../../app/session/useSession';
export { useGrants } from '../../app/session/useGrants';
export { countLabel } from '../../shared/count-label';
export { PageHeading } from '../../app/pages/PageHeading';
export { useCompany } from '../../app/shell/useCompany';
