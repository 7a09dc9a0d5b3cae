import { sql, type SQL } from 'drizzle-orm';
import { foreignKey, index, primaryKey, timestamp, uniqueIndex, uuid, type AnyPgColumn, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * Columns every master-data table of the kit has. The entity's own columns follow, named in
 * TypeScript exactly as its fields, so the generic repository maps a field to its column by name.
 */
export const kitColumns = (companyScoped: boolean) => ({
  tenantId: uuid('tenant_id').notNull(),
  companyId: companyScoped ? uuid('company_id').notNull() : uuid('company_id'),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

type KitCols = { tenantId: AnyPgColumn; companyId: AnyPgColumn; id: AnyPgColumn };
/** The companies table, which the caller's `*.tables.ts` imports from organisation (the platform imports no module). */
type CompanyTable = { tenantId: AnyPgColumn; companyId: AnyPgColumn };

/**
 * The keys of a kit table: primary key (tenant_id, id), the natural key unique within the tenant
 * (and company), the company foreign key to `company` (false: an entity of the whole tenant).
 * tenant_id leads each (DESIGN.md principle 1).
 */
export function kitKeys(name: string, t: KitCols, company: CompanyTable | false, naturalKey: (PgColumn | SQL)[]) {
  const scope: [PgColumn, ...PgColumn[]] = company ? [t.tenantId, t.companyId] : [t.tenantId];
  return [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex(`${name}_key_uq`).on(...scope, ...naturalKey),
    ...(company
      ? [
          foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [company.tenantId, company.companyId] }),
          index(`${name}_company_idx`).on(t.tenantId, t.companyId),
        ]
      : []),
  ];
}

/** A reference from one kit table to another: (tenant_id, ref) -> (tenant_id, id). */
export function kitRef(name: string, t: KitCols, column: AnyPgColumn, target: { tenantId: AnyPgColumn; id: AnyPgColumn }) {
  return foreignKey({ name, columns: [t.tenantId, column], foreignColumns: [target.tenantId, target.id] });
}
