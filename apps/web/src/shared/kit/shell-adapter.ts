/*
 * What the kit takes from the web shell: calls, notifications, the session and its store, the
 * company's date format. Everything in this folder imports them from here.
 */
export { apiDownload, apiRequest, unwrap, ApiError } from '../../app/api';
export { useNotify } from '../../app/notifications/useNotify';
export { useSignedInUser } from '../../app/session/useSession';
export { getSessionValue, setSessionValue } from '../../app/session/session-store';
export { PageHeading } from '../../app/pages/PageHeading';
export { useCompany } from '../../app/shell/useCompany';
