/* The auth calls of SPEC.md section 7 used by the sign-in, first-user and password-change screens. */
import {
  transformPassword,
  type CompanyList,
  type MessageResult,
  type OtpValidation,
  type RoleList,
  type SignedInUser,
  type TenantRequestResult,
  type User,
  type UserView,
} from '@erp/contracts';
import { apiRequest, type ApiResult } from '../../app/api';

const seg = encodeURIComponent;

/** Sign-in with key (mail address) and value (the transformed password), on the public credential. */
export async function requestSignIn(mailAddress: string, password: string): Promise<ApiResult<SignedInUser>> {
  const value = await transformPassword(password);
  return apiRequest<SignedInUser>('POST', '/auth/user/validate', { key: mailAddress.trim(), value }, { public: true });
}

/** The tenant of this address: license manager or not, and its agreement text (HTML). */
export function fetchTenantRequest(host: string = window.location.host): Promise<ApiResult<TenantRequestResult>> {
  return apiRequest<TenantRequestResult>('GET', `/auth/tenantrequest/GetRequest/${seg(host)}`, undefined, { public: true });
}

export function fetchCompanies(count = 20): Promise<ApiResult<CompanyList>> {
  return apiRequest('GET', `/gl/GetCompanies/${count}`);
}

export function fetchRoles(): Promise<ApiResult<RoleList>> {
  return apiRequest('GET', '/auth/role/getroles');
}

/** The first user of an empty tenant: POST /auth/user/createfirst/{transformedPassword}. */
export function createFirstUser(user: User, transformed: string): Promise<ApiResult<UserView>> {
  return apiRequest<UserView>('POST', `/auth/user/createfirst/${seg(transformed)}`, user, { public: true });
}

export function createUser(user: User, transformed: string): Promise<ApiResult<UserView>> {
  return apiRequest<UserView>('POST', `/auth/user/create/${seg(transformed)}`, user);
}

export function editUser(user: User): Promise<ApiResult<UserView>> {
  return apiRequest<UserView>('POST', '/auth/user/edit', user);
}

export function requestPasswordChange(mail: string): Promise<ApiResult<MessageResult>> {
  return apiRequest('GET', `/auth/user/requestpasswordchange/${seg(mail.trim())}`, undefined, { public: true });
}

export function validateOtp(mail: string, otp: string): Promise<ApiResult<OtpValidation>> {
  return apiRequest('GET', `/auth/user/validateotp/${seg(mail.trim())}/${seg(otp)}`, undefined, { public: true });
}

/** POST /auth/user/changepassword with the code's change token and the new password transformed. */
export async function changePassword(mail: string, newPassword: string, changeToken: string): Promise<ApiResult<MessageResult>> {
  const transformed = await transformPassword(newPassword);
  return apiRequest('POST', '/auth/user/changepassword', { user: { mailAddress: mail.trim() }, newPassword: transformed, changeToken }, { public: true });
}
