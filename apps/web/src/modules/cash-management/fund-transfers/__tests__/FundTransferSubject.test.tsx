// Proves /journal opened from a FundTransfer task (SPEC.md section 2 sends FundTransfer there): the
// registry's FundTransferSubject shows the transfer (banks, amounts, dates), the entries posting will
// write as a preview and the decision; the approver holding the open task divides the transfer there
// (the Divide operation) by date into two legs; someone without an open task sees the legs read-only; a
// divided transfer's entry card dates each line (its legs post on their own dates).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentEntry, DocumentHistory, InstanceView } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { StandardJournalPage } from '../../../ledger/journals/pages/JournalEditorPage';
import { adminUser, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';
import { id, transferView } from './fund-transfer-fixtures';

afterEach(() => vi.unstubAllGlobals());

const me = adminUser.activeUser.code;

const line = (accountCode: string, accountName: string, debit: string, credit: string) => ({ accountCode, accountName, description: 'Fund transfer leg 1', currency: 'USD', debit, credit, party: null });
const preview: DocumentEntry = { posted: false, journal: null, journalNumber: null, date: '2026-03-02', lines: [line('1020', 'Bank - Operating', '0.00', '1000.00'), line('1021', 'Bank - Savings', '1000.00', '0.00')] };

function running(assignee: string): InstanceView {
  return {
    id: '60000000-0000-4000-8000-000000000020', approvalType: 'FundTransfer', documentId: id, documentNumber: null, description: 'Fund transfer (draft)', amount: '1000.00', currency: 'USD',
    workflowId: '70000000-0000-4000-8000-000000000020', workflowName: 'Treasury', status: 'Running', currentStep: 1, performed: [], submittedBy: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Carl Clerk' }, submittedAt: '2026-03-02T10:00:00.000Z', finishedAt: null,
    steps: [{ stepNo: 1, name: 'Treasurer', operation: 'Post', rule: 'Any', deadlineHours: null, status: 'Open', tasks: [{ id: '50000000-0000-4000-8000-000000000020', assignee: { id: assignee, name: 'Ada' }, delegate: null, origin: 'Assigned', status: 'Open', dueAt: null, actedBy: null, actedAt: null, comment: null }] }],
  };
}
const history = (current: InstanceView): DocumentHistory => ({ current, items: [] });
const company = route('GET', '/gl/GetFullCompany', { body: { id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-03-02', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } });

describe('/journal opened from a FundTransfer task', () => {
  it('shows the transfer and the entry it will post, and lets the approver divide it by date into two legs', async () => {
    const calls = stubServer(
      company,
      route('GET', `/cm/fund-transfers/${id}`, { body: transferView() }),
      route('GET', `/cm/fund-transfers/${id}/entry`, { body: preview }),
      route('POST', `/cm/fund-transfers/${id}/divide`, { body: transferView() }),
      route('GET', /^\/workflow\/history\?/, { body: history(running(me)) }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${id}&approval=FundTransfer` });
    const facts = await screen.findByRole('region', { name: 'Fund transfer' });
    expect(within(facts).getByText('MAIN')).toBeTruthy();
    expect(within(facts).getByText('SAVE')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'Fund transfer (not numbered until posted)' }).getAttribute('href')).toBe(`/fund-transfer?id=${id}`);
    expect(facts.textContent).toContain('1,000.00 USD');
    const entry = screen.getByRole('region', { name: 'Entry' });
    expect(await within(entry).findByText(/\(preview\)/)).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Your decision' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Divide by date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Divide' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === `/cm/fund-transfers/${id}/divide`)?.body).toEqual({
      legs: [{ amount: '500.00', outDate: '2026-03-02', inDate: '2026-03-02' }, { amount: '500.00', outDate: '2026-03-03', inDate: '2026-03-03' }],
    }));
    expect(calls.some((c) => c.path.startsWith('/gl/journals'))).toBe(false);
  });

  it('shows the legs read-only to someone who holds no open task of it', async () => {
    stubServer(
      company,
      route('GET', `/cm/fund-transfers/${id}`, { body: transferView() }),
      route('GET', `/cm/fund-transfers/${id}/entry`, { body: preview }),
      route('GET', /^\/workflow\/history\?/, { body: history(running('00000000-0000-4000-8000-0000000000d9')) }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${id}&approval=FundTransfer` });
    expect(await screen.findByRole('table', { name: 'Legs' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Divide by date' })).toBeNull();
  });

  it('dates each line of a divided transfer\'s entries and shows their span', async () => {
    const dated = (date: string, l: ReturnType<typeof line>) => ({ ...l, date });
    const posted: DocumentEntry = {
      posted: true, journal: '89000000-0000-4000-8000-000000000031', journalNumber: 'JV2026-000031', date: '2026-07-01',
      lines: [dated('2026-07-01', line('1020', 'Bank - Operating', '0.00', '300.00')), dated('2026-07-01', line('1021', 'Bank - Savings', '300.00', '0.00')), dated('2026-07-03', line('1020', 'Bank - Operating', '0.00', '500.00')), dated('2026-07-03', line('1021', 'Bank - Savings', '500.00', '0.00'))],
    };
    stubServer(
      company,
      route('GET', `/cm/fund-transfers/${id}`, { body: transferView() }),
      route('GET', `/cm/fund-transfers/${id}/entry`, { body: posted }),
      route('GET', /^\/workflow\/history\?/, { body: history(running('00000000-0000-4000-8000-0000000000d9')) }),
      route('GET', /^\/admin\/audit-trail\?/, { body: { items: [], total: 0 } }),
    );
    renderWithProviders(<StandardJournalPage />, { user: adminUser, path: `/journal?id=${id}&approval=FundTransfer` });
    const entry = await screen.findByRole('region', { name: 'Entry' });
    expect(await within(entry).findByText(/and the entries of its other dates, 01\/07\/2026 – 03\/07\/2026/)).toBeTruthy();
    const rows = within(within(entry).getByRole('table', { name: 'Entry lines' })).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Date', 'Account', 'Party', 'Description', 'Currency', 'Debit', 'Credit']);
    expect(rows.slice(1, 5).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['01/07/2026', '01/07/2026', '03/07/2026', '03/07/2026']);
  });
});
