import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AssetState, DepreciationConvention, DepreciationMethod, ResidualKind, RowBasis } from '@erp/contracts';
import { kitColumns, kitKeys, kitRef } from '../../platform/kit/kit-table';
import { companies } from '../organisation/organisation.tables';
import { postingProfiles } from '../ledger/setup/setup.tables';
import { numberSequences } from '../ledger/periods/periods.tables';
import { depreciationRuns } from './depreciation-runs.tables';

// Fixed-asset master data (contracts/fixed-assets/assets.ts): the TypeScript column names are the entity's fields.

type DimensionDefault = { dimensionGroup: string; dimension: string };

export const assetClasses = pgTable(
  'asset_classes',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    method: text('method').$type<DepreciationMethod>().notNull().default('Straight line'),
    lifeMonths: integer('life_months').notNull(),
    residualKind: text('residual_kind').$type<ResidualKind>().notNull().default('Percent'),
    residualValue: numeric('residual_value', { precision: 18, scale: 4 }),
    convention: text('convention').$type<DepreciationConvention>().notNull().default('Full month'),
    rate: numeric('rate', { precision: 5, scale: 4 }),
    factor: numeric('factor', { precision: 4, scale: 2 }),
    postingProfile: uuid('posting_profile'),
    numberSequence: uuid('number_sequence'),
    dimensions: jsonb('dimensions').$type<DimensionDefault[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    ...kitKeys('asset_classes', t, companies, [sql`lower(${t.code})`]),
    kitRef('asset_classes_profile_fk', t, t.postingProfile, postingProfiles),
    kitRef('asset_classes_sequence_fk', t, t.numberSequence, numberSequences),
  ],
);

export const assets = pgTable(
  'assets',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    description: text('description').notNull(),
    assetClass: uuid('asset_class').notNull(),
    acquisitionDate: date('acquisition_date', { mode: 'string' }).notNull(),
    cost: numeric('cost', { precision: 18, scale: 4 }).notNull(),
    inServiceDate: date('in_service_date', { mode: 'string' }),
    residualValue: numeric('residual_value', { precision: 18, scale: 4 }),
    method: text('method').$type<DepreciationMethod>(),
    lifeMonths: integer('life_months'),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull().default('1'),
    location: text('location'),
    custodian: text('custodian'),
    serialNumber: text('serial_number'),
    tagNumber: text('tag_number'),
    unitsTotal: integer('units_total'),
    openingAccumulated: numeric('opening_accumulated', { precision: 18, scale: 4 }),
    openingAsOf: date('opening_as_of', { mode: 'string' }),
    status: text('status').$type<AssetState>().notNull().default('Draft'),
  },
  (t) => [
    ...kitKeys('assets', t, companies, [sql`lower(${t.code})`]),
    kitRef('assets_class_fk', t, t.assetClass, assetClasses),
    index('assets_class_status_idx').on(t.tenantId, t.companyId, t.status, t.assetClass),
  ],
);

/**
 * An active asset's schedule: one row per period (first day of the month), amounts in minor units
 * of the company's base currency. `run` is set when a depreciation run posted the row; a posted
 * row never changes (a regeneration replaces only the rows after the last posted one).
 */
export const assetScheduleRows = pgTable(
  'asset_schedule_rows',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    asset: uuid('asset').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    accumulatedMinor: bigint('accumulated_minor', { mode: 'bigint' }).notNull(),
    nbvMinor: bigint('nbv_minor', { mode: 'bigint' }).notNull(),
    basis: jsonb('basis').$type<RowBasis>().notNull(),
    /** The depreciation run that posted the row (null: not posted). */
    run: uuid('run'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.asset, t.period] }),
    foreignKey({ name: 'asset_schedule_rows_asset_fk', columns: [t.tenantId, t.asset], foreignColumns: [assets.tenantId, assets.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'asset_schedule_rows_run_fk', columns: [t.tenantId, t.run], foreignColumns: [depreciationRuns.tenantId, depreciationRuns.id] }),
    // The run's read: the unposted rows of a company up to a period; and the rows a run posted.
    index('asset_schedule_rows_unposted_idx').on(t.tenantId, t.companyId, t.period).where(sql`${t.run} is null`),
    index('asset_schedule_rows_run_idx').on(t.tenantId, t.run).where(sql`${t.run} is not null`),
  ],
);

/** Units of production: the units an asset used in a period (one row per asset and period; entering it again replaces it). */
export const assetUsage = pgTable(
  'asset_usage',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    asset: uuid('asset').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.asset, t.period] }),
    foreignKey({ name: 'asset_usage_asset_fk', columns: [t.tenantId, t.asset], foreignColumns: [assets.tenantId, assets.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
  ],
);
