// Proves the shared export/import buttons: each shows only to a role holding its label, export asks for the chosen format, and import previews (dry run) before it writes all rows or only the valid ones.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { intercompanyJournalOperations as ops, type ImportResult } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { adminUser, userWith } from '../../kit/__tests__/kit-server';
import { TransferButtons } from '../TransferButtons';
import type { ImportFile, ImportMode } from '../ImportRowsModal';

const CSV = 'Journal,Date\nA,2026-03-01\nB,2026-13-01\n';
const preview: ImportResult = { rows: 2, valid: 1, written: 0, errors: [{ row: 3, field: 'Date', message: 'Please supply a valid date' }], preview: [] };

function setup(user = adminUser) {
  const imports: (ImportFile & { dryRun: boolean; mode: ImportMode })[] = [];
  const exports: string[] = [];
  renderWithProviders(
    <TransferButtons
      title="Import things"
      hint="Columns: Journal, Date."
      plural="things"
      passLabel="in documents that pass"
      invalidateKey={['things']}
      importRows={async (file, options) => {
        imports.push({ ...file, ...options });
        return options.dryRun ? preview : { ...preview, written: options.mode === 'valid' ? 1 : 2 };
      }}
      exportFile={async (format) => {
        exports.push(format);
      }}
      exportLabel={ops.export}
      importLabel={ops.import}
    />,
    { user },
  );
  return { imports, exports };
}

describe('TransferButtons', () => {
  it('previews the file with a dry run, refuses Import all while rows have errors, then imports the valid ones', async () => {
    const user = userEvent.setup();
    const { imports } = setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import things' });
    expect(within(dialog).getByText('Columns: Journal, Date.')).toBeTruthy();
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, new File([CSV], 'things.csv', { type: 'text/csv' }));

    expect(await within(dialog).findByText('2 rows; 1 in documents that pass; 1 errors.')).toBeTruthy();
    expect(within(dialog).getByText('Please supply a valid date')).toBeTruthy();
    expect(imports).toEqual([{ fileName: 'things.csv', contentBase64: Buffer.from(CSV).toString('base64'), dryRun: true, mode: 'all' }]);
    expect(screen.getByRole('button', { name: 'Import all' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Import valid only' }));
    expect(await screen.findByText('1 things written')).toBeTruthy();
    expect(screen.getByText('1 row with errors was skipped.')).toBeTruthy();
    expect(imports.map((i) => [i.dryRun, i.mode])).toEqual([[true, 'all'], [false, 'valid']]);
  });

  it('refuses a file that is neither CSV nor XLSX without calling the import', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { imports } = setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import things' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Choose a .csv or .xlsx file')).toBeTruthy();
    expect(imports).toEqual([]);
  });

  it('exports in the chosen format', async () => {
    const user = userEvent.setup();
    const { exports } = setup();
    await user.hover(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByText('Excel (XLSX)'));
    await waitFor(() => expect(exports).toEqual(['xlsx']));
  });

  it('shows each button only to a role holding its label', () => {
    setup(userWith('/intercompany-journals', [ops.export]));
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
