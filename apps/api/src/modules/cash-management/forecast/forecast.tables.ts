import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ForecastAdjustment, ForecastGranularity, ForecastScope } from '@erp/contracts';
import { kitColumns, kitKeys, kitRef } from '../../../platform/kit/kit-table';
import { companies } from '../../organisation/organisation.tables';
import { bankGroups, banks } from '../banks.tables';

/** A saved cash-flow forecast (contracts cash-management/forecast.ts): its columns are the entity's fields. */
export const cashflowForecasts = pgTable(
  'cashflow_forecasts',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    scope: text('scope').$type<ForecastScope>().notNull().default('All banks'),
    bankGroup: uuid('bank_group'),
    bank: uuid('bank'),
    granularity: text('granularity').$type<ForecastGranularity>().notNull().default('Week'),
    periods: integer('periods').notNull().default(13),
    startDate: date('start_date', { mode: 'string' }),
    shiftByLateness: boolean('shift_by_lateness').notNull().default(true),
    description: text('description'),
    adjustments: jsonb('adjustments').$type<ForecastAdjustment[]>().notNull().default([]),
  },
  (t) => [
    ...kitKeys('cashflow_forecasts', t, companies, [sql`lower(${t.code})`]),
    kitRef('cashflow_forecasts_group_fk', t, t.bankGroup, bankGroups),
    kitRef('cashflow_forecasts_bank_fk', t, t.bank, banks),
  ],
);
