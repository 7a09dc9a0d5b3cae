/*
 * Calls of the journal routes (apps/api modules/ledger/journals.routes.ts) and the reference data
 * the line grid needs. They reject with the shell's ApiError (the SPEC.md section 8 object).
 */
import type { InstanceView, JournalInput, JournalKind, JournalStatus, JournalView } from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';

export type JournalListItem = {
  id: string;
  number: string | null;
  kind: JournalKind;
  status: JournalStatus;
  journalDate: string;
  description: string;
  reference: string | null;
  total: string;
  baseCurrency: string;
  reversalOf: string | null;
  reversedBy: string | null;
};
export type JournalList = { items: JournalListItem[]; total: number };

export type JournalListState = {
  kind: JournalKind | undefined;
  status: JournalStatus | undefined;
  from: string | undefined;
  to: string | undefined;
  search: string;
  /** `field` or `-field` of journalDate, number, status, createdAt. */
  sort: string | undefined;
  page: number;
  pageSize: number;
};

export const journalsKey = ['gl', 'journals'] as const;

/** The query of a list state (empty parts left out), with its page or, for an export, without. */
function journalQuery(state: JournalListState, paged: boolean): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  set('kind', state.kind);
  set('status', state.status);
  set('from', state.from);
  set('to', state.to);
  set('search', state.search.trim());
  set('sort', state.sort);
  if (paged) {
    set('limit', state.pageSize);
    set('page', state.page);
  }
  return params;
}

/** GET /gl/journals?kind=&status=&from=&to=&search=&sort=&limit=&page= (empty parts left out). */
export function journalListPath(state: JournalListState): string {
  return `/gl/journals?${journalQuery(state, true).toString()}`;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Downloads every line of the journals of the list's filter (all pages) as CSV or XLSX. */
export async function downloadJournals(state: JournalListState, format: 'csv' | 'xlsx'): Promise<void> {
  const query = journalQuery(state, false);
  query.set('format', format);
  const file = unwrap(await apiDownload(`/gl/journals/export?${query.toString()}`));
  saveBlob(file.blob, file.fileName ?? `journals.${format}`);
}

export async function fetchJournals(state: JournalListState, signal?: AbortSignal): Promise<JournalList> {
  return unwrap(await apiRequest<JournalList>('GET', journalListPath(state), undefined, withSignal(signal)));
}

export async function fetchJournal(id: string, signal?: AbortSignal): Promise<JournalView> {
  return unwrap(await apiRequest<JournalView>('GET', `/gl/journals/${id}`, undefined, withSignal(signal)));
}

/** POST a new draft, PUT an existing draft or validated journal (it returns to draft). */
export async function saveJournal(id: string | undefined, input: JournalInput): Promise<JournalView> {
  return unwrap(await (id ? apiRequest<JournalView>('PUT', `/gl/journals/${id}`, input) : apiRequest<JournalView>('POST', '/gl/journals', input)));
}

export async function deleteJournal(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `/gl/journals/${id}`));
}

export async function validateJournal(id: string): Promise<JournalView> {
  return unwrap(await apiRequest<JournalView>('POST', `/gl/journals/${id}/validate`));
}

/** POST /gl/journals/:id/submit: starts its JournalApproval workflow (with none, Validate and Post run at once). */
export async function submitJournal(id: string, comment?: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `/gl/journals/${id}/submit`, comment ? { comment } : {}));
}

/**
 * Posting takes an Idempotency-Key: the same key twice posts once and answers the same journal,
 * so a repeated click or a retried request cannot post twice. `id` posts a saved draft; without
 * it the journal is created and posted in one call.
 */
export async function postJournal(id: string | undefined, input: JournalInput | undefined, idempotencyKey: string): Promise<JournalView> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  const result = id
    ? await apiRequest<JournalView>('POST', `/gl/journals/${id}/post`, undefined, { headers })
    : await apiRequest<JournalView>('POST', '/gl/journals/post', input, { headers });
  return unwrap(result);
}

export async function reverseJournal(id: string, date: string, idempotencyKey: string): Promise<JournalView> {
  return unwrap(await apiRequest<JournalView>('POST', `/gl/journals/${id}/reverse`, { date }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export type LookupOption = { id: string; label: string };

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

type KitList<T> = { items: T[]; total: number };
export type CurrencyRecord = { id: string; code: string; name: string; minorUnit: number; status: string };
export type DimensionRecord = { id: string; code: string; name: string; dimensionGroup: string; active: boolean | null };
export type DimensionGroupRecord = { id: string; code: string; name: string; active: boolean | null };
export type TaxRecord = { id: string; code: string; name: string; rate: string; active: boolean | null };

export async function fetchCurrencies(signal?: AbortSignal): Promise<CurrencyRecord[]> {
  return unwrap(await apiRequest<KitList<CurrencyRecord>>('GET', '/gl/currencies?limit=100', undefined, withSignal(signal))).items;
}

export async function fetchDimensions(signal?: AbortSignal): Promise<DimensionRecord[]> {
  return unwrap(await apiRequest<KitList<DimensionRecord>>('GET', '/gl/dimensions?limit=500', undefined, withSignal(signal))).items;
}

export async function fetchTaxes(signal?: AbortSignal): Promise<TaxRecord[]> {
  return unwrap(await apiRequest<KitList<TaxRecord>>('GET', '/gl/taxes?limit=500', undefined, withSignal(signal))).items;
}

export async function fetchDimensionGroups(signal?: AbortSignal): Promise<DimensionGroupRecord[]> {
  return unwrap(await apiRequest<KitList<DimensionGroupRecord>>('GET', '/gl/dimension-groups?limit=500', undefined, withSignal(signal))).items;
}
