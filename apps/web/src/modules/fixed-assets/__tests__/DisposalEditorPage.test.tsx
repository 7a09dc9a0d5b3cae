// Proves /disposal-schedule (issue 18): a draft disposal shows the asset, its cost, accumulated depreciation, net book value and
// the gain or loss with the lines it would post; Post calls the documents kit's route with an idempotency key and the page then
// reads as posted, with Reverse (on a date) in place of the actions; the pages are registered in fixedAssetPages.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisposalView, DocumentEntry, DocumentHistory } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { adminUser, gateRoute, route, stubServer } from '../../ledger/journals/__tests__/ledger-server';
import { DisposalEditorPage } from '../DisposalEditorPage';
import { fixedAssetPages } from '../index';

afterEach(() => vi.unstubAllGlobals());

const id = '89000000-0000-4000-8000-000000000001';
const asset = '88000000-0000-4000-8000-000000000002';

const draft: DisposalView = {
  id, kind: 'Disposal', number: null, status: 'Draft', asset, assetCode: 'FA-0007', assetDescription: 'Delivery van', disposalDate: '2026-03-15', disposalType: 'Sale', proceeds: '7000.00', description: 'Sold to a dealer', currency: 'USD',
  cost: '12000.00', accumulated: '4500.00', depreciation: '250.00', netBookValue: '7500.00', gainLoss: '-500.00', reserveTransferred: '0.00',
  customer: null, customerCode: null, tax: null, taxCode: null, invoiceId: null, invoiceNumber: null, invoiceGross: null, invoiceStatus: null,
  lines: [
    { role: 'Cost', account: '1500', debit: '0.00', credit: '12000.00' },
    { role: 'Accumulated depreciation', account: '1510', debit: '4500.00', credit: '0.00' },
    { role: 'Proceeds', account: '1890', debit: '7000.00', credit: '0.00' },
    { role: 'Disposal loss', account: '6900', debit: '500.00', credit: '0.00' },
  ],
  depreciationRunId: null, journalId: null, journalNumber: null,
};
const posted: DisposalView = { ...draft, number: 'AD2026-000001', status: 'Posted', depreciationRunId: '87000000-0000-4000-8000-000000000009', journalId: '40000000-0000-4000-8000-000000000077', journalNumber: 'JN2026-000077' };
const entry: DocumentEntry = { posted: false, journal: null, journalNumber: null, date: '2026-03-15', lines: [] };
const history: DocumentHistory = { current: null, items: [] };
const company = route('GET', '/gl/GetFullCompany', { body: { id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-03-01', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });
const common = [company, gateRoute('DisposalSchedule', false), route('GET', `/fa/disposals/${id}/entry`, { body: entry }), route('GET', /^\/workflow\/history\?/, { body: history }), route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } })];

describe('/disposal-schedule', () => {
  it('is registered with /disposal-schedules in the fixed-asset pages', async () => {
    expect((await fixedAssetPages['/disposal-schedule']!()).default).toBe(DisposalEditorPage);
    expect(fixedAssetPages['/disposal-schedules']).toBeDefined();
  });

  it('shows what a draft would post, posts it with an idempotency key, then offers Reverse', async () => {
    let current = draft;
    const calls = stubServer(
      ...common,
      route('GET', `/fa/disposals/${id}`, () => ({ body: current })),
      route('POST', `/fa/disposals/${id}/post`, () => {
        current = posted;
        return { body: posted };
      }),
    );
    renderWithProviders(<DisposalEditorPage />, { user: adminUser, path: `/disposal-schedule?id=${id}` });
    const figures = await screen.findByLabelText('Disposal figures');
    expect(within(figures).getByRole('link', { name: 'FA-0007 Delivery van' }).getAttribute('href')).toBe(`/asset?id=${asset}`);
    expect(figures.textContent).toContain('12,000.00 USD');
    expect(figures.textContent).toMatch(/Net book value7,500\.00/);
    expect(figures.textContent).toMatch(/Loss500\.00 USD/);
    const rows = within(screen.getByRole('table', { name: 'Lines of the disposal' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(expect.arrayContaining([expect.stringMatching(/Cost.*1500.*12,000\.00/), expect.stringMatching(/Disposal loss.*6900.*500\.00/)]));
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /Post/ }));
    await screen.findByRole('link', { name: 'Journal JN2026-000077' });
    const post = calls.find((c) => c.method === 'POST' && c.path === `/fa/disposals/${id}/post`);
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByText('Asset disposal AD2026-000001')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reverse' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Post/ })).toBeNull();
  });

  it('shows a sale\'s customer invoice with a link to /customer-invoice and the reserve moved to retained earnings', async () => {
    const invoice = '41000000-0000-4000-8000-000000000005';
    const customer = '42000000-0000-4000-8000-000000000006';
    const sold: DisposalView = {
      ...posted, proceeds: '8000.00', gainLoss: '500.00', reserveTransferred: '1200.00', customer, customerCode: 'C-DEALER', tax: null, taxCode: null,
      invoiceId: invoice, invoiceNumber: 'CI2026-000004', invoiceGross: '8000.00', invoiceStatus: 'Posted',
    };
    stubServer(...common, route('GET', `/fa/disposals/${id}`, { body: sold }));
    renderWithProviders(<DisposalEditorPage />, { user: adminUser, path: `/disposal-schedule?id=${id}` });
    const figures = await screen.findByLabelText('Disposal figures');
    expect(within(figures).getByRole('link', { name: 'CI2026-000004 · C-DEALER · 8,000.00' }).getAttribute('href')).toBe(`/customer-invoice?id=${invoice}`);
    expect(figures.textContent).toMatch(/Revaluation reserve to retained earnings1,200\.00/);
  });
});
