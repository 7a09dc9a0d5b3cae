// Proves the input of a kit `rows` field: a small table of the sub-fields' own widgets, rows added with their defaults, edited and removed, empty cells left out.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contactColumns, instalmentColumns, type FieldDef } from '@erp/contracts';
import { RowsInput, rowsBody } from '../RowsInput';

const contacts: FieldDef = { type: 'rows', label: 'Contacts', max: 2, columns: contactColumns };
const instalments: FieldDef = { type: 'rows', label: 'Instalments', columns: instalmentColumns };

describe('RowsInput', () => {
  it('shows each row with a widget per sub-field', () => {
    render(<RowsInput id="c" f={contacts} value={[{ name: 'Ada', mail: 'ada@example.com' }]} onChange={() => undefined} invalid={false} dateFormat="YYYY-MM-DD" />);
    expect(screen.getByDisplayValue('Ada')).toBeTruthy();
    expect(screen.getByDisplayValue('ada@example.com')).toBeTruthy();
    for (const title of ['Name', 'Mail', 'Phone', 'Role']) expect(screen.getByText(title)).toBeTruthy();
  });

  it('adds a row with the defaults, and stops at the most rows', () => {
    const onChange = vi.fn();
    const { rerender } = render(<RowsInput id="i" f={instalments} value={[]} onChange={onChange} invalid={false} dateFormat="YYYY-MM-DD" />);
    fireEvent.click(screen.getByRole('button', { name: /Add instalment/ }));
    expect(onChange).toHaveBeenLastCalledWith([{ basis: 'Net days', days: 0 }]);
    rerender(<RowsInput id="c" f={contacts} value={[{ name: 'A' }, { name: 'B' }]} onChange={onChange} invalid={false} dateFormat="YYYY-MM-DD" />);
    expect((screen.getByRole('button', { name: /Add contact/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits a cell and removes a row', () => {
    const onChange = vi.fn();
    render(<RowsInput id="c" f={contacts} value={[{ name: 'Ada' }, { name: 'Bo' }]} onChange={onChange} invalid={false} dateFormat="YYYY-MM-DD" />);
    fireEvent.change(screen.getByDisplayValue('Bo'), { target: { value: 'Bob' } });
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'Ada' }, { name: 'Bob' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'Bo' }]);
  });

  it('sends empty cells as absent', () => {
    expect(rowsBody([{ name: 'A', mail: '', phone: null, role: undefined }])).toEqual([{ name: 'A' }]);
  });
});
