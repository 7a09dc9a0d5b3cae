import {
  disposalDocument,
  disposalInputSchema,
  disposalListItemSchema,
  disposalListQuerySchema,
  disposalViewSchema,
  stateOf,
  type DisposalAction,
  type DisposalInput,
  type DisposalKind,
  type DisposalListFilter,
  type DisposalListItem,
  type DisposalStatus,
  type DisposalView,
} from '@erp/contracts';
import type { DocumentBinding } from '../../platform/kit/documents';
import { createDisposal, deleteDisposal, disposalAmount, editDisposal, exportDisposals, listDisposals, postDisposal, reverseDisposal, storedDisposal, viewDisposal } from './disposals.service';
import { assetDisposals } from './disposals.tables';
import { fixedAssetDocumentEntry } from './document-entry.service';
import { baseCurrencyOf } from './money';

/**
 * The disposal as a document of the kit: routes under /fa/disposals, the labels of /disposal-schedules
 * and /disposal-schedule (SaveDisposalSchedule...), the approval type DisposalSchedule (Post).
 */
export const disposalBinding: DocumentBinding<DisposalStatus, DisposalAction, DisposalKind, DisposalInput, DisposalView, DisposalListItem, DisposalListFilter> = {
  def: disposalDocument,
  table: assetDisposals,
  schemas: { input: disposalInputSchema, view: disposalViewSchema, listItem: disposalListItemSchema, listQuery: disposalListQuerySchema },
  kindOfInput: () => 'Disposal',
  header: async (tx, scope, id, write) => {
    const d = await storedDisposal(tx, scope, id, write);
    const { currency } = await baseCurrencyOf(tx, scope);
    return {
      id: d.id, companyId: d.companyId, kind: 'Disposal', status: stateOf(disposalDocument, d.status), number: d.number,
      description: d.description || `Asset disposal ${d.number ?? ''}`.trim(), createdBy: d.createdBy, baseCurrency: currency, totalBaseMinor: d.gainLossMinor,
    };
  },
  list: listDisposals,
  exportTable: exportDisposals,
  exportName: () => 'asset-disposals',
  view: viewDisposal,
  create: createDisposal,
  edit: (tx, actor, h, input) => editDisposal(tx, actor, h.id, input),
  remove: (tx, actor, h) => deleteDisposal(tx, actor, h.id),
  actions: {
    post: async (tx, actor, h) => {
      await postDisposal(tx, actor, h.id);
      return h.id;
    },
    reverse: async (tx, actor, h, body) => {
      await reverseDisposal(tx, actor, h.id, body.date);
      return h.id;
    },
  },
  auditedByAction: [],
  approvalAmount: disposalAmount,
  // What /journal shows of a DisposalSchedule task: the disposal's own entry (its run's depreciation entry is the run's).
  entry: async (tx, scope, id) => {
    const d = await storedDisposal(tx, scope, id, false);
    return fixedAssetDocumentEntry(tx, scope, d.journalId, d.disposalDate, async (sp, actor) => {
      await postDisposal(sp, actor, id);
      return (await storedDisposal(sp, scope, id, false)).journalId;
    });
  },
};
