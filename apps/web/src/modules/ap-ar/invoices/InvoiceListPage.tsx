import { Checkbox, DatePicker, Flex, Segmented, Select, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { creditNoteListQuerySchema, faces, invoiceListQuerySchema, LIST_TOTAL_MAX, type CreditNoteListItem, type DocumentDef, type Face, type InvoiceListItem, type Side } from '@erp/contracts';
import { DocumentListPage, type DocumentColumnContext, type DocumentListState, type ExtraListQuery } from '../../../shared/documents';
import { RefSelect } from '../../../shared/kit/RefSelect';
import { useDisplay, type Display } from '../../../shared/useDisplay';
import { toIsoDate } from '../../../shared/format';
import { fetchCurrencies } from '../../ledger/journals/journals-api';
import { useDocumentsUnderApproval, useApprovalGate } from '../../workflow/index';
import { defOf, fetchSums, invoicesKey, type Which } from './invoices-api';
import '../../ledger/journals/ledger-screens.css';
import './invoices.css';

type Row = InvoiceListItem | CreditNoteListItem;

function columnsOf<T extends Row>(face: Face, which: Which, display: Display) {
  return ({ sortOrder, linkOf, statusOf, allKinds }: DocumentColumnContext<T>): TableColumnsType<T> => {
    const def = defOf(face, which) as unknown as DocumentDef<string, string, string>;
    const amount = (text: string | null) => (text === null ? <span aria-label="Not posted">—</span> : <span className="ledger-amount">{display.amount(text)}</span>);
    return [
      {
        title: 'Number',
        key: 'number',
        dataIndex: 'number',
        sorter: true,
        sortOrder: sortOrder('number'),
        render: (number: string | null, row) => (
          <Link to={linkOf(row)} onClick={(e) => e.stopPropagation()}>
            {number ?? '(draft)'}
          </Link>
        ),
      },
      { title: face.partyLabel, key: 'party', render: (_, row) => `${row.partyCode} · ${row.partyName}`, ellipsis: true },
      { title: 'Date', key: 'documentDate', dataIndex: 'documentDate', sorter: true, sortOrder: sortOrder('documentDate'), render: (date: string) => display.date(date) },
      { title: 'Due', key: 'dueDate', dataIndex: 'dueDate', sorter: true, sortOrder: sortOrder('dueDate'), responsive: ['md'], render: (date: string | null) => display.date(date) },
      ...(allKinds ? [{ title: 'Kind', key: 'kind', responsive: ['md' as const], render: (_: unknown, row: T) => def.kinds[row.kind]!.label }] : []),
      { title: def.header.partyDocumentNumber!.label, key: 'partyDocumentNumber', dataIndex: 'partyDocumentNumber', responsive: ['lg'] },
      { title: 'Description', key: 'description', dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
      { title: 'Status', key: 'status', render: (_, row) => statusOf(row) },
      { title: 'Currency', key: 'currency', dataIndex: 'currency', responsive: ['sm'] },
      { title: 'Gross', key: 'totalGross', align: 'right', render: (_, row) => amount(row.totalGross) },
      { title: 'Open', key: 'remaining', align: 'right', responsive: ['sm'], render: (_, row) => amount(row.remaining) },
    ];
  };
}

/** The sums of the list's filter, per currency, from GET …/sums (the whole filter, not the page): the footer's and the pager's total. */
function useInvoiceSums(face: Face, which: Which, state: DocumentListState, extra: ExtraListQuery) {
  return useQuery({
    queryKey: [...invoicesKey(face, which), 'list', 'sums', { ...state, page: 0, pageSize: 0 }, extra],
    queryFn: ({ signal }) => fetchSums(face, which, state, extra, signal),
  });
}

function SumsFooter({ face, which, state, extra }: { face: Face; which: Which; state: DocumentListState; extra: ExtraListQuery }) {
  const display = useDisplay();
  const sums = useInvoiceSums(face, which, state, extra);
  if (!sums.data || sums.data.count === 0) return null;
  if (sums.data.count > LIST_TOTAL_MAX) {
    return (
      <div className="invoice-sums" role="region" aria-label="Sums of the filter" data-testid="invoice-sums">
        <Typography.Text type="secondary">More than {display.count(LIST_TOTAL_MAX)} documents: narrow the filter to see their sums</Typography.Text>
      </div>
    );
  }
  return (
    <div className="invoice-sums" role="region" aria-label="Sums of the filter" data-testid="invoice-sums">
      {sums.data.byCurrency.map((row) => (
        <Flex key={row.currency} wrap gap={16} justify="flex-end" align="center">
          <Typography.Text strong style={{ marginRight: 'auto' }}>
            {row.currency}: {display.count(row.count)} {row.count === 1 ? 'document' : 'documents'}
          </Typography.Text>
          <span>
            Net <strong className="ledger-amount">{display.amount(row.totalNet)}</strong>
          </span>
          <span>
            Tax <strong className="ledger-amount">{display.amount(row.totalTax)}</strong>
          </span>
          <span>
            Gross <strong className="ledger-amount">{display.amount(row.totalGross)}</strong>
          </span>
          <span>
            Open <strong className="ledger-amount">{display.amount(row.remaining)}</strong>
          </span>
        </Flex>
      ))}
    </div>
  );
}

type Extra = { party: string | null; currency: string | undefined; dueFrom: string | undefined; dueTo: string | undefined; overdue: boolean };
const NO_EXTRA: Extra = { party: null, currency: undefined, dueFrom: undefined, dueTo: undefined, overdue: false };

function extraQueryOf(extra: Extra): ExtraListQuery {
  return {
    party: extra.party ?? undefined,
    currency: extra.currency,
    dueFrom: extra.dueFrom,
    dueTo: extra.dueTo,
    ...(extra.overdue ? { overdue: 'true', overdueOn: toIsoDate(new Date()) } : {}),
  };
}

/** The module's filters beside the kit's: party, currency, due dates, overdue. */
function ExtraFilters({ face, extra, onChange, pickerFormat }: { face: Face; extra: Extra; onChange: (extra: Extra) => void; pickerFormat: string }) {
  const currencies = useQuery({ queryKey: ['gl', 'journal-currencies'], queryFn: ({ signal }) => fetchCurrencies(signal), staleTime: 5 * 60_000 });
  return (
    <>
      <div style={{ width: 240, maxWidth: '100%' }}>
        <RefSelect id={`${face.partyWord}-invoice-party-filter`} refName={face.partyWord} value={extra.party} onChange={(party) => onChange({ ...extra, party })} placeholder={`Any ${face.partyWord}`} />
      </div>
      <Select
        aria-label="Currency"
        placeholder="Any currency"
        allowClear
        value={extra.currency}
        options={(currencies.data ?? []).map((c) => ({ value: c.code, label: c.code }))}
        onChange={(currency?: string) => onChange({ ...extra, currency })}
        style={{ width: 130 }}
      />
      <DatePicker.RangePicker
        aria-label="Due dates"
        placeholder={['Due from', 'Due to']}
        format={pickerFormat}
        allowEmpty={[true, true]}
        value={[extra.dueFrom ? dayjs(extra.dueFrom) : null, extra.dueTo ? dayjs(extra.dueTo) : null]}
        onChange={(range) => onChange({ ...extra, dueFrom: range?.[0]?.format('YYYY-MM-DD'), dueTo: range?.[1]?.format('YYYY-MM-DD') })}
        style={{ width: 260, maxWidth: '100%' }}
      />
      <Checkbox checked={extra.overdue} onChange={(e) => onChange({ ...extra, overdue: e.target.checked })}>
        Overdue
      </Checkbox>
    </>
  );
}

/**
 * /vendor-invoices and /customer-invoices: the documents kit's list of the face's invoices or,
 * with the switch, its credit notes (opened in the reversal screen); search, states, dates, party,
 * currency, due dates, overdue; export of the filter; the filter's sums under the table.
 */
export function InvoiceListPage({ side }: { side: Side }) {
  const face = faces[side];
  const display = useDisplay();
  const [params, setParams] = useSearchParams();
  const which: Which = params.get('show') === 'credit-notes' ? 'creditNote' : 'invoice';
  const [extra, setExtra] = useState<Extra>(NO_EXTRA);
  const extraQuery = useMemo(() => extraQueryOf(extra), [extra]);
  const baseDef = defOf(face, which);
  // Credit notes open in the reversal screen (their kinds ride on the invoice pages for their permissions).
  const def = useMemo(
    () => (which === 'invoice' ? baseDef : { ...baseDef, kinds: Object.fromEntries(Object.entries(baseDef.kinds).map(([k, v]) => [k, { ...v, editorPage: face.pages.reversal }])) as typeof baseDef.kinds }),
    [which, baseDef, face],
  );
  const approvalType = baseDef.approval!.type;
  const useUnderApproval = (rows: readonly Row[]) => {
    const governed = useApprovalGate(approvalType).data?.workflowActive === true;
    return useDocumentsUnderApproval(approvalType, governed ? rows.filter((row) => row.status === 'Draft').map((row) => row.id) : []);
  };
  // The page comes alone (no count); its total is the count of the sums the footer asks for anyway.
  const useTotal = (state: DocumentListState, extraNow: ExtraListQuery) => useInvoiceSums(face, which, state, extraNow).data?.count;
  const switcher = (
    <Segmented
      aria-label="Show"
      value={which}
      options={[
        { value: 'invoice', label: 'Invoices' },
        { value: 'creditNote', label: 'Credit notes' },
      ]}
      onChange={(next) => setParams(next === 'creditNote' ? { show: 'credit-notes' } : {}, { replace: true })}
    />
  );
  const common = {
    queryKey: invoicesKey(face, which),
    searchHint: `Searches number, ${face.partyWord}, ${baseDef.header.partyDocumentNumber!.label.toLowerCase()}, reference and description`,
    useUnderApproval,
    useTotal,
    extraQuery,
    extraFilters: (
      <>
        <ExtraFilters face={face} extra={extra} onChange={setExtra} pickerFormat={display.pickerFormat} />
        {switcher}
      </>
    ),
    footer: (state: DocumentListState, extraNow: ExtraListQuery) => <SumsFooter face={face} which={which} state={state} extra={extraNow} />,
  };
  if (which === 'invoice') {
    const invoiceDef = defOf(face, 'invoice');
    return <DocumentListPage key="invoice" {...common} def={invoiceDef} columns={columnsOf<InvoiceListItem>(face, 'invoice', display)} kind="Invoice" query={invoiceListQuerySchema} title={invoiceDef.plural} noun={['invoice', 'invoices']} />;
  }
  const creditDef = def as ReturnType<typeof defOf<'creditNote'>>;
  return <DocumentListPage key="credit" {...common} def={creditDef} columns={columnsOf<CreditNoteListItem>(face, 'creditNote', display)} kind="CreditNote" listAll query={creditNoteListQuerySchema} title={creditDef.plural} noun={['credit note', 'credit notes']} />;
}

export const VendorInvoicesPage = () => <InvoiceListPage side="payables" />;
export const CustomerInvoicesPage = () => <InvoiceListPage side="receivables" />;
