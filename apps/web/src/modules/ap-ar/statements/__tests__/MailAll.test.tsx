// Proves "Mail all…" of the Statement tab of /vendor-statement (issue 16): the confirmation shows how many
// statements will be mailed (and to whom) and who is skipped with the reason before anything is sent; a
// group chosen narrows the preview; Mail sends the same filter once and says how many went.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatementBatchPreview } from '@erp/contracts';
import { renderWithProviders } from '../../../../test/render';
import { VendorAgeingPage } from '../../ageing/AgeingPage';
import { adminUser, referenceRoutes, route, stubServer } from '../../../ledger/journals/__tests__/ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const id = (n: number) => `82000000-0000-4000-8000-00000000000${n}`;
const group = '83000000-0000-4000-8000-000000000001';
const preview = (narrow: boolean): StatementBatchPreview => ({
  from: '2026-03-01', to: '2026-03-31',
  mail: [{ party: id(1), code: 'V1', name: 'Acme', to: 'ap@acme.example' }, ...(narrow ? [] : [{ party: id(2), code: 'V2', name: 'Bolt', to: 'bolt@bolt.example' }])],
  skipped: [{ party: id(3), code: 'V3', name: 'Crane', reason: 'NoMailContact' }],
});

describe('vendor statements: mail all', () => {
  it('confirms how many will be mailed and who is skipped, then mails them', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /^\/ap\/vendor-statement\/mail-all\?/, (call) => ({ body: preview(call.path.includes(`group=${group}`)) })),
      route('POST', /^\/ap\/vendor-statement\/mail-all\?/, () => ({ body: { from: '2026-03-01', to: '2026-03-31', mailed: [{ party: id(1), code: 'V1', name: 'Acme', to: 'ap@acme.example', mailId: '86000000-0000-4000-8000-000000000001' }], skipped: preview(true).skipped } })),
      route('GET', /lookup/, { body: [] }),
      route('GET', /vendor-groups/, { body: { items: [{ id: group, code: 'LOCAL', name: 'Local' }], total: 1 } }),
      route('GET', /vendor-ageing/, { body: { asOf: '2026-03-31', basis: 'DueDate', baseCurrency: 'USD', buckets: [], rows: [], total: 0, currencies: [], baseBuckets: [], baseTotal: '0.00' } }),
    );
    renderWithProviders(<VendorAgeingPage />, { user: adminUser, path: '/vendor-statement?view=statement&from=2026-03-01&to=2026-03-31' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mail all…' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2 vendors will be mailed a statement (PDF attached, through the outbox). 1 will be skipped.')).toBeTruthy();
    const mails = within(dialog).getByRole('table', { name: 'Statements to mail' });
    expect(within(mails).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['V1 · Acme', 'ap@acme.example'],
      ['V2 · Bolt', 'bolt@bolt.example'],
    ]);
    const skipped = within(dialog).getByRole('table', { name: 'Skipped' });
    expect(within(skipped).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([['V3 · Crane', 'No contact with a mail address']]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // A group narrows it: the count on the button follows.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Group' }));
    await userEvent.click(await screen.findByTitle('LOCAL · Local'));
    const mailOne = await within(dialog).findByRole('button', { name: 'Mail 1 statement' });
    await userEvent.click(mailOne);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/ap/vendor-statement/mail-all?from=2026-03-01&to=2026-03-31&group=${group}`);
    expect(await screen.findByText('1 statement was mailed; 1 skipped (V3)')).toBeTruthy();
  });
});
