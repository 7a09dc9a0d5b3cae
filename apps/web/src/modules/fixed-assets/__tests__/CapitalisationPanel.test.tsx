// Proves the asset's capitalisations on /asset (issue 18): the list shows each capitalisation with its source, cost after,
// the month the schedule was regenerated from, the vendor invoice line and its entry; Reverse (after confirming) calls the
// reversal route and the list reads Reversed; a disposed asset offers no "Capitalise from vendor invoice".
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssetSchedule, CapitalisationView } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { adminUser, route, stubServer } from '../../ledger/journals/__tests__/ledger-server';
import { CapitalisationPanel } from '../CapitalisationPanel';
import { fixedAssetPages } from '../index';

afterEach(() => vi.unstubAllGlobals());

const id = '88000000-0000-4000-8000-000000000002';
const capId = '86000000-0000-4000-8000-000000000003';
const schedule = (status: AssetSchedule['status']): AssetSchedule => ({ assetId: id, code: 'A00007', description: 'Van', status, method: 'Straight line', convention: 'Full month', lifeMonths: 12, currency: 'USD', cost: '1560.00', residual: '0.00', openingAccumulated: '0.00', rows: [] });
const cap: CapitalisationView = {
  id: capId, asset: id, assetCode: 'A00007', date: '2026-11-27', amount: '360.00', currency: 'USD', source: 'Maintenance', status: 'Posted', description: 'Gearbox',
  costBefore: '1200.00', costAfter: '1560.00', fromPeriod: '2026-11', vendorInvoice: '85000000-0000-4000-8000-000000000004', invoiceNumber: 'VI2026-000001', invoiceLineNo: 1,
  journalId: '40000000-0000-4000-8000-000000000077', journalNumber: 'JV2026-000002', reversalJournalId: null,
};
const company = route('GET', '/gl/GetFullCompany', { body: { id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-03-01', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });

describe('the capitalisations of an asset', () => {
  it('are on /asset with the maintenance pages registered', () => {
    expect(fixedAssetPages['/maintenance-schedules']).toBeDefined();
    expect(fixedAssetPages['/maintenance-schedule']).toBeDefined();
  });

  it('lists a capitalisation with its invoice line and entry, and reverses it', async () => {
    let current = cap;
    const calls = stubServer(
      company,
      route('GET', `/fa/assets/${id}/schedule`, { body: schedule('Active') }),
      route('GET', `/fa/assets/${id}/capitalisations`, () => ({ body: [current] })),
      route('POST', `/fa/capitalisations/${capId}/reverse`, () => {
        current = { ...cap, status: 'Reversed', reversalJournalId: '40000000-0000-4000-8000-000000000078' };
        return { body: current };
      }),
    );
    renderWithProviders(<CapitalisationPanel id={id} />, { user: adminUser, path: `/asset?id=${id}` });
    const table = await screen.findByRole('table', { name: 'Capitalisations' });
    const row = await within(table).findByText('Maintenance');
    const text = row.closest('tr')!.textContent;
    expect(text).toMatch(/27\/11\/2026|27\/11\/26/);
    expect(text).toContain('1,560.00');
    expect(text).toContain('2026-11');
    expect(text).toContain('VI2026-000001 line 1');
    expect(within(row.closest('tr')!).getByRole('link', { name: 'JV2026-000002' }).getAttribute('href')).toBe(`/journal?id=${cap.journalId}`);
    expect(screen.getByRole('button', { name: 'Capitalise from vendor invoice' })).toBeTruthy();
    fireEvent.click(within(row.closest('tr')!).getByRole('button', { name: 'Reverse' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/fa/capitalisations/${capId}/reverse`)).toBe(true));
    await within(table).findByText('Reversed');
    expect(within(table).queryByRole('button', { name: 'Reverse' })).toBeNull();
  });

  it('offers no capitalisation on a disposed asset', async () => {
    const calls = stubServer(company, route('GET', `/fa/assets/${id}/schedule`, { body: schedule('Disposed') }), route('GET', `/fa/assets/${id}/capitalisations`, { body: [] }));
    renderWithProviders(<CapitalisationPanel id={id} />, { user: adminUser, path: `/asset?id=${id}` });
    await screen.findByRole('table', { name: 'Capitalisations' });
    await waitFor(() => expect(calls.some((c) => c.path === `/fa/assets/${id}/schedule`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Capitalise from vendor invoice' })).toBeNull();
  });
});
