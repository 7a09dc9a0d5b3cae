// Proves the documents kit's list page from a definition alone: the route's filters (states, sort keys, dates, kind), paging, export, each row opening in its kind's editor, the New button for those who may save.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { stubFetch, renderWithProviders } from '../../../test/render';
import { DocumentListPage, type DocumentColumnContext } from '../index';
import { documentListQuery, editorPageOf, initialDocumentListState, nextListState } from '../document-list';
import { admin, invoiceDocument, invoiceListQuery, invoiceRow, reader, type InvoiceKind, type InvoiceRow, type InvoiceState } from './fixtures';

type Row = InvoiceRow;
const InvoiceList = DocumentListPage<InvoiceState, 'check' | 'post' | 'cancel', InvoiceKind, Row>;
const columns = ({ linkOf, statusOf, sortOrder }: DocumentColumnContext<Row>) => [
  { title: 'Supplier number', key: 'supplierNumber', render: (_: unknown, row: Row) => <Link to={linkOf(row)}>{row.supplierNumber}</Link> },
  { title: 'Date', key: 'invoiceDate', dataIndex: 'invoiceDate', sorter: true, sortOrder: sortOrder('invoiceDate') },
  { title: 'Status', key: 'status', render: (_: unknown, row: Row) => statusOf(row) },
];

const page = (props: Partial<Parameters<typeof InvoiceList>[0]> = {}) => (
  <InvoiceList def={invoiceDocument} kind="Invoice" listAll query={invoiceListQuery} title="Vendor invoices" searchHint="Searches numbers" noun={['invoice', 'invoices']} columns={columns} {...props} />
);

afterEach(() => vi.unstubAllGlobals());

describe('document list state', () => {
  it('sends only what the route takes, with the definition default sort', () => {
    const state = { ...initialDocumentListState(invoiceDocument, undefined, 20), status: 'Checked' as const, from: '2026-01-01', search: ' s-7 ' };
    expect(documentListQuery(state, true).toString()).toBe('status=Checked&from=2026-01-01&search=s-7&sort=-invoiceDate&limit=20&page=1');
    expect(documentListQuery(state, false, ['status', 'sort']).toString()).toBe('status=Checked&sort=-invoiceDate');
  });

  it('returns to the default sort when a column sort is cleared, and to page 1 on a new page size', () => {
    const state = { ...initialDocumentListState(invoiceDocument, undefined, 20), page: 3 };
    expect(nextListState(state, { field: 'status', order: 'descend' }, 'sort', invoiceDocument.defaultSort)).toMatchObject({ sort: '-status', page: 1 });
    expect(nextListState(state, { field: 'status', order: null }, 'sort', invoiceDocument.defaultSort).sort).toBe('-invoiceDate');
    expect(nextListState(state, { current: 3, pageSize: 50 }, 'paginate', invoiceDocument.defaultSort)).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('opens a row in its kind editor, and a system kind in the list kind editor', () => {
    expect(editorPageOf(invoiceDocument, 'Credit', 'Invoice')).toBe('/vendor-credit-note');
    expect(editorPageOf(invoiceDocument, 'Generated', 'Invoice')).toBe('/vendor-invoice');
    expect(editorPageOf(invoiceDocument, undefined, 'Credit')).toBe('/vendor-credit-note');
  });
});

describe('DocumentListPage', () => {
  it('says a total past the count cap is more than it, not the capped count', async () => {
    stubFetch({ 'GET /ap/vendor-invoices?': () => ({ json: { items: [invoiceRow()], total: 10_001 } }) });
    renderWithProviders(page(), { user: admin, path: '/vendor-invoices' });
    expect(await screen.findByText('More than 10,000 invoices: narrow the filter')).toBeTruthy();
  });

  it('asks the page alone when the total comes apart, says it is counting until then, and then shows the count', async () => {
    // A full page (20 rows) and more behind it.
    const rows = Array.from({ length: 20 }, (_, i) => invoiceRow({ id: `70000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`, supplierNumber: `S-${77 + i}` }));
    const { calls } = stubFetch({ 'GET /ap/vendor-invoices?': () => ({ json: { items: rows, more: true } }) });
    let answer: (n: number) => void = () => undefined;
    const count = new Promise<number>((resolve) => (answer = resolve));
    const useTotal = () => useQuery({ queryKey: ['count'], queryFn: () => count }).data;
    renderWithProviders(page({ useTotal }), { user: admin, path: '/vendor-invoices' });
    await screen.findByRole('link', { name: 'S-77' });
    expect(screen.getByText('Counting invoices…')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/ap/vendor-invoices?sort=-invoiceDate&total=false&limit=20&page=1');
    // The pager offers the next page before the count arrives, and no page past it.
    expect(screen.getByTitle('2')).toBeTruthy();
    expect(screen.queryByTitle('3')).toBeNull();
    answer(57);
    expect(await screen.findByText('57 invoices')).toBeTruthy();
    expect(screen.getByTitle('3')).toBeTruthy();
  });

  it('offers the states of the definition, filters on the server and links each row to its kind editor', async () => {
    const { calls } = stubFetch({ 'GET /ap/vendor-invoices?': () => ({ json: { items: [invoiceRow()], total: 1 } }) });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(page(), { user: admin, path: '/vendor-invoices' });
    const link = await screen.findByRole('link', { name: 'S-77' });
    expect(link.getAttribute('href')).toBe('/vendor-credit-note?id=70000000-0000-4000-8000-000000000001');
    expect(calls.map((c) => c.path)).toContain('/ap/vendor-invoices?sort=-invoiceDate&limit=20&page=1');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await screen.findByTitle('Cancelled');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))).toEqual(['Open', 'Checked', 'Posted', 'Cancelled']);
    await user.click(screen.getByTitle('Checked'));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/ap/vendor-invoices?status=Checked&sort=-invoiceDate&limit=20&page=1'));
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /New vendor invoice/ })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Vendor invoices' })).getByText('Open')).toBeTruthy();
  });

  it('shows only the filters the route takes, and no New button to a role that may not save', async () => {
    stubFetch({ 'GET /ap/vendor-invoices?': () => ({ json: { items: [invoiceRow()], total: 1 } }) });
    renderWithProviders(page({ query: invoiceListQuery.pick({ status: true, sort: true }), listAll: false }), { user: reader, path: '/vendor-invoices' });
    await screen.findByRole('link', { name: 'S-77' });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
    expect(screen.queryByLabelText('Date range')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New vendor invoice/ })).toBeNull();
  });

  it('marks the rows under approval in place of their stored state', async () => {
    stubFetch({ 'GET /ap/vendor-invoices?': () => ({ json: { items: [invoiceRow(), invoiceRow({ id: '70000000-0000-4000-8000-000000000002', supplierNumber: 'S-78' })], total: 2 } }) });
    const useUnderApproval = (rows: readonly Row[]) => new Set(rows.filter((r) => r.supplierNumber === 'S-78').map((r) => r.id));
    renderWithProviders(page({ useUnderApproval }), { user: admin, path: '/vendor-invoices' });
    expect(await screen.findByText('Awaiting approval')).toBeTruthy();
    expect(screen.getAllByText('Open')).toHaveLength(1);
  });
});
