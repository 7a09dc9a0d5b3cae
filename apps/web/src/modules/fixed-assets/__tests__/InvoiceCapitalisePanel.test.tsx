// Proves "Capitalise" on a posted vendor invoice's screen (issue 18): payables shows the panels other modules give
// (app/invoice-actions.ts: fixed assets' for payables only); the panel lists the invoice's clearing lines with what is
// capitalised and left (a line taken in full cannot be picked), and sends the picked lines into an existing asset in
// one request, or as new draft assets with their class and description.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { faces, type CapitalisableLine, type CapitalisationView, type InvoiceView } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { adminUser, route, stubServer } from '../../ledger/journals/__tests__/ledger-server';
import { postedInvoiceActions } from '../../../app/invoice-actions';
import InvoiceCapitalisePanel from '../InvoiceCapitalisePanel';

afterEach(() => vi.unstubAllGlobals());

const invoiceId = '85000000-0000-4000-8000-000000000004';
const assetId = '88000000-0000-4000-8000-000000000002';
const classId = '87000000-0000-4000-8000-000000000001';
const invoice = { id: invoiceId, status: 'Posted', documentDate: '2026-03-10', number: 'VI2026-000001' } as unknown as InvoiceView;
const line = (lineNo: number, amount: string, capitalised: string, left: string, description: string): CapitalisableLine => ({
  vendorInvoice: invoiceId, invoiceNumber: 'VI2026-000001', partyDocumentNumber: 'G-77', documentDate: '2026-03-10', lineNo, description, accountCode: '1190', amount, capitalised, left, currency: 'USD',
});
const lines = [line(1, '800.00', '300.00', '500.00', 'Trailer'), line(2, '200.00', '200.00', '0.00', 'Tow bar')];
const company = route('GET', '/gl/GetFullCompany', { body: { id: assetId, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-03-01', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });
const linesRoute = route('GET', /^\/fa\/capitalisable-invoice-lines\?/, { body: lines });

describe('Capitalise on a posted vendor invoice', () => {
  it('is given to payables invoices only, through the app', () => {
    expect(postedInvoiceActions.filter((a) => a.sides.includes(faces.payables.side)).map((a) => a.key)).toEqual(['fixed-assets.capitalise']);
    expect(postedInvoiceActions.filter((a) => a.sides.includes(faces.receivables.side))).toEqual([]);
  });

  it('shows per line what is capitalised and left, and adds a picked line to an existing asset', async () => {
    const cap = { id: '86000000-0000-4000-8000-000000000003', asset: assetId, assetCode: 'A00007' } as CapitalisationView;
    const calls = stubServer(
      company, linesRoute,
      route('GET', /^\/fa\/assets\/lookup/, { body: [{ id: assetId, label: 'A00007 · Van' }] }),
      route('POST', '/fa/vendor-invoice-capitalisations', { body: [cap] }),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { container } = renderWithProviders(<InvoiceCapitalisePanel face={faces.payables} invoice={invoice} />, { user: adminUser, path: `/vendor-invoice?id=${invoiceId}` });
    const table = await screen.findByRole('table', { name: 'Capitalisable lines' });
    const first = within(table).getByText('Trailer').closest('tr')!;
    expect(first.textContent).toContain('800.00');
    expect(first.textContent).toContain('300.00');
    expect(first.textContent).toContain('500.00');
    expect((within(table).getByLabelText('Pick line 2') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(table).getByLabelText('Pick line 1'));
    const amount = within(table).getByLabelText('Amount of line 1');
    await user.clear(amount);
    await user.type(amount, '120.50');
    await user.click(container.querySelector('#capitalise-asset')!);
    await user.click(await screen.findByTitle('A00007 · Van'));
    await user.click(screen.getByRole('button', { name: 'Capitalise 1 line' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ vendorInvoice: invoiceId, asset: assetId, date: '2026-03-10', lines: [{ lineNo: 1, amount: '120.50' }] });
    expect((await screen.findByRole('link', { name: 'A00007' })).getAttribute('href')).toBe(`/asset?id=${assetId}`);
  });

  it('makes new draft assets with their class and description', async () => {
    const calls = stubServer(
      company, linesRoute,
      route('GET', /^\/fa\/asset-classes\/lookup/, { body: [{ id: classId, label: 'VEH · Vehicles' }] }),
      route('POST', '/fa/vendor-invoice-assets', { body: { assets: [{ asset: assetId, code: 'A00008', capitalisation: '86000000-0000-4000-8000-000000000004' }] } }),
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { container } = renderWithProviders(<InvoiceCapitalisePanel face={faces.payables} invoice={invoice} />, { user: adminUser, path: `/vendor-invoice?id=${invoiceId}` });
    const table = await screen.findByRole('table', { name: 'Capitalisable lines' });
    await user.click(screen.getByRole('radio', { name: 'New draft assets' }));
    await user.click(within(table).getByLabelText('Pick line 1'));
    expect(screen.getByRole('button', { name: 'Make 1 draft asset' })).toHaveProperty('disabled', true);
    await user.click(container.querySelector('#capitalise-class-1')!);
    await user.click(await screen.findByTitle('VEH · Vehicles'));
    await user.click(screen.getByRole('button', { name: 'Make 1 draft asset' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ vendorInvoice: invoiceId, assets: [{ lineNo: 1, amount: '500.00', assetClass: classId, description: 'Trailer' }] });
    expect(await screen.findByRole('link', { name: 'A00008' })).toBeTruthy();
  });
});
