/*
 * What other modules add to the screen of a posted invoice (/vendor-invoice, /customer-invoice):
 * payables and receivables do not import the modules above them (fixed assets capitalise vendor
 * invoice lines), so each such module gives its panels here, per side, and the app composes them
 * (app/invoice-actions.ts) as it composes the journal's task subjects. A panel decides itself
 * whether the signed-in user may see it.
 */
import type { ComponentType } from 'react';
import type { Face, InvoiceView, Side } from '@erp/contracts';

export type PostedInvoiceActionProps = { face: Face; invoice: InvoiceView };
export type PostedInvoiceAction = {
  key: string;
  /** The sides whose invoices show it. */
  sides: readonly Side[];
  load: () => Promise<{ default: ComponentType<PostedInvoiceActionProps> }>;
};
