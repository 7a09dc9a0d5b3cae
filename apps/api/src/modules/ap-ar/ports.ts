import type { Tx } from '../../platform/db/client';
import type { KitScope } from '../../platform/kit/registry';

/*
 * What payables and receivables ask of the modules above it, which depend on it (fixed assets
 * capitalise vendor invoice lines): they give it these ports when the app registers them, so this
 * module never imports them and the modules keep one direction (as Cash Management's ports.ts).
 */

/**
 * A hold on the full reversal of an invoice: what still stands on it in another module (fixed
 * assets: capitalisations of its lines that are not reversed), in words the refusal names, or
 * null when nothing does. Read in the reversal's transaction after the invoice's row is locked.
 */
export type InvoiceReversalHold = (tx: Tx, scope: KitScope, invoiceId: string) => Promise<string | null>;

const reversalHolds = new Map<string, InvoiceReversalHold>();

/** A module adds its hold on invoice reversals (by key: registering twice replaces). */
export function provideInvoiceReversalHold(key: string, hold: InvoiceReversalHold): void {
  reversalHolds.set(key, hold);
}

/** What stands on the invoice in the modules that gave a hold: each module's words, in the order given. */
export async function invoiceReversalHolds(tx: Tx, scope: KitScope, invoiceId: string): Promise<string[]> {
  const out: string[] = [];
  for (const hold of reversalHolds.values()) {
    const reason = await hold(tx, scope, invoiceId);
    if (reason) out.push(reason);
  }
  return out;
}
