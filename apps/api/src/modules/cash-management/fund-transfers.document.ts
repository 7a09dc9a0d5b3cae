import {
  fundTransferDocument,
  fundTransferInputSchema,
  fundTransferListItemSchema,
  fundTransferListQuerySchema,
  fundTransferViewSchema,
  stateOf,
  type FundTransferAction,
  type FundTransferInput,
  type FundTransferKind,
  type FundTransferListFilter,
  type FundTransferListItem,
  type FundTransferStatus,
  type FundTransferView,
} from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { unprocessable } from '../../platform/http/errors';
import { rowsOf } from '../../platform/db/client';
import { recordAudit } from '../../platform/audit/audit';
import { sql } from 'drizzle-orm';
import { postingTx } from '../ledger/index';
import { moduleDocument, type DocumentBinding, type DocumentHeader, type ModuleDocument } from '../../platform/kit/documents';
import type { KitScope } from '../../platform/kit/registry';
import { approvalGate } from '../workflow/index';
import { describeTransfer, exportTransfers, listTransfers, transferEntry, viewTransfer } from './fund-transfers-read.service';
import { deleteTransfer, insertTransfer, postTransfer, replaceTransfer, reverseTransfer, storedTransfer, transferBase } from './fund-transfers.service';
import { fundTransfers } from './fund-transfers.tables';

/*
 * The fund transfer as a document of the kit: the routes under /cm/fund-transfers, the labels
 * (SaveFundTransfer, EditFundTransfer...), the state checks, the FundTransfer approval adapter
 * (its Post), the audit and the idempotency of posting and reversal. The binding says how a
 * transfer is stored, posted and reversed; Divide is a route of its own (fund-transfers.routes.ts).
 */

const today = () => new Date().toISOString().slice(0, 10);
const def = fundTransferDocument;

const header = async (tx: Tx, scope: KitScope, id: string, write: boolean): Promise<DocumentHeader<FundTransferStatus, FundTransferKind>> => {
  const h = await storedTransfer(tx, scope, id, write);
  return { id: h.id, companyId: h.companyId, kind: h.kind, status: stateOf(def, h.status), number: h.number, description: h.description, createdBy: h.createdBy, baseCurrency: h.baseCurrency, totalBaseMinor: h.totalBaseMinor };
};

export const fundTransferBinding: DocumentBinding<FundTransferStatus, FundTransferAction, FundTransferKind, FundTransferInput, FundTransferView, FundTransferListItem, FundTransferListFilter> = {
  def,
  table: fundTransfers,
  schemas: { input: fundTransferInputSchema, view: fundTransferViewSchema, listItem: fundTransferListItemSchema, listQuery: fundTransferListQuerySchema },
  kindOfInput: () => 'Transfer',
  header,
  list: listTransfers,
  exportTable: exportTransfers,
  exportName: () => 'fund-transfers',
  view: viewTransfer,
  create: insertTransfer,
  edit: (tx, actor, h, input) => replaceTransfer(tx, actor, h.id, input),
  remove: (tx, actor, h) => deleteTransfer(tx, actor, h.id),
  actions: {
    post: async (tx, actor, h) => {
      await postTransfer(tx, actor, h.id);
      return h.id;
    },
    reverse: async (tx, actor, h, body) => {
      await reverseTransfer(tx, actor, h.id, body.date ?? today());
      return h.id;
    },
  },
  auditedByAction: [],
  approvalAmount: transferBase,
  entry: transferEntry,
  // Create and post in one call (POST …/post, and …/check); a refusal writes nothing.
  direct: {
    tx: postingTx,
    lines: (input) => Math.max(1, input.legs.length) * 8,
    run: async (tx, actor, input, gate) => {
      if (gate) {
        const [row] = rowsOf<{ refused: boolean }>(await tx.execute(sql`select (${gate.refuseWhen}) as refused`));
        if (row?.refused) throw unprocessable(gate.refusal);
      }
      const id = await insertTransfer(tx, actor, input);
      await postTransfer(tx, actor, id);
      await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: def.name, recordId: id, action: 'create', after: { ...input, status: 'Posted' } }]);
      return viewTransfer(tx, actor, id);
    },
  },
};

/**
 * The FundTransfer approval (SPEC.md section 4: Divide, Post): the kit's adapter performs Post when
 * the approval completes (the engine lets a step perform only its completion's operations); Divide
 * is the approver's while the task is open (POST …/:id/divide, fund-transfers.routes.ts). The task's
 * description names the transfer (its /journal screen shows the legs and the entries).
 */
export function fundTransferModuleDocument(): ModuleDocument {
  const doc = moduleDocument(fundTransferBinding);
  const adapter = doc.approval!.adapter;
  return {
    ...doc,
    approval: {
      type: 'FundTransfer',
      adapter: { ...adapter, load: async (tx, scope, id) => ({ ...(await adapter.load(tx, scope, id)), description: await describeTransfer(tx, scope, id) }) },
    },
  };
}

/** A direct Divide is refused while the transfer is under approval (the approver divides it then, from the task). */
export async function underApproval(tx: Tx, scope: KitScope, id: string): Promise<boolean> {
  return (await approvalGate(tx, scope, 'FundTransfer', id)).underApproval;
}
