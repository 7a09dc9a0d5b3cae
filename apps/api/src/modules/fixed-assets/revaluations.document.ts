import {
  assetRevaluationDocument,
  assetRevaluationInputSchema,
  assetRevaluationListItemSchema,
  assetRevaluationListQuerySchema,
  assetRevaluationViewSchema,
  stateOf,
  type AssetRevaluationAction,
  type AssetRevaluationInput,
  type AssetRevaluationKind,
  type AssetRevaluationListFilter,
  type AssetRevaluationListItem,
  type AssetRevaluationStatus,
  type AssetRevaluationView,
} from '@erp/contracts';
import type { DocumentBinding } from '../../platform/kit/documents';
import { fixedAssetDocumentEntry } from './document-entry.service';
import {
  createRevaluation, deleteRevaluation, editRevaluation, exportRevaluations, listRevaluations, postRevaluation, reverseRevaluation, revaluationAmount, storedRevaluation, viewRevaluation,
} from './revaluations.service';
import { assetRevaluations } from './revaluations.tables';
import { baseCurrencyOf } from './money';

/**
 * The revaluation as a document of the kit: routes under /fa/revaluations, the labels of
 * /revaluation-schedules and /revaluation-schedule (SaveRevaluationSchedule...), the approval type
 * RevaluationSchedule (Post), its entry for /journal.
 */
export const revaluationBinding: DocumentBinding<AssetRevaluationStatus, AssetRevaluationAction, AssetRevaluationKind, AssetRevaluationInput, AssetRevaluationView, AssetRevaluationListItem, AssetRevaluationListFilter> = {
  def: assetRevaluationDocument,
  table: assetRevaluations,
  schemas: { input: assetRevaluationInputSchema, view: assetRevaluationViewSchema, listItem: assetRevaluationListItemSchema, listQuery: assetRevaluationListQuerySchema },
  kindOfInput: () => 'Revaluation',
  header: async (tx, scope, id, write) => {
    const r = await storedRevaluation(tx, scope, id, write);
    const { currency } = await baseCurrencyOf(tx, scope);
    return {
      id: r.id, companyId: r.companyId, kind: 'Revaluation', status: stateOf(assetRevaluationDocument, r.status), number: r.number,
      description: r.description || `Asset revaluation ${r.number ?? ''}`.trim(), createdBy: r.createdBy, baseCurrency: currency, totalBaseMinor: r.changeMinor,
    };
  },
  list: listRevaluations,
  exportTable: exportRevaluations,
  exportName: () => 'asset-revaluations',
  view: viewRevaluation,
  create: createRevaluation,
  edit: (tx, actor, h, input) => editRevaluation(tx, actor, h.id, input),
  remove: (tx, actor, h) => deleteRevaluation(tx, actor, h.id),
  actions: {
    post: async (tx, actor, h) => {
      await postRevaluation(tx, actor, h.id);
      return h.id;
    },
    reverse: async (tx, actor, h, body) => {
      await reverseRevaluation(tx, actor, h.id, body.date);
      return h.id;
    },
  },
  auditedByAction: [],
  approvalAmount: revaluationAmount,
  entry: async (tx, scope, id) => {
    const r = await storedRevaluation(tx, scope, id, false);
    return fixedAssetDocumentEntry(tx, scope, r.journalId, r.revaluationDate, (sp, actor) => postRevaluation(sp, actor, id));
  },
};
