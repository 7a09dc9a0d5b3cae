import {
  depreciationRunDocument,
  depreciationRunInputSchema,
  depreciationRunListItemSchema,
  depreciationRunListQuerySchema,
  depreciationRunViewSchema,
  stateOf,
  type DepreciationRunAction,
  type DepreciationRunInput,
  type DepreciationRunKind,
  type DepreciationRunListFilter,
  type DepreciationRunListItem,
  type DepreciationRunStatus,
  type DepreciationRunView,
} from '@erp/contracts';
import type { DocumentBinding } from '../../platform/kit/documents';
import { depreciationRunEntry } from './depreciation-run-entry.service';
import { createRun, deleteRun, editRun, exportRuns, listRuns, postRun, reverseRun, runAmount, storedRun, viewRun } from './depreciation-runs.service';
import { depreciationRuns } from './depreciation-runs.tables';
import { baseCurrencyOf } from './money';

/**
 * The depreciation run as a document of the kit: routes under /fa/depreciation-runs, the labels of
 * /depreciation-schedules and /depreciation-schedule (SaveDepreciationSchedule, EditDepreciationSchedule...),
 * the approval type DepreciationSchedule (Post), the audit and the idempotency of posting.
 */
export const depreciationRunBinding: DocumentBinding<DepreciationRunStatus, DepreciationRunAction, DepreciationRunKind, DepreciationRunInput, DepreciationRunView, DepreciationRunListItem, DepreciationRunListFilter> = {
  def: depreciationRunDocument,
  table: depreciationRuns,
  schemas: { input: depreciationRunInputSchema, view: depreciationRunViewSchema, listItem: depreciationRunListItemSchema, listQuery: depreciationRunListQuerySchema },
  kindOfInput: () => 'Run',
  header: async (tx, scope, id, write) => {
    const r = await storedRun(tx, scope, id, write);
    const { currency } = await baseCurrencyOf(tx, scope);
    return {
      id: r.id, companyId: r.companyId, kind: 'Run', status: stateOf(depreciationRunDocument, r.status), number: r.number,
      description: r.description || `Depreciation run ${r.number ?? ''}`.trim(), createdBy: r.createdBy, baseCurrency: currency, totalBaseMinor: r.amountMinor,
    };
  },
  list: listRuns,
  exportTable: exportRuns,
  exportName: () => 'depreciation-runs',
  view: viewRun,
  create: createRun,
  edit: (tx, actor, h, input) => editRun(tx, actor, h.id, input),
  remove: (tx, actor, h) => deleteRun(tx, actor, h.id),
  actions: {
    post: async (tx, actor, h) => {
      await postRun(tx, actor, h.id);
      return h.id;
    },
    reverse: async (tx, actor, h, body) => {
      await reverseRun(tx, actor, h.id, body.date);
      return h.id;
    },
  },
  auditedByAction: [],
  approvalAmount: runAmount,
  entry: depreciationRunEntry,
};
