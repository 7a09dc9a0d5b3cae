import {
  recurringPaymentDocuments,
  recurringPaymentInputSchema,
  recurringPaymentListItemSchema,
  recurringPaymentListQuerySchema,
  recurringPaymentViewSchema,
  stateOf,
  type RecurringPaymentAction,
  type RecurringPaymentFace,
  type RecurringPaymentInput,
  type RecurringPaymentKind,
  type RecurringPaymentListFilter,
  type RecurringPaymentListItem,
  type RecurringPaymentStatus,
  type RecurringPaymentView,
} from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import type { DocumentBinding, DocumentHeader } from '../../../platform/kit/documents';
import type { KitScope } from '../../../platform/kit/registry';
import { activateSchedule, stopSchedule } from './recurring-payments.run';
import { deleteSchedule, exportSchedules, insertSchedule, listSchedules, replaceSchedule, storedSchedule, viewSchedule } from './recurring-payments.service';
import { recurringPayments } from './recurring-payments.tables';

/*
 * A face's recurring payment schedule as a document of the kit (contracts' recurringPaymentDocumentOf):
 * the kit gives its routes under /ap/vendor-recurring-payments and /ar/customer-recurring-payments,
 * the labels, the state checks, the approval adapter (RecurringVendorPaymentApproval /
 * RecurringCustomerPaymentApproval: Post activates) and the audit of each step.
 */
export function recurringPaymentBinding(rf: RecurringPaymentFace): DocumentBinding<
  RecurringPaymentStatus, RecurringPaymentAction, RecurringPaymentKind, RecurringPaymentInput, RecurringPaymentView, RecurringPaymentListItem, RecurringPaymentListFilter
> {
  const def = recurringPaymentDocuments[rf.pf.face.side];
  const header = async (tx: Tx, scope: KitScope, id: string, write: boolean): Promise<DocumentHeader<RecurringPaymentStatus, RecurringPaymentKind>> => {
    const s = await storedSchedule(tx, scope, rf, id, write);
    return { id: s.id, companyId: s.companyId, kind: 'Schedule', status: stateOf(def, s.status), number: s.code, description: s.description, createdBy: s.createdBy };
  };
  return {
    def,
    table: recurringPayments,
    schemas: { input: recurringPaymentInputSchema, view: recurringPaymentViewSchema, listItem: recurringPaymentListItemSchema, listQuery: recurringPaymentListQuerySchema },
    kindOfInput: () => 'Schedule',
    header,
    list: (tx, scope, q) => listSchedules(tx, scope, rf, q),
    exportTable: (tx, scope, filter) => exportSchedules(tx, scope, rf, filter),
    exportName: () => `${rf.pf.face.partyWord}-recurring-${rf.pf.noun}s`,
    view: (tx, scope, id) => viewSchedule(tx, scope, rf, id),
    create: (tx, actor, input) => insertSchedule(tx, actor, rf, input),
    edit: (tx, actor, h, input) => replaceSchedule(tx, actor, rf, h.id, input),
    remove: (tx, actor, h) => deleteSchedule(tx, actor, rf, h.id),
    actions: {
      post: async (tx, actor, h) => {
        await activateSchedule(tx, actor, rf, h.id);
        return h.id;
      },
      stop: async (tx, actor, h) => {
        await stopSchedule(tx, actor, rf, h.id);
        return h.id;
      },
    },
    auditedByAction: [],
    // Thresholds compare one occurrence's amount (the schedule pays it again and again).
    approvalAmount: async (tx, scope, id) => (await storedSchedule(tx, scope, rf, id, false)).amountMinor,
  };
}
