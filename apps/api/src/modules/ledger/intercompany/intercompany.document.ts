import { intercompanyJournalDocument, intercompanyJournalInputSchema, intercompanyJournalListItemSchema, intercompanyJournalListQuerySchema, intercompanyJournalViewSchema, stateOf, type IntercompanyJournalInput, type IntercompanyJournalListItem, type IntercompanyJournalView, type JournalAction, type JournalStatus } from '@erp/contracts';
import type { z } from 'zod';
import type { DocumentBinding } from '../../../platform/kit/documents';
import { intercompanyJournals } from './intercompany.tables';
import { deleteIntercompanyDraft, getIntercompanyJournal, icHeaderOf, insertIntercompanyDraft, listIntercompanyJournals, replaceIntercompanyDraft } from './intercompany-journals.service';
import { postIntercompany, reverseIntercompany, validateIntercompany } from './intercompany-posting.service';
import { exportIntercompanyJournals } from './intercompany-transfer.service';

/*
 * Intercompany journals as a document of the kit (`intercompanyJournalDocument` of contracts).
 * Both companies of a pair read one; only the company that entered it changes, posts or reverses
 * it (the header read with `write`). Posting writes one journal per company (each an Intercompany
 * journal of the ledger, through the port) and records its own audit with both journals' ids.
 */

type Filter = z.infer<typeof intercompanyJournalListQuerySchema>;

export const intercompanyBinding: DocumentBinding<JournalStatus, JournalAction, 'Intercompany', IntercompanyJournalInput, IntercompanyJournalView, IntercompanyJournalListItem, Filter> = {
  def: intercompanyJournalDocument,
  table: intercompanyJournals,
  schemas: { input: intercompanyJournalInputSchema, view: intercompanyJournalViewSchema, listItem: intercompanyJournalListItemSchema, listQuery: intercompanyJournalListQuerySchema },
  kindOfInput: () => 'Intercompany',
  header: async (tx, scope, id, write) => {
    const h = await icHeaderOf(tx, scope, id, write);
    return { id: h.id, companyId: h.companyId, kind: 'Intercompany', status: stateOf(intercompanyJournalDocument, h.status), number: null, description: h.description, createdBy: h.createdBy };
  },
  list: listIntercompanyJournals,
  exportTable: exportIntercompanyJournals,
  exportName: () => 'intercompany-journals',
  view: getIntercompanyJournal,
  create: insertIntercompanyDraft,
  edit: (tx, actor, h, input) => replaceIntercompanyDraft(tx, actor, h.id, input),
  remove: (tx, _actor, h) => deleteIntercompanyDraft(tx, h.id),
  actions: {
    validate: async (tx, actor, h) => {
      await validateIntercompany(tx, actor, h.id);
      return h.id;
    },
    post: async (tx, actor, h) => {
      await postIntercompany(tx, actor, h.id);
      return h.id;
    },
    reverse: async (tx, actor, h, body) => {
      await reverseIntercompany(tx, actor, h.id, body.date!);
      return h.id;
    },
  },
  auditedByAction: ['post', 'reverse'],
};
