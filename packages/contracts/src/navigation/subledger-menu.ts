import { crudOperations } from './operations';
import { defineModule, page } from './menu-builder';

/* Account Payable and Account Receivable pages of the SPEC.md section 2 menu catalogue. */
export const accountPayableModule = defineModule({
  name: 'Account Payable',
  image: 'module_account_payable',
  colour: '#F97316',
  groups: [
    {
      name: 'Setup',
      pages: [
        page('/vendor-group', crudOperations('VendorGroup')),
        page('/vendor', crudOperations('Vendor')),
        page('/vendor-payment-term', crudOperations('VendorPaymentTerm')),
      ],
    },
    {
      name: 'Transactions',
      pages: [
        page('/vendor-payments', crudOperations('VendorPayment'), [
          page('/vendor-payment', crudOperations('VendorPayment')),
        ]),
        page('/vendor-invoices', crudOperations('VendorInvoice'), [
          page('/vendor-invoice', crudOperations('VendorInvoice')),
        ]),
        page('/vendor-payment-schedules', crudOperations('VendorPaymentSchedule'), [
          page('/vendor-payment-schedule', crudOperations('VendorPaymentSchedule')),
        ]),
        page('/vendor-recurring-payments', crudOperations('VendorRecurringPayment'), [
          page('/vendor-recurring-payment', crudOperations('VendorRecurringPayment')),
        ]),
      ],
    },
  ],
});

export const accountReceivableModule = defineModule({
  name: 'Account Receivable',
  image: 'module_account_receivable',
  colour: '#22C55E',
  groups: [
    {
      name: 'Setup',
      pages: [
        page('/customer-group', crudOperations('CustomerGroup')),
        page('/customer', crudOperations('Customer')),
        page('/customer-payment-term', crudOperations('CustomerPaymentTerm')),
      ],
    },
    {
      name: 'Transactions',
      pages: [
        page('/customer-payments', crudOperations('CustomerPayment'), [
          page('/customer-payment', crudOperations('CustomerPayment')),
        ]),
        page('/customer-invoices', crudOperations('CustomerInvoice'), [
          page('/customer-invoice', crudOperations('CustomerInvoice')),
        ]),
        page('/customer-payment-schedules', crudOperations('CustomerPaymentSchedule'), [
          page('/customer-payment-schedule', crudOperations('CustomerPaymentSchedule')),
        ]),
        page('/customer-recurring-payments', crudOperations('CustomerRecurringPayment'), [
          page('/customer-recurring-payment', crudOperations('CustomerRecurringPayment')),
        ]),
        page('/failed-payment', crudOperations('FailedPayment')),
      ],
    },
  ],
});
