// Proves the list page embedded in another screen: its fixed filter reaches the list, the pinned column is hidden, a new record starts from the given values with their labels, and the empty text does not read as a search miss.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberSegmentEntity } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { EntityListPage } from '../EntityListPage';
import { adminUser, paths, route, stubServer } from './kit-server';

const sequence = '60000000-0000-4000-8000-000000000001';
const filter = encodeURIComponent(JSON.stringify({ numberSequence: sequence }));

afterEach(() => vi.unstubAllGlobals());

describe('EntityListPage embedded', () => {
  it('keeps its fixed filter, hides the pinned column and prefills a new record', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubServer(
      route('GET', '/gl/GetFullCompany', { status: 404, body: { message: 'Company not found' } }),
      route('GET', /^\/gl\/number-segments\?/, { body: { items: [], total: 0, labels: {} } }),
      route('GET', /\/lookup\?/, { body: [] }),
    );
    renderWithProviders(
      <EntityListPage
        def={numberSegmentEntity}
        embedded
        filter={{ numberSequence: sequence }}
        initial={{ numberSequence: sequence }}
        knownLabels={{ numberSequence: { [sequence]: 'JV · Journal Vouchers' } }}
        hiddenFields={['numberSequence']}
      />,
      { user: adminUser },
    );
    expect(await screen.findByText('No number segments yet')).toBeTruthy();
    expect(paths(calls, '/gl/number-segments')).toEqual([`/gl/number-segments?limit=20&page=1&filter=${filter}`]);
    expect(screen.queryByRole('heading', { name: 'Number Segments' })).toBeNull();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toContain('Position');
    expect(headers).not.toContain('Number Sequence');

    await user.click(screen.getByText('New'));
    await waitFor(() => expect(screen.getByText('New Number Segment')).toBeTruthy());
    expect(screen.getByText('JV · Journal Vouchers')).toBeTruthy();
  });
});
