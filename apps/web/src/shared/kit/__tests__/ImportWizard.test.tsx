// Proves the import wizard previews first (dry run), shows each error by row and column, refuses 'Import all' while errors remain, and imports the valid rows on request.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountEntity, type EntityImportResult as ImportResult, type ImportRequest } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { ImportWizard } from '../ImportWizard';
import { previewRows, parseCsv, templateCsv } from '../import-file';
import { adminUser, ids, route, stubServer, type Call } from './kit-server';

const CSV = [
  'Code,Name,Account Group,Kind',
  '1050,Cash in Transit,10,Posting',
  '1060,Foreign Bank,99,Posting',
  '1070,,10,Posting',
  '1090,"Undeposited, Funds",10,Posting',
].join('\r\n');

const preview: ImportResult = {
  rows: 4,
  valid: 2,
  written: 0,
  created: 0,
  updated: 0,
  // 1090 exists: importing row 5 changes it.
  updates: [5],
  errors: [
    { row: 3, field: 'accountGroup', message: 'No Account Group with code 99' },
    { row: 4, field: 'name', message: 'Please supply name' },
  ],
  preview: [
    { row: 2, code: '1050', name: 'Cash in Transit', accountGroup: ids.group, kind: 'Posting' },
    { row: 5, code: '1090', name: 'Undeposited, Funds', accountGroup: ids.group, kind: 'Posting' },
  ],
};

function server() {
  return stubServer(
    route('GET', '/gl/GetFullCompany', { status: 404, body: { message: 'Company not found' } }),
    route('POST', '/gl/accounts/import', (call) => ((call.body as ImportRequest).dryRun ? { body: preview } : { body: { ...preview, written: 2, created: 1, updated: 1 } })),
  );
}
const imports = (calls: Call[]) => calls.filter((call) => call.path === '/gl/accounts/import').map((call) => call.body as ImportRequest);

afterEach(() => vi.unstubAllGlobals());

describe('ImportWizard', () => {
  it('previews with a dry run, disables Import all while rows have errors, then imports the valid rows only', async () => {
    const user = userEvent.setup();
    const calls = server();
    renderWithProviders(<ImportWizard def={accountEntity} open onClose={() => undefined} />, { user: adminUser });
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File([CSV], 'accounts.csv', { type: 'text/csv' }));

    const errors = await screen.findByRole('table', { name: 'Import errors' });
    expect(imports(calls)).toEqual([{ fileName: 'accounts.csv', contentBase64: Buffer.from(CSV).toString('base64'), dryRun: true, mode: 'all' }]);
    expect(within(errors).getByText('No Account Group with code 99')).toBeTruthy();
    expect(within(errors).getByText('Account Group')).toBeTruthy();
    expect(screen.getByText(/Fix the rows below in the file/)).toBeTruthy();

    const rows = screen.getByRole('table', { name: 'Rows of the file' });
    // Every row of the file, the bad cell holding its value and message.
    expect(within(rows).getByText('99')).toBeTruthy();
    expect(within(rows).getByText('Please supply name')).toBeTruthy();
    expect(within(rows).getByText('Undeposited, Funds')).toBeTruthy();
    // Each row says what it will do: the existing 1090 is an update, 1050 a new account.
    const actionOf = (code: string) => within(within(rows).getByText(code).closest('tr')!).getAllByRole('cell')[1]!.textContent;
    expect([actionOf('1050'), actionOf('1060'), actionOf('1090')]).toEqual(['New', 'Error', 'Update']);

    expect(screen.getByRole('button', { name: 'Import all' }).hasAttribute('disabled')).toBe(true);
    const validOnly = screen.getByRole('button', { name: 'Import valid rows only (2)' });
    expect(validOnly.hasAttribute('disabled')).toBe(false);
    await user.click(validOnly);
    expect(await screen.findByText('1 account created, 1 updated')).toBeTruthy();
    expect(screen.getByText('2 rows with errors were skipped.')).toBeTruthy();
    expect(imports(calls)[1]).toMatchObject({ fileName: 'accounts.csv', dryRun: false, mode: 'valid' });
  });

  it('enables Import all when every row is valid', async () => {
    const user = userEvent.setup();
    const calls = stubServer(route('POST', '/gl/accounts/import', (call) => ({ body: { rows: 1, valid: 1, ...((call.body as ImportRequest).dryRun ? { written: 0, created: 0 } : { written: 1, created: 1 }), updated: 0, updates: [], errors: [], preview: [{ row: 2, code: '1050' }] } })));
    renderWithProviders(<ImportWizard def={accountEntity} open onClose={() => undefined} />, { user: adminUser });
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, new File(['Code,Name,Account Group\r\n1050,Cash,10'], 'accounts.csv', { type: 'text/csv' }));
    const importAll = await screen.findByRole('button', { name: 'Import all' });
    await waitFor(() => expect(importAll.hasAttribute('disabled')).toBe(false));
    await user.click(importAll);
    expect(await screen.findByText('1 account created, 0 updated')).toBeTruthy();
    expect(imports(calls).map((request) => [request.dryRun, request.mode])).toEqual([[true, 'all'], [false, 'all']]);
  });

  it('offers a template with the header row and an example row', () => {
    const [header, example, end] = templateCsv(accountEntity).split('\r\n');
    expect(header).toBe('Code,Name,Account Group,Parent Account,Kind,Control,Allowed Currencies,Required Dimension Groups,Active,Description');
    expect(example).toBe('1030,Bank - Savings Account,10,1000,Posting,None,,,Yes,');
    expect(end).toBe('');
  });

  it('builds the preview rows from the file, marking cells by field', () => {
    const rows = previewRows(accountEntity, preview, parseCsv(CSV));
    expect(rows.map((row) => row.row)).toEqual([2, 3, 4, 5]);
    expect(rows[1]).toMatchObject({ values: { code: '1060', accountGroup: '99' }, cellErrors: { accountGroup: 'No Account Group with code 99' } });
    expect(rows[3]!.values.name).toBe('Undeposited, Funds');
    // An XLSX file is not read in the browser: the valid rows come from the server's preview, references as found.
    const fromServer = previewRows(accountEntity, preview);
    expect(fromServer.map((row) => row.row)).toEqual([2, 3, 4, 5]);
    expect(fromServer[0]!.values).toMatchObject({ code: '1050', accountGroup: '✓ found' });
    expect(fromServer[2]!.cellErrors).toEqual({ name: 'Please supply name' });
  });
});
