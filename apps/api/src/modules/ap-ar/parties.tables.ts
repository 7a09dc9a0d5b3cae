import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, numeric, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { payablesFace, receivablesFace, type Face, type MandateSequenceType, type PartyBankAccount, type PartyStatus, type PaymentTermInstalment } from '@erp/contracts';
import { kitColumns, kitKeys, kitRef } from '../../platform/kit/kit-table';
import { companies, currencies } from '../organisation/organisation.tables';
import { accounts, postingProfiles, taxes } from '../ledger/setup/setup.tables';

// The master data of payables and receivables (contracts/ap-ar/parties.ts): one builder per kind
// of table, called once per face; the column names in TypeScript are the entity's field names.

type Contact = { name: string; mail?: string | null; phone?: string | null; role?: string | null };
type DimensionDefault = { dimensionGroup: string; dimension: string };

export const addresses = pgTable(
  'addresses',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    street1: text('street1').notNull(),
    street2: text('street2'),
    street3: text('street3'),
    city: text('city').notNull(),
    postalCode: text('postal_code'),
    region: text('region'),
    country: text('country').notNull(),
    kind: text('kind').notNull().default('Billing'),
  },
  (t) => kitKeys('addresses', t, companies, [sql`lower(${t.code})`]),
);

const paymentTermTable = (face: Face) => {
  const name = `${face.partyWord}_payment_terms`;
  return pgTable(
    name,
    {
      ...kitColumns(true),
      code: text('code').notNull(),
      description: text('description').notNull(),
      basis: text('basis').notNull().default('Net days'),
      days: integer('days'),
      dayOfMonth: integer('day_of_month'),
      instalments: jsonb('instalments').$type<PaymentTermInstalment[]>().notNull().default([]),
      discountPercent: numeric('discount_percent', { precision: 7, scale: 4 }),
      discountDays: integer('discount_days'),
      discountBase: text('discount_base').notNull().default('Including tax'),
    },
    (t) => kitKeys(name, t, companies, [sql`lower(${t.code})`]),
  );
};

const groupTable = (face: Face, terms: ReturnType<typeof paymentTermTable>) => {
  const name = `${face.partyWord}_groups`;
  return pgTable(
    name,
    {
      ...kitColumns(true),
      code: text('code').notNull(),
      name: text('name').notNull(),
      controlAccount: uuid('control_account').notNull(),
      postingProfile: uuid('posting_profile'),
      paymentTerm: uuid('payment_term'),
      currency: uuid('currency'),
      tax: uuid('tax'),
      dimensions: jsonb('dimensions').$type<DimensionDefault[]>().notNull().default([]),
    },
    (t) => [
      ...kitKeys(name, t, companies, [sql`lower(${t.code})`]),
      kitRef(`${name}_control_fk`, t, t.controlAccount, accounts),
      kitRef(`${name}_profile_fk`, t, t.postingProfile, postingProfiles),
      kitRef(`${name}_term_fk`, t, t.paymentTerm, terms),
      kitRef(`${name}_currency_fk`, t, t.currency, currencies),
      kitRef(`${name}_tax_fk`, t, t.tax, taxes),
    ],
  );
};

const partyColumns = () => ({
  ...kitColumns(true),
  code: text('code').notNull(),
  name: text('name').notNull(),
  group: uuid('party_group').notNull(),
  taxNumber: text('tax_number'),
  contacts: jsonb('contacts').$type<Contact[]>().notNull().default([]),
  billingAddress: uuid('billing_address'),
  shippingAddress: uuid('shipping_address'),
  remittanceAddress: uuid('remittance_address'),
  currency: uuid('currency'),
  paymentTerm: uuid('payment_term'),
  postingProfile: uuid('posting_profile'),
  iban: text('iban'),
  bic: text('bic'),
  /** Further bank accounts beside the default (iban, bic): contracts' PartyBankAccount rows. */
  bankAccounts: jsonb('bank_accounts').$type<PartyBankAccount[]>().notNull().default([]),
  onHold: boolean('on_hold').notNull().default(false),
  status: text('status').$type<PartyStatus>().notNull().default('Active'),
});

/** The customer's own columns: credit limit and direct-debit mandate. */
const customerColumns = () => ({
  creditLimit: numeric('credit_limit', { precision: 18, scale: 4 }),
  mandateReference: text('mandate_reference'),
  mandateSignedOn: date('mandate_signed_on', { mode: 'string' }),
  mandateSequence: text('mandate_sequence').$type<MandateSequenceType>(),
});

type Col = AnyPgColumn;
type PartyCols = { tenantId: Col; companyId: Col; id: Col; code: Col; group: Col; billingAddress: Col; shippingAddress: Col; remittanceAddress: Col; currency: Col; paymentTerm: Col; postingProfile: Col };
type Target = { tenantId: Col; id: Col };

/** The keys and references of a party table (vendors, customers): the same for both faces. */
function partyConstraints(face: Face, t: PartyCols, refs: { group: Target; terms: Target }) {
  const name = `${face.partyWord}s`;
  return [
    ...kitKeys(name, t, companies, [sql`lower(${t.code})`]),
    kitRef(`${name}_group_fk`, t, t.group, refs.group),
    kitRef(`${name}_billing_fk`, t, t.billingAddress, addresses),
    kitRef(`${name}_shipping_fk`, t, t.shippingAddress, addresses),
    kitRef(`${name}_remittance_fk`, t, t.remittanceAddress, addresses),
    kitRef(`${name}_currency_fk`, t, t.currency, currencies),
    kitRef(`${name}_term_fk`, t, t.paymentTerm, refs.terms),
    kitRef(`${name}_profile_fk`, t, t.postingProfile, postingProfiles),
  ];
}

export const vendorPaymentTerms = paymentTermTable(payablesFace);
export const customerPaymentTerms = paymentTermTable(receivablesFace);
export const vendorGroups = groupTable(payablesFace, vendorPaymentTerms);
export const customerGroups = groupTable(receivablesFace, customerPaymentTerms);

export const vendors = pgTable('vendors', partyColumns(), (t) => partyConstraints(payablesFace, t, { group: vendorGroups, terms: vendorPaymentTerms }));
/** Customers carry a credit limit and a direct-debit mandate besides the party's columns. */
export const customers = pgTable('customers', { ...partyColumns(), ...customerColumns() }, (t) =>
  partyConstraints(receivablesFace, t, { group: customerGroups, terms: customerPaymentTerms }),
);

/** The tables of one face, by role: the engine reads its face's tables from here. */
export const faceTables = {
  payables: { group: vendorGroups, party: vendors, paymentTerm: vendorPaymentTerms },
  receivables: { group: customerGroups, party: customers, paymentTerm: customerPaymentTerms },
} as const;
