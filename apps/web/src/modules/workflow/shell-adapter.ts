/*
 * The few things the workflow screens take from the web shell. Everything in this folder imports
 * them from here, so a change in the shell is a change to this file only.
 */
export { useNotify } from '../../app/notifications/useNotify';
export { useSignedInUser } from '../../app/session/useSession';
export { PageHeading } from '../../app/pages/PageHeading';
export { useCompany } from '../../app/shell/useCompany';
export { ApiError, apiRequest, unwrap } from '../../app/api';
export { useDebouncedValue } from '../../shared/kit';
export { useDisplay, type Display } from '../../shared/useDisplay';
export { typeAhead } from '../../shared/option-match';
