// Proves the phone layout of the line grid (docs/breakpoints.md "Grids"): each line a card with labelled fields, the live
// difference, Enter in the last main field adds the next card with the focus in its account, a remove button per card,
// currency and the rest behind More; above a phone the same editor shows the table.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { StandardJournalPage } from '../pages/JournalEditorPage';
import { adminUser, referenceRoutes, stubServer } from './ledger-server';

/** A 375 px wide window: every max-width query of 767 px and more matches, no min-width query does. */
function stubPhone(): void {
  const phone = (query: string) => ({
    matches: /max-width/.test(query) && !/min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  vi.spyOn(window, 'matchMedia').mockImplementation(phone);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const cards = () => within(screen.getByRole('list', { name: 'Journal lines' })).getAllByRole('listitem');
const field = (card: number, label: string) => within(cards()[card]!).getByLabelText(label);
const totals = () => screen.getByTestId('totals-USD');

describe('journal lines on a phone', () => {
  it('shows each line as a card, keeps the live difference, and adds a card with Enter in the description', async () => {
    stubPhone();
    stubServer(...referenceRoutes);
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    await screen.findByRole('list', { name: 'Journal lines' });
    expect(screen.queryByRole('table', { name: 'Journal lines' })).toBeNull();
    expect(cards()).toHaveLength(2);
    expect(cards()[0]!.getAttribute('aria-label')).toBe('Line 1');
    // Visible labels name the controls (a click on a label focuses its field).
    for (const label of ['Account', 'Debit', 'Credit', 'Description']) expect(within(cards()[0]!).getByText(label, { selector: 'label' })).toBeTruthy();

    await user.type(field(0, 'Debit'), '100.10');
    await user.type(field(1, 'Credit'), '100');
    expect(within(totals()).getByTestId('total-difference').textContent).toContain('0.10');
    expect(within(totals()).getByTestId('total-difference').className).toMatch(/error/);

    await user.type(field(1, 'Description'), 'Fees');
    fireEvent.keyDown(field(1, 'Description'), { key: 'Enter' });
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() => expect(document.activeElement).toBe(field(2, 'Account')));
    await user.type(field(2, 'Credit'), '0.1');
    expect(within(totals()).getByTestId('total-difference').textContent).toContain('0.00');
    expect(within(totals()).getByTestId('total-difference').className).toMatch(/success/);
  });

  it('removes a card with its button and shows currency and rate behind More', async () => {
    stubPhone();
    stubServer(...referenceRoutes);
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    await screen.findByRole('list', { name: 'Journal lines' });
    await user.type(field(1, 'Credit'), '7');
    await user.click(within(cards()[0]!).getByRole('button', { name: 'Remove line 1' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect((field(0, 'Credit') as HTMLInputElement).value).toBe('7.00');

    expect(within(cards()[0]!).queryByLabelText('Currency')).toBeNull();
    const more = within(cards()[0]!).getByRole('button', { name: /^More/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(field(0, 'Currency')).toBeTruthy();
    expect(field(0, 'Rate')).toBeTruthy();
  });

  it('shows the table above a phone', async () => {
    stubServer(...referenceRoutes);
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    await screen.findByRole('table', { name: 'Journal lines' });
    expect(screen.queryByRole('list', { name: 'Journal lines' })).toBeNull();
  });
});
