import { FileExcelOutlined, FilePdfOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Space, Table } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { documentLabel, hasOperation, type CreditNoteView, type DocumentDef, type Face, type InvoiceView } from '@erp/contracts';
import { useSignedInUser } from '../../../app/session/useSession';
import { DocumentHistory, DocumentStatusTag } from '../../../shared/documents';
import { PageHeading } from '../../../shared/documents/shell-adapter';
import { useDisplay } from '../../../shared/useDisplay';
import { JournalLink } from '../../ledger/journals/components/JournalLink';
import { DocumentApproval, useDocumentApproval } from '../../workflow/index';
import { InvoiceLinesTable } from './InvoiceLinesTable';
import { defOf, downloadInvoicePdf, type Which } from './invoices-api';
import { useNotify } from '../../../app/notifications/useNotify';
import { postedInvoiceActions } from '../../../app/invoice-actions';

/** The panels other modules give a posted invoice's screen (app/invoice-actions.ts), loaded when shown. */
const actionPanels = postedInvoiceActions.map((a) => ({ key: a.key, sides: a.sides, Panel: lazy(a.load) }));

type Props = { face: Face; which: Which; view: InvoiceView | CreditNoteView };

/**
 * A posted (or reversed) invoice or credit note, read-only: its facts, lines and tax summary, due
 * dates with what is left open, its credit notes, the entry it posted; from a posted invoice, the
 * way to its reversal screen (/vendor-invoice-reversal: a full reversal or a credit note), for a
 * role holding the invoice's Save label (RULES.md of the API module); the panels other modules give
 * it (app/invoice-actions.ts: fixed assets' "Capitalise" of a vendor invoice's lines).
 */
export function PostedInvoice({ face, which, view }: Props) {
  const def = defOf(face, which) as unknown as DocumentDef<string, string, string>;
  const display = useDisplay();
  const navigate = useNavigate();
  const notify = useNotify();
  const { permissions } = useSignedInUser().parentRole;
  const approval = useDocumentApproval(def.approval!.type, view.id);
  const invoice = which === 'invoice' ? (view as InvoiceView) : undefined;
  const credit = which === 'creditNote' ? (view as CreditNoteView) : undefined;
  const mayCredit = invoice !== undefined && invoice.status === 'Posted' && hasOperation(permissions, documentLabel(defOf(face, 'creditNote'), 'Save', 'CreditNote'));
  const untouched = invoice !== undefined && invoice.credits.length === 0;
  const label = def.kinds[view.kind]!.label;
  const reversalLink = (mode: string) => `${face.pages.reversal}?invoice=${view.id}&mode=${mode}`;
  const amount = (text: string | null) => (text === null ? '' : <span className="ledger-amount">{display.amount(text)}</span>);

  const facts = [
    { key: 'number', label: 'Number', children: view.number },
    { key: 'party', label: face.partyLabel, children: `${view.partyCode} · ${view.partyName}` },
    { key: 'documentDate', label: 'Document date', children: display.date(view.documentDate) },
    { key: 'postingDate', label: 'Posting date', children: display.date(view.postingDate) },
    { key: 'currency', label: 'Currency', children: view.rate ? `${view.currency} at ${view.rate}` : view.currency },
    { key: 'partyDocumentNumber', label: def.header.partyDocumentNumber!.label, children: view.partyDocumentNumber },
    { key: 'reference', label: 'Reference', children: view.reference },
    { key: 'gross', label: 'Gross', children: amount(view.totalGross) },
    { key: 'remaining', label: 'Open', children: amount(view.remaining) },
    { key: 'journal', label: 'Entry', children: view.journal ? <JournalLink id={view.journal} /> : '' },
    ...(view.source ? [{ key: 'source', label: 'Source', children: <Link to={`${view.source.page}?id=${view.source.documentId}`}>{`${view.source.label} ${view.source.number ?? ''}`.trim()}</Link> }] : []),
    ...(credit?.invoice ? [{ key: 'invoice', label: 'Invoice', children: <Link to={`${face.pages.invoice}?id=${credit.invoice}`}>{credit.invoiceNumber ?? 'invoice'}</Link> }] : []),
    ...(credit ? [{ key: 'applied', label: 'Applied to the invoice', children: amount(credit.applied) }] : []),
    { key: 'description', label: 'Description', children: view.description, span: 2 },
  ];

  return (
    <>
      <PageHeading
        title={`${label} ${view.number ?? ''}`}
        subtitle={
          <Space size={8}>
            <DocumentStatusTag<string> def={def} status={view.status} />
          </Space>
        }
        extra={
          <Flex gap={8} wrap>
            {invoice && (
              <Button icon={<FilePdfOutlined aria-hidden />} onClick={() => void downloadInvoicePdf(face, view.id, view.number).catch((e: unknown) => notify.error(e instanceof Error ? e.message : String(e)))}>
                PDF
              </Button>
            )}
            {mayCredit && (
              <>
              {untouched && (
                <Button icon={<RollbackOutlined aria-hidden />} onClick={() => void navigate(reversalLink('Reversal'))}>
                  Reverse
                </Button>
              )}
              <Button icon={<FileExcelOutlined aria-hidden />} onClick={() => void navigate(reversalLink('lines'))}>
                Credit note
              </Button>
              </>
            )}
          </Flex>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={facts} />
      </Card>
      <Card size="small" title={`Lines (${view.lines.length})`} style={{ marginBottom: 16 }}>
        <InvoiceLinesTable view={view} />
      </Card>
      <Card size="small" title="Due dates" style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey="line"
          pagination={false}
          aria-label="Due dates"
          dataSource={view.instalments}
          columns={[
            { key: 'line', title: '#', dataIndex: 'line', width: 40 },
            { key: 'due', title: 'Due date', render: (_, r) => display.date(r.dueDate) },
            { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => amount(r.amount) },
            { key: 'discount', title: 'Discount until', render: (_, r) => (r.discountDate && Number(r.discountAmount) !== 0 ? `${display.date(r.discountDate)}: ${display.amount(r.discountAmount)}` : '') },
            { key: 'remaining', title: 'Open', align: 'right', render: (_, r) => amount(r.remaining) },
          ]}
        />
      </Card>
      {invoice && (
        <Suspense fallback={null}>
          {actionPanels.filter((a) => a.sides.includes(face.side)).map(({ key, Panel }) => <Panel key={key} face={face} invoice={invoice} />)}
        </Suspense>
      )}
      {invoice && invoice.credits.length > 0 && (
        <Card size="small" title="Credit notes" style={{ marginBottom: 16 }}>
          <Table
            size="small"
            rowKey="creditNote"
            pagination={false}
            aria-label="Credit notes"
            dataSource={invoice.credits}
            columns={[
              { key: 'number', title: 'Number', render: (_, c) => <Link to={`${face.pages.reversal}?id=${c.creditNote}`}>{c.number ?? 'credit note'}</Link> },
              { key: 'amount', title: 'Applied', align: 'right', render: (_, c) => amount(c.amount) },
            ]}
          />
        </Card>
      )}
      <DocumentApproval state={approval} />
      <DocumentHistory def={def} id={view.id} />
    </>
  );
}
