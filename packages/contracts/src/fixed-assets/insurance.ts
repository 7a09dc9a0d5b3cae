import { defineEntity } from '../kit/define-entity';

/**
 * Insurance companies (issue 18, /insurance-company): who insures the assets, served by the entity
 * kit under /fa/insurance-companies. Status Active or Inactive (an inactive insurer keeps its
 * history). The insurance schedules (policies, premiums, expiry reminders) are not built yet.
 */
export const insuranceCompanyStates = ['Active', 'Inactive'] as const;
export type InsuranceCompanyState = (typeof insuranceCompanyStates)[number];

export const insuranceCompanyEntity = defineEntity({
  name: 'insuranceCompany', label: 'Insurance Company', plural: 'Insurance Companies', service: 'fa', resource: 'insurance-companies', page: '/insurance-company', permission: 'InsuranceCompany',
  companyScoped: true, key: ['code'], display: 'name', defaultSort: 'code',
  fields: {
    code: { type: 'text', label: 'Code', required: true, max: 20, search: true, list: true, example: 'ALLIANZ' },
    name: { type: 'text', label: 'Name', required: true, max: 100, search: true, list: true, example: 'Allianz' },
    contact: { type: 'text', label: 'Contact', max: 100, search: true, list: true },
    mail: { type: 'text', label: 'Mail', max: 254, search: true, list: true, help: 'Where expiry reminders about its policies may be copied' },
    phone: { type: 'text', label: 'Phone', max: 40 },
    address: { type: 'longText', label: 'Address', max: 500 },
    status: { type: 'enum', label: 'Status', options: insuranceCompanyStates, required: true, default: 'Active', list: true },
  },
  form: [['code', 'name'], ['contact', 'status'], ['mail', 'phone'], ['address']],
});
