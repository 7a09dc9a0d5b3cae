import {
  insuranceScheduleDocument,
  insuranceScheduleInputSchema,
  insuranceScheduleListItemSchema,
  insuranceScheduleListQuerySchema,
  insuranceScheduleViewSchema,
  stateOf,
  type InsuranceScheduleAction,
  type InsuranceScheduleInput,
  type InsuranceScheduleKind,
  type InsuranceScheduleListFilter,
  type InsuranceScheduleListItem,
  type InsuranceScheduleStatus,
  type InsuranceScheduleView,
} from '@erp/contracts';
import type { DocumentBinding } from '../../platform/kit/documents';
import {
  activateSchedule, cancelSchedule, createSchedule, deleteSchedule, editSchedule, exportSchedules, listSchedules, storedSchedule, viewSchedule,
} from './insurance.service';
import { insuranceSchedules } from './insurance.tables';

/**
 * The insurance schedule (a policy) as a document of the kit: routes under /fa/insurance-schedules,
 * the labels of /insurance-schedules and /insurance-schedule (SaveInsuranceSchedule...), no approval
 * and no posting. Its own routes (renew, instalments paid) are insurance.routes.ts.
 */
export const insuranceBinding: DocumentBinding<InsuranceScheduleStatus, InsuranceScheduleAction, InsuranceScheduleKind, InsuranceScheduleInput, InsuranceScheduleView, InsuranceScheduleListItem, InsuranceScheduleListFilter> = {
  def: insuranceScheduleDocument,
  table: insuranceSchedules,
  schemas: { input: insuranceScheduleInputSchema, view: insuranceScheduleViewSchema, listItem: insuranceScheduleListItemSchema, listQuery: insuranceScheduleListQuerySchema },
  kindOfInput: () => 'Policy',
  header: async (tx, scope, id, write) => {
    const s = await storedSchedule(tx, scope, id, write);
    return { id: s.id, companyId: s.companyId, kind: 'Policy', status: stateOf(insuranceScheduleDocument, s.status), number: s.policyNumber, description: s.description || `Insurance policy ${s.policyNumber}`, createdBy: s.createdBy };
  },
  list: (tx, scope, q) => listSchedules(tx, scope, q),
  exportTable: exportSchedules,
  exportName: () => 'insurance-schedules',
  view: viewSchedule,
  create: (tx, actor, input) => createSchedule(tx, actor, input),
  edit: (tx, actor, h, input) => editSchedule(tx, actor, h.id, input),
  remove: (tx, actor, h) => deleteSchedule(tx, actor, h.id),
  actions: {
    activate: async (tx, actor, h) => {
      await activateSchedule(tx, actor, h.id);
      return h.id;
    },
    cancel: async (tx, actor, h) => {
      await cancelSchedule(tx, actor, h.id);
      return h.id;
    },
  },
  auditedByAction: [],
};
