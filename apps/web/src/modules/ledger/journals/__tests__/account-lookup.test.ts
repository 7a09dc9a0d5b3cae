// Proves the account pickers ask the server for what their line may use: a journal line only
// active posting accounts that are not control accounts; the drill-down every posting account.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupAccounts, POSTING_ACCOUNTS } from '../journals-api';
import { route, stubServer } from './ledger-server';

afterEach(() => {
  vi.unstubAllGlobals();
});

const filterOf = (path: string) => JSON.parse(new URL(path, 'http://erp.test').searchParams.get('filter') ?? 'null') as unknown;

describe('account lookup', () => {
  it('offers a journal line no control, header or inactive account, and the drill-down every posting account', async () => {
    const calls = stubServer(route('GET', /^\/gl\/accounts\/lookup/, { body: [{ id: 'a0000000-0000-4000-8000-000000006100', label: '6100 · Rent' }] }));
    expect(await lookupAccounts(' 61 ')).toEqual([{ id: 'a0000000-0000-4000-8000-000000006100', label: '6100 · Rent' }]);
    expect(filterOf(calls[0]!.path)).toEqual({ kind: 'Posting', controlType: 'None', active: true });
    expect(new URL(calls[0]!.path, 'http://erp.test').searchParams.get('search')).toBe('61');
    await lookupAccounts('', undefined, POSTING_ACCOUNTS);
    expect(filterOf(calls[1]!.path)).toEqual({ kind: 'Posting' });
  });
});
