import { defineEntity, type EntityDef } from '../kit/define-entity';

/**
 * Cash Management master data (issue 16, "Screens and routes"; SPEC.md section 2): the bank group
 * (/bank-group) and the bank (/bank). A bank is one account the company holds at a bank: its GL
 * account (a posting account that is not a control account: payments post it through the port),
 * the currency it holds, the account number or IBAN (an IBAN's ISO 13616 checksum is checked), the
 * BIC, and the next cheque and transfer numbers its payments take. Payments (payables and
 * receivables) name a bank; statements and reconciliation (issue 17) build on it.
 */
export const bankGroupEntity = defineEntity({
  name: 'bankGroup', label: 'Bank Group', plural: 'Bank Groups', service: 'cm', resource: 'bank-groups', page: '/bank-group', permission: 'BankGroup',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true, example: 'OPERATING' },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true, example: 'Operating accounts' },
    description: { type: 'text', label: 'Description', max: 300 },
  },
  form: [['code', 'name'], ['description']],
});

export const bankStatuses = ['Active', 'Inactive'] as const;
export type BankStatus = (typeof bankStatuses)[number];

export const bankEntity = defineEntity({
  name: 'bank', label: 'Bank', plural: 'Banks', service: 'cm', resource: 'banks', page: '/bank', permission: 'Bank',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true, example: 'MAIN' },
    name: { type: 'text', label: 'Name', required: true, max: 150, search: true, list: true, example: 'Main operating account' },
    bankGroup: { type: 'ref', ref: 'bankGroup', label: 'Bank Group', required: true, list: true, example: 'OPERATING' },
    account: { type: 'ref', ref: 'account', label: 'GL Account', required: true, list: true, help: 'An active posting account that is not a control account', example: '1020' },
    currency: { type: 'ref', ref: 'currency', label: 'Currency', required: true, list: true, help: 'The currency the account holds: its payments are in it' },
    accountNumber: { type: 'text', label: 'IBAN or Account Number', required: true, max: 34, search: true, list: true, help: 'An IBAN is checked (ISO 13616); another account number is kept as typed' },
    bic: { type: 'text', label: 'BIC', max: 11 },
    nextChequeNumber: { type: 'integer', label: 'Next Cheque Number', min: 1, max: 999999999, required: true, default: 1 },
    nextTransferNumber: { type: 'integer', label: 'Next Transfer Number', min: 1, max: 999999999, required: true, default: 1 },
    status: { type: 'enum', label: 'Status', options: bankStatuses, required: true, default: 'Active', list: true },
  },
  form: [['code', 'name'], ['bankGroup', 'account'], ['currency', 'status'], ['accountNumber', 'bic'], ['nextChequeNumber', 'nextTransferNumber']],
});

/** Every Cash Management entity (the web's catalogue). */
export const cashManagementEntities: readonly EntityDef[] = [bankGroupEntity, bankEntity];
