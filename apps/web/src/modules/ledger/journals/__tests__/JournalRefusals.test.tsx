// Proves issue 14 edges 1 and 3 in the journal editor: Post cannot be pressed while the difference is open (the reason is shown and nothing is sent), and a refusal of the server is marked on the grid line it names, not only in a banner.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { StandardJournalPage } from '../pages/JournalEditorPage';
import { adminUser, draftView, gateRoute, ids, referenceRoutes, route, stubServer } from './ledger-server';

afterEach(() => vi.unstubAllGlobals());

const rows = () => within(screen.getByRole('table', { name: 'Journal lines' })).getAllByRole('row').slice(1);

describe('journal refusals', () => {
  it('disables Validate and Post with the reason while debits and credits differ, and writes nothing', async () => {
    const calls = stubServer(...referenceRoutes, gateRoute('JournalApproval', false));
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    await screen.findByRole('table', { name: 'Journal lines' });
    await user.type(within(rows()[0]!).getByLabelText('Debit'), '10');
    await user.type(within(rows()[1]!).getByLabelText('Credit'), '9.99');
    const post = await screen.findByRole('button', { name: /Post/ });
    expect((post as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Validate/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('blocked-reason').textContent).toBe('Debits and credits differ by 0.01 USD');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('marks the line a refusal of the server names, counted as the grid counts', async () => {
    stubServer(
      ...referenceRoutes,
      gateRoute('JournalApproval', false),
      route('GET', `/gl/journals/${ids.journal}`, { body: draftView() }),
      route('POST', `/gl/journals/${ids.journal}/post`, { status: 422, body: { message: 'Line 2: the account 1010 is a control account', statusCode: 422 } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${ids.journal}` });
    await user.click(await screen.findByRole('button', { name: /Post/ }));
    const marker = await screen.findByTestId('line-refusal');
    expect(marker.getAttribute('aria-label')).toBe('Line 2: the account 1010 is a control account');
    expect(rows()[1]!.getAttribute('aria-invalid')).toBe('true');
    expect(rows()[0]!.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('document-refusals').textContent).toContain('Line 2: the account 1010 is a control account');
  });

  it('marks the header field its own check names before anything is sent', async () => {
    const calls = stubServer(...referenceRoutes, gateRoute('JournalApproval', false));
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    await user.click(await screen.findByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(screen.getByLabelText('Description').closest('.ant-form-item-has-error')).toBeTruthy());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
