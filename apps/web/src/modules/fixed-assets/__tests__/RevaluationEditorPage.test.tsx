// Proves /revaluation-schedule (issue 18): a draft revaluation shows per asset its cost, the accumulated depreciation eliminated,
// the book value, the fair value, the change and its split between the reserve and profit or loss, the depreciation after, and the
// lines of its entry; Post calls the documents kit's route with an idempotency key and the page then reads as posted with Reverse.
// The pages and the /journal subjects of RevaluationSchedule and DisposalSchedule tasks are registered.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssetRevaluationView, DocumentEntry, DocumentHistory } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { adminUser, gateRoute, route, stubServer } from '../../ledger/journals/__tests__/ledger-server';
import { RevaluationEditorPage } from '../RevaluationEditorPage';
import { fixedAssetPages, fixedAssetTaskSubjects } from '../index';

afterEach(() => vi.unstubAllGlobals());

const id = '89000000-0000-4000-8000-000000000011';
const asset = '88000000-0000-4000-8000-000000000012';

const draft: AssetRevaluationView = {
  id, kind: 'Revaluation', number: 'RV2026-000001', status: 'Draft', revaluationDate: '2026-03-31', description: "Valuer's report", currency: 'USD',
  lines: [{
    asset, assetCode: 'FA-0009', assetDescription: 'Warehouse', assetStatus: 'Active', cost: '1200.00', accumulated: '300.00', netBookValue: '900.00', fairValue: '1800.00',
    change: '900.00', reserve: '900.00', profitOrLoss: '0.00', surplusBefore: '0.00', deficitBefore: '0.00', monthsLeft: 9, nextDepreciation: '200.00', problem: null,
  }],
  entryLines: [
    { role: 'Accumulated depreciation eliminated', assetCode: 'FA-0009', account: '1510', debit: '300.00', credit: '0.00' },
    { role: 'Cost: elimination', assetCode: 'FA-0009', account: '1500', debit: '0.00', credit: '300.00' },
    { role: 'Cost: revaluation increase', assetCode: 'FA-0009', account: '1500', debit: '900.00', credit: '0.00' },
    { role: 'Revaluation surplus', assetCode: 'FA-0009', account: '3900', debit: '0.00', credit: '900.00' },
  ],
  change: '900.00', reserve: '900.00', profitOrLoss: '0.00', journalId: null, journalNumber: null,
};
const posted: AssetRevaluationView = { ...draft, status: 'Posted', journalId: '40000000-0000-4000-8000-000000000078', journalNumber: 'JN2026-000078' };
const entry: DocumentEntry = { posted: false, journal: null, journalNumber: null, date: '2026-03-31', lines: [] };
const history: DocumentHistory = { current: null, items: [] };
const company = route('GET', '/gl/GetFullCompany', { body: { id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-03-01', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });
const common = [
  company, gateRoute('RevaluationSchedule', false), route('GET', `/fa/revaluations/${id}/entry`, { body: entry }), route('GET', /^\/workflow\/history\?/, { body: history }),
  route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }), route('GET', /^\/fa\/assets\/lookup/, { body: [] }),
];

describe('/revaluation-schedule', () => {
  it('is registered with /revaluation-schedules, and /journal has the subjects of revaluation and disposal tasks', async () => {
    expect((await fixedAssetPages['/revaluation-schedule']!()).default).toBe(RevaluationEditorPage);
    expect(fixedAssetPages['/revaluation-schedules']).toBeDefined();
    expect((await fixedAssetTaskSubjects.RevaluationSchedule!()).default.name).toBe('RevaluationSubject');
    expect((await fixedAssetTaskSubjects.DisposalSchedule!()).default.name).toBe('DisposalSubject');
  });

  it('shows what a draft would post, posts it with an idempotency key, then offers Reverse', async () => {
    let current = draft;
    const calls = stubServer(
      ...common,
      route('GET', `/fa/revaluations/${id}`, () => ({ body: current })),
      route('POST', `/fa/revaluations/${id}/post`, () => {
        current = posted;
        return { body: posted };
      }),
    );
    renderWithProviders(<RevaluationEditorPage />, { user: adminUser, path: `/revaluation-schedule?id=${id}` });
    const figures = await screen.findByRole('table', { name: 'Revaluation figures' });
    const row = await within(figures).findByRole('row', { name: /FA-0009/ });
    expect(within(row).getByRole('link', { name: 'FA-0009 Warehouse' }).getAttribute('href')).toBe(`/asset?id=${asset}`);
    expect(row.textContent).toContain('1,800.00');
    expect(row.textContent).toContain('200.00 a month, 9 months');
    const rows = within(screen.getByRole('table', { name: 'Lines of the revaluation' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(expect.arrayContaining([expect.stringMatching(/Revaluation surplus.*3900.*900\.00/), expect.stringMatching(/Accumulated depreciation eliminated.*1510.*300\.00/)]));
    expect((screen.getByLabelText('Fair value of line 1') as HTMLInputElement).value).toBe('1800.00');
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /Post/ }));
    await screen.findByRole('link', { name: 'Journal JN2026-000078' });
    const post = calls.find((c) => c.method === 'POST' && c.path === `/fa/revaluations/${id}/post`);
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reverse' })).toBeTruthy());
    expect(screen.queryByLabelText('Fair value of line 1')).toBeNull();
  });
});
