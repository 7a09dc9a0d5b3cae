import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import type { InsuranceCompanyState } from '@erp/contracts';
import { kitColumns, kitKeys } from '../../platform/kit/kit-table';
import { companies } from '../organisation/organisation.tables';

/** Insurance companies (contracts' insuranceCompanyEntity); the TypeScript column names are the entity's fields. */
export const insuranceCompanies = pgTable(
  'insurance_companies',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    contact: text('contact'),
    mail: text('mail'),
    phone: text('phone'),
    address: text('address'),
    status: text('status').$type<InsuranceCompanyState>().notNull().default('Active'),
  },
  (t) => [...kitKeys('insurance_companies', t, companies, [sql`lower(${t.code})`])],
);
