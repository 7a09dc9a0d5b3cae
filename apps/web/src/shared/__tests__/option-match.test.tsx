// Type-ahead in every select (issue 14, edge 6): the best match comes first and is what Enter picks,
// also while a server-searched picker still shows its previous answer.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Select } from 'antd';
import { RefSelect } from '../kit/RefSelect';
import { route, stubServer } from '../kit/__tests__/kit-server';
import { matchRank } from '../option-match';
import { renderWithProviders } from '../../test/render';

const revenue = { id: 'g40', label: '40 · Operating Revenue' };
const expenses = { id: 'g50', label: '50 · Operating Expenses' };
const other = { id: 'g60', label: '60 · Other Operating Expenses' };

describe('matchRank', () => {
  it('ranks an exact name over a prefix over word starts over anywhere, and refuses a label missing a typed word', () => {
    expect(matchRank(expenses.label, 'Operating Expenses')).toBe(0);
    expect(matchRank(expenses.label, '50')).toBe(0);
    expect(matchRank(expenses.label, 'operating ex')).toBe(1);
    expect(matchRank(other.label, 'Operating Expenses')).toBe(2);
    expect(matchRank(other.label, 'rating')).toBe(3);
    expect(matchRank(revenue.label, 'Operating Expenses')).toBeUndefined();
  });
});

/** Types into the open picker and presses Enter before anything else happens. */
function typeAndEnter(name: string, text: string) {
  const box = screen.getByRole('combobox', { name });
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('type-ahead', () => {
  it('a server picker takes the best match on Enter while the answer to the typed text is still on its way', async () => {
    // The first (empty) search answers; the search for the typed text never does, as on a slow line.
    stubServer(
      route('GET', /account-groups\/lookup\?limit/, { body: [revenue, expenses, other] }),
      route('GET', /account-groups\/lookup\?search=/, () => new Response(new ReadableStream())),
    );
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <label htmlFor="group">Account Group</label>
        <RefSelect id="group" refName="accountGroup" value={null} onChange={onChange} />
      </>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Account Group' }));
    await screen.findByText(revenue.label);
    typeAndEnter('Account Group', 'Operating Expenses');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('g50'));
  });

  it('a plain select (the app default) filters and takes the best match, not the first listed', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Select aria-label="Kind" options={[revenue, other, expenses].map((o) => ({ value: o.id, label: o.label }))} onChange={onChange} style={{ width: 200 }} />,
    );
    typeAndEnter('Kind', 'operating expenses');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]?.[0]).toBe('g50');
  });
});
