import type { ApprovalOperation } from '@erp/contracts';
import type { Tx } from './db/client';
import type { KitScope } from './kit/registry';

// The contract between a module's documents and the approval engine: a module's manifest lists its
// adapters (platform/module.ts) and the workflow module runs them, so neither imports the other.

/**
 * Who performs a document's operation. `viaWorkflow`: an approver completing a workflow step;
 * the workflow's assignment is the authority, so the module grants the operation's label. Without
 * it (no workflow applies) the module checks the user's own labels, as its direct routes do.
 */
export type ApprovalActor = KitScope & { operations: ReadonlySet<string>; viaWorkflow: boolean };

/** What the engine needs to know of a document; the amount is in the company's base currency. */
export type ApprovalDocument = {
  number: string | null;
  description: string;
  amountMinor: bigint;
  currency: string;
  companyId: string;
  /** The creator; with the submitter, the "owner" who may not approve it unless the workflow allows. */
  ownerUserId: string | null;
  status: string;
};

/** A module's document type, as its manifest gives it to the engine. */
export type ApprovalAdapter = {
  /** Reads the document of the scope's company; throws 404 when it is not there. */
  load: (tx: Tx, scope: KitScope, documentId: string) => Promise<ApprovalDocument>;
  /** Refuses a submission the user may not make or a document in the wrong state. */
  assertCanSubmit?: (tx: Tx, actor: ApprovalActor, documentId: string, doc: ApprovalDocument) => Promise<void>;
  /** Runs one operation (e.g. validateJournal, postJournal) inside the approval's transaction. */
  perform: (tx: Tx, actor: ApprovalActor, documentId: string, operation: ApprovalOperation) => Promise<void>;
  /** Operations the document has been through already (a validated journal needs no Validate). */
  operationsDone?: (doc: ApprovalDocument) => ApprovalOperation[];
  /** Puts a rejected document back to its draft-equivalent state. */
  rejected?: (tx: Tx, actor: ApprovalActor, documentId: string) => Promise<void>;
  /** The operations approval leads to, in order; defaults to approvalCompletion of contracts. */
  completion?: readonly ApprovalOperation[];
};
