/*
 * The account lookup every account picker asks (GET /gl/accounts/lookup): a journal line's, an
 * invoice line's, the drill-down's. Shared by the ledger and the subledgers' screens.
 */
import type { LookupItem } from '@erp/contracts';
import { apiRequest, unwrap } from '../kit/shell-adapter';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export type LookupOption = LookupItem;

/**
 * What an account picker offers. A journal line (and what posts like one) may use an active posting
 * account that is not a control account (the port refuses the others: a control account takes only
 * its subledger's postings); the drill-down reads any posting account.
 */
export const LINE_ACCOUNTS = { kind: 'Posting', controlType: 'None', active: true } as const;
export const POSTING_ACCOUNTS = { kind: 'Posting' } as const;

export async function lookupAccounts(search: string, signal?: AbortSignal, filter: Readonly<Record<string, string | boolean>> = LINE_ACCOUNTS): Promise<LookupOption[]> {
  const params = new URLSearchParams({ limit: '20', filter: JSON.stringify(filter) });
  if (search.trim()) params.set('search', search.trim());
  return unwrap(await apiRequest<LookupOption[]>('GET', `/gl/accounts/lookup?${params.toString()}`, undefined, withSignal(signal)));
}

