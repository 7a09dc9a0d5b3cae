import type { ApprovalType } from '../navigation/approvals';
import type { LedgerModule, PartyType } from '../ledger/posting-port';
import type { ControlType } from '../ledger/setup-entities';

/**
 * Payables and receivables are one engine with two faces (issue 15): the same parties, payment
 * terms, invoices, credit notes and open items, each face with its own service prefix, pages,
 * permission labels, approval types, control accounts and words. Code of the engine takes a `Face`
 * and never compares the side as a loose string: it reads what differs from here.
 */
export const sides = ['payables', 'receivables'] as const;
export type Side = (typeof sides)[number];

export type Face = {
  side: Side;
  /** The module of the menu and of the posting port's source references. */
  module: Extract<LedgerModule, 'Account Payable' | 'Account Receivable'>;
  /** The API prefix (DESIGN.md, API conventions). */
  service: 'ap' | 'ar';
  /** Who the face deals with, as the posting port's party type. */
  party: Extract<PartyType, 'Vendor' | 'Customer'>;
  /** The control account type its invoices post the party's balance to. */
  control: Extract<ControlType, 'Payables' | 'Receivables'>;
  /** Words: 'vendor'/'customer' in sentences, 'Vendor'/'Customer' in labels. */
  partyWord: string;
  partyLabel: string;
  /**
   * The side of the control account an invoice posts (a vendor invoice credits payables, a customer
   * invoice debits receivables); a credit note posts the other side.
   */
  invoiceControlSide: 'credit' | 'debit';
  /** Tax on this face's invoices: input tax (recoverable, payables) or output tax (receivables). */
  taxDirection: 'input' | 'output';
  pages: {
    group: '/vendor-group' | '/customer-group';
    party: '/vendor' | '/customer';
    paymentTerm: '/vendor-payment-term' | '/customer-payment-term';
    invoices: '/vendor-invoices' | '/customer-invoices';
    invoice: '/vendor-invoice' | '/customer-invoice';
    reversal: '/vendor-invoice-reversal' | '/customer-invoice-reversal';
  };
  /** Permission labels' stems (`crudOperations` of the menu: Save<stem>, Edit<stem>...). */
  labels: { group: 'VendorGroup' | 'CustomerGroup'; party: 'Vendor' | 'Customer'; paymentTerm: 'VendorPaymentTerm' | 'CustomerPaymentTerm'; invoice: 'VendorInvoice' | 'CustomerInvoice' };
  approvals: {
    invoice: Extract<ApprovalType, 'VendorInvoiceApproval' | 'CustomerInvoiceApproval'>;
    reversal: Extract<ApprovalType, 'VendorInvoiceReversalApproval' | 'CustomerInvoiceReversalApproval'>;
  };
};

export const payablesFace: Face = {
  side: 'payables', module: 'Account Payable', service: 'ap', party: 'Vendor', control: 'Payables',
  partyWord: 'vendor', partyLabel: 'Vendor', invoiceControlSide: 'credit', taxDirection: 'input',
  pages: { group: '/vendor-group', party: '/vendor', paymentTerm: '/vendor-payment-term', invoices: '/vendor-invoices', invoice: '/vendor-invoice', reversal: '/vendor-invoice-reversal' },
  labels: { group: 'VendorGroup', party: 'Vendor', paymentTerm: 'VendorPaymentTerm', invoice: 'VendorInvoice' },
  approvals: { invoice: 'VendorInvoiceApproval', reversal: 'VendorInvoiceReversalApproval' },
};

export const receivablesFace: Face = {
  side: 'receivables', module: 'Account Receivable', service: 'ar', party: 'Customer', control: 'Receivables',
  partyWord: 'customer', partyLabel: 'Customer', invoiceControlSide: 'debit', taxDirection: 'output',
  pages: { group: '/customer-group', party: '/customer', paymentTerm: '/customer-payment-term', invoices: '/customer-invoices', invoice: '/customer-invoice', reversal: '/customer-invoice-reversal' },
  labels: { group: 'CustomerGroup', party: 'Customer', paymentTerm: 'CustomerPaymentTerm', invoice: 'CustomerInvoice' },
  approvals: { invoice: 'CustomerInvoiceApproval', reversal: 'CustomerInvoiceReversalApproval' },
};

export const faces: Record<Side, Face> = { payables: payablesFace, receivables: receivablesFace };
