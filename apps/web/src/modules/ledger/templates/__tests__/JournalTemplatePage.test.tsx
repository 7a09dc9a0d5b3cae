// Proves /journal-template: the list searches on the server, a template opens in the journal line grid and saves its lines as typed without rates, and "Create journal" makes a draft on the chosen date and opens it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { adminUser, draftView, ids, referenceRoutes, route, stubServer } from '../../journals/__tests__/ledger-server';
import JournalTemplatePage from '../pages/JournalTemplatePage';
import { LocationProbe, templateListItem, templateView, tids } from './templates-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = (
  <>
    <JournalTemplatePage />
    <LocationProbe />
  </>
);
const gridRows = () => within(screen.getByRole('table', { name: 'Journal lines' })).getAllByRole('row').slice(1);
const cell = (row: number, label: string) => within(gridRows()[row]!).getByLabelText(label);

describe('journal template list', () => {
  it('lists templates and searches on the server', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /^\/gl\/journal-templates\?/, (call) => ({ body: { items: call.path.includes('search=zzz') ? [] : [templateListItem(), templateListItem({ id: tids.recurring, code: 'FX', name: 'Euro costs', hasBlankAmounts: true, usedBy: 0 })], total: 2 } })),
    );
    const user = userEvent.setup();
    renderWithProviders(page, { user: adminUser, path: '/journal-template' });
    const table = await screen.findByRole('table', { name: 'Journal Templates' });
    await within(table).findByRole('link', { name: 'FX' });
    expect(calls.find((c) => c.path.startsWith('/gl/journal-templates?'))!.path).toBe('/gl/journal-templates?sort=code&limit=20&page=1');
    expect(within(table).getByText('Amounts to fill')).toBeTruthy();
    await user.type(screen.getByLabelText('Search templates'), 'zzz{Enter}');
    await screen.findByText('No results found.');
    expect(calls.some((c) => c.path === '/gl/journal-templates?search=zzz&sort=code&limit=20&page=1')).toBe(true);
  });

  it('creates a draft journal from a template on the chosen date and opens it', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', /^\/gl\/journal-templates\?/, { body: { items: [templateListItem()], total: 1 } }),
      route('POST', `/gl/journal-templates/${tids.template}/journal`, { body: draftView({ id: tids.newJournal }) }),
    );
    const user = userEvent.setup();
    renderWithProviders(page, { user: adminUser, path: '/journal-template' });
    await user.click(await screen.findByRole('button', { name: 'Create journal from RENT' }));
    await screen.findByText('Create draft journal');
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reference'), 'INV-7');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft journal' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/journal?id=${tids.newJournal}`));
    const body = calls.find((c) => c.method === 'POST')!.body as { journalDate: string; reference: string };
    expect(body.reference).toBe('INV-7');
    expect(body.journalDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('journal template editor', () => {
  it('opens the template in the line grid and saves the lines as typed, with no rate', async () => {
    const calls = stubServer(
      ...referenceRoutes,
      route('GET', `/gl/journal-templates/${tids.template}`, { body: templateView() }),
      route('PUT', `/gl/journal-templates/${tids.template}`, (call) => ({ body: templateView({ name: (call.body as { name: string }).name }) })),
    );
    const user = userEvent.setup();
    renderWithProviders(page, { user: adminUser, path: `/journal-template?id=${tids.template}` });
    await screen.findByRole('heading', { name: 'Journal template RENT' });
    expect(cell(0, 'Account').closest('.ant-select')!.textContent).toContain('6100 · Rent');
    expect((cell(0, 'Rate') as HTMLInputElement).readOnly).toBe(true);
    await user.clear(cell(0, 'Debit'));
    await user.type(cell(0, 'Debit'), '1250.5');
    await user.clear(cell(1, 'Credit'));
    await user.type(cell(1, 'Credit'), '1250.50');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Create journal/ })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      code: 'RENT',
      name: 'Monthly rent',
      description: 'Office rent',
      kind: 'Standard',
      active: true,
      lines: [
        { account: ids.rent, currency: 'USD', debit: '1250.5' },
        { account: ids.petty, currency: 'USD', credit: '1250.50' },
      ],
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('refuses to send a template without a name and says why', async () => {
    const calls = stubServer(...referenceRoutes);
    const user = userEvent.setup();
    renderWithProviders(page, { user: adminUser, path: '/journal-template?new=1' });
    await screen.findByRole('heading', { name: 'New journal template' });
    await user.type(screen.getByLabelText('Code'), 'X');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await screen.findByText('Please supply a name; A template needs at least two lines');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
