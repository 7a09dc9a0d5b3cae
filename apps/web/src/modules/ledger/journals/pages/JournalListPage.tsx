import { journalDocument, journalListQuerySchema } from '@erp/contracts';
import { DocumentListPage } from '../../../../shared/documents';
import { useApprovalGate, useDocumentsUnderApproval } from '../../../workflow/index';
import { journalListColumns } from '../components/journal-list-columns';
import { kindLabel, kindPages, type PageKind } from '../journal-kinds';
import { journalsKey, type JournalListItem } from '../journals-api';
import '../ledger-screens.css';

/**
 * Under an active JournalApproval workflow, the page's unposted journals may be under approval:
 * each is asked once (the gate cache the editor shares); without a workflow, none is asked.
 */
function useJournalsUnderApproval(rows: readonly JournalListItem[]): ReadonlySet<string> {
  const governed = useApprovalGate('JournalApproval').data?.workflowActive === true;
  const unposted = governed ? rows.filter((row) => journalDocument.editable.includes(row.status)).map((row) => row.id) : [];
  return useDocumentsUnderApproval('JournalApproval', unposted);
}

/** /journals (every kind) and the lists of one kind: the documents kit's list with the journal's columns. */
export function JournalListPage({ pageKind }: { pageKind: PageKind }) {
  return (
    <DocumentListPage
      def={journalDocument}
      kind={pageKind}
      listAll={pageKind === 'Standard'}
      query={journalListQuerySchema}
      queryKey={journalsKey}
      title={kindPages[pageKind].plural}
      searchHint="Searches number, description and reference"
      noun={['journal', 'journals']}
      kindLabel={(kind) => kindLabel[kind]}
      columns={journalListColumns}
      useUnderApproval={useJournalsUnderApproval}
    />
  );
}

export const JournalsPage = () => <JournalListPage pageKind="Standard" />;
export const OpeningBalanceJournalsPage = () => <JournalListPage pageKind="OpeningBalance" />;
export const AdjustmentJournalsPage = () => <JournalListPage pageKind="Adjustment" />;
