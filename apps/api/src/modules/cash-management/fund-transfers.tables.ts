import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FeeBearer, FundTransferKind, FundTransferStatus } from '@erp/contracts';
import { companies } from '../organisation/organisation.tables';
import { journals } from '../ledger/journals/journals.tables';
import { banks } from './banks.tables';

/*
 * A fund transfer (contracts' cash-management/fund-transfers.ts): the header belongs to the sending
 * company (`company_id`); the to-bank is a bank of `to_company_id` (the same company, or another of
 * the tenant). Amounts are minor units of each bank's currency; the legs are the lines.
 */
export const fundTransfers = pgTable(
  'fund_transfers',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    kind: text('kind').$type<FundTransferKind>().notNull().default('Transfer'),
    number: text('number'),
    status: text('status').$type<FundTransferStatus>().notNull().default('Draft'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    fromBankId: uuid('from_bank_id').notNull(),
    toCompanyId: uuid('to_company_id').notNull(),
    toBankId: uuid('to_bank_id').notNull(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Units of the to-currency per unit of the from-currency (RATE_SCALE decimals); null in one currency. */
    rate: numeric('rate', { precision: 21, scale: 10 }),
    amountInMinor: bigint('amount_in_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    feeBearer: text('fee_bearer').$type<FeeBearer>().notNull().default('Sender'),
    outDate: date('out_date', { mode: 'string' }).notNull(),
    inDate: date('in_date', { mode: 'string' }).notNull(),
    reference: text('reference'),
    description: text('description').notNull(),
    baseCurrency: text('base_currency').notNull(),
    /** The amount out in the sender's base currency (the approval thresholds). */
    totalBaseMinor: bigint('total_base_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdBy: uuid('created_by'),
    postedBy: uuid('posted_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.toCompanyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.fromBankId], foreignColumns: [banks.tenantId, banks.id] }),
    foreignKey({ columns: [t.tenantId, t.toBankId], foreignColumns: [banks.tenantId, banks.id] }),
    uniqueIndex('fund_transfers_number_uq').on(t.tenantId, t.companyId, t.number).where(sql`${t.number} is not null`),
    index('fund_transfers_list_idx').on(t.tenantId, t.companyId, t.documentDate, t.id),
  ],
);

/** A leg of a transfer: its share of the amounts, its value dates, and the entries that booked it. */
export const fundTransferLegs = pgTable(
  'fund_transfer_legs',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    transferId: uuid('transfer_id').notNull(),
    lineNo: integer('line_no').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    amountInMinor: bigint('amount_in_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    outDate: date('out_date', { mode: 'string' }).notNull(),
    inDate: date('in_date', { mode: 'string' }).notNull(),
    /** The sender's entry (the whole leg when it books on one date in one company). */
    outJournalId: uuid('out_journal_id'),
    /** The receiver's entry (the transit's in-leg, or the other company's); the out entry's when one entry booked the leg. */
    inJournalId: uuid('in_journal_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.transferId, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.transferId], foreignColumns: [fundTransfers.tenantId, fundTransfers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.outJournalId], foreignColumns: [journals.tenantId, journals.id] }),
    foreignKey({ columns: [t.tenantId, t.inJournalId], foreignColumns: [journals.tenantId, journals.id] }),
  ],
);
