// Proves Generate periods checks custom periods in the form (a gap or a blank name is shown on its row and nothing is sent), chains the next start to an end date, sends the periods that tile the year, and shows the server's refusal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { adminUser, route, stubServer, type Call } from '../../../shared/kit/__tests__/kit-server';
import { PeriodsPanel } from '../components/PeriodsPanel';
import type { AccountingPeriod } from '../setup-api';

const fiscalYear = { id: '30000000-0000-4000-8000-000000002026', code: 'FY2026', startDate: '2026-01-01', endDate: '2026-12-31' };
const path = `/gl/fiscal-years/${fiscalYear.id}/periods`;

function period(periodNo: number, name: string, startDate: string, endDate: string, type: AccountingPeriod['type']): AccountingPeriod {
  return { id: `40000000-0000-4000-8000-${String(periodNo).padStart(12, '0')}`, fiscalYear: fiscalYear.id, periodNo, name, startDate, endDate, type, status: 'Open', updatedAt: '2026-01-01T00:00:00.000Z' };
}

function server(answer: (call: Call) => { status?: number; body: unknown } = () => ({ body: [period(0, 'Opening', '2026-01-01', '2026-01-01', 'Opening')] })) {
  return stubServer(
    // The company's date format: dd/mm/yyyy, so messages read as the user types dates.
    route('GET', '/gl/GetFullCompany', { body: { id: fiscalYear.id, code: 'HO', description: 'Head Office', baseCurrency: 'USD', accountingDate: '2026-01-15', dateFormat: 'dd/mm/yyyy', locale: 'en-GB', status: 'Active', createdAt: '', updatedAt: '' } }),
    route('GET', path, { body: [] }),
    route('POST', path, answer),
  );
}
const generated = (calls: Call[]) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);

async function openCustom(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<PeriodsPanel fiscalYear={fiscalYear} />, { user: adminUser });
  await user.click(await screen.findByRole('button', { name: 'Generate periods' }));
  const dialog = await screen.findByRole('dialog', { name: 'Generate periods · FY2026' });
  await user.click(within(dialog).getByText('Custom'));
  return dialog;
}

/** The dialog's submit button (found by text: role queries with names are slow on a page this size). */
const submitButton = (dialog: HTMLElement) => within(dialog).getAllByText('Generate periods').map((text) => text.closest('button')).find((button) => button?.type === 'submit')!;

afterEach(() => vi.unstubAllGlobals());

describe('Generate periods', () => {
  it('shows a gap on the row that leaves it and sends nothing until the periods tile the year', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    const dialog = await openCustom(user);
    expect(within(dialog).getByLabelText('Name of period 4')).toHaveProperty('value', 'Q4');

    await user.click(within(dialog).getByLabelText('Remove period 2'));
    await user.clear(within(dialog).getByLabelText('Name of period 1'));
    await user.click(submitButton(dialog));

    expect(await within(dialog).findByText('Leaves a gap: must start on 01/04/2026')).toBeTruthy();
    expect(within(dialog).getByText('Please supply a name')).toBeTruthy();
    expect(generated(calls)).toEqual([]);

    // Q1 now ends where Q3 starts: the fault is gone once Q1 has its name back.
    await user.type(within(dialog).getByLabelText('Name of period 1'), 'H1');
    const q1End = within(dialog).getByLabelText('End of period 1');
    await user.clear(q1End);
    await user.type(q1End, '30/06/2026{Enter}');
    await waitFor(() => expect(within(dialog).getByLabelText('Start of period 2')).toHaveProperty('value', '01/07/2026'));
    await waitFor(() => expect(within(dialog).queryByText(/Leaves a gap/)).toBeNull());
    await user.click(submitButton(dialog));
    await waitFor(() => expect(generated(calls)).toHaveLength(1));
    expect(generated(calls)[0]).toEqual({
      pattern: 'custom',
      periods: [
        { name: 'H1', startDate: '2026-01-01', endDate: '2026-06-30' },
        { name: 'Q3', startDate: '2026-07-01', endDate: '2026-09-30' },
        { name: 'Q4', startDate: '2026-10-01', endDate: '2026-12-31' },
      ],
    });
    expect(await screen.findByText('Operation Successful')).toBeTruthy();
  });

  it('refuses a last period that stops short of the year end', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    const dialog = await openCustom(user);
    const q4End = within(dialog).getByLabelText('End of period 4');
    await user.clear(q4End);
    await user.type(q4End, '30/12/2026{Enter}');
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('The last period must end on 31/12/2026')).toBeTruthy();
    expect(generated(calls)).toEqual([]);
  });

  it('sends the monthly pattern alone and shows the server refusal in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server(() => ({ status: 409, body: { message: 'Fiscal year FY2026 already has periods', statusCode: 409 } }));
    renderWithProviders(<PeriodsPanel fiscalYear={fiscalYear} />, { user: adminUser });
    await user.click(await screen.findByRole('button', { name: 'Generate periods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate periods · FY2026' });
    await user.click(submitButton(dialog));
    await waitFor(() => expect(generated(calls)).toEqual([{ pattern: 'monthly' }]));
    expect(await within(dialog).findByText('Fiscal year FY2026 already has periods')).toBeTruthy();
    expect(screen.getByTestId('notification-body').textContent).toBe('Fiscal year FY2026 already has periods');
  });
});
