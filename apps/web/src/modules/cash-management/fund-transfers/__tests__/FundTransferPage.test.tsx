// Proves the fund transfer screen (issue 17): a draft is divided by amount into two legs that add up
// to the transfer and posted with them; legs that do not add up are said before saving; a refusal
// naming a field shows under it; with a FundTransfer workflow it offers Submit for approval; a posted
// transfer shows each leg with its entries and offers the reversal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import FundTransferPage from '../FundTransferPage';
import { id, transferView } from './fund-transfer-fixtures';
import { adminUser, gateRoute, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => vi.unstubAllGlobals());

const common = [...referenceRoutes, route('GET', /lookup/, { body: [] }), route('GET', '/cm/fund-transfers/receivers', { body: [] })];

describe('fund transfer screen', () => {
  it('divides a draft by amount into two legs and posts it with them', async () => {
    const calls = stubServer(
      ...common,
      gateRoute('FundTransfer', false),
      route('GET', `/cm/fund-transfers/${id}`, { body: transferView() }),
      route('PUT', `/cm/fund-transfers/${id}`, { body: transferView() }),
      route('POST', `/cm/fund-transfers/${id}/post`, { body: transferView({ status: 'Posted', number: 'FT2026-000001' }) }),
    );
    renderWithProviders(<FundTransferPage />, { user: adminUser, path: `/fund-transfer?id=${id}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Divide by amount' }));
    const second = screen.getByRole('textbox', { name: 'Amount of leg 2' });
    expect((second as HTMLInputElement).value).toBe('500.00');
    await userEvent.clear(second);
    await userEvent.type(second, '400.00');
    expect(screen.getByRole('status').textContent).toContain('the legs must add up to the transfer');
    const first = screen.getByRole('textbox', { name: 'Amount of leg 1' });
    await userEvent.clear(first);
    await userEvent.type(first, '600.00');
    expect(screen.getByRole('status').textContent).toMatch(/Legs total 1,000\.00 of 1,000\.00$/);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/cm/fund-transfers/${id}/post`)).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { legs: unknown[] }).legs).toEqual([{ amount: '600.00', outDate: '2026-03-02', inDate: '2026-03-02' }, { amount: '400.00', outDate: '2026-03-02', inDate: '2026-03-02' }]);
  });

  it('shows a refusal under the field it names, and offers Submit for approval under a FundTransfer workflow', async () => {
    stubServer(
      ...common,
      gateRoute('FundTransfer', true),
      route('GET', `/cm/fund-transfers/${id}`, { body: transferView() }),
      route('PUT', `/cm/fund-transfers/${id}`, { status: 422, body: { statusCode: 422, message: 'toBank: a transfer moves money to another bank', serverError: 'BusinessRule' } }),
    );
    renderWithProviders(<FundTransferPage />, { user: adminUser, path: `/fund-transfer?id=${id}` });
    expect(await screen.findByRole('button', { name: 'Submit for approval' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect((await screen.findByRole('alert')).textContent).toBe('a transfer moves money to another bank');
  });

  it('keeps a transfer to another company of the group: its company and that company’s bank are offered and saved', async () => {
    const sub = '94000000-0000-4000-8000-000000000001';
    const subBank = '94000000-0000-4000-8000-000000000002';
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /lookup/, { body: [] }),
      route('GET', '/cm/fund-transfers/receivers', { body: [{ id: sub, code: 'SUB', description: 'Subsidiary', banks: [{ id: subBank, code: 'SUBMAIN', name: 'Sub main', currency: 'USD' }] }] }),
      gateRoute('FundTransfer', false),
      route('GET', `/cm/fund-transfers/${id}`, { body: transferView({ intercompany: true, toCompany: sub, toCompanyCode: 'SUB', toBank: subBank, toBankCode: 'SUBMAIN' }) }),
      route('PUT', `/cm/fund-transfers/${id}`, { body: transferView() }),
    );
    renderWithProviders(<FundTransferPage />, { user: adminUser, path: `/fund-transfer?id=${id}` });
    expect(await screen.findByText('SUB · Subsidiary')).toBeTruthy();
    expect(screen.getByText('SUBMAIN · Sub main (USD)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ toCompany: sub, toBank: subBank }));
  });

  it('shows a posted transfer’s legs with their value dates and entries (a leg through transit has two)', async () => {
    const posted = transferView({
      status: 'Posted', number: 'FT2026-000002',
      legs: [
        { lineNo: 1, amount: '400.00', amountIn: '400.00', fee: '0.00', outDate: '2026-03-02', inDate: '2026-03-02', viaTransit: false, outJournal: '93000000-0000-4000-8000-000000000001', outJournalNumber: 'JV2026-000010', inJournal: '93000000-0000-4000-8000-000000000001', inJournalNumber: 'JV2026-000010' },
        { lineNo: 2, amount: '600.00', amountIn: '600.00', fee: '0.00', outDate: '2026-03-03', inDate: '2026-03-05', viaTransit: true, outJournal: '93000000-0000-4000-8000-000000000002', outJournalNumber: 'JV2026-000011', inJournal: '93000000-0000-4000-8000-000000000003', inJournalNumber: 'JV2026-000012' },
      ],
    });
    stubServer(...common, route('GET', `/cm/fund-transfers/${id}`, { body: posted }));
    renderWithProviders(<FundTransferPage />, { user: adminUser, path: `/fund-transfer?id=${id}` });
    const legs = await screen.findByRole('table', { name: 'Legs' });
    const rows = within(legs).getAllByRole('row').map((r) => r.textContent);
    expect(rows, JSON.stringify(rows)).toEqual(expect.arrayContaining([expect.stringMatching(/^1400\.00400\.0002\/03\/2602\/03\/26JV2026-000010$/), expect.stringMatching(/^2600\.00600\.0003\/03\/2605\/03\/26JV2026-000011 \/ JV2026-000012$/)]));
    expect(screen.getByRole('link', { name: 'JV2026-000012' }).getAttribute('href')).toBe('/journal?id=93000000-0000-4000-8000-000000000003');
    expect(screen.getByRole('button', { name: 'Reverse' })).toBeTruthy();
  });
});
