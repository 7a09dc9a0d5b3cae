// Proves the line grid: running totals in exact decimals as you type, Enter adds a line, Ctrl+Delete removes one, a tax code per line, the saved body carries the typed strings, and Post sends one idempotent request.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { StandardJournalPage } from '../pages/JournalEditorPage';
import { adminUser, draftView, gateRoute, ids, referenceRoutes, route, stubServer } from './ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rows = () => within(screen.getByRole('table', { name: 'Journal lines' })).getAllByRole('row').slice(1);
const cell = (row: number, label: string) => within(rows()[row]!).getByLabelText(label);
const totals = () => screen.getByTestId('totals-USD');

describe('journal line grid', () => {
  it('totals 0.1 + 0.2 as exactly 0.30 and highlights the difference until it is zero', async () => {
    stubServer(...referenceRoutes);
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    await screen.findByRole('table', { name: 'Journal lines' });
    await user.type(cell(0, 'Debit'), '0.1');
    await user.type(cell(1, 'Debit'), '0.2');
    expect(within(totals()).getByTestId('total-debit').textContent).toContain('0.30');
    expect(within(totals()).getByTestId('total-difference').textContent).toContain('0.30');
    expect(within(totals()).getByTestId('total-difference').className).toMatch(/error/);

    // Enter on the last cell of line 2 adds line 3 and puts the focus in its account cell.
    fireEvent.keyDown(cell(1, 'Dimensions'), { key: 'Enter' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await waitFor(() => expect(document.activeElement).toBe(cell(2, 'Account')));
    await user.type(cell(2, 'Credit'), '0.3');
    expect(within(totals()).getByTestId('total-credit').textContent).toContain('0.30');
    expect(within(totals()).getByTestId('total-difference').textContent).toContain('0.00');
    expect(within(totals()).getByTestId('total-difference').className).toMatch(/success/);
  });

  it('shows an amount as typed while its cell has the focus, in the locale once it has not', async () => {
    stubServer(...referenceRoutes);
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    await screen.findByRole('table', { name: 'Journal lines' });
    const debit = cell(0, 'Debit') as HTMLInputElement;
    await user.type(debit, '1234567.5');
    expect(debit.value).toBe('1234567.5');
    await user.click(cell(1, 'Credit'));
    expect(debit.value).toBe('1,234,567.50');
    await user.click(debit);
    expect(debit.value).toBe('1234567.5');
    // A text that is no amount stays as typed, in red.
    await user.clear(debit);
    await user.type(debit, '12.3.4');
    await user.click(cell(1, 'Credit'));
    expect(debit.value).toBe('12.3.4');
    expect(debit.className).toMatch(/ant-input-status-error/);
  });

  it('removes the line with Ctrl+Delete and moves the focus to the next one', async () => {
    stubServer(...referenceRoutes);
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: '/journal' });
    await screen.findByRole('table', { name: 'Journal lines' });
    await user.type(cell(0, 'Debit'), '5');
    await user.type(cell(1, 'Credit'), '7');
    act(() => cell(0, 'Debit').focus());
    fireEvent.keyDown(cell(0, 'Debit'), { key: 'Delete', ctrlKey: true });
    await waitFor(() => expect(rows()).toHaveLength(1));
    // Not focused: the amount in the locale.
    expect((cell(0, 'Credit') as HTMLInputElement).value).toBe('7.00');
    expect(document.activeElement).toBe(cell(0, 'Debit'));
    expect(within(totals()).getByTestId('total-difference').textContent).toContain('-7.00');
  });

  it('saves the grid as typed: exact amount strings, the description, blank lines left out', async () => {
    const calls = stubServer(...referenceRoutes, route('GET', `/gl/journals/${ids.journal}`, { body: draftView() }), route('PUT', `/gl/journals/${ids.journal}`, { body: draftView() }));
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${ids.journal}` });
    await screen.findByRole('table', { name: 'Journal lines' });
    expect(cell(0, 'Account').closest('.ant-select')!.textContent).toContain('6100 · Rent');
    await user.clear(cell(0, 'Debit'));
    await user.type(cell(0, 'Debit'), '1000.10');
    await user.type(cell(0, 'Line description'), 'March rent');
    await user.clear(cell(1, 'Credit'));
    await user.type(cell(1, 'Credit'), '1000.1');
    fireEvent.keyDown(cell(1, 'Dimensions'), { key: 'Enter' }); // a blank third line
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      kind: 'Standard',
      journalDate: '2026-03-15',
      description: 'Office rent',
      lines: [
        { account: ids.rent, description: 'March rent', currency: 'USD', debit: '1000.10' },
        { account: ids.petty, currency: 'USD', credit: '1000.1' },
      ],
    });
  });

  it('takes a tax code per line: the tax cell is the last one (Enter there adds a line), and the draft keeps it', async () => {
    const vat = '50000000-0000-4000-8000-000000000020';
    const taxes = route('GET', '/gl/taxes?limit=500', { body: { items: [{ id: vat, code: 'VAT20', name: 'VAT 20%', rate: '20.0000', active: true }], total: 1 } });
    const saved = draftView({ lines: draftView().lines.map((l, i) => (i === 0 ? { ...l, tax: vat } : l)) });
    const calls = stubServer(...referenceRoutes, taxes, route('GET', `/gl/journals/${ids.journal}`, { body: saved }), route('PUT', `/gl/journals/${ids.journal}`, { body: saved }));
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${ids.journal}` });
    await screen.findByRole('table', { name: 'Journal lines' });
    await waitFor(() => expect(cell(0, 'Tax').closest('.ant-select')!.textContent).toContain('VAT20 · VAT 20%'));
    // With taxes the dimensions cell is no longer a line's last: Enter there adds nothing.
    fireEvent.keyDown(cell(1, 'Dimensions'), { key: 'Enter' });
    expect(rows()).toHaveLength(2);
    fireEvent.mouseDown(cell(1, 'Tax'));
    const option = await waitFor(() => document.querySelector('.ant-select-item-option[title="VAT20 · VAT 20%"]') ?? Promise.reject(new Error('no VAT20 option')));
    await act(async () => fireEvent.click(option));
    await waitFor(() => expect(cell(1, 'Tax').closest('.ant-select')!.textContent).toContain('VAT20'));
    fireEvent.keyDown(cell(1, 'Tax'), { key: 'Enter' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as { lines: { tax?: string }[] };
    expect(body.lines.map((l) => l.tax)).toEqual([vat, vat]);
  });

  it('posts once with an Idempotency-Key however often Post is clicked', async () => {
    const posted = draftView({ status: 'Posted', number: 'JV2026-000001', period: 'Mar 2026', totalDebit: '4.20', totalCredit: '4.20' });
    const calls = stubServer(
      ...referenceRoutes,
      // No JournalApproval workflow: the editor offers Post.
      gateRoute('JournalApproval', false),
      route('GET', `/gl/journals/${ids.journal}`, { body: draftView() }),
      route('POST', `/gl/journals/${ids.journal}/post`, { body: posted }),
    );
    const user = userEvent.setup();
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${ids.journal}` });
    const post = await screen.findByRole('button', { name: /Post/ });
    await user.dblClick(post);
    await screen.findByRole('heading', { name: 'Standard journal JV2026-000001' });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
  });
});
