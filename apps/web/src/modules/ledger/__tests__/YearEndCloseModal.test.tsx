// Proves the year-end close: the preview shows the closing entry and the net income, what stops the close disables it, and Close the year sends one keyed request and shows the closing journal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { adminUser, draftView, referenceRoutes, route, stubServer } from '../journals/__tests__/ledger-server';
import { YearEndCloseModal } from '../components/YearEndCloseModal';
import type { ClosingPreview } from '../year-end-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fy = { id: '50000000-0000-4000-8000-000000000001', code: 'FY2026' };
const closingLine = (lineNo: number, code: string, name: string, debit: string, credit: string) => ({
  lineNo, account: `20000000-0000-4000-8000-00000000${code.padStart(4, '0')}`, accountCode: code, accountName: name, currency: 'USD', dimensions: {}, rate: '1', debit, credit, baseDebit: debit, baseCredit: credit,
});
const preview = (blockers: string[]): ClosingPreview => ({
  fiscalYear: { id: fy.id, code: 'FY2026', name: 'Fiscal year 2026', startDate: '2026-01-01', endDate: '2026-12-31', status: 'Open' },
  period: { id: '50000000-0000-4000-8000-000000000014', name: 'Adjustment', status: 'Open' },
  date: '2026-12-31',
  baseCurrency: 'USD',
  retainedEarnings: { id: '20000000-0000-4000-8000-000000003100', code: '3100', name: 'Retained Earnings' },
  netIncome: '1500.00',
  lines: [closingLine(1, '4000', 'Sales Revenue', '5000.00', '0.00'), closingLine(2, '6100', 'Rent', '0.00', '3500.00'), closingLine(3, '3100', 'Retained Earnings', '0.00', '1500.00')],
  closingJournal: null,
  blockers,
});

describe('year-end close', () => {
  it('shows what stops the close and offers no close then', async () => {
    const calls = stubServer(...referenceRoutes, route('GET', `/gl/fiscal-years/${fy.id}/closing-entry`, { body: preview(['1 draft journal remains in fiscal year FY2026: post or delete it first']) }));
    renderWithProviders(<YearEndCloseModal fiscalYear={fy} open onClose={() => undefined} />, { user: adminUser });
    await screen.findByText('1 draft journal remains in fiscal year FY2026: post or delete it first');
    expect(screen.getByRole('button', { name: 'Close the year' })).toHaveProperty('disabled', true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('previews the closing entry, then closes the year once with an Idempotency-Key', async () => {
    const closing = draftView({ kind: 'Adjustment', status: 'Posted', number: 'AJ2026-000001' });
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', `/gl/fiscal-years/${fy.id}/closing-entry`, { body: preview([]) }),
      route('POST', `/gl/fiscal-years/${fy.id}/close`, { body: { fiscalYear: { id: fy.id, code: 'FY2026', status: 'Closed' }, journal: closing, netIncome: '1500.00', periodsClosed: 14 } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<YearEndCloseModal fiscalYear={fy} open onClose={() => undefined} />, { user: adminUser });
    const entry = await screen.findByRole('table', { name: 'Closing entry' });
    expect(within(entry).getAllByText('5,000.00')).toHaveLength(2);
    expect(screen.getByText('3100 · Retained Earnings', { selector: '.ant-descriptions-item-content' })).toBeTruthy();
    expect(screen.getByText('Net income (USD)').closest('.ant-descriptions-item')!.textContent).toContain('1,500.00');
    await user.click(screen.getByRole('button', { name: 'Close the year' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Close the year' }));
    await screen.findByText('14 periods closed · net income 1,500.00');
    expect(screen.getByRole('link', { name: 'Open closing journal AJ2026-000001' }).getAttribute('href')).toBe(`/adjustment-journal?id=${closing.id}`);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
  });
});
