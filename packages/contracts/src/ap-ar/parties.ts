import { z } from 'zod';
import { defineEntity, type EntityDef, type FieldDef, type RowFieldDef } from '../kit/define-entity';
import { faces, type Face } from './faces';
import { discountBases, paymentTermBases, TERM_MAX_DAYS } from './payment-terms';

/**
 * The master data of payables and receivables (issue 15, "Parties" and "Payment terms"): each
 * entity is built ONCE by a function of the face, so vendors and customers, their groups and their
 * payment terms differ only in what `Face` says (prefix, pages, labels, control type, words).
 */

// ---------------------------------------------------------------------------------------------
// Payment terms (the due-date calculator in payment-terms.ts reads these field names).

/**
 * One instalment of a payment term (the calculator's `PaymentTermInstalment`): a share of the
 * invoice (`percent`) or a fixed `amount`, due by its own basis, days and day of month. A line with
 * neither is the balancing line: it takes what the others leave (possibly a negative amount); only
 * the last line may balance. `validatePaymentTerm` of payment-terms.ts is the one judge of a term.
 */
export const instalmentColumns = {
  percent: { type: 'decimal', label: 'Percent', scale: 4, max: 3, help: 'Share of the invoice total; empty with no amount: the balancing line' },
  amount: { type: 'decimal', label: 'Amount', scale: 4, max: 14, help: 'A fixed amount in the invoice currency' },
  basis: { type: 'enum', label: 'Basis', options: paymentTermBases, required: true, default: 'Net days' },
  days: { type: 'integer', label: 'Days', min: 0, max: TERM_MAX_DAYS, required: true, default: 0 },
  dayOfMonth: { type: 'integer', label: 'Day of Month', min: 1, max: 31 },
} as const satisfies Record<string, RowFieldDef>;

/** Entity names of a face: `vendorGroup`, `customerPaymentTerm`... */
export const partyEntityNames = (face: Face) => ({
  group: `${face.partyWord}Group`,
  party: face.partyWord,
  paymentTerm: `${face.partyWord}PaymentTerm`,
});

export function paymentTermEntity(face: Face) {
  return defineEntity({
    name: partyEntityNames(face).paymentTerm, label: `${face.partyLabel} Payment Term`, plural: `${face.partyLabel} Payment Terms`,
    service: face.service, resource: 'payment-terms', page: face.pages.paymentTerm, permission: face.labels.paymentTerm,
    companyScoped: true, key: ['code'], display: 'description', defaultSort: 'code',
    fields: {
      code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true, example: 'NET30' },
      description: { type: 'text', label: 'Description', required: true, max: 150, search: true, list: true, example: 'Net 30 days' },
      basis: { type: 'enum', label: 'Basis', options: paymentTermBases, required: true, default: 'Net days', list: true, help: 'Net days: document date plus days; End of month: end of the month plus days; Day of next month: that day of the following month' },
      days: { type: 'integer', label: 'Days', min: 0, max: TERM_MAX_DAYS, required: true, default: 0, list: true },
      dayOfMonth: { type: 'integer', label: 'Day of Month', min: 1, max: 31, help: 'For Day of next month (a short month takes its last day)' },
      instalments: { type: 'rows', label: 'Instalments', max: 24, columns: instalmentColumns, help: 'Empty: one payment by the term. A line with neither percent nor amount balances (last line only)' },
      discountPercent: { type: 'decimal', label: 'Discount %', scale: 4, max: 3, min: 0, list: true },
      discountDays: { type: 'integer', label: 'Discount Days', min: 0, max: TERM_MAX_DAYS },
      discountBase: { type: 'enum', label: 'Discount On', options: discountBases, required: true, default: 'Including tax' },
    },
    form: [['code', 'description'], ['basis', 'days'], ['dayOfMonth'], ['instalments'], ['discountPercent', 'discountDays'], ['discountBase']],
  });
}

// ---------------------------------------------------------------------------------------------
// Addresses (/addresses: not in the menu; it rides on /vendor, see the module's RULES.md).

export const addressKinds = ['Billing', 'Shipping', 'Remittance', 'Other'] as const;
export const addressEntity = defineEntity({
  name: 'address', label: 'Address', plural: 'Addresses', service: 'ap', resource: 'addresses', page: '/vendor', screen: '/addresses', permission: 'Vendor',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 30, search: true, list: true, example: 'ADDR1' },
    name: { type: 'text', label: 'Name', required: true, max: 150, search: true, list: true, example: 'Head office' },
    street1: { type: 'text', label: 'Street', required: true, max: 150, search: true, list: true, example: '1 Main Street' },
    street2: { type: 'text', label: 'Street (2)', max: 150 },
    street3: { type: 'text', label: 'Street (3)', max: 150 },
    city: { type: 'text', label: 'City', required: true, max: 100, search: true, list: true, example: 'Lagos' },
    postalCode: { type: 'text', label: 'Postal Code', max: 20, list: true },
    region: { type: 'text', label: 'Region', max: 100 },
    country: { type: 'text', label: 'Country', required: true, max: 2, min: 2, list: true, help: 'ISO 3166 two-letter code', example: 'NG' },
    kind: { type: 'enum', label: 'Kind', options: addressKinds, required: true, default: 'Billing', list: true },
  },
  form: [['code', 'name'], ['street1'], ['street2'], ['street3'], ['city', 'postalCode'], ['region', 'country'], ['kind']],
});

// ---------------------------------------------------------------------------------------------
// Groups and parties

/** A dimension default: the dimension group's code and the dimension's code, as journal lines carry them. */
export const dimensionDefaultColumns = {
  dimensionGroup: { type: 'text', label: 'Dimension Group', required: true, max: 20 },
  dimension: { type: 'text', label: 'Dimension', required: true, max: 30 },
} as const satisfies Record<string, RowFieldDef>;

export const contactColumns = {
  name: { type: 'text', label: 'Name', required: true, max: 150 },
  mail: { type: 'text', label: 'Mail', max: 254 },
  phone: { type: 'text', label: 'Phone', max: 40 },
  role: { type: 'text', label: 'Role', max: 60 },
} as const satisfies Record<string, RowFieldDef>;

/**
 * A party's further bank accounts beside its default one (the IBAN and BIC fields): each with its
 * bank, its IBAN (checked by ISO 13616) or another account number, its BIC and, optionally, the
 * currency it is for. A payment takes the default unless it names one of these.
 */
export const bankAccountColumns = {
  bankName: { type: 'text', label: 'Bank', max: 100 },
  iban: { type: 'text', label: 'IBAN or Account', required: true, max: 42 },
  bic: { type: 'text', label: 'BIC', max: 11 },
  currency: { type: 'text', label: 'Currency', max: 3, help: 'Leave empty for an account in every currency' },
} as const satisfies Record<string, RowFieldDef>;
export type PartyBankAccount = { bankName?: string | null; iban: string; bic?: string | null; currency?: string | null };

export const partyStatuses = ['Active', 'Inactive'] as const;
export type PartyStatus = (typeof partyStatuses)[number];
export const mandateSequenceTypes = ['First', 'Recurring'] as const;
export type MandateSequenceType = (typeof mandateSequenceTypes)[number];
export const creditLimitPolicies = ['Refuse', 'Approval'] as const;
export type CreditLimitPolicy = (typeof creditLimitPolicies)[number];

export function partyGroupEntity(face: Face) {
  const names = partyEntityNames(face);
  return defineEntity({
    name: names.group, label: `${face.partyLabel} Group`, plural: `${face.partyLabel} Groups`,
    service: face.service, resource: `${face.partyWord}-groups`, page: face.pages.group, permission: face.labels.group,
    companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
    fields: {
      code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true, example: 'LOCAL' },
      name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true, example: `Local ${face.partyWord}s` },
      controlAccount: { type: 'ref', ref: 'account', label: 'Control Account', required: true, list: true, help: `A ${face.control} control account`, example: face.control === 'Payables' ? '2000' : '1100' },
      postingProfile: { type: 'ref', ref: 'postingProfile', label: 'Posting Profile', help: `A ${face.module} profile; empty: the module default` },
      paymentTerm: { type: 'ref', ref: names.paymentTerm, label: 'Default Payment Term', list: true, example: 'NET30' },
      currency: { type: 'ref', ref: 'currency', label: 'Currency', list: true },
      tax: { type: 'ref', ref: 'tax', label: 'Tax Code' },
      dimensions: { type: 'rows', label: 'Default Dimensions', max: 20, columns: dimensionDefaultColumns, help: 'Dimension group and dimension codes the documents of this group carry' },
    },
    form: [['code', 'name'], ['controlAccount', 'postingProfile'], ['paymentTerm', 'currency'], ['tax'], ['dimensions']],
  });
}

const partyCommonFields = (face: Face) => {
  const names = partyEntityNames(face);
  return {
    code: { type: 'text', label: 'Code', max: 30, search: true, list: true, help: `Empty: the next number of the ${face.partyLabel} sequence` },
    name: { type: 'text', label: 'Name', required: true, max: 150, search: true, list: true },
    group: { type: 'ref', ref: names.group, label: `${face.partyLabel} Group`, required: true, list: true, example: 'LOCAL' },
    taxNumber: { type: 'text', label: 'Tax Number', max: 40, search: true },
    contacts: { type: 'rows', label: 'Contacts', max: 20, columns: contactColumns },
    billingAddress: { type: 'ref', ref: 'address', label: 'Billing Address' },
    shippingAddress: { type: 'ref', ref: 'address', label: 'Shipping Address' },
    remittanceAddress: { type: 'ref', ref: 'address', label: 'Remittance Address' },
    currency: { type: 'ref', ref: 'currency', label: 'Currency', list: true, help: "Empty: the group's" },
    paymentTerm: { type: 'ref', ref: names.paymentTerm, label: 'Payment Term', help: "Empty: the group's" },
    postingProfile: { type: 'ref', ref: 'postingProfile', label: 'Posting Profile', help: "Overrides the group's" },
    iban: { type: 'text', label: 'IBAN or Account', max: 34, help: 'The default account: an IBAN is checked (ISO 13616); another account number is kept as typed' },
    bic: { type: 'text', label: 'BIC', max: 11 },
    bankAccounts: { type: 'rows', label: 'Other Bank Accounts', max: 10, columns: bankAccountColumns, help: 'Beside the default account above: a payment may name one of these' },
    onHold: { type: 'boolean', label: 'On Hold', default: false, list: true, help: 'No new invoices or payments' },
    status: { type: 'enum', label: 'Status', options: partyStatuses, required: true, default: 'Active', list: true },
  } satisfies Record<string, FieldDef>;
};

export function partyEntity(face: Face) {
  const common = partyCommonFields(face);
  const base = {
    name: partyEntityNames(face).party, label: face.partyLabel, plural: `${face.partyLabel}s`,
    service: face.service, resource: `${face.partyWord}s`, page: face.pages.party, permission: face.labels.party,
    companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code', generatedKey: 'code',
  } as const;
  const commonForm = [['code', 'name'], ['group', 'taxNumber'], ['currency', 'paymentTerm'], ['postingProfile'], ['contacts'], ['billingAddress', 'shippingAddress'], ['remittanceAddress'], ['iban', 'bic'], ['bankAccounts']];
  if (face.party === 'Vendor') return defineEntity({ ...base, fields: common, form: [...commonForm, ['onHold', 'status']] });
  return defineEntity({
    ...base,
    fields: {
      ...common,
      creditLimit: { type: 'decimal', label: 'Credit Limit', scale: 4, max: 14, min: 0, help: "In the customer's currency; empty: no limit" },
      mandateReference: { type: 'text', label: 'Mandate Reference', max: 35, help: 'SEPA direct-debit mandate' },
      mandateSignedOn: { type: 'date', label: 'Mandate Signed On' },
      mandateSequence: { type: 'enum', label: 'Mandate Sequence', options: mandateSequenceTypes, help: 'First collection or recurring' },
    },
    form: [...commonForm, ['creditLimit'], ['mandateReference', 'mandateSignedOn'], ['mandateSequence'], ['onHold', 'status']],
  });
}

/** The entities of one face, by role. */
export function faceEntities(face: Face) {
  return { group: partyGroupEntity(face), party: partyEntity(face), paymentTerm: paymentTermEntity(face) };
}

export const payablesEntities = faceEntities(faces.payables);
export const receivablesEntities = faceEntities(faces.receivables);
/** Every entity of payables and receivables master data (the web's catalogue, the document tests). */
export const apArEntities: readonly EntityDef[] = [
  addressEntity,
  payablesEntities.paymentTerm, payablesEntities.group, payablesEntities.party,
  receivablesEntities.paymentTerm, receivablesEntities.group, receivablesEntities.party,
];

// ---------------------------------------------------------------------------------------------
// Checks shared by the API's rules and the web form

/** ISO 13616 IBAN: country, check digits, up to 30 letters or digits, mod 97 = 1. Spaces are ignored. */
export function ibanIsValid(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** Whether a bank account text looks like an IBAN (two letters then two digits): only then is it checked as one. */
export const looksLikeIban = (value: string) => /^[A-Za-z]{2}\d{2}/.test(value.replace(/\s+/g, ''));

/** ISO 9362 BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (location), optionally 3 (branch). */
export const bicIsValid = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.trim().toUpperCase());

/**
 * A SEPA creditor identifier (EPC262-08): country, two check digits, a three-character business
 * code (ignored by the check), then the national identifier; the check digits are ISO 7064
 * mod 97-10 over the national identifier, the country and '00'.
 */
export function creditorIdIsValid(value: string): boolean {
  const id = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  return mod97(id.slice(7) + id.slice(0, 4)) === 1;
}

/** The remainder of the number a text of letters (A=10... Z=35) and digits writes, divided by 97. */
function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** The payables/receivables settings of /company-config (stored with the company's ledger settings). */
export const apArSettingsSchema = z.object({
  creditLimitPolicy: z.enum(creditLimitPolicies),
  sepaCreditorId: z.string().nullable(),
});
