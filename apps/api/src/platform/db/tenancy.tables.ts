import { pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Global reference table (the only one besides the migration log): host name -> tenant. It is read
 * before any tenant is known, so it has no tenant policy; the API role has no privilege on it and
 * reaches it only through the security-definer function `erp_tenant_for_host`.
 */
export const tenantHosts = pgTable('tenant_hosts', {
  host: text('host').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
});
