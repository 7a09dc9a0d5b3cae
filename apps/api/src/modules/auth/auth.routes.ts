import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  idParamSchema,
  isEmptyAnswerSchema,
  mailParamSchema,
  messageResultSchema,
  otpParamsSchema,
  otpValidationSchema,
  passwordParamSchema,
  roleListSchema,
  roleSchema,
  roleViewSchema,
  savePermissionsSchema,
  signedInUserSchema,
  signInSchema,
  userListSchema,
  userSchema,
  userViewSchema,
  usersByRoleParamsSchema,
  usersByRoleQuerySchema,
} from '@erp/contracts';
import { requestTx } from '../../platform/db/tenancy';
import { operationOf, OWN_RECORD } from '../../platform/http/access';
import { tooManyRequests } from '../../platform/http/errors';
import { actorOf } from '../../platform/http/actor';
import type { Platform } from '../../platform/platform';
import { changePassword, PASSWORD_CHANGE_REQUESTED, requestPasswordChange, validateOtp } from './password-change.service';
import { getRole, listRoles, savePermissions, saveRole } from './roles.service';
import { signIn } from './sign-in.service';
import { countUsers, createFirstUser, createUser, editUser, getUser, listUsersByRole } from './users.service';

const tags = ['auth'];

/**
 * Editing another user, or your own role, company or status, takes EditUser; your own name, phone
 * and colour are self-service (the /user-profile screen sends only those). Read from the body alone:
 * a body naming a role, company or status takes EditUser even when it names the stored one.
 */
const editUserOperation = operationOf(['EditUser'], (request) => {
  const body = request.body as Partial<Record<'code' | 'roleID' | 'company' | 'status' | 'userStatus', unknown>> | undefined;
  const own = !!body?.code && body.code === request.auth?.userId;
  const privileged = body?.roleID !== undefined || body?.company !== undefined || body?.status !== undefined || body?.userStatus !== undefined;
  return own && !privileged ? OWN_RECORD : 'EditUser';
});

/** The users and roles rows of SPEC.md section 7's auth table. */
export function registerAuthRoutes(app: FastifyInstance, platform: Platform): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  /** Per-address limits on the calls a stranger can make (sign-in is also locked per account). */
  const perAddress = (share: number) => ({
    rateLimit: { max: Math.max(1, Math.round(platform.config.publicRatePerMinute * share)), timeWindow: '1 minute' },
  });
  /**
   * Per mail address of the path, whatever the caller's address, so that a one-time code cannot be
   * guessed from many addresses. Beside the per-address limit (the plugin runs one limit per route,
   * so this one is checked here), in its own store, large enough that a flood of other addresses
   * cannot push an address's count out.
   */
  const perMail = (share: number) => {
    const max = Math.max(1, Math.round(platform.config.codeRatePerMailPerHour * share));
    // `cache` (the store's size) is taken at run time; the plugin's types leave it out of this call.
    const options = {
      max,
      timeWindow: '1 hour',
      cache: 100_000,
      keyGenerator: (request: FastifyRequest) => `${request.tenantId}:${String((request.params as { mail?: unknown }).mail ?? '').trim().toLowerCase()}`,
    };
    const limit = app.createRateLimit(options);
    return async (request: FastifyRequest) => {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded) throw tooManyRequests(`Too many requests for this mail address; retry in ${Math.ceil(state.ttlInSeconds / 60)} minutes`);
    };
  };
  const tx = requestTx(db);

  r.get('/auth/user/isempty', {
    config: { access: { kind: 'public' }, ...perAddress(1) },
    schema: { tags, summary: 'Whether the tenant has users: 0 when at least one exists, 1 when none', response: { 200: isEmptyAnswerSchema } },
  }, async (request) => ((await tx(request, countUsers)) > 0 ? 0 : 1));

  r.post('/auth/user/createfirst/:password', {
    config: { access: { kind: 'public' }, ...perAddress(0.5) },
    schema: { tags, summary: 'Create the first user of a tenant that has none (Administrator)', params: passwordParamSchema, body: userSchema, response: { 200: userViewSchema } },
  }, async (request) => tx(request, (t) => createFirstUser(t, request.tenantId, request.body, request.params.password)));

  r.post('/auth/user/validate', {
    config: { access: { kind: 'public' }, ...perAddress(1) },
    schema: { tags, summary: 'Sign in with key (mail address) and value (transformed password)', body: signInSchema, response: { 200: signedInUserSchema } },
  }, async (request) => signIn(platform, request.tenantId, request.body));

  r.post('/auth/user/create/:password', {
    config: { access: { kind: 'user', operation: 'SaveUser' } },
    schema: { tags, summary: 'Create a user', params: passwordParamSchema, body: userSchema, response: { 200: userViewSchema } },
  }, async (request) => tx(request, (t) => createUser(t, actorOf(request), request.body, request.params.password)));

  r.post('/auth/user/edit', {
    config: { access: { kind: 'user', operation: editUserOperation } },
    schema: { tags, summary: 'Edit a user (EditUser; anyone may edit their own name, phone and colour)', body: userSchema, response: { 200: userViewSchema } },
  }, async (request) => tx(request, (t) => editUser(t, actorOf(request), request.body)));

  r.get('/auth/user/me', {
    config: { access: { kind: 'user' } },
    schema: { tags, summary: 'The signed-in user, as the profile screen shows it', response: { 200: userViewSchema } },
  }, async (request) => tx(request, (t) => getUser(t, actorOf(request).userId)));

  r.get('/auth/user/getbyrole/:role/:search/:count', {
    config: { access: { kind: 'user', page: '/role' } },
    schema: {
      tags,
      summary: 'Users of a role (`all` for every role) matching a search (`*` for none), paged',
      params: usersByRoleParamsSchema,
      querystring: usersByRoleQuerySchema,
      response: { 200: userListSchema },
    },
  }, async (request) => tx(request, (t) => listUsersByRole(t, request.params.role, request.params.search, request.params.count, request.query.page, request.query.sort)));

  r.post('/auth/user/changepassword', {
    config: { access: { kind: 'public-or-user' }, ...perAddress(0.5) },
    schema: { tags, summary: 'Change a password with a validated code (changeToken) or the current password', body: changePasswordSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await changePassword(platform, request.tenantId, request.auth?.userId, request.body);
    return { message: 'Password changed' };
  });

  r.get('/auth/user/requestpasswordchange/:mail', {
    config: { access: { kind: 'public' }, ...perAddress(0.25) },
    onRequest: perMail(1),
    schema: { tags, summary: 'Mail a one-time code for a password change', params: mailParamSchema, response: { 200: messageResultSchema } },
  }, async (request) => {
    await requestPasswordChange(platform, request.tenantId, request.params.mail);
    return { message: PASSWORD_CHANGE_REQUESTED };
  });

  r.get('/auth/user/validateotp/:mail/:otp', {
    config: { access: { kind: 'public' }, ...perAddress(0.5) },
    onRequest: perMail(2),
    schema: { tags, summary: 'Validate a one-time code; answers a change token for /user/changepassword', params: otpParamsSchema, response: { 200: otpValidationSchema } },
  }, async (request) => validateOtp(platform, request.tenantId, request.params.mail, request.params.otp));

  r.get('/auth/role/getroles', {
    config: { access: { kind: 'user', page: '/role' } },
    schema: { tags, summary: 'All roles of the tenant', response: { 200: roleListSchema } },
  }, async (request) => ({ items: await tx(request, listRoles) }));

  r.get('/auth/role/get/:id', {
    config: { access: { kind: 'user', page: '/role' } },
    schema: { tags, summary: 'One role with its permissions', params: idParamSchema, response: { 200: roleViewSchema } },
  }, async (request) => tx(request, (t) => getRole(t, request.params.id)));

  r.post('/auth/role', {
    config: { access: { kind: 'user', operation: operationOf(['SaveRole', 'EditRole'], (request) => ((request.body as { id?: string } | undefined)?.id ? 'EditRole' : 'SaveRole')) } },
    schema: { tags, summary: 'Save one role (create without id, edit with id)', body: roleSchema, response: { 200: roleViewSchema } },
  }, async (request) => tx(request, (t) => saveRole(t, actorOf(request), request.body)));

  r.post('/auth/permission', {
    config: { access: { kind: 'user', operation: 'EditRole' } },
    schema: { tags, summary: "Save all of a role's permissions in one call", body: savePermissionsSchema, response: { 200: roleViewSchema } },
  }, async (request) => tx(request, (t) => savePermissions(t, actorOf(request), request.body)));
}
