import { and, eq } from 'drizzle-orm';
import { journalDocument, journalInputSchema, journalKinds, journalListItemSchema, journalListQuerySchema, journalViewSchema, stateOf, type JournalAction, type JournalInput, type JournalKind, type JournalListFilter, type JournalListItem, type JournalStatus, type JournalView } from '@erp/contracts';
import type { Tx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import type { DocumentBinding, DocumentHeader } from '../../../platform/kit/documents';
import type { KitScope } from '../../../platform/kit/registry';
import { exportJournals } from './journals-export.service';
import { createAndPost, deleteDraft, draftRequest, getJournal, insertDraft, listJournals, postDraft, replaceDraft, reverseJournal, validateDraft } from './journals.service';
import { journals } from './journals.tables';
import { postingTx } from '../posting/posting-tx';
import { stageEntry } from '../posting/posting.service';

/*
 * Journals of every kind as a document of the kit (`journalDocument` of contracts): the kit gives
 * the routes under /gl/journals, the kind's labels, the state checks, JournalApproval, the audit
 * and idempotency; this binding says how a journal is stored, checked and posted.
 */

async function journalHeader(tx: Tx, scope: KitScope, id: string, write: boolean): Promise<DocumentHeader<JournalStatus, JournalKind>> {
  const q = tx.select().from(journals).where(and(eq(journals.id, id), eq(journals.companyId, scope.companyId)));
  const [h] = write ? await q.for('update') : await q;
  if (!h) throw notFound('Journal');
  return {
    id: h.id, companyId: h.companyId, kind: h.kind as JournalKind, status: stateOf(journalDocument, h.status), number: h.number, description: h.description,
    createdBy: h.createdBy, baseCurrency: h.baseCurrency, totalBaseMinor: h.totalBaseMinor,
  };
}

/**
 * The amount in base currency the approval thresholds compare: the entry is staged in a savepoint
 * that is rolled back (conversion, rounding, balance), so a journal that could not post is refused at once.
 */
async function stagedTotal(tx: Tx, scope: KitScope, id: string): Promise<bigint> {
  class Measured extends Error {
    constructor(readonly total: bigint) {
      super('measured');
    }
  }
  const [header] = await tx.select().from(journals).where(and(eq(journals.id, id), eq(journals.companyId, scope.companyId)));
  if (!header) throw notFound('Journal');
  const request = await draftRequest(tx, header);
  try {
    await tx.transaction(async (sp) => {
      const staged = await stageEntry(sp, scope, request, header.id);
      throw new Measured(staged.totalBaseMinor);
    });
  } catch (e) {
    if (e instanceof Measured) return e.total;
    throw e;
  }
  return 0n;
}

const kindOf = (body: unknown): JournalKind => {
  const kind = (body as { kind?: unknown } | null | undefined)?.kind;
  return typeof kind === 'string' && (journalKinds as readonly string[]).includes(kind) ? (kind as JournalKind) : journalDocument.defaultKind;
};

export const journalBinding: DocumentBinding<JournalStatus, JournalAction, JournalKind, JournalInput, JournalView, JournalListItem, JournalListFilter> = {
  def: journalDocument,
  table: journals,
  schemas: { input: journalInputSchema, view: journalViewSchema, listItem: journalListItemSchema, listQuery: journalListQuerySchema },
  kindOfInput: kindOf,
  header: journalHeader,
  list: listJournals,
  exportTable: exportJournals,
  exportName: (filter) => (filter.kind === 'OpeningBalance' ? 'opening-balance-journals' : filter.kind === 'Adjustment' ? 'adjustment-journals' : 'journals'),
  view: (tx, scope, id) => getJournal(tx, scope, id),
  create: insertDraft,
  edit: (tx, actor, h, input) => replaceDraft(tx, actor, h.id, input),
  remove: (tx, _actor, h) => deleteDraft(tx, h.id),
  actions: {
    validate: async (tx, actor, h) => {
      await validateDraft(tx, actor, h.id);
      return h.id;
    },
    post: async (tx, actor, h) => {
      await postDraft(tx, actor, h.id);
      return h.id;
    },
    reverse: (tx, actor, h, body) => reverseJournal(tx, actor, h.id, body.date!),
  },
  auditedByAction: ['post', 'reverse'],
  approvalAmount: stagedTotal,
  // Create-and-post is the interactive posting of every client: concurrent calls of a company commit together.
  direct: { tx: postingTx, lines: (input) => input.lines.length, run: createAndPost },
};
