/*
 * The panels other modules add to a posted invoice's screen (shared/documents/invoice-actions.ts),
 * composed here so payables and receivables import none of them: fixed assets' "Capitalise" of a
 * posted vendor invoice's lines.
 */
import type { PostedInvoiceAction } from '../shared/documents/invoice-actions';
import { fixedAssetInvoiceActions } from '../modules/fixed-assets/index';

export const postedInvoiceActions: readonly PostedInvoiceAction[] = [...fixedAssetInvoiceActions];
