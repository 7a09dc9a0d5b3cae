// The payables and receivables module's surface (issue 15): other modules and the app import only from here.
import { addressEntity, faceEntities, faces, sides, type Face } from '@erp/contracts';
import type { ModuleManifest } from '../../platform/module';
import type { KitBinding } from '../../platform/kit/registry';
import { addresses, faceTables } from './parties.tables';
import { addressFits, groupFits, partyFits, paymentTermFits, partyKey } from './parties.rules';
import { seedCompanyApAr } from './parties.seed';
import { invoicesPart } from './invoices/invoices.module';
import { invoicePdfRouteFacts, registerInvoicePdfRoutes } from './invoices/invoice-pdf.routes';
import { paymentsPart } from './payments/payments.module';
import { failedPaymentsPart } from './failed-payments/failed-payments.module';
import { recurringPaymentsPart } from './recurring-payments/recurring-payments.module';
import { paymentRunsPart } from './payment-runs/payment-runs.module';
import { ageingRouteFacts, registerAgeingRoutes } from './ageing/ageing.routes';
import { registerStatementRoutes, statementRouteFacts } from './statements/statement.routes';
import { registerRevaluationRoutes, revaluationRouteFacts } from './revaluation/revaluation.routes';
import { provideBankSettlement, provideForecastSources } from '../cash-management/index';
import { partiesWithOpenItems, postBankSettlement } from './payments/bank-settlement.service';
import { apArForecastSources } from './forecast-sources';

export * from './parties.tables';
export { partyMayTransact, type PartyState } from './parties.rules';
// Ports other modules fill when the app registers them (fixed assets: its hold on invoice reversals).
export { provideInvoiceReversalHold, type InvoiceReversalHold } from './ports';
// Read by Cash Management's cash-flow forecast (open items by due date, settled history for lateness).
export { invoices, openItems } from './invoices/invoices.tables';
export { paymentAllocations, payments } from './payments/payments.tables';
// Invoices made by another module's document: customer invoices (a fixed-asset disposal's sale), posted and reversed by
// this engine; draft vendor invoices (an insurance premium instalment), posted on their own screen.
export { createSourcedVendorInvoiceDraft, type SourcedVendorDraft, type SourcedVendorDraftRequest, postSourcedCustomerInvoice, reverseSourcedCustomerInvoice, sourcedInvoiceFacts, type SourcedInvoice, type SourcedInvoiceRequest, type SourcedLine } from './invoices/sourced-invoices';
export { paymentRunLines, paymentRuns } from './payment-runs/payment-runs.tables';
export { recurringPayments } from './recurring-payments/recurring-payments.tables';

/** The master data of one face: its payment terms, groups and parties, built from the face alone. */
function faceBindings(face: Face): KitBinding[] {
  const defs = faceEntities(face);
  const tables = faceTables[face.side];
  return [
    { def: defs.paymentTerm, table: tables.paymentTerm, rules: [paymentTermFits] },
    { def: defs.group, table: tables.group, rules: [groupFits(face)] },
    { def: defs.party, table: tables.party, rules: [partyFits(face)], generateKey: partyKey(face) },
  ];
}

/** Payables and receivables: parties, groups, payment terms and the address book (issue 15, part 1). */
export const apArModule: ModuleManifest = {
  name: 'ap-ar',
  entities: () => [{ def: addressEntity, table: addresses, rules: [addressFits] }, ...sides.flatMap((side) => faceBindings(faces[side]))],
  documents: [...invoicesPart.documents, ...paymentsPart.documents, ...recurringPaymentsPart.documents, ...paymentRunsPart.documents],
  register: (app, platform) => {
    invoicesPart.register(app, platform);
    registerInvoicePdfRoutes(app, platform);
    paymentsPart.register(app, platform);
    recurringPaymentsPart.register(app, platform);
    failedPaymentsPart.register(app, platform);
    paymentRunsPart.register(app, platform);
    registerAgeingRoutes(app, platform);
    registerStatementRoutes(app, platform);
    registerRevaluationRoutes(app, platform);
    // Cash Management's ports: reconciliation's settlements and the forecast's sources (it does not import this module).
    provideBankSettlement({ partiesWithOpenItems, postBankSettlement });
    provideForecastSources(apArForecastSources);
  },
  approvals: { ...paymentsPart.approvals, ...paymentRunsPart.approvals },
  routes: { ...invoicesPart.routes, ...invoicePdfRouteFacts, ...paymentsPart.routes, ...recurringPaymentsPart.routes, ...failedPaymentsPart.routes, ...paymentRunsPart.routes, ...ageingRouteFacts, ...statementRouteFacts, ...revaluationRouteFacts },
  jobs: recurringPaymentsPart.jobs,
  seeders: {
    company: async (tx, tenantId, companyId) => {
      await seedCompanyApAr(tx, tenantId, companyId);
      await invoicesPart.seed(tx, tenantId, companyId);
      await paymentsPart.seed(tx, tenantId, companyId);
      await paymentRunsPart.seed(tx, tenantId, companyId);
    },
  },
  auditLabels: [
    ...invoicesPart.auditLabels,
    ...paymentsPart.auditLabels,
    ...recurringPaymentsPart.auditLabels,
    ...failedPaymentsPart.auditLabels,
    ...paymentRunsPart.auditLabels,
    { table: 'addresses', key: 'id', label: `t.code || ' · ' || t.name` },
    ...sides.flatMap((side) => {
      const w = faces[side].partyWord;
      return [
        { table: `${w}s`, key: 'id', label: `t.code || ' · ' || t.name` },
        { table: `${w}_groups`, key: 'id', label: `t.code || ' · ' || t.name` },
        { table: `${w}_payment_terms`, key: 'id', label: `t.code || ' · ' || t.description` },
      ];
    }),
  ],
  pages: [...sides.flatMap((side) => [faces[side].pages.group, faces[side].pages.party, faces[side].pages.paymentTerm]), ...invoicesPart.pages, ...paymentsPart.pages, ...recurringPaymentsPart.pages, ...failedPaymentsPart.pages, ...paymentRunsPart.pages],
};

// Bank reconciliation (Cash Management) reads parties' open items and makes receipts and payments from statement lines through this module's payment document.
