import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { kitColumns, kitKeys, kitRef } from '../../platform/kit/kit-table';
import { companies } from '../organisation/organisation.tables';
import { assetClasses } from './assets.tables';

/** Asset stock (contracts' assetStockEntity): items held for later use; the TypeScript column names are the entity's fields. */
export const assetStocks = pgTable(
  'asset_stocks',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    description: text('description').notNull(),
    assetClass: uuid('asset_class').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull().default('0'),
    unitCost: numeric('unit_cost', { precision: 18, scale: 4 }).notNull().default('0'),
    location: text('location'),
    acquisitionDate: date('acquisition_date', { mode: 'string' }).notNull(),
    reference: text('reference'),
  },
  (t) => [
    ...kitKeys('asset_stocks', t, companies, [sql`lower(${t.code})`]),
    kitRef('asset_stocks_class_fk', t, t.assetClass, assetClasses),
    // Issuing never takes more than is held.
    check('asset_stocks_quantity_ck', sql`${t.quantity} >= 0`),
  ],
);
