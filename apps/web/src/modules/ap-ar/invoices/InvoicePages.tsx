import { Alert, Button, Card, Input, Segmented, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_DATE_FORMAT, faces, formatMoney, parseMoney, type CreditNoteKind, type CreditNoteView, type Face, type InvoiceView, type Side } from '@erp/contracts';
import { useCompany } from '../../../app/shell/useCompany';
import { toIsoDate } from '../../../shared/format';
import { useLedgerReference } from '../../ledger/journals/useLedgerReference';
import { InvoiceEditor } from './InvoiceEditor';
import { InvoiceLinesTable } from './InvoiceLinesTable';
import { PostedInvoice } from './PostedInvoice';
import { amountCreditLines, emptyHeader, emptyInvoiceLine, headerFromView, instalmentsFromView, linesFromView, type InvoiceHeader } from './invoice-lines';
import { documentQueryKey, fetchDocument, type Which } from './invoices-api';
import '../../ledger/journals/ledger-screens.css';
import './invoices.css';

const Waiting = () => <Spin style={{ display: 'block', margin: '48px auto' }} />;

function useDocument<V extends InvoiceView | CreditNoteView>(face: Face, which: Which, id: string | undefined) {
  return useQuery({ queryKey: documentQueryKey(face, which, id), queryFn: ({ signal }) => fetchDocument<V>(face, which, id!, signal), enabled: id !== undefined });
}

const knownOf = (view: InvoiceView | CreditNoteView | undefined): Record<string, string> => (view ? { [view.party]: `${view.partyCode} · ${view.partyName}` } : {});

function LoadError({ face, message }: { face: Face; message: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      action={
        <Link to={face.pages.invoices}>
          <Button size="small">Back to the list</Button>
        </Link>
      }
    />
  );
}

/** /vendor-invoice and /customer-invoice: a new invoice, or with ?id= the invoice (a draft editable, a posted one read-only). */
export function InvoiceEditorPage({ side }: { side: Side }) {
  const face = faces[side];
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const reference = useLedgerReference();
  const doc = useDocument<InvoiceView>(face, 'invoice', id);
  if (id && doc.error) return <LoadError face={face} message={doc.error.message} />;
  if (id && !doc.data) return <Waiting />;
  const view = doc.data;
  if (view && view.status !== 'Draft') return <PostedInvoice face={face} which="invoice" view={view} />;
  if (!reference.baseCurrency) return reference.error ? <Alert type="error" showIcon title={reference.error.message} /> : <Waiting />;
  return (
    <InvoiceEditor
      key={id ?? 'new'}
      face={face}
      which="invoice"
      kind="Invoice"
      view={view}
      initialHeader={view ? headerFromView(view) : emptyHeader(toIsoDate(new Date()))}
      initialLines={() => (view ? linesFromView(view) : [emptyInvoiceLine(), emptyInvoiceLine()])}
      initialInstalments={view && view.instalments.length > 0 ? instalmentsFromView(view) : null}
      reference={reference}
      dateFormat={dateFormat}
      knownLabels={knownOf(view)}
    />
  );
}

/** How a credit note of an invoice is made: all of it (a reversal), some of its lines, or an amount. */
type CreditMode = 'Reversal' | 'lines' | 'amount';
const modeLabels: Record<CreditMode, string> = { Reversal: 'Full reversal', lines: 'Some lines', amount: 'An amount' };

function creditHeader(invoice: InvoiceView, today: string): InvoiceHeader {
  return {
    ...emptyHeader(today),
    party: invoice.party,
    currency: invoice.currency,
    rate: invoice.rate ?? '',
    invoice: invoice.id,
    reference: invoice.number ?? '',
    description: `Credit of invoice ${invoice.number ?? ''}${invoice.partyDocumentNumber ? ` (${invoice.partyDocumentNumber})` : ''}`,
  };
}

/** What is left to credit of an invoice: its gross less the credit notes applied to it (the server's limit of a linked credit note). */
export function leftToCredit(invoice: Pick<InvoiceView, 'totalGross' | 'credits'>, minorDigits: number): bigint {
  return parseMoney(invoice.totalGross, minorDigits) - invoice.credits.reduce((sum, c) => sum + parseMoney(c.amount, minorDigits), 0n);
}

/** Why an amount to credit cannot be used, or undefined. */
export function creditAmountProblem(amount: string, left: bigint, minorDigits: number, currency: string): string | undefined {
  const text = amount.trim();
  if (text === '') return undefined;
  let minor: bigint;
  try {
    minor = parseMoney(text, minorDigits);
  } catch {
    return `Type an amount with at most ${minorDigits} decimals`;
  }
  if (minor <= 0n) return 'The amount must be more than zero';
  if (minor > left) return `At most ${formatMoney(left, minorDigits)} ${currency} is left to credit on this invoice`;
  return undefined;
}

/** The credit note of a posted invoice: the choice of full or partial, then the kit's editor of the credit note. */
function CreditOfInvoice({ face, invoice, initialMode, dateFormat }: { face: Face; invoice: InvoiceView; initialMode: CreditMode; dateFormat: string }) {
  const reference = useLedgerReference();
  const navigate = useNavigate();
  const [mode, setMode] = useState<CreditMode>(initialMode);
  const [amount, setAmount] = useState('');
  const [applied, setApplied] = useState('');
  const today = toIsoDate(new Date());
  const minorDigits = reference.scales[invoice.currency] ?? 2;
  const left = leftToCredit(invoice, minorDigits);
  const amountProblem = creditAmountProblem(amount, left, minorDigits, invoice.currency);
  const apply = () => {
    if (!amountProblem) setApplied(amount.trim());
  };
  if (!reference.baseCurrency) return <Waiting />;
  if (invoice.status !== 'Posted') {
    return <Alert type="warning" showIcon title={`Invoice ${invoice.number ?? ''} is ${invoice.status.toLowerCase()}: only a posted invoice can be credited`} />;
  }
  const kind: CreditNoteKind = mode === 'Reversal' ? 'Reversal' : 'CreditNote';
  const above = (
    <Card size="small" style={{ marginBottom: 12 }} title={`Credit invoice ${invoice.number ?? ''} of ${invoice.partyName}`}>
      <Segmented<CreditMode>
        aria-label="What to credit"
        value={mode}
        options={(Object.keys(modeLabels) as CreditMode[]).filter((m) => m !== 'Reversal' || invoice.credits.length === 0).map((m) => ({ value: m, label: modeLabels[m] }))}
        onChange={(next) => {
          setMode(next);
          void navigate(`${face.pages.reversal}?invoice=${invoice.id}&mode=${next}`, { replace: true });
        }}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {mode === 'Reversal'
          ? 'Reverses the whole invoice: its entry is reversed and its open items closed.'
          : mode === 'lines'
            ? 'The invoice’s lines: remove those not credited, change quantities or prices.'
            : 'The amount, tax included, spread over the invoice’s accounts and tax codes in proportion to their gross (to the cent, the last line taking the rest).'}
        {' '}Open on the invoice: {invoice.remaining ?? invoice.totalGross} {invoice.currency}; left to credit: {formatMoney(left, minorDigits)} {invoice.currency}.
      </Typography.Paragraph>
      {mode === 'amount' && (
        <div style={{ marginTop: 8 }}>
          <Space.Compact>
            <Input
              aria-label="Amount to credit"
              aria-invalid={amountProblem ? true : undefined}
              aria-describedby={amountProblem ? 'credit-amount-problem' : undefined}
              status={amountProblem ? 'error' : undefined}
              placeholder="Amount to credit, tax included"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onPressEnter={apply}
              style={{ width: 240 }}
            />
            <Button onClick={apply} disabled={amountProblem !== undefined}>Use this amount</Button>
          </Space.Compact>
          {amountProblem && (
            <Typography.Text id="credit-amount-problem" type="danger" style={{ display: 'block', marginTop: 4 }}>
              {amountProblem}
            </Typography.Text>
          )}
        </div>
      )}
    </Card>
  );
  return (
    <InvoiceEditor
      // A new mode (or, for an amount, a new amount once applied) starts the credit note again.
      key={`${mode}:${mode === 'amount' ? applied : ''}`}
      face={face}
      which="creditNote"
      kind={kind}
      view={undefined}
      initialHeader={creditHeader(invoice, today)}
      initialLines={() => (mode === 'amount' ? amountCreditLines(invoice, applied, `Credit of invoice ${invoice.number ?? ''}`, minorDigits) : mode === 'lines' ? linesFromView(invoice) : [])}
      initialInstalments={null}
      reference={reference}
      dateFormat={dateFormat}
      knownLabels={knownOf(invoice)}
      fixedLines={<InvoiceLinesTable view={invoice} />}
      above={above}
      invoiceNumber={invoice.number}
    />
  );
}

/**
 * /vendor-invoice-reversal and /customer-invoice-reversal (not in the menus; granted by the
 * invoice pages with SaveVendorInvoice / SaveCustomerInvoice, see RULES.md): ?invoice= credits a
 * posted invoice (a full reversal, some lines or an amount), ?id= opens a credit note, neither
 * starts a standalone credit note (allocated later). The posted invoice's editor links here.
 */
export function InvoiceReversalPage({ side }: { side: Side }) {
  const face = faces[side];
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const invoiceId = params.get('invoice') ?? undefined;
  const mode = (['Reversal', 'lines', 'amount'] as const).find((m) => m === params.get('mode')) ?? 'lines';
  const dateFormat = useCompany()?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const reference = useLedgerReference();
  const note = useDocument<CreditNoteView>(face, 'creditNote', id);
  const invoice = useDocument<InvoiceView>(face, 'invoice', id ? undefined : invoiceId);
  // A saved credit note's invoice, for its lines when it is a full reversal.
  const linked = useDocument<InvoiceView>(face, 'invoice', note.data?.invoice ?? undefined);
  const error = note.error ?? invoice.error;
  if (error) return <LoadError face={face} message={error.message} />;
  if (id) {
    if (!note.data) return <Waiting />;
    const view = note.data;
    if (view.status !== 'Draft') return <PostedInvoice face={face} which="creditNote" view={view} />;
    if (!reference.baseCurrency) return <Waiting />;
    return (
      <InvoiceEditor
        key={id}
        face={face}
        which="creditNote"
        kind={view.kind}
        view={view}
        initialHeader={headerFromView(view)}
        initialLines={() => linesFromView(view)}
        initialInstalments={view.instalments.length > 0 ? instalmentsFromView(view) : null}
        reference={reference}
        dateFormat={dateFormat}
        knownLabels={knownOf(view)}
        fixedLines={linked.data ? <InvoiceLinesTable view={linked.data} /> : view.lines.length > 0 ? <InvoiceLinesTable view={view} /> : null}
        invoiceNumber={view.invoiceNumber}
      />
    );
  }
  if (invoiceId) {
    if (!invoice.data) return <Waiting />;
    return <CreditOfInvoice key={invoiceId} face={face} invoice={invoice.data} initialMode={mode} dateFormat={dateFormat} />;
  }
  if (!reference.baseCurrency) return <Waiting />;
  return (
    <InvoiceEditor
      key="standalone"
      face={face}
      which="creditNote"
      kind="CreditNote"
      view={undefined}
      initialHeader={emptyHeader(toIsoDate(new Date()))}
      initialLines={() => [emptyInvoiceLine()]}
      initialInstalments={null}
      reference={reference}
      dateFormat={dateFormat}
      knownLabels={{}}
    />
  );
}

export const VendorInvoicePage = () => <InvoiceEditorPage side="payables" />;
export const CustomerInvoicePage = () => <InvoiceEditorPage side="receivables" />;
export const VendorInvoiceReversalPage = () => <InvoiceReversalPage side="payables" />;
export const CustomerInvoiceReversalPage = () => <InvoiceReversalPage side="receivables" />;
