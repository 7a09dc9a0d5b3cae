// Proves the kit's query strings: list (search, sort, limit, page, filter), export of the whole filter, lookup, and the table's changes as list state.
import { describe, expect, it } from 'vitest';
import { accountEntity } from '@erp/contracts';
import { exportPath, filterParam, initialListState, listPath, lookupPath, nextListState, sortParam } from '../list-query';

describe('list query strings', () => {
  it('asks for the first page of 20 by default, leaving empty parts out', () => {
    expect(listPath(accountEntity, initialListState())).toBe('/gl/accounts?limit=20&page=1');
  });

  it('carries search, sort, page size, page and the equality filter as JSON', () => {
    const state = { ...initialListState(), search: ' cash ', sort: '-code', page: 3, pageSize: 50, filter: { kind: 'Header', active: true, parentAccount: null, controlType: undefined } };
    const path = listPath(accountEntity, state);
    expect(path).toBe(`/gl/accounts?search=cash&sort=-code&limit=50&page=3&filter=${encodeURIComponent('{"kind":"Header","active":true,"parentAccount":null}')}`);
    const params = new URL(path, 'http://x').searchParams;
    expect(JSON.parse(params.get('filter')!)).toEqual({ kind: 'Header', active: true, parentAccount: null });
  });

  it('exports the whole filter (no paging) in the chosen format', () => {
    const state = { ...initialListState(), search: 'bank', sort: 'name', page: 4, filter: { kind: 'Posting' } };
    expect(exportPath(accountEntity, state, 'xlsx')).toBe(`/gl/accounts/export?format=xlsx&search=bank&filter=${encodeURIComponent('{"kind":"Posting"}')}&sort=name`);
    expect(exportPath(accountEntity, initialListState(), 'csv')).toBe('/gl/accounts/export?format=csv');
  });

  it('looks references up by search text', () => {
    expect(lookupPath(accountEntity, ' 10 ')).toBe('/gl/accounts/lookup?search=10&limit=20');
    expect(lookupPath(accountEntity, '')).toBe('/gl/accounts/lookup?limit=20');
  });

  it('maps header sort orders and drops unset filters', () => {
    expect(sortParam('code', 'ascend')).toBe('code');
    expect(sortParam('code', 'descend')).toBe('-code');
    expect(sortParam('code', null)).toBeUndefined();
    expect(filterParam({ kind: undefined })).toBeUndefined();
  });
});

describe('table changes', () => {
  const base = { ...initialListState(), page: 3 };
  const extra = (action: 'paginate' | 'sort' | 'filter') => ({ action, currentDataSource: [] });

  it('pages, and starts again at page 1 when the page size changes', () => {
    expect(nextListState(base, { current: 4, pageSize: 20 }, {}, [], extra('paginate'))).toMatchObject({ page: 4, pageSize: 20 });
    expect(nextListState(base, { current: 4, pageSize: 50 }, {}, [], extra('paginate'))).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('sorts by the clicked column and filters by the chosen value, back at page 1', () => {
    expect(nextListState(base, {}, {}, { columnKey: 'name', order: 'descend' }, extra('sort'))).toMatchObject({ page: 1, sort: '-name' });
    expect(nextListState(base, {}, { kind: ['Header'], active: null }, [], extra('filter'))).toMatchObject({ page: 1, filter: { kind: 'Header', active: undefined } });
  });
});
