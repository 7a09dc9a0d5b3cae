// Proves the intercompany editor: each company's running totals and due line follow the grid as you type, the entry balance shows per currency, the saved body carries every line's company, and Post sends one idempotent request and then shows both companies' journals.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IntercompanyJournalView, IntercompanyPartner, JournalView } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, draftView, ids, referenceRoutes, route, stubServer } from '../../journals/__tests__/ledger-server';
import IntercompanyJournalPage from '../pages/IntercompanyJournalPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

// referenceRoutes answer GetFullCompany with id ids.journal, code HO, base USD.
const HO = { id: ids.journal, code: 'HO', description: 'Head Office', baseCurrency: 'USD' };
const SUB = { id: '50000000-0000-4000-8000-000000000001', code: 'SUB', description: 'Subsidiary', baseCurrency: 'USD' };
const icId = '60000000-0000-4000-8000-000000000001';
const partner: IntercompanyPartner = { ...SUB, dueFromAccount: null, dueFromLabel: null, dueToAccount: null, dueToLabel: null, partnerReady: true };

function icDraft(patch: Partial<IntercompanyJournalView> = {}): IntercompanyJournalView {
  const line = (lineNo: number, company: string, account: string, code: string, debit: string, credit: string) => ({ lineNo, company, account, accountCode: code, accountName: code, description: null, currency: 'USD', rate: '', debit, credit, dimensions: {} });
  return {
    id: icId, status: 'Draft', company: HO, partnerCompany: SUB, journalDate: '2026-02-10', description: 'Rent for SUB', reference: null, template: null, createdAt: '2026-02-10T10:00:00.000Z', postedAt: null,
    lines: [line(1, SUB.id, ids.rent, '6100', '1000.00', '0.00'), line(2, HO.id, ids.petty, '1010', '0.00', '1000.00')],
    legs: [],
    ...patch,
  };
}
const leg = (company: typeof HO, number: string): { company: typeof HO; journal: JournalView; reversalNumber: null } => ({
  company, journal: draftView({ id: company.id === HO.id ? '70000000-0000-4000-8000-000000000001' : '70000000-0000-4000-8000-000000000002', kind: 'Intercompany', status: 'Posted', number, totalDebit: '1000.00', totalCredit: '1000.00' }), reversalNumber: null,
});

const routes = (view = icDraft()) => [...referenceRoutes, route('GET', '/gl/intercompany-partners', { body: [partner] }), route('GET', `/gl/intercompany-journals/${icId}`, { body: view })];
const rows = () => within(screen.getByRole('table', { name: 'Intercompany lines' })).getAllByRole('row').slice(1);
const cell = (row: number, label: string) => within(rows()[row]!).getByLabelText(label);
const card = (code: string) => screen.getByTestId(`company-totals-${code}`);

describe('intercompany journal editor', () => {
  it("totals each company's lines apart and shows the due line each will get", async () => {
    stubServer(...routes());
    const user = userEvent.setup();
    renderWithProviders(<IntercompanyJournalPage />, { user: adminUser, path: `/intercompany-journal?id=${icId}` });
    await screen.findByRole('table', { name: 'Intercompany lines' });
    expect(within(card('HO')).getByTestId('total-credit').textContent).toContain('1,000.00');
    expect(within(card('SUB')).getByTestId('total-debit').textContent).toContain('1,000.00');
    expect(screen.getByTestId('due-HO-USD').textContent).toBe('Due from SUB: 1,000.00 USD');
    expect(screen.getByTestId('due-SUB-USD').textContent).toBe('Due to HO: 1,000.00 USD');
    expect(screen.getByTestId('entry-balance').textContent).toContain('balanced in USD');

    await user.clear(cell(1, 'Credit'));
    await user.type(cell(1, 'Credit'), '999.99');
    expect(screen.getByTestId('due-HO-USD').textContent).toBe('Due from SUB: 999.99 USD');
    expect(screen.getByTestId('entry-balance').textContent).toContain('USD differs by 0.01');
  });

  it('saves every line with its company, amounts as typed', async () => {
    const calls = stubServer(...routes(), route('PUT', `/gl/intercompany-journals/${icId}`, { body: icDraft() }));
    const user = userEvent.setup();
    renderWithProviders(<IntercompanyJournalPage />, { user: adminUser, path: `/intercompany-journal?id=${icId}` });
    await screen.findByRole('table', { name: 'Intercompany lines' });
    await user.type(cell(0, 'Line description'), 'Feb');
    await user.click(screen.getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      partnerCompany: SUB.id, journalDate: '2026-02-10', description: 'Rent for SUB',
      lines: [
        { company: SUB.id, account: ids.rent, description: 'Feb', currency: 'USD', debit: '1000.00' },
        { company: HO.id, account: ids.petty, currency: 'USD', credit: '1000.00' },
      ],
    });
  });

  it('posts once with an Idempotency-Key and then shows both journals, linking the one of this company', async () => {
    const posted = icDraft({ status: 'Posted', postedAt: '2026-02-10T11:00:00.000Z', legs: [leg(HO, 'JV2026-000001'), leg(SUB, 'JV2026-000007')] });
    let current = icDraft();
    const calls = stubServer(
      route('POST', `/gl/intercompany-journals/${icId}/post`, () => ((current = posted), { body: posted })),
      route('GET', `/gl/intercompany-journals/${icId}`, () => ({ body: current })),
      ...routes(),
    );
    const user = userEvent.setup();
    renderWithProviders(<IntercompanyJournalPage />, { user: adminUser, path: `/intercompany-journal?id=${icId}` });
    await user.dblClick(await screen.findByRole('button', { name: /Post/ }));
    await screen.findByRole('heading', { name: 'Intercompany journal JV2026-000001 / JV2026-000007' });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
    expect(within(screen.getByTestId('leg-HO')).getByRole('link', { name: 'JV2026-000001' }).getAttribute('href')).toBe('/journal?id=70000000-0000-4000-8000-000000000001');
    expect(within(screen.getByTestId('leg-SUB')).queryByRole('link', { name: 'JV2026-000007' })).toBeNull();
  });
});
