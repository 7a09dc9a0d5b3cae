import { Select, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { type CreditNoteKind, type DocumentDef, type Face } from '@erp/contracts';
import { ApiError } from '../../../app/api';
import { useNotify } from '../../../app/notifications/useNotify';
import { useGrants } from '../../../app/session/useGrants';
import { useSignedInUser } from '../../../app/session/useSession';
import { documentAbilities, DocumentActionBar, DocumentEditorFrame, headerFieldId, NO_REFUSALS, refusalsOf, type ApprovalOffer, type Refusals } from '../../../shared/documents';
import { useDebouncedValue } from '../../../shared/kit';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { keyKeeper } from '../../ledger/journals/idempotency-key';
import { fetchCurrencies, fetchTaxes } from '../../ledger/journals/journals-api';
import type { LedgerReference } from '../../ledger/journals/useLedgerReference';
import { approvalMode, DocumentApproval, useApprovalGate, useApprovalNeeded, useDocumentApproval } from '../../workflow/index';
import { formatMoney } from '@erp/contracts';
import { InstalmentsEditor } from './InstalmentsEditor';
import { InvoiceLineGrid } from './InvoiceLineGrid';
import { InvoiceLinesTable } from './InvoiceLinesTable';
import { InvoiceTotalsPanel } from './InvoiceTotals';
import {
  buildCreditNoteInput,
  buildInvoiceInput,
  instalmentProblem,
  liveTotals,
  sentLineNumbers,
  termInstalments,
  type InstalmentRow,
  type InvoiceGridLine,
  type InvoiceHeader,
  type TaxRate,
} from './invoice-lines';
import { checkDocument, defOf, deleteDocument, documentQueryKey, fetchPartyTerms, invoicesKey, postDocument, saveDocument, submitDocument, type AnyInput, type AnyView, type Which } from './invoices-api';
import { useInvoiceGrid } from './useInvoiceGrid';

export type EditorProps = {
  face: Face;
  which: Which;
  /** Credit notes: a full reversal (the invoice's lines, none typed) or a credit note. */
  kind: 'Invoice' | CreditNoteKind;
  /** The saved draft; none for a new document. */
  view: AnyView | undefined;
  initialHeader: InvoiceHeader;
  initialLines: () => InvoiceGridLine[];
  /** Typed due dates of a saved draft; null: the term's. */
  initialInstalments: InstalmentRow[] | null;
  reference: LedgerReference;
  dateFormat: string;
  /** 'CODE · Name' of ids already known (the saved party). */
  knownLabels: Readonly<Record<string, string>>;
  /** What a full reversal shows instead of the grid: the invoice's lines, read-only. */
  fixedLines?: ReactNode;
  /** Above the form (the credit note's choice of full or partial). */
  above?: ReactNode;
  /** The invoice a credit note credits, by number, for the header. */
  invoiceNumber?: string | null;
};

type Busy = 'save' | 'post' | 'submit' | 'delete' | undefined;

const messageOf = (e: unknown) => (e instanceof ApiError ? e.error.message : e instanceof Error ? e.message : String(e));

const sameHeader = (a: InvoiceHeader, b: InvoiceHeader) => (Object.keys(a) as (keyof InvoiceHeader)[]).every((key) => a[key] === b[key]);

/** The tax codes by id with their code and rate (the journal editor's query: one call for both). */
function useTaxRates(): ReadonlyMap<string, TaxRate> {
  const taxes = useQuery({ queryKey: ['gl', 'journal-taxes'], queryFn: ({ signal }) => fetchTaxes(signal), staleTime: 5 * 60_000 });
  return useMemo(() => new Map((taxes.data ?? []).map((t) => [t.id, { code: t.code, rate: t.rate }])), [taxes.data]);
}

/** The currency code of a currency id (a party's currency is a reference). */
function useCurrencyCode(id: string | null | undefined): string | undefined {
  const currencies = useQuery({ queryKey: ['gl', 'journal-currencies'], queryFn: ({ signal }) => fetchCurrencies(signal), staleTime: 5 * 60_000 });
  return id ? currencies.data?.find((c) => c.id === id)?.code : undefined;
}

/**
 * The editor of a draft invoice or credit note of either face, on the documents kit: the header from
 * the definition (a party picker offering only active parties not on hold), due dates from the
 * party's term, the keyboard line grid with each line's tax, the totals and tax summary the server
 * will post, and the actions the definition and the approval gate allow.
 */
export function InvoiceEditor(p: EditorProps) {
  const { face, which, view, reference } = p;
  // Either face's invoice or credit note: the editor reads only what every one of them has.
  const def = defOf(face, which) as unknown as DocumentDef<string, 'post', string>;
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [header, setHeader] = useState<InvoiceHeader>(p.initialHeader);
  const [savedHeader, setSavedHeader] = useState<InvoiceHeader>(p.initialHeader);
  const [typedInstalments, setTypedInstalments] = useState<InstalmentRow[] | null>(p.initialInstalments);
  const [savedInstalments, setSavedInstalments] = useState<InstalmentRow[] | null>(p.initialInstalments);
  const [refusals, setRefusals] = useState<Refusals>(NO_REFUSALS);
  const [busy, setBusy] = useState<Busy>();
  const lock = useRef(false);
  const [keys] = useState(keyKeeper);
  const grid = useInvoiceGrid(p.initialLines);
  const taxes = useTaxRates();
  const reversal = p.kind === 'Reversal';

  const { mayOpen } = useGrants();
  const readsTerms = mayOpen(face.pages.party) && mayOpen(face.pages.group) && mayOpen(face.pages.paymentTerm);
  const partyTerms = useQuery({
    queryKey: ['ap-ar', face.side, 'party-terms', header.party],
    queryFn: ({ signal }) => fetchPartyTerms(face, header.party, signal),
    // Asked only of a role that may read the party, its group and the terms (another gets the server's due dates, not a refused call).
    enabled: header.party !== '' && readsTerms,
    staleTime: 60_000,
    retry: false,
  });
  const partyCurrency = useCurrencyCode(partyTerms.data?.currencyId);
  const currency = (header.currency.trim().toUpperCase() || partyCurrency || reference.baseCurrency || '').toUpperCase();
  const minorDigits = reference.scales[currency] ?? 2;
  const live = useMemo(() => liveTotals(grid.lines, taxes, minorDigits), [grid.lines, taxes, minorDigits]);
  const termRows = useMemo(() => termInstalments(partyTerms.data?.term, header.documentDate, live.totals, minorDigits), [partyTerms.data?.term, header.documentDate, live.totals, minorDigits]);
  // A saved draft's due dates are kept while they still add up to its gross; once the lines change the gross, the term's
  // follow it again (the server stores the term's rows too). Rows the user typed here are kept and checked.
  const [typedHere, setTypedHere] = useState(false);
  const savedStale = typedInstalments !== null && !typedHere && instalmentProblem(typedInstalments, live.totals.grossMinor, minorDigits) !== undefined;
  const dueRows = savedStale ? null : typedInstalments;
  const instalmentRows = dueRows ?? termRows;
  const dueProblem = dueRows && which === 'invoice' ? instalmentProblem(dueRows, live.totals.grossMinor, minorDigits) : undefined;

  const { permissions } = useSignedInUser().parentRole;
  const can = documentAbilities(def, p.kind, permissions);
  const dirty = grid.edits > 0 || !sameHeader(header, savedHeader) || JSON.stringify(typedInstalments) !== JSON.stringify(savedInstalments);

  const approvalType = def.approval!.type;
  const approval = useDocumentApproval(approvalType, view?.id);
  const mode = approvalMode(useApprovalGate(approvalType));
  const gross = formatMoney(live.totals.grossMinor, minorDigits);
  const amount = useDebouncedValue(live.unreadable.length === 0 ? gross : '');
  const needed = useApprovalNeeded(approvalType, view?.id, amount || undefined, mode === 'submit');

  const lineCount = grid.lines.filter((line) => line.account || line.unitPrice.trim() || line.description.trim()).length;
  const blocked =
    header.party === ''
      ? `Please choose the ${face.partyWord}`
      : !reversal && live.unreadable.length > 0
        ? `Line ${live.unreadable.join(', ')}: a quantity, price or discount does not read`
        : !reversal && lineCount === 0
          ? 'Please enter at least one line'
          : dueProblem
            ? `Due dates: ${dueProblem}`
            : undefined;

  const input = (): AnyInput =>
    which === 'invoice' ? buildInvoiceInput(header, grid.lines, dueRows) : buildCreditNoteInput(p.kind as CreditNoteKind, header, grid.lines);
  const numbers = () => (reversal ? [] : sentLineNumbers(grid.lines));

  const remember = (saved: AnyView) => {
    queryClient.setQueryData(documentQueryKey(face, which, saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: [...invoicesKey(face, which), 'list'] });
    if (saved.status !== 'Draft') {
      void queryClient.invalidateQueries({ queryKey: ['gl', 'reports'] });
      void queryClient.invalidateQueries({ queryKey: [...invoicesKey(face, 'invoice')] });
    }
    if (saved.id !== view?.id) void navigate(`${face.pages[which === 'invoice' ? 'invoice' : 'reversal']}?id=${saved.id}`, { replace: !view });
    else {
      setSavedHeader(header);
      setSavedInstalments(typedInstalments);
      grid.api.markSaved(grid.edits);
    }
  };

  const run = async (action: Exclude<Busy, undefined>, work: (body: AnyInput, lineNumbers: number[]) => Promise<void>) => {
    if (lock.current) return;
    lock.current = true;
    setBusy(action);
    const lineNumbers = numbers();
    try {
      await work(input(), lineNumbers);
      setRefusals(NO_REFUSALS);
    } catch (e) {
      const message = messageOf(e);
      setRefusals(refusalsOf([message], lineNumbers));
      notify.error(message);
    } finally {
      lock.current = false;
      setBusy(undefined);
    }
  };
  /**
   * The saved draft's id: saved first when something changed, after every rule of posting was checked (nothing written on a
   * refusal): for a direct Post, or for a submission as its approval will post it (the kit's check; invoices and credit notes).
   */
  const savedId = async (body: AnyInput, purpose: 'post' | 'submit'): Promise<string> => {
    if (view && !dirty) return view.id;
    await checkDocument(face, which, body, purpose, view?.id);
    const saved = await saveDocument(face, which, view?.id, body);
    remember(saved);
    return saved.id;
  };

  const noun = def.kinds[p.kind]!.label.toLowerCase();
  const actions = {
    save: () =>
      void run('save', async (body) => {
        remember(await saveDocument(face, which, view?.id, body));
        notify.success(`The ${noun} is saved as a draft`);
      }),
    post: () =>
      void run('post', async (body) => {
        // A new document is created and posted in one call (the kit's direct path); a saved one is posted by id.
        const posted = view
          ? await postDocument(face, which, await savedId(body, 'post'), undefined, keys.keyFor(`post:${view.id}`))
          : await postDocument(face, which, undefined, body, keys.keyFor(JSON.stringify(body)));
        remember(posted);
        notify.success(`${def.kinds[p.kind]!.label} ${posted.number ?? ''} posted`);
      }),
    submit: () =>
      void run('submit', async (body) => {
        const id = await savedId(body, 'submit');
        const instance = await submitDocument(face, which, id);
        await queryClient.invalidateQueries({ queryKey: documentQueryKey(face, which, id) });
        await approval.refresh();
        notify.success(instance.status === 'Approved' ? `No approval needed: ${instance.performed.join(' and ')} ran` : `The ${noun} is submitted for approval`);
      }),
    remove: () =>
      void run('delete', async () => {
        if (!view) return;
        await deleteDocument(face, which, view.id);
        queryClient.removeQueries({ queryKey: documentQueryKey(face, which, view.id) });
        void queryClient.invalidateQueries({ queryKey: [...invoicesKey(face, which), 'list'] });
        notify.success(`The ${noun} is deleted`);
        void navigate(face.pages.invoices);
      }),
  };

  const offer: ApprovalOffer = mode === undefined ? { mode: 'pending' } : mode === 'direct' ? { mode: 'direct' } : { mode: 'submit', needed, onSubmit: actions.submit };
  const onHeaderChange = useCallback((field: string, value: unknown) => setHeader((current) => ({ ...current, [field]: typeof value === 'string' ? value : '' })), []);
  const underApproval = approval.running;
  const currencyOptions = useMemo(() => reference.currencyCodes.map((code) => ({ value: code, label: code })), [reference.currencyCodes]);

  const widgets = {
    party: (
      <RefSelect
        id={headerFieldId(def, 'party')}
        refName={face.partyWord}
        value={header.party || null}
        onChange={(party) => onHeaderChange('party', party ?? '')}
        knownLabels={p.knownLabels}
        status={refusals.fields.party ? 'error' : undefined}
        // Only a party that may transact: active and not on hold (the server refuses the others).
        filter={{ status: 'Active', onHold: false }}
        placeholder={`Search active ${face.partyWord}s`}
      />
    ),
    currency: (
      <Select
        id={headerFieldId(def, 'currency')}
        showSearch
        allowClear
        value={header.currency || undefined}
        placeholder={partyCurrency ? `${partyCurrency} (the ${face.partyWord}'s)` : reference.baseCurrency ? `${reference.baseCurrency} (base)` : 'Currency'}
        options={currencyOptions}
        onChange={(code?: string) => onHeaderChange('currency', code ?? '')}
        status={refusals.fields.currency ? 'error' : undefined}
        style={{ width: '100%' }}
      />
    ),
    ...(which === 'creditNote'
      ? {
          invoice: header.invoice ? (
            <Link id={headerFieldId(def, 'invoice')} to={`${face.pages.invoice}?id=${header.invoice}`}>
              {p.invoiceNumber ?? 'The invoice'}
            </Link>
          ) : (
            <Typography.Text id={headerFieldId(def, 'invoice')} type="secondary">
              None: a standalone credit note, allocated later
            </Typography.Text>
          ),
        }
      : {}),
  };

  const title = view ? `${def.kinds[p.kind]!.label}: ${savedHeader.description}` : `New ${noun}`;
  return (
    <>
      {p.above}
      <DocumentEditorFrame
        def={def}
        id={view?.id}
        status={view?.status}
        title={title}
        subtitle={
          dirty && view ? (
            <Typography.Text type="warning">Unsaved changes</Typography.Text>
          ) : view?.source ? (
            // A draft another module made (an insurance premium instalment): the link back to it.
            <Typography.Text type="secondary">
              Made from <Link to={`${view.source.page}?id=${view.source.documentId}`}>{`${view.source.label} ${view.source.number ?? ''}`.trim()}</Link>
            </Typography.Text>
          ) : undefined
        }
        actions={
          <DocumentActionBar
            def={def}
            status={view?.status}
            can={can}
            busy={busy}
            on={{ post: actions.post }}
            blocked={blocked ? { post: blocked, submit: blocked } : {}}
            onSave={actions.save}
            onDelete={actions.remove}
            approval={offer}
            underApproval={underApproval}
          />
        }
        header={header}
        onHeaderChange={onHeaderChange}
        dateFormat={p.dateFormat}
        knownLabels={p.knownLabels}
        widgets={widgets}
        headerExtra={
          which === 'creditNote' ? undefined : (
            <InstalmentsEditor
              rows={instalmentRows}
              typed={dueRows === null ? undefined : typedHere ? 'typed' : 'saved'}
              termName={partyTerms.data?.term?.code}
              problem={dueProblem ?? refusals.fields.instalments}
              readOnly={underApproval}
              onChange={(rows) => {
                setTypedHere(true);
                setTypedInstalments(rows);
              }}
              onReset={() => {
                setTypedHere(false);
                setTypedInstalments(null);
              }}
            />
          )
        }
        refusals={refusals}
        underApproval={underApproval}
        lineCount={reversal ? (view?.lines.length ?? 0) : grid.lines.length}
        linesExtra={`Currency ${currency}`}
        lines={
          reversal ? (
            (p.fixedLines ?? null)
          ) : underApproval && view ? (
            <InvoiceLinesTable view={view} />
          ) : (
            <>
              <InvoiceLineGrid lines={grid.lines} figures={live.lines} api={grid.api} focus={grid.focus} minorDigits={minorDigits} dimensionOptions={reference.dimensionOptions} taxOptions={reference.taxOptions} refusals={refusals.lines} />
              <InvoiceTotalsPanel totals={live.totals} currency={currency} minorDigits={minorDigits} unreadable={live.unreadable} />
            </>
          )
        }
        approval={<DocumentApproval state={approval} />}
      />
    </>
  );
}
