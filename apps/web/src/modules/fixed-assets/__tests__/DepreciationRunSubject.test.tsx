// Proves /journal opened from a DepreciationSchedule task (SPEC.md section 2 sends it there): the registry's DepreciationRunSubject
// shows the run (period, classes, assets, amount, its lines, the assets it leaves out and why), the entry it will post as a preview,
// and the decision, and never asks for a journal of the run's id.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DepreciationRunView, DocumentEntry, DocumentHistory, InstanceView } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { StandardJournalPage } from '../../ledger/journals/pages/JournalEditorPage';
import { adminUser, route, stubServer } from '../../ledger/journals/__tests__/ledger-server';

afterEach(() => vi.unstubAllGlobals());

const me = adminUser.activeUser.code;
const id = '87000000-0000-4000-8000-000000000001';
const skipped = '88000000-0000-4000-8000-000000000001';

const run: DepreciationRunView = {
  id, kind: 'Run', number: 'DR2026-000004', status: 'Draft', period: '2026-02', periodEnd: '2026-02-28', assetClass: null, assetClassCode: null, detail: 'Per class and dimensions', description: 'February depreciation', currency: 'USD',
  journalId: null, journalNumber: null, assets: 12, rows: 14, amount: '1234.50',
  lines: [
    { assetClass: 'VEH', asset: null, expenseAccount: '6300', accumulatedAccount: '1510', dimensions: {}, assets: 10, rows: 12, amount: '1000.00' },
    { assetClass: 'IT', asset: null, expenseAccount: '6310', accumulatedAccount: '1520', dimensions: { DEPT: 'SALES' }, assets: 2, rows: 2, amount: '234.50' },
  ],
  issues: [{ assetId: skipped, code: 'FA-0031', message: 'class FURN has no expense account' }], issueCount: 1,
};
const line = (accountCode: string, accountName: string, debit: string, credit: string) => ({ accountCode, accountName, description: 'February depreciation', currency: 'USD', debit, credit, party: null });
const preview: DocumentEntry = {
  posted: false, journal: null, journalNumber: null, date: '2026-02-28',
  lines: [line('6300', 'Depreciation expense', '1000.00', '0.00'), line('1510', 'Accumulated depreciation vehicles', '0.00', '1000.00'), line('6310', 'Depreciation IT', '234.50', '0.00'), line('1520', 'Accumulated depreciation IT', '0.00', '234.50')],
};
const instance: InstanceView = {
  id: '60000000-0000-4000-8000-000000000011', approvalType: 'DepreciationSchedule', documentId: id, documentNumber: 'DR2026-000004', description: 'Depreciation run', amount: '1234.50', currency: 'USD',
  workflowId: '70000000-0000-4000-8000-000000000011', workflowName: 'Depreciation', status: 'Running', currentStep: 1, performed: [], submittedBy: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Carl Clerk' }, submittedAt: '2026-03-01T10:00:00.000Z', finishedAt: null,
  steps: [{ stepNo: 1, name: 'Controller', operation: 'Post', rule: 'Any', deadlineHours: null, status: 'Open', tasks: [{ id: '50000000-0000-4000-8000-000000000011', assignee: { id: me, name: 'Ada' }, delegate: null, origin: 'Assigned', status: 'Open', dueAt: null, actedBy: null, actedAt: null, comment: null }] }],
};
const company = route('GET', '/gl/GetFullCompany', { body: { id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-03-01', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });

describe('/journal opened from a DepreciationSchedule task', () => {
  it('shows the run: period, classes, assets, amount, lines, the assets left out, the entry it will post, the decision', async () => {
    const history: DocumentHistory = { current: instance, items: [] };
    const calls = stubServer(
      company,
      route('GET', `/fa/depreciation-runs/${id}`, { body: run }),
      route('GET', `/fa/depreciation-runs/${id}/entry`, { body: preview }),
      route('GET', /^\/workflow\/history\?/, { body: history }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${id}&approval=DepreciationSchedule` });
    const facts = await screen.findByRole('region', { name: 'Depreciation run' });
    expect(within(facts).getByRole('link', { name: 'Depreciation run DR2026-000004' }).getAttribute('href')).toBe(`/depreciation-schedule?id=${id}`);
    expect(within(facts).getByText(/^2026-02 \(posted on/)).toBeTruthy();
    expect(within(facts).getByText('All classes (VEH, IT)')).toBeTruthy();
    expect(within(facts).getByText('12 (14 months)')).toBeTruthy();
    expect(facts.textContent).toContain('1,234.50 USD');
    const lines = within(screen.getByRole('table', { name: 'Lines of the run' })).getAllByRole('row').map((r) => r.textContent);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/VEH.*6300.*1510.*1,000\.00/), expect.stringMatching(/IT.*DEPT: SALES.*234\.50/)]));
    expect(screen.getByText('1 asset is not depreciated by this run')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'FA-0031' }).getAttribute('href')).toBe(`/asset?id=${skipped}`);
    const entry = screen.getByRole('region', { name: 'Entry' });
    expect(await within(entry).findByText(/\(preview\)/)).toBeTruthy();
    const rows = within(within(entry).getByRole('table', { name: 'Entry lines' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(expect.arrayContaining([expect.stringMatching(/6300 · Depreciation expense.*1,000\.00/), expect.stringMatching(/Total.*USD.*1,234\.50.*1,234\.50/)]));
    expect(await screen.findByRole('group', { name: 'Your decision' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/gl/journals'))).toBe(false);
  });
});
