// Proves the posted lines table names each line's tax code (a column only for a journal with a taxed line), on a wide screen.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { stubWideScreen } from '../../../../test/wide-screen';
import { PostedLinesTable } from '../components/PostedLinesTable';
import { adminUser, draftView, route, stubServer } from './ledger-server';

const vat = '50000000-0000-4000-8000-000000000020';
const posted = draftView({ status: 'Posted', number: 'JV2026-000002', period: 'Mar 2026' });

beforeEach(stubWideScreen);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('posted lines', () => {
  it('shows the tax code of each taxed line', async () => {
    const calls = stubServer(route('GET', '/gl/taxes?limit=500', { body: { items: [{ id: vat, code: 'VAT20', name: 'VAT 20%', rate: '20.0000', active: true }], total: 1 } }));
    const view = { ...posted, lines: posted.lines.map((l, i) => ({ ...l, baseDebit: l.debit, baseCredit: l.credit, tax: i === 0 ? vat : null })) };
    renderWithProviders(<PostedLinesTable view={view} />, { user: adminUser });
    const table = screen.getByRole('table', { name: 'Posted lines' });
    expect(within(table).getByRole('columnheader', { name: 'Tax' })).toBeTruthy();
    await waitFor(() => expect(within(table).getByText('VAT20')).toBeTruthy());
    expect(calls.filter((c) => c.path.startsWith('/gl/taxes'))).toHaveLength(1);
  });

  it('has no tax column, and reads no taxes, when no line is taxed', () => {
    const calls = stubServer();
    renderWithProviders(<PostedLinesTable view={{ ...posted, lines: posted.lines.map((l) => ({ ...l, baseDebit: l.debit, baseCredit: l.credit })) }} />, { user: adminUser });
    const table = screen.getByRole('table', { name: 'Posted lines' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Tax');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Dimensions');
    expect(calls).toHaveLength(0);
  });
});
