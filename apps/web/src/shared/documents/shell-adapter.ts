/*
 * What the documents kit takes from the web shell (the same seam as the entity kit's): calls,
 * notifications, the session, the page heading, the company's date format.
 */
export { apiDownload, apiRequest, unwrap, ApiError, useNotify, useSignedInUser, PageHeading, useCompany } from '../kit/shell-adapter';
export { saveBlob } from '../kit/kit-api';
