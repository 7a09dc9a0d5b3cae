import { journalDocument, type JournalStatus } from '@erp/contracts';
import { DocumentStatusTag } from '../../../../shared/documents';

/** A journal's state (its colour from the journal's definition); under approval it says so. */
export function JournalStatusTag({ status, underApproval }: { status: JournalStatus; underApproval?: boolean }) {
  return <DocumentStatusTag def={journalDocument} status={status} underApproval={underApproval} />;
}
