/*
 * Calls of the intercompany routes (apps/api modules/ledger/intercompany*.routes.ts). They reject
 * with the shell's ApiError (the SPEC.md section 8 object).
 */
import type {
  Company,
  ImportRequest,
  ImportResult,
  IntercompanyAccountsInput,
  IntercompanyJournalInput,
  IntercompanyJournalView,
  IntercompanyPartner,
  IntercompanyTemplateInput,
  IntercompanyTemplateListItem,
  IntercompanyTemplateView,
  JournalStatus,
} from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';

export const icKey = ['gl', 'intercompany'] as const;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
type List<T> = { items: T[]; total: number };

export type IcListState = { status: JournalStatus | undefined; search: string; sort: string | undefined; page: number; pageSize: number };
export type TemplateListState = Omit<IcListState, 'status'>;

/** A list's query string: empty parts left out; `paged` adds limit and page. */
export function listQuery(state: Partial<IcListState>, paged: boolean): string {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  set('status', state.status);
  set('search', state.search?.trim());
  set('sort', state.sort);
  if (paged) {
    set('limit', state.pageSize);
    set('page', state.page);
  }
  return params.toString();
}

/** The signed-in user's company (id, code, base currency): the "own" side of every pair. */
export async function fetchOwnCompany(signal?: AbortSignal): Promise<Company> {
  return unwrap(await apiRequest<Company>('GET', '/gl/GetFullCompany', undefined, withSignal(signal)));
}

export async function fetchPartners(signal?: AbortSignal): Promise<IntercompanyPartner[]> {
  return unwrap(await apiRequest<IntercompanyPartner[]>('GET', '/gl/intercompany-partners', undefined, withSignal(signal)));
}

export async function saveDueAccounts(partner: string, input: IntercompanyAccountsInput): Promise<IntercompanyPartner> {
  return unwrap(await apiRequest<IntercompanyPartner>('PUT', `/gl/intercompany-partners/${partner}/accounts`, input));
}

export async function lookupPairAccounts(company: string, search: string, signal?: AbortSignal): Promise<{ id: string; label: string }[]> {
  const params = new URLSearchParams({ company, limit: '20' });
  if (search.trim()) params.set('search', search.trim());
  return unwrap(await apiRequest<{ id: string; label: string }[]>('GET', `/gl/intercompany-accounts/lookup?${params.toString()}`, undefined, withSignal(signal)));
}

export async function fetchIcJournal(id: string, signal?: AbortSignal): Promise<IntercompanyJournalView> {
  return unwrap(await apiRequest<IntercompanyJournalView>('GET', `/gl/intercompany-journals/${id}`, undefined, withSignal(signal)));
}

/** POST a new draft, PUT an existing draft or validated journal (it returns to draft). */
export async function saveIcJournal(id: string | undefined, input: IntercompanyJournalInput): Promise<IntercompanyJournalView> {
  return unwrap(await (id ? apiRequest<IntercompanyJournalView>('PUT', `/gl/intercompany-journals/${id}`, input) : apiRequest<IntercompanyJournalView>('POST', '/gl/intercompany-journals', input)));
}

export async function deleteIcJournal(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `/gl/intercompany-journals/${id}`));
}

export async function validateIcJournal(id: string): Promise<IntercompanyJournalView> {
  return unwrap(await apiRequest<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${id}/validate`));
}

/** Posting and reversal take an Idempotency-Key: a repeated click or retried request posts once. */
export async function postIcJournal(id: string, idempotencyKey: string): Promise<IntercompanyJournalView> {
  return unwrap(await apiRequest<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${id}/post`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function reverseIcJournal(id: string, date: string, idempotencyKey: string): Promise<IntercompanyJournalView> {
  return unwrap(await apiRequest<IntercompanyJournalView>('POST', `/gl/intercompany-journals/${id}/reverse`, { date }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function fetchIcTemplates(state: TemplateListState, signal?: AbortSignal): Promise<List<IntercompanyTemplateListItem>> {
  return unwrap(await apiRequest<List<IntercompanyTemplateListItem>>('GET', `/gl/intercompany-journal-templates?${listQuery(state, true)}`, undefined, withSignal(signal)));
}

export async function fetchIcTemplate(id: string, signal?: AbortSignal): Promise<IntercompanyTemplateView> {
  return unwrap(await apiRequest<IntercompanyTemplateView>('GET', `/gl/intercompany-journal-templates/${id}`, undefined, withSignal(signal)));
}

export async function saveIcTemplate(id: string | undefined, input: IntercompanyTemplateInput): Promise<IntercompanyTemplateView> {
  return unwrap(await (id ? apiRequest<IntercompanyTemplateView>('PUT', `/gl/intercompany-journal-templates/${id}`, input) : apiRequest<IntercompanyTemplateView>('POST', '/gl/intercompany-journal-templates', input)));
}

export async function deleteIcTemplate(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `/gl/intercompany-journal-templates/${id}`));
}

export type TransferTarget = 'journals' | 'templates';
const transferBase: Record<TransferTarget, string> = { journals: '/gl/intercompany-journals', templates: '/gl/intercompany-journal-templates' };

/** Downloads every row of the filter (all pages) as the server builds it. */
export async function downloadIcExport(target: TransferTarget, state: Partial<IcListState>, format: 'csv' | 'xlsx'): Promise<void> {
  const query = listQuery(state, false);
  const file = unwrap(await apiDownload(`${transferBase[target]}/export?${query ? `${query}&` : ''}format=${format}`));
  saveBlob(file.blob, file.fileName ?? `intercompany-${target}.${format}`);
}

export async function importIc(target: TransferTarget, request: ImportRequest): Promise<ImportResult> {
  return unwrap(await apiRequest<ImportResult>('POST', `${transferBase[target]}/import`, request));
}
