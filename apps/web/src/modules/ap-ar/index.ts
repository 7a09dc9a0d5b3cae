/*
 * Payables and receivables screens (issue 15), for the page registry: the kit's generic list and
 * form of each party entity (groups, parties, payment terms of both faces, and the address book).
 */
import type { ComponentType } from 'react';
import type { TaskSubjects } from '../../shared/documents/task-subjects';

type PageLoader = () => Promise<{ default: ComponentType }>;

const partyPage =
  (link: string): PageLoader =>
  async () => ({ default: (await import('./pages/PartyPages')).partyPages[link]! });

/**
 * The routes of the kit's generic lists, in the order of apArEntities (contracts ap-ar/parties.ts).
 * Written out because the entity definitions build their zod schemas when loaded and the router
 * reads this list on the first load of every page; a test keeps the two equal.
 */
export const apArPageLinks = [
  '/addresses',
  '/vendor-payment-term',
  '/vendor-group',
  '/vendor',
  '/customer-payment-term',
  '/customer-group',
  '/customer',
] as const;

const invoiceLists = () => import('./invoices/InvoiceListPage');
const invoiceEditors = () => import('./invoices/InvoicePages');

/**
 * The invoice screens of both faces (one engine, two faces: each screen reads its Face). The
 * reversal screens are off the menus: granted by the invoice page (/vendor-invoice, /customer-invoice)
 * with its Save label, opened from a posted invoice ("Reverse", "Credit note") and the credit notes list.
 * The tax report is a ledger report below /trial-balance (GenerateTrialBalance), found by the page search.
 */
export const invoicePages: Readonly<Record<string, PageLoader>> = {
  '/vendor-invoices': async () => ({ default: (await invoiceLists()).VendorInvoicesPage }),
  '/customer-invoices': async () => ({ default: (await invoiceLists()).CustomerInvoicesPage }),
  '/vendor-invoice': async () => ({ default: (await invoiceEditors()).VendorInvoicePage }),
  '/customer-invoice': async () => ({ default: (await invoiceEditors()).CustomerInvoicePage }),
  '/vendor-invoice-reversal': async () => ({ default: (await invoiceEditors()).VendorInvoiceReversalPage }),
  '/customer-invoice-reversal': async () => ({ default: (await invoiceEditors()).CustomerInvoiceReversalPage }),
  '/trial-balance/tax-report': () => import('./invoices/TaxReportPage'),
};

const paymentLists = () => import('./payments/PaymentListPage');
const paymentEditors = () => import('./payments/PaymentPages');

/** The payment screens of both faces (issue 16): the documents kit's list and the payment's editor, each reading its PaymentFace. */
export const paymentPages: Readonly<Record<string, PageLoader>> = {
  '/vendor-payments': async () => ({ default: (await paymentLists()).VendorPaymentsPage }),
  '/customer-payments': async () => ({ default: (await paymentLists()).CustomerPaymentsPage }),
  '/vendor-payment': async () => ({ default: (await paymentEditors()).VendorPaymentPage }),
  '/customer-payment': async () => ({ default: (await paymentEditors()).CustomerPaymentPage }),
};

const recurringLists = () => import('./recurring-payments/RecurringPaymentListPage');
const recurringEditors = () => import('./recurring-payments/RecurringPaymentEditorPage');

/**
 * The recurring payment screens of both faces (issue 16): the documents kit's list and the schedule's
 * editor; and /failed-payment (receivables' menu, both faces).
 */
export const recurringAndFailedPages: Readonly<Record<string, PageLoader>> = {
  '/vendor-recurring-payments': async () => ({ default: (await recurringLists()).VendorRecurringPaymentsPage }),
  '/customer-recurring-payments': async () => ({ default: (await recurringLists()).CustomerRecurringPaymentsPage }),
  '/vendor-recurring-payment': async () => ({ default: (await recurringEditors()).VendorRecurringPaymentPage }),
  '/customer-recurring-payment': async () => ({ default: (await recurringEditors()).CustomerRecurringPaymentPage }),
  '/failed-payment': () => import('./failed-payments/FailedPaymentPage'),
};

const runLists = () => import('./payment-runs/PaymentRunListPage');
const runEditors = () => import('./payment-runs/PaymentRunPages');

/** The payment run screens of both faces (issue 16): the documents kit's list and the run's editor, each reading its PaymentRunFace. */
export const paymentRunPages: Readonly<Record<string, PageLoader>> = {
  '/vendor-payment-schedules': async () => ({ default: (await runLists()).VendorPaymentRunsPage }),
  '/customer-payment-schedules': async () => ({ default: (await runLists()).CustomerPaymentRunsPage }),
  '/vendor-payment-schedule': async () => ({ default: (await runEditors()).VendorPaymentRunPage }),
  '/customer-payment-schedule': async () => ({ default: (await runEditors()).CustomerPaymentRunPage }),
};

const ageing = () => import('./ageing/AgeingPage');

/**
 * The ageing of each face (issue 16) on the statement routes of SPEC.md section 2 (in no menu):
 * opened from the party list and the page search, granted by /vendor or /customer.
 */
export const ageingPages: Readonly<Record<string, PageLoader>> = {
  '/vendor-statement': async () => ({ default: (await ageing()).VendorAgeingPage }),
  '/customer-statement': async () => ({ default: (await ageing()).CustomerAgeingPage }),
};

/** Lazy loaders of the payables and receivables screens, by route. */
export const apArPages: Readonly<Record<string, PageLoader>> = { ...Object.fromEntries(apArPageLinks.map((link) => [link, partyPage(link)])), ...invoicePages, ...paymentPages, ...recurringAndFailedPages, ...paymentRunPages, ...ageingPages };

/**
 * What /journal shows of the tasks SPEC.md section 2 sends there from payables and receivables: a
 * reversal approval's credit note or reversal, its invoice and the entry it posts
 * (VendorInvoiceReversalApproval, CustomerInvoiceReversalApproval); a payment approval's payment, its
 * allocations and entry, and for a payment reversal approval the entry reversing it; a recurring
 * payment approval's schedule (its Post activates it); a payment run reversal approval's run, its
 * payments and lines.
 */
export const apArTaskSubjects: TaskSubjects = {
  VendorInvoiceReversalApproval: () => import('./invoices/CreditNoteSubject'),
  CustomerInvoiceReversalApproval: () => import('./invoices/CreditNoteSubject'),
  CustomerPaymentApproval: () => import('./payments/PaymentSubject'),
  VendorPaymentApproval: () => import('./payments/PaymentSubject'),
  CustomerPaymentReversalApproval: () => import('./payments/PaymentSubject'),
  VendorPaymentReversalApproval: () => import('./payments/PaymentSubject'),
  RecurringVendorPaymentApproval: () => import('./recurring-payments/RecurringPaymentSubject'),
  RecurringCustomerPaymentApproval: () => import('./recurring-payments/RecurringPaymentSubject'),
  // A payment run's reversal approval: the run, its payments and lines (its own approval links to /vendor-payment-schedule).
  VendorPaymentScheduleReversalApproval: () => import('./payment-runs/PaymentRunSubject'),
  CustomerPaymentScheduleReversalApproval: () => import('./payment-runs/PaymentRunSubject'),
};
