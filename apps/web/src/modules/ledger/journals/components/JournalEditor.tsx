import { Card, ConfigProvider, Flex, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { hasOperation, type JournalView } from '@erp/contracts';
import { PageHeading } from '../../../../app/pages/PageHeading';
import { useSignedInUser } from '../../../../app/session/useSession';
import { toIsoDate } from '../../../../shared/format';
import { approvalMode, DocumentApproval, useApprovalGate, useDocumentApproval } from '../../../workflow/index';
import { pickerFormat } from '../amount-format';
import { operationOfKind, kindLabel, type KindPages } from '../journal-kinds';
import { buildJournalInput, emptyLine, headerFromView, linesFromView, sentLineNumbers, type JournalHeader } from '../journal-lines';
import { journalProblems } from '../journal-checks';
import { gridTotals } from '../journal-totals';
import { useJournalActions, type PreparedJournal } from '../useJournalActions';
import type { LedgerReference } from '../useLedgerReference';
import { useLineGrid } from '../useLineGrid';
import { JournalActions, type JournalAbilities } from './JournalActions';
import { JournalHeaderFields } from './JournalHeaderFields';
import { JournalStatusTag } from './JournalStatusTag';
import { LineGrid } from './LineGrid';
import { LineTotals } from './LineTotals';

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

function useAbilities(kind: JournalView['kind']): JournalAbilities {
  const { permissions } = useSignedInUser().parentRole;
  return useMemo(
    () => ({
      save: hasOperation(permissions, operationOfKind('Save', kind)),
      edit: hasOperation(permissions, operationOfKind('Edit', kind)),
      delete: hasOperation(permissions, operationOfKind('Delete', kind)),
    }),
    [permissions, kind],
  );
}

/** A new, draft or validated journal: header fields, the keyboard line grid, running totals and the actions. */
export function JournalEditor({ view, pages, baseCurrency, reference, dateFormat }: Props) {
  // The editor is keyed by journal (?id=), so what it starts from is the saved journal or a blank one.
  const [initialHeader] = useState<JournalHeader>(() =>
    view ? headerFromView(view) : { kind: pages.kind, journalDate: toIsoDate(new Date()), description: '', reference: '' },
  );
  const [header, setHeader] = useState(initialHeader);
  const [savedHeader, setSavedHeader] = useState(initialHeader);
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
  const actions = useJournalActions({ id: view?.id, editorLink: pages.editorLink, listLink: pages.listLink, prepare, dirty, onSaved });
  const approval = useDocumentApproval('JournalApproval', view?.id);
  // An active JournalApproval workflow: Submit for approval instead of Validate and Post.
  const mode = approvalMode(useApprovalGate('JournalApproval'));
  const patchHeader = useCallback((patch: Partial<JournalHeader>) => setHeader((current) => ({ ...current, ...patch })), []);
  const lineCount = grid.lines.length;

  return (
    <>
      <PageHeading
        title={view ? `${pages.singular}: ${savedHeader.description}` : `New ${pages.singular.toLowerCase()}`}
        subtitle={
          <Space size={8}>
            {view && <JournalStatusTag status={view.status} />}
            <span>{kindLabel[header.kind]}</span>
            {dirty && view && <Typography.Text type="warning">Unsaved changes</Typography.Text>}
          </Space>
        }
        extra={
          <JournalActions
            status={view?.status}
            can={can}
            busy={actions.busy}
            onSave={actions.save}
            onValidate={actions.validate}
            onPost={actions.post}
            onDelete={actions.remove}
            onSubmit={mode === 'submit' ? () => void actions.submit(approval.refresh) : undefined}
            gatePending={mode === undefined}
            underApproval={approval.running}
          />
        }
      />
      {/* Under approval nothing may change the journal: its fields are read-only until the approvers decide. */}
      <ConfigProvider componentDisabled={approval.running}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <JournalHeaderFields header={header} dateFormat={pickerFormat(dateFormat)} onChange={patchHeader} />
        </Card>
        <Card
          size="small"
          title={
            <Flex justify="space-between" align="center">
              <span>Lines ({lineCount})</span>
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                Base currency {baseCurrency}
              </Typography.Text>
            </Flex>
          }
        >
          <LineGrid lines={grid.lines} api={grid.api} focus={grid.focus} baseCurrency={baseCurrency} scales={reference.scales} currencyCodes={reference.currencyCodes} dimensionOptions={reference.dimensionOptions} taxOptions={reference.taxOptions} />
          <LineTotals totals={totals} />
        </Card>
      </ConfigProvider>
      <DocumentApproval state={approval} />
    </>
  );
}
