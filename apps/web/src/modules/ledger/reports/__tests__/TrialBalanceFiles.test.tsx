// Proves the trial balance's files: Export asks the server for XLSX, PDF or CSV of the filters on screen, and "Import as opening balances" previews every row's errors (nothing written), then imports a clean file as a draft opening-balance journal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, draftView, referenceRoutes, route, stubServer } from '../../journals/__tests__/ledger-server';
import TrialBalancePage from '../pages/TrialBalancePage';
import { trialBalanceExportPath, type TbImportResult } from '../reports-api';
import { tbFixture } from './trial-balance-fixture';

const createObjectURL = vi.fn(() => 'blob:trial-balance');
beforeEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  createObjectURL.mockClear();
});

const tbRoute = route('GET', /^\/gl\/trial-balance\?/, { body: tbFixture });
const filter = { from: '2026-01-01', to: '2026-12-31', currency: 'EUR', dimension: 'DEPT=SALES', fromAccount: '1000', toAccount: '', includeZero: true };
const result = (patch: Partial<TbImportResult>): TbImportResult => ({ rows: 2, valid: 2, skipped: 0, errors: [], lines: [], totals: [], journal: null, ...patch });
const line = (row: number, accountCode: string, accountName: string, debit: string, credit: string) => ({ row, accountCode, accountName, currency: 'USD', debit, credit });

describe('trial balance export', () => {
  it('carries every filter of the report and the format', () => {
    expect(trialBalanceExportPath(filter, 'pdf')).toBe('/gl/trial-balance/export?from=2026-01-01&to=2026-12-31&currency=EUR&dimension=DEPT%3DSALES&fromAccount=1000&includeZero=true&format=pdf');
  });

  it('downloads the file the server builds for the report on screen', async () => {
    const calls = stubServer(...referenceRoutes, tbRoute, route('GET', /^\/gl\/trial-balance\/export\?/, { body: 'pdf bytes' }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(<TrialBalancePage />, { user: adminUser, path: '/trial-balance?from=2026-01-01&to=2026-12-31' });
    await screen.findByText('Total 10 · Current Assets');
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await user.click(await screen.findByText('PDF'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path.startsWith('/gl/trial-balance/export')).map((c) => c.path)).toEqual(['/gl/trial-balance/export?from=2026-01-01&to=2026-12-31&format=pdf']);
  });
});

describe('import as opening balances', () => {
  it('shows the errors of a bad file and imports nothing; a clean file becomes a draft journal', async () => {
    const bad = result({ rows: 3, valid: 2, errors: [{ row: 4, field: 'account', message: 'No account with code 9999' }], lines: [line(2, '1020', 'Bank', '1000.00', ''), line(3, '3000', 'Share Capital', '', '1000.00')], totals: [{ currency: 'USD', debit: '1000.00', credit: '1000.00' }] });
    const clean = result({ lines: bad.lines, totals: bad.totals });
    const journal = draftView({ kind: 'OpeningBalance', description: 'Opening balances from tb.csv' });
    const calls = stubServer(
      ...referenceRoutes,
      tbRoute,
      route('POST', '/gl/trial-balance/import', (call) => {
        const body = call.body as { fileName: string; dryRun: boolean };
        if (!body.dryRun) return { body: { ...clean, journal } };
        return { body: body.fileName === 'bad.csv' ? bad : clean };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<TrialBalancePage />, { user: adminUser, path: '/trial-balance?from=2026-01-01&to=2026-12-31' });
    await user.click(await screen.findByRole('button', { name: /Import as opening balances/ }));
    const dialog = await screen.findByRole('dialog');
    const input = () => dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input(), new File(['Account,Debit,Credit\n1020,1000,\n3000,,1000\n9999,5,\n'], 'bad.csv', { type: 'text/csv' }));
    const errors = await within(dialog).findByRole('table', { name: 'Import errors' });
    expect(within(errors).getByText('No account with code 9999')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import as draft' })).toHaveProperty('disabled', true);
    expect(within(within(dialog).getByRole('table', { name: 'Lines to import' })).getAllByText('1,000.00')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    await user.upload(input(), new File(['Account,Debit,Credit\n1020,1000,\n3000,,1000\n'], 'tb.csv', { type: 'text/csv' }));
    const importButton = await within(dialog).findByRole('button', { name: 'Import as draft' });
    await waitFor(() => expect(importButton).toHaveProperty('disabled', false));
    await user.click(importButton);
    await within(dialog).findByText(/saved as a draft/);
    expect(within(dialog).getByRole('link', { name: 'Open the journal' }).getAttribute('href')).toBe(`/opening-balance-journal?id=${journal.id}`);
    const imports = calls.filter((c) => c.path === '/gl/trial-balance/import').map((c) => c.body as { fileName: string; dryRun: boolean; post: boolean; journalDate: string });
    expect(imports.map((b) => [b.fileName, b.dryRun, b.post, b.journalDate])).toEqual([
      ['bad.csv', true, false, '2026-01-01'],
      ['tb.csv', true, false, '2026-01-01'],
      ['tb.csv', false, false, '2026-01-01'],
    ]);
  });
});
