// Proves /journal-reversal: a posted journal is reversed on the chosen date with one keyed request, then shows the link to its reversal, and the reversals list pairs each reversal with its original.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, draftView, ids, referenceRoutes, route, stubServer } from '../../journals/__tests__/ledger-server';
import JournalReversalPage from '../pages/JournalReversalPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const reversalId = '40000000-0000-4000-8000-000000000002';
const posted = draftView({ status: 'Posted', number: 'JV2026-000001', period: 'Mar 2026', totalDebit: '4.20', totalCredit: '4.20' });
const reversal = draftView({ id: reversalId, kind: 'Reversal', status: 'Posted', number: 'JV2026-000002', journalDate: '2026-04-01', reversalOf: ids.journal, description: 'Reversal of JV2026-000001: Office rent' });
const reversalItem = { id: reversalId, number: 'JV2026-000002', kind: 'Reversal', status: 'Posted', journalDate: '2026-04-01', description: reversal.description, reference: null, total: '4.20', baseCurrency: 'USD', reversalOf: ids.journal, reversedBy: null };

describe('journal reversal', () => {
  it('reverses the chosen journal once, keyed, and links the original to its reversal', async () => {
    let reversed = false;
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', `/gl/journals/${ids.journal}`, () => ({ body: reversed ? { ...posted, status: 'Reversed', reversedBy: reversalId } : posted })),
      route('GET', `/gl/journals/${reversalId}`, { body: reversal }),
      route('GET', /^\/gl\/journals\?kind=Reversal/, () => ({ body: reversed ? { items: [reversalItem], total: 1 } : { items: [], total: 0 } })),
      route('GET', /^\/gl\/journals\?status=Posted/, { body: { items: [], total: 0 } }),
      route('POST', `/gl/journals/${ids.journal}/reverse`, () => {
        reversed = true;
        return { body: reversal };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<JournalReversalPage />, { user: adminUser, path: `/journal-reversal?id=${ids.journal}` });
    expect(await screen.findByText('No journal reversed yet')).toBeTruthy();
    await screen.findByText('Office rent');
    await user.click(screen.getByRole('button', { name: /Reverse/ }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Reverse' }));
    await screen.findAllByText(/is reversed by/);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
    expect(posts[0]!.body).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown });
    const link = await screen.findAllByRole('link', { name: 'JV2026-000002' });
    expect(link[0]!.getAttribute('href')).toBe(`/journal?id=${reversalId}`);
    // The hidden confirmation keeps its own button in the page: the form's button is the first.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Reverse/ })[0]).toHaveProperty('disabled', true));
    const list = screen.getByRole('table', { name: 'Reversals' });
    await waitFor(() => expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['JV2026-000002', 'JV2026-000001']));
  });

  it('does not offer to reverse a draft', async () => {
    stubServer(
      ...referenceRoutes,
      route('GET', `/gl/journals/${ids.journal}`, { body: draftView() }),
      route('GET', /^\/gl\/journals\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<JournalReversalPage />, { user: adminUser, path: `/journal-reversal?id=${ids.journal}` });
    await screen.findByText(/is draft: only a posted journal can be reversed/);
    expect(screen.getByRole('button', { name: /Reverse/ })).toHaveProperty('disabled', true);
  });
});
