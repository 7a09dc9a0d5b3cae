import type { PaymentView, Side } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import type { DocumentActor, DocumentWorkflow } from '../../platform/kit/documents';
import type { KitScope } from '../../platform/kit/registry';
import type { ForecastProvider } from './forecast/forecast.providers';

/*
 * What Cash Management asks of the modules above it, which depend on it (payables and receivables
 * name its banks): they give it these ports when the app registers them, so Cash Management never
 * imports them and the modules keep one direction. Reconciliation's counterparty rule reads the
 * parties with open items and posts a receipt or payment through their own payment document; the
 * forecast unions the cash their documents expect.
 */

export type MatchableParty = {
  type: 'Vendor' | 'Customer';
  id: string;
  name: string;
  ibans: string[];
  openItems: { id: string; number: string; dueDate: string; remainingMinor: bigint }[];
};

export type BankSettlement = {
  side: Side;
  bank: string;
  party: string;
  date: string;
  /** Decimal text in the bank's currency. */
  amount: string;
  reference: string | null;
  description: string;
  allocations: { openItem: string; amount: string }[];
};

export type BankSettlementPort = {
  /** Every party of the company with open items in the currency, its IBANs and those items, oldest due first. */
  partiesWithOpenItems: (tx: Tx, scope: KitScope, currency: string) => Promise<MatchableParty[]>;
  /** A receipt or payment from a statement line, posted in the caller's transaction through the payment document. */
  postBankSettlement: (tx: Tx, actor: DocumentActor, engine: DocumentWorkflow, s: BankSettlement) => Promise<{ payment: PaymentView; journalId: string }>;
};

let settlementPort: BankSettlementPort | undefined;
const forecastSources = new Map<string, ForecastProvider>();

/** Payables and receivables give reconciliation its settlement port (idempotent: the same functions each time). */
export function provideBankSettlement(port: BankSettlementPort): void {
  settlementPort = port;
}

export function bankSettlement(): BankSettlementPort {
  if (!settlementPort) throw new Error('No module gave Cash Management its bank settlement port (payables and receivables register it)');
  return settlementPort;
}

/** A module adds the forecast sources of its documents (by key: registering twice replaces). */
export function provideForecastSources(providers: readonly ForecastProvider[]): void {
  for (const p of providers) forecastSources.set(p.key, p);
}

/** The sources other modules gave, in the order they were given. */
export function providedForecastSources(): ForecastProvider[] {
  return [...forecastSources.values()];
}
