// Proves /journal opened from a SplittingSchedule task (SPEC.md section 2 sends it there): the registry's SplitSubject shows
// the split (asset, date, cost, accumulated depreciation and book value, each part's share and its new asset once posted),
// the entry it will post as a preview and the decision, and never asks for a journal of the split's id.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentEntry, DocumentHistory, InstanceView, SplitView } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { StandardJournalPage } from '../../ledger/journals/pages/JournalEditorPage';
import { adminUser, route, stubServer } from '../../ledger/journals/__tests__/ledger-server';

afterEach(() => vi.unstubAllGlobals());

const me = adminUser.activeUser.code;
const id = '87000000-0000-4000-8000-000000000041';
const asset = '88000000-0000-4000-8000-000000000041';
const part = (lineNo: number, cost: string, accumulated: string, netBookValue: string) => ({ lineNo, share: '50', description: `Press ${lineNo}/2`, location: null, quantity: '1.0000', cost, accumulated, residual: '0.00', netBookValue, newAsset: null, newAssetCode: null });
const split: SplitView = {
  id, kind: 'Split', number: 'SP2026-000003', status: 'Draft', asset, assetCode: 'A00007', assetDescription: 'Press', splitDate: '2026-04-30', basis: 'Percent', description: 'Two lines',
  currency: 'USD', quantity: '2.0000', cost: '1800.00', accumulated: '200.00', residual: '0.00', netBookValue: '1600.00',
  parts: [part(1, '900.00', '100.00', '800.00'), part(2, '900.00', '100.00', '800.00')], lines: [], problem: null, journalId: null, journalNumber: null,
};
const line = (accountCode: string, accountName: string, debit: string, credit: string) => ({ accountCode, accountName, description: 'Asset split', currency: 'USD', debit, credit, party: null });
const preview: DocumentEntry = {
  posted: false, journal: null, journalNumber: null, date: '2026-04-30',
  lines: [line('1500', 'Fixed assets', '0.00', '1800.00'), line('1500', 'Fixed assets', '900.00', '0.00'), line('1500', 'Fixed assets', '900.00', '0.00'), line('1510', 'Accumulated depreciation', '200.00', '0.00'), line('1510', 'Accumulated depreciation', '0.00', '100.00'), line('1510', 'Accumulated depreciation', '0.00', '100.00')],
};
const instance: InstanceView = {
  id: '60000000-0000-4000-8000-000000000041', approvalType: 'SplittingSchedule', documentId: id, documentNumber: 'SP2026-000003', description: 'Asset split', amount: '1800.00', currency: 'USD',
  workflowId: '70000000-0000-4000-8000-000000000041', workflowName: 'Splits', status: 'Running', currentStep: 1, performed: [], submittedBy: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Carl Clerk' }, submittedAt: '2026-05-01T10:00:00.000Z', finishedAt: null,
  steps: [{ stepNo: 1, name: 'Controller', operation: 'Post', rule: 'Any', deadlineHours: null, status: 'Open', tasks: [{ id: '50000000-0000-4000-8000-000000000041', assignee: { id: me, name: 'Ada' }, delegate: null, origin: 'Assigned', status: 'Open', dueAt: null, actedBy: null, actedAt: null, comment: null }] }],
};
const company = route('GET', '/gl/GetFullCompany', { body: { id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-05-01', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });

describe('/journal opened from a SplittingSchedule task', () => {
  it('shows the split: asset, date, amounts, the parts, the entry it will post, the decision', async () => {
    const history: DocumentHistory = { current: instance, items: [] };
    const calls = stubServer(
      company,
      route('GET', `/fa/splits/${id}`, { body: split }),
      route('GET', `/fa/splits/${id}/entry`, { body: preview }),
      route('GET', /^\/workflow\/history\?/, { body: history }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${id}&approval=SplittingSchedule` });
    const facts = await screen.findByRole('region', { name: 'Asset split' });
    expect(within(facts).getByRole('link', { name: 'Asset split SP2026-000003' }).getAttribute('href')).toBe(`/splitting-schedule?id=${id}`);
    expect(within(facts).getByRole('link', { name: 'A00007 Press' }).getAttribute('href')).toBe(`/asset?id=${asset}`);
    expect(within(facts).getByText('By percent on 30/04/2026')).toBeTruthy();
    expect(facts.textContent).toContain('1,800.00 USD');
    const parts = within(screen.getByRole('table', { name: 'Parts of the split' })).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(parts).toEqual([['1', '50', 'Press 1/2', '900.00', '100.00', '800.00', '—'], ['2', '50', 'Press 2/2', '900.00', '100.00', '800.00', '—']]);
    const entry = screen.getByRole('region', { name: 'Entry' });
    expect(await within(entry).findByText(/\(preview\)/)).toBeTruthy();
    const rows = within(within(entry).getByRole('table', { name: 'Entry lines' })).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(expect.arrayContaining([expect.stringMatching(/1500 · Fixed assets.*1,800\.00/), expect.stringMatching(/Total.*USD.*2,000\.00.*2,000\.00/)]));
    expect(await screen.findByRole('group', { name: 'Your decision' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/gl/journals'))).toBe(false);
  });
});
