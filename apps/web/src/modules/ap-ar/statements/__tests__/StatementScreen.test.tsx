// Proves the statement view of /customer-statement (issue 16): the party from the address opens its
// statement per currency (opening, lines with their running balance, closing, right-aligned amounts in
// the company's locale), the ageing on the last day, and Mail sends it to the contact shown, editable.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartyStatement } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { CustomerAgeingPage } from '../../ageing/AgeingPage';
import { adminUser, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const party = '82000000-0000-4000-8000-000000000001';
const journal = '85000000-0000-4000-8000-000000000001';
const statement: PartyStatement = {
  party: { id: party, code: 'C1', name: 'Acme', mail: 'accounts@acme.example' },
  from: '2026-02-01', to: '2026-03-31', baseCurrency: 'USD',
  sections: [{
    currency: 'USD', opening: '1000.00', debit: '500.00', credit: '1200.00', closing: '300.00', baseClosing: '300.00',
    lines: [
      { date: '2026-02-01', journal, journalNumber: 'JV-7', kind: 'Invoice', document: journal, documentNumber: 'CI2026-000002', description: 'February', debit: '500.00', credit: '0.00', balance: '1500.00' },
      { date: '2026-02-20', journal, journalNumber: 'JV-8', kind: 'Receipt', document: journal, documentNumber: 'CP2026-000001', description: 'Paid', debit: '0.00', credit: '1200.00', balance: '300.00' },
    ],
  }],
  ageing: { buckets: ['Current', '1-30', '31-60', '61-90', 'Over 90'], rows: [{ party, partyCode: 'C1', partyName: 'Acme', currency: 'USD', buckets: ['0.00', '300.00', '0.00', '0.00', '0.00'], total: '300.00', baseBuckets: ['0.00', '300.00', '0.00', '0.00', '0.00'], baseTotal: '300.00' }] },
};

describe('customer statement', () => {
  it('shows the opening, each posting with its running balance, the closing and the ageing, and mails it', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /^\/ar\/customer-statement\?/, { body: statement }),
      route('POST', /^\/ar\/customer-statement\/mail\?/, (call) => ({ body: { to: (call.body as { to: string }).to, mailId: '86000000-0000-4000-8000-000000000001' } })),
      route('GET', /lookup/, { body: [] }),
      route('GET', /customer-groups/, { body: { items: [], total: 0 } }),
      route('GET', /customer-ageing/, { body: { asOf: '2026-03-31', basis: 'DueDate', baseCurrency: 'USD', buckets: [], rows: [], total: 0, currencies: [], baseBuckets: [], baseTotal: '0.00' } }),
    );
    renderWithProviders(<CustomerAgeingPage />, { user: adminUser, path: `/customer-statement?view=statement&party=${party}` });
    const table = await screen.findByRole('table', { name: 'Statement USD' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows.map((r) => [r[1], r[4], r[5], r[6]])).toEqual([
      ['Opening balance', '', '', '1,000.00'],
      ['Invoice CI2026-000002', '500.00', '', '1,500.00'],
      ['Receipt CP2026-000001', '', '1,200.00', '300.00'],
      ['Closing balance', '500.00', '1,200.00', '300.00'],
    ]);
    expect(screen.getByText('300.00 USD')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Statement ageing' })).toBeTruthy();
    const url = calls.find((c) => c.path.startsWith('/ar/customer-statement?'))!.path;
    expect(url).toContain(`party=${party}`);
    await userEvent.click(screen.getByRole('button', { name: 'Mail…' }));
    const to = await screen.findByRole('textbox', { name: 'To' });
    expect((to as HTMLInputElement).value).toBe('accounts@acme.example');
    await userEvent.clear(to);
    await userEvent.type(to, 'ap@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && (c.body as { to?: string })?.to === 'ap@acme.example')).toBe(true));
  });
});
