import { Typography } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { documentLabel, journalDocument, hasOperation, type JournalView } from '@erp/contracts';
import { useSignedInUser } from '../../../../app/session/useSession';
import { toIsoDate } from '../../../../shared/format';
import { DocumentActionBar, DocumentEditorFrame, NO_REFUSALS, refusalsOf, type ApprovalOffer, type DocumentAbilities, type Refusals } from '../../../../shared/documents';
import { approvalMode, DocumentApproval, useApprovalGate, useApprovalNeeded, useDocumentApproval } from '../../../workflow/index';
import { formatAmount } from '../amount-format';
import { kindLabel, type KindPages } from '../journal-kinds';
import { buildJournalInput, emptyLine, headerFromView, linesFromView, sentLineNumbers, type JournalHeader } from '../journal-lines';
import { journalProblems } from '../journal-checks';
import { bucketText, gridTotals, isBalanced, type GridTotals } from '../journal-totals';
import { useJournalActions, type PreparedJournal } from '../useJournalActions';
import type { LedgerReference } from '../useLedgerReference';
import { useLineGrid } from '../useLineGrid';
import { useDebouncedValue } from '../../../../shared/kit';
import { LineGrid } from './LineGrid';
import { LineTotals } from './LineTotals';

// The approvers' read-only lines (antd's table) load only for a journal under approval.
const PostedLinesTable = lazy(async () => ({ default: (await import('./PostedLinesTable')).PostedLinesTable }));

type Props = {
  /** The saved draft or validated journal; none for a new one. */
  view: JournalView | undefined;
  pages: KindPages;
  baseCurrency: string;
  reference: LedgerReference;
  dateFormat: string;
};

const sameHeader = (a: JournalHeader, b: JournalHeader) =>
  a.journalDate === b.journalDate && a.description === b.description && a.reference === b.reference;

function useAbilities(kind: JournalView['kind']): DocumentAbilities {
  const { permissions } = useSignedInUser().parentRole;
  return useMemo(
    () => ({
      save: hasOperation(permissions, documentLabel(journalDocument, 'Save', kind)),
      edit: hasOperation(permissions, documentLabel(journalDocument, 'Edit', kind)),
      delete: hasOperation(permissions, documentLabel(journalDocument, 'Delete', kind)),
    }),
    [permissions, kind],
  );
}

/**
 * Why Validate, Post and Submit cannot succeed yet (issue 14 edge 1): an open difference, or a
 * line whose amounts do not read. Nothing is sent, so a refused journal leaves no draft behind.
 */
function blockedReason(totals: GridTotals): string | undefined {
  if (totals.unreadable.length > 0) return `Line ${totals.unreadable.map((index) => index + 1).join(', ')}: an amount or rate does not read as a number`;
  if (isBalanced(totals)) return undefined;
  const open = totals.buckets.find((bucket) => bucket.debitMinor !== bucket.creditMinor)!;
  return `Debits and credits differ by ${formatAmount(bucketText(open).difference.replace(/^-/, ''))} ${open.currency}`;
}

/** A new, draft or validated journal on the documents kit's editor: header from the definition, the keyboard line grid, running totals, the actions its state allows. */
export function JournalEditor({ view, pages, baseCurrency, reference, dateFormat }: Props) {
  // The editor is keyed by journal (?id=), so what it starts from is the saved journal or a blank one.
  const [initialHeader] = useState<JournalHeader>(() =>
    view ? headerFromView(view) : { kind: pages.kind, journalDate: toIsoDate(new Date()), description: '', reference: '' },
  );
  const [header, setHeader] = useState(initialHeader);
  const [savedHeader, setSavedHeader] = useState(initialHeader);
  const [refusals, setRefusals] = useState<Refusals>(NO_REFUSALS);
  const grid = useLineGrid(baseCurrency, () => (view ? linesFromView(view) : [emptyLine(baseCurrency), emptyLine(baseCurrency)]));
  const totals = useMemo(() => gridTotals(grid.lines, baseCurrency, reference.scales), [grid.lines, baseCurrency, reference.scales]);
  const can = useAbilities(header.kind);
  const dirty = grid.edits > 0 || !sameHeader(header, savedHeader);

  const prepare = (): PreparedJournal => ({
    input: buildJournalInput(header, grid.lines),
    numbers: sentLineNumbers(grid.lines),
    problems: journalProblems(header, grid.lines, reference.scales),
  });
  // Called with the values of the click that saved: what was typed during the call stays unsaved.
  const onSaved = () => {
    setSavedHeader(header);
    grid.api.markSaved(grid.edits);
  };
  const onRefusals = useCallback((messages: readonly string[], numbers: readonly number[]) => setRefusals(messages.length ? refusalsOf(messages, numbers) : NO_REFUSALS), []);
  const actions = useJournalActions({ id: view?.id, editorLink: pages.editorLink, listLink: pages.listLink, prepare, dirty, onSaved, onRefusals });
  const approval = useDocumentApproval('JournalApproval', view?.id);
  // An active JournalApproval workflow: Submit for approval instead of Validate and Post, labelled
  // for what it will do once the gate says whether a step applies to the journal's amount.
  const mode = approvalMode(useApprovalGate('JournalApproval'));
  const balanced = isBalanced(totals) && totals.unreadable.length === 0;
  const amount = useDebouncedValue(balanced ? bucketText(totals.buckets[0]!).debit : '');
  const needed = useApprovalNeeded('JournalApproval', view?.id, amount || undefined, mode === 'submit');
  const reason = blockedReason(totals);
  const offer: ApprovalOffer =
    mode === undefined ? { mode: 'pending' } : mode === 'direct' ? { mode: 'direct' } : { mode: 'submit', needed, onSubmit: () => void actions.submit(approval.refresh) };
  const onHeaderChange = useCallback((field: string, value: unknown) => setHeader((current) => ({ ...current, [field]: typeof value === 'string' ? value : '' })), []);
  const underApproval = approval.running;

  return (
    <DocumentEditorFrame
      def={journalDocument}
      id={view?.id}
      status={view?.status}
      title={view ? `${pages.singular}: ${savedHeader.description}` : `New ${pages.singular.toLowerCase()}`}
      subtitle={
        <>
          <span>{kindLabel[header.kind]}</span>
          {dirty && view && <Typography.Text type="warning">Unsaved changes</Typography.Text>}
        </>
      }
      actions={
        <DocumentActionBar
          def={journalDocument}
          status={view?.status}
          can={can}
          busy={actions.busy}
          on={{ validate: actions.validate, post: actions.post }}
          blocked={reason ? { validate: reason, post: reason, submit: reason } : {}}
          onSave={actions.save}
          onDelete={actions.remove}
          approval={offer}
          underApproval={underApproval}
        />
      }
      header={header}
      onHeaderChange={onHeaderChange}
      dateFormat={dateFormat}
      refusals={refusals}
      underApproval={underApproval}
      lineCount={underApproval && view ? view.lines.length : grid.lines.length}
      linesExtra={`Base currency ${baseCurrency}`}
      lines={
        // Under approval the approvers read the journal: its lines as a table at full contrast, not a greyed grid.
        underApproval && view ? (
          <>
            <Suspense fallback={null}>
              <PostedLinesTable view={view} />
            </Suspense>
            <LineTotals totals={totals} />
          </>
        ) : (
          <>
            <LineGrid lines={grid.lines} api={grid.api} focus={grid.focus} baseCurrency={baseCurrency} scales={reference.scales} currencyCodes={reference.currencyCodes} dimensionOptions={reference.dimensionOptions} taxOptions={reference.taxOptions} refusals={refusals.lines} />
            <LineTotals totals={totals} />
          </>
        )
      }
      approval={<DocumentApproval state={approval} />}
    />
  );
}
