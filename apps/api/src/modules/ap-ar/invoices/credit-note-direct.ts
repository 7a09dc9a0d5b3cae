import { invoiceDocuments, type CreditNoteInput, type CreditNoteView, type Face } from '@erp/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/client';
import { recordAudit } from '../../../platform/audit/audit';
import { unprocessable } from '../../../platform/http/errors';
import type { DocumentActor } from '../../../platform/kit/documents';
import { viewCreditNote } from './invoices-read.service';
import { insertDocument, postCreditNote } from './invoices.service';

/**
 * A new credit note created and posted in one call (the kit's direct path: POST …-credit-notes/post,
 * and its check, POST …/check, in a savepoint rolled back): the approval gate, the draft, the posting
 * (every rule of postCreditNote: what is left to credit, the period, the accounts), the audit.
 */
export async function postNewCreditNote(tx: Tx, actor: DocumentActor, face: Face, input: CreditNoteInput, gate: { refuseWhen: SQL; refusal: string } | undefined): Promise<CreditNoteView> {
  if (gate) {
    const [row] = rowsOf<{ refused: boolean }>(await tx.execute(sql`select (${gate.refuseWhen}) as refused`));
    if (row?.refused) throw unprocessable(gate.refusal);
  }
  const id = await insertDocument(tx, actor, face, input.kind, input);
  await postCreditNote(tx, actor, face, id);
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: invoiceDocuments[face.side].creditNote.name, recordId: id, action: 'create', after: { ...input, status: 'Posted' } }]);
  return viewCreditNote(tx, actor, face, id);
}
