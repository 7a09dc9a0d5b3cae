import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, tenants } from '../organisation/organisation.tables';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const roles = pgTable(
  'roles',
  {
    tenantId: uuid('tenant_id').notNull(),
    roleId: uuid('role_id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description'),
    isSystem: boolean('is_system').notNull().default(false),
    /** Bumped by a trigger whenever the role's permission rows change (migration 0011): principals cache grants on it. */
    grantsStamp: bigint('grants_stamp', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId] }),
    uniqueIndex('roles_name_uq').on(t.tenantId, sql`lower(${t.name})`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId] }),
  ],
);

/** One row per page granted to a role: module (permission name) -> group (route name) -> page. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: uuid('tenant_id').notNull(),
    roleId: uuid('role_id').notNull(),
    module: text('module').notNull(),
    routeGroup: text('route_group').notNull(),
    pageLink: text('page_link').notNull(),
    operations: text('operations').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.module, t.routeGroup, t.pageLink] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.roleId] }).onDelete('cascade'),
  ],
);

export const users = pgTable(
  'users',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id').notNull(),
    roleId: uuid('role_id').notNull(),
    name: text('name').notNull(),
    mailAddress: text('mail_address').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    status: text('status').notNull().default('Active'),
    color: text('color'),
    reason: text('reason'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Bumped on password change and status change: tokens issued before are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    uniqueIndex('users_mail_uq').on(t.tenantId, sql`lower(${t.mailAddress})`),
    index('users_role_idx').on(t.tenantId, t.roleId),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.roleId] }),
  ],
);

/** Password-change codes: only a hash is kept; valid for minutes, a few tries, one use. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    tenantId: uuid('tenant_id').notNull(),
    codeId: uuid('code_id').notNull().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.codeId] }),
    index('one_time_codes_user_idx').on(t.tenantId, t.userId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.userId] }).onDelete('cascade'),
  ],
);
