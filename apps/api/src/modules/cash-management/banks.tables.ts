import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { BankStatus } from '@erp/contracts';
import { kitColumns, kitKeys, kitRef } from '../../platform/kit/kit-table';
import { companies, currencies } from '../organisation/organisation.tables';
import { accounts } from '../ledger/setup/setup.tables';

// Cash Management master data (contracts/cash-management/banks.ts): the column names in TypeScript are the entity's field names.

export const bankGroups = pgTable(
  'bank_groups',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => kitKeys('bank_groups', t, companies, [sql`lower(${t.code})`]),
);

export const banks = pgTable(
  'banks',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    bankGroup: uuid('bank_group').notNull(),
    account: uuid('account').notNull(),
    currency: uuid('currency').notNull(),
    accountNumber: text('account_number').notNull(),
    bic: text('bic'),
    nextChequeNumber: integer('next_cheque_number').notNull().default(1),
    nextTransferNumber: integer('next_transfer_number').notNull().default(1),
    status: text('status').$type<BankStatus>().notNull().default('Active'),
  },
  (t) => [
    ...kitKeys('banks', t, companies, [sql`lower(${t.code})`]),
    kitRef('banks_group_fk', t, t.bankGroup, bankGroups),
    kitRef('banks_account_fk', t, t.account, accounts),
    kitRef('banks_currency_fk', t, t.currency, currencies),
  ],
);
