import {
  splitDocument,
  splitInputSchema,
  splitListItemSchema,
  splitListQuerySchema,
  splitViewSchema,
  stateOf,
  type SplitAction,
  type SplitInput,
  type SplitKind,
  type SplitListFilter,
  type SplitListItem,
  type SplitStatus,
  type SplitView,
} from '@erp/contracts';
import type { DocumentBinding } from '../../platform/kit/documents';
import { createSplit, deleteSplit, editSplit, exportSplits, listSplits, postSplit, reverseSplit, splitAmount, storedSplit, viewSplit } from './splits.service';
import { assetSplits } from './splits.tables';
import { baseCurrencyOf } from './money';
import { fixedAssetDocumentEntry } from './document-entry.service';

/**
 * The split as a document of the kit: routes under /fa/splits, the labels of /splitting-schedules
 * and /splitting-schedule (SaveSplittingSchedule...), the approval type SplittingSchedule (Post).
 */
export const splitBinding: DocumentBinding<SplitStatus, SplitAction, SplitKind, SplitInput, SplitView, SplitListItem, SplitListFilter> = {
  def: splitDocument,
  table: assetSplits,
  schemas: { input: splitInputSchema, view: splitViewSchema, listItem: splitListItemSchema, listQuery: splitListQuerySchema },
  kindOfInput: () => 'Split',
  header: async (tx, scope, id, write) => {
    const s = await storedSplit(tx, scope, id, write);
    const { currency } = await baseCurrencyOf(tx, scope);
    return {
      id: s.id, companyId: s.companyId, kind: 'Split', status: stateOf(splitDocument, s.status), number: s.number,
      description: s.description || `Asset split ${s.number ?? ''}`.trim(), createdBy: s.createdBy, baseCurrency: currency, totalBaseMinor: s.costMinor,
    };
  },
  list: listSplits,
  exportTable: exportSplits,
  exportName: () => 'asset-splits',
  view: viewSplit,
  create: createSplit,
  edit: (tx, actor, h, input) => editSplit(tx, actor, h.id, input),
  remove: (tx, actor, h) => deleteSplit(tx, actor, h.id),
  actions: {
    post: async (tx, actor, h) => {
      await postSplit(tx, actor, h.id);
      return h.id;
    },
    reverse: async (tx, actor, h, body) => {
      await reverseSplit(tx, actor, h.id, body.date);
      return h.id;
    },
  },
  auditedByAction: [],
  approvalAmount: splitAmount,
  // What /journal shows of a SplittingSchedule task: the split's entry (posted, or its posting staged and rolled back).
  entry: async (tx, scope, id) => {
    const s = await storedSplit(tx, scope, id, false);
    return fixedAssetDocumentEntry(tx, scope, s.journalId, s.splitDate, async (sp, actor) => {
      await postSplit(sp, actor, id);
      return (await storedSplit(sp, scope, id, false)).journalId;
    });
  },
};
