// Proves the generic form lays out def.form, refuses missing required fields with the schema's messages, sends the whole record, and marks the field a server message names.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountEntity, exchangeRateEntity } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { EntityFormDrawer } from '../EntityFormDrawer';
import { fieldOfMessage } from '../form-values';
import { SEARCH_DEBOUNCE_MS } from '../useDebouncedValue';
import { adminUser, ids, record, route, stubServer, type Call } from './kit-server';

const writes = (calls: Call[]) => calls.filter((call) => call.method === 'POST' || call.method === 'PUT');
const labelsInOrder = () => [...document.querySelectorAll('.ant-form-item-label label')].map((label) => label.textContent);
const groupLabels = { accountGroup: { [ids.group]: '10 · Current Assets' }, parentAccount: { [ids.cash]: '1000 · Cash and Cash Equivalents' } };

function server(save: (call: Call) => { status?: number; body: unknown } = (call) => ({ body: record(ids.petty, call.body as Record<string, unknown>) })) {
  return stubServer(
    route('GET', '/gl/GetFullCompany', { status: 404, body: { message: 'Company not found' } }),
    route('GET', /\/lookup\?/, { body: [] }),
    route('POST', '/gl/accounts', save),
    route('PUT', /^\/gl\/accounts\//, save),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('EntityFormDrawer', () => {
  it('lays the fields out by the definition form rows, with New in the title', () => {
    server();
    renderWithProviders(<EntityFormDrawer def={accountEntity} open onClose={() => undefined} />, { user: adminUser });
    expect(screen.getByText('New Account')).toBeTruthy();
    expect(labelsInOrder()).toEqual(accountEntity.form.flat().map((field) => accountEntity.fields[field as keyof typeof accountEntity.fields].label));
    expect(screen.getByText('Only posting accounts take journal lines')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('true');
  });

  it('refuses missing required fields with the schema messages and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderWithProviders(<EntityFormDrawer def={accountEntity} open onClose={() => undefined} />, { user: adminUser });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please supply code')).toBeTruthy();
    expect(screen.getByText('Please supply name')).toBeTruthy();
    expect(screen.getByText('Please supply account group')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('creates a record with every field, empty ones as null, and says Operation Successful', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const calls = server();
    renderWithProviders(<EntityFormDrawer def={accountEntity} open initial={{ accountGroup: ids.group, parentAccount: ids.cash }} labels={groupLabels} onClose={onClose} />, { user: adminUser });
    expect(screen.getByText('10 · Current Assets')).toBeTruthy();
    await user.type(screen.getByLabelText('Code'), '1010');
    await user.type(screen.getByLabelText('Name'), 'Petty Cash');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      path: '/gl/accounts',
      body: { code: '1010', name: 'Petty Cash', accountGroup: ids.group, parentAccount: ids.cash, kind: 'Posting', controlType: 'None', allowedCurrencies: [], requiredDimensions: [], active: true, description: null },
    });
    expect(await screen.findByText('Operation Successful')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('edits with PUT of the whole record, and marks the field a server message names', async () => {
    const user = userEvent.setup();
    const calls = server(() => ({ status: 400, body: { message: 'name: Name must be at most 150 characters', statusCode: 400, serverError: 'ValidationError' } }));
    const petty = record(ids.petty, { code: '1010', name: 'Petty Cash', accountGroup: ids.group, parentAccount: null, kind: 'Posting', controlType: 'None', allowedCurrencies: ['USD'], requiredDimensions: [], active: true, description: 'Float' });
    renderWithProviders(<EntityFormDrawer def={accountEntity} open record={petty} labels={groupLabels} onClose={() => undefined} />, { user: adminUser });
    expect(screen.getByText('Edit Account')).toBeTruthy();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Petty Cash Box');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      path: `/gl/accounts/${ids.petty}`,
      body: { code: '1010', name: 'Petty Cash Box', accountGroup: ids.group, parentAccount: null, kind: 'Posting', controlType: 'None', allowedCurrencies: ['USD'], requiredDimensions: [], active: true, description: 'Float' },
    });
    expect(await screen.findByText('Name must be at most 150 characters')).toBeTruthy();
    expect(screen.getByTestId('notification-body').textContent).toBe('name: Name must be at most 150 characters');
  });

  it('keeps a rate as typed and checks its decimals with the schema', async () => {
    const user = userEvent.setup();
    server();
    renderWithProviders(<EntityFormDrawer def={exchangeRateEntity} open onClose={() => undefined} />, { user: adminUser });
    await user.type(screen.getByLabelText('Rate'), '1.2345678912x');
    expect((screen.getByLabelText('Rate') as HTMLInputElement).value).toBe('1.2345678912');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rate must be a number with at most 8 decimals')).toBeTruthy();
  });

  it('searches references on the lookup route and keeps the chosen label when the list moves on', async () => {
    const user = userEvent.setup();
    const usd = '40000000-0000-4000-8000-000000000840';
    const calls = stubServer(
      route('GET', '/gl/GetFullCompany', { status: 404, body: { message: 'Company not found' } }),
      route('GET', /^\/gl\/currencies\/lookup\?search=usd/, { body: [{ id: usd, label: 'USD · US Dollar' }] }),
      route('GET', /^\/gl\/currencies\/lookup\?/, { body: [{ id: '40000000-0000-4000-8000-000000000978', label: 'EUR · Euro' }] }),
    );
    renderWithProviders(<EntityFormDrawer def={exchangeRateEntity} open onClose={() => undefined} />, { user: adminUser });
    await user.click(screen.getByRole('combobox', { name: 'To Currency' }));
    await user.type(screen.getByRole('combobox', { name: 'To Currency' }), 'usd');
    await waitFor(() => expect(calls.some((call) => call.path === '/gl/currencies/lookup?search=usd&limit=20')).toBe(true));
    await user.click(await screen.findByTitle('USD · US Dollar'));
    // The picker closed and its search went back to nothing (EUR only): the choice still reads as USD.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 300));
    expect(document.querySelector('#exchangeRate-toCurrency')?.closest('.ant-select')?.textContent).toBe('USD · US Dollar');
  });

  it('reads a field-named server message only for fields of the entity', () => {
    expect(fieldOfMessage(accountEntity, 'code: Please supply code')).toEqual({ field: 'code', text: 'Please supply code' });
    expect(fieldOfMessage(accountEntity, 'allowedCurrencies[0]: Too long')).toEqual({ field: 'allowedCurrencies', text: 'Too long' });
    expect(fieldOfMessage(accountEntity, 'Account 1040 already exists')).toBeUndefined();
    expect(fieldOfMessage(accountEntity, 'Row 3: The parent account must be a header account')).toBeUndefined();
  });
});
