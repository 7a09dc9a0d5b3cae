/*
 * Calls of the journal routes (the documents kit's, from `journalDocument`) and the reference data
 * the line grid needs. They reject with the shell's ApiError (the SPEC.md section 8 object).
 */
import { journalDocument, type DocumentCheck, type InstanceView, type JournalInput, type JournalKind, type JournalListItem, type JournalStatus, type JournalView } from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';
import { documentKey, documentListPath, fetchDocumentList, type DocumentList, type DocumentListState } from '../../../shared/documents';

export type { JournalListItem };
export type JournalList = DocumentList<JournalListItem>;
export type JournalListState = DocumentListState<JournalStatus, JournalKind>;

export const journalsKey = documentKey(journalDocument);

/** GET /gl/journals?kind=&status=&from=&to=&search=&sort=&limit=&page= (empty parts left out). */
export const journalListPath = (state: JournalListState): string => documentListPath(journalDocument, state);

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchJournals = (state: JournalListState, signal?: AbortSignal): Promise<JournalList> => fetchDocumentList<JournalListItem>(journalDocument, state, undefined, signal);

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
 * Every rule of posting the journal, nothing written: resolves when Post would take it, rejects with what it would refuse.
 * For a submission (`submit`), the posting as its approval will run it (no approval gate); `id`: the saved draft it replaces.
 */
export async function checkJournal(input: JournalInput, submit?: { id: string | undefined }): Promise<void> {
  const query = submit ? `?${new URLSearchParams({ for: 'submit', ...(submit.id ? { id: submit.id } : {}) }).toString()}` : '';
  unwrap(await apiRequest<DocumentCheck>('POST', `/gl/journals/check${query}`, input));
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

export { LINE_ACCOUNTS, POSTING_ACCOUNTS, lookupAccounts, type LookupOption } from '../../../shared/pickers/account-lookup';

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
