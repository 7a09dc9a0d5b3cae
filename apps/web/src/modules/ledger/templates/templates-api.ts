/*
 * Calls of the journal template and recurring journal routes (apps/api modules/ledger
 * templates.routes.ts and recurring.routes.ts). They reject with the shell's ApiError.
 */
import type {
  GeneratedJournal,
  ImportRequest,
  ImportResult,
  JournalFromTemplate,
  JournalTemplateInput,
  JournalTemplateListItem,
  JournalTemplateView,
  JournalView,
  LookupItem,
  MessageResult,
  Page,
  RecurringJournalInput,
  RecurringJournalView,
  RecurringRunResult,
  RecurringState,
} from '@erp/contracts';
import { apiDownload, apiRequest, unwrap } from '../../../app/api';
import { saveBlob } from '../../../shared/kit/kit-api';

export const templatesKey = ['gl', 'journal-templates'] as const;
export const recurringKey = ['gl', 'recurring-journals'] as const;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** A list's search, sort and page; `state` filters the recurring journals only. */
export type ListState = { search: string; sort: string | undefined; page: number; pageSize: number; state?: RecurringState | undefined };

/** A list's query string: empty parts left out; `paged` adds limit and page. */
export function listQuery(state: Partial<ListState>, paged: boolean): string {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  set('search', state.search?.trim());
  set('sort', state.sort);
  set('state', state.state);
  if (paged) {
    set('limit', state.pageSize);
    set('page', state.page);
  }
  return params.toString();
}

const TEMPLATES = '/gl/journal-templates';
const RECURRING = '/gl/recurring-journals';

export async function fetchTemplates(state: ListState, signal?: AbortSignal): Promise<Page<JournalTemplateListItem>> {
  return unwrap(await apiRequest<Page<JournalTemplateListItem>>('GET', `${TEMPLATES}?${listQuery(state, true)}`, undefined, withSignal(signal)));
}

export async function fetchTemplate(id: string, signal?: AbortSignal): Promise<JournalTemplateView> {
  return unwrap(await apiRequest<JournalTemplateView>('GET', `${TEMPLATES}/${id}`, undefined, withSignal(signal)));
}

export async function saveTemplate(id: string | undefined, input: JournalTemplateInput): Promise<JournalTemplateView> {
  return unwrap(await (id ? apiRequest<JournalTemplateView>('PUT', `${TEMPLATES}/${id}`, input) : apiRequest<JournalTemplateView>('POST', TEMPLATES, input)));
}

export async function deleteTemplate(id: string): Promise<void> {
  unwrap(await apiRequest<MessageResult>('DELETE', `${TEMPLATES}/${id}`));
}

/** A draft journal made from the template on a date. */
export async function journalFromTemplate(id: string, request: JournalFromTemplate): Promise<JournalView> {
  return unwrap(await apiRequest<JournalView>('POST', `${TEMPLATES}/${id}/journal`, request));
}

export async function lookupTemplates(search: string, signal?: AbortSignal): Promise<LookupItem[]> {
  const params = new URLSearchParams({ limit: '20' });
  if (search.trim()) params.set('search', search.trim());
  return unwrap(await apiRequest<LookupItem[]>('GET', `${TEMPLATES}/lookup?${params.toString()}`, undefined, withSignal(signal)));
}

export async function fetchRecurringList(state: ListState, signal?: AbortSignal): Promise<Page<RecurringJournalView>> {
  return unwrap(await apiRequest<Page<RecurringJournalView>>('GET', `${RECURRING}?${listQuery(state, true)}`, undefined, withSignal(signal)));
}

export async function fetchRecurring(id: string, signal?: AbortSignal): Promise<RecurringJournalView> {
  return unwrap(await apiRequest<RecurringJournalView>('GET', `${RECURRING}/${id}`, undefined, withSignal(signal)));
}

export async function fetchRecurringHistory(id: string, page: number, pageSize: number, signal?: AbortSignal): Promise<Page<GeneratedJournal>> {
  return unwrap(await apiRequest<Page<GeneratedJournal>>('GET', `${RECURRING}/${id}/journals?limit=${pageSize}&page=${page}`, undefined, withSignal(signal)));
}

export async function saveRecurring(id: string | undefined, input: RecurringJournalInput): Promise<RecurringJournalView> {
  return unwrap(await (id ? apiRequest<RecurringJournalView>('PUT', `${RECURRING}/${id}`, input) : apiRequest<RecurringJournalView>('POST', RECURRING, input)));
}

export async function deleteRecurring(id: string): Promise<void> {
  unwrap(await apiRequest<MessageResult>('DELETE', `${RECURRING}/${id}`));
}

/** Run now: every occurrence due up to `upTo` (today when left out), each once. */
export async function runRecurring(id: string, upTo?: string): Promise<RecurringRunResult> {
  return unwrap(await apiRequest<RecurringRunResult>('POST', `${RECURRING}/${id}/run`, upTo ? { upTo } : {}));
}

export type TransferTarget = 'templates' | 'recurring';
const transferBase: Record<TransferTarget, string> = { templates: TEMPLATES, recurring: RECURRING };
const fileStem: Record<TransferTarget, string> = { templates: 'journal-templates', recurring: 'recurring-journals' };

/** Downloads every row of the filter (all pages) as the server builds it. */
export async function downloadExport(target: TransferTarget, state: Partial<ListState>, format: 'csv' | 'xlsx'): Promise<void> {
  const query = listQuery(state, false);
  const file = unwrap(await apiDownload(`${transferBase[target]}/export?${query ? `${query}&` : ''}format=${format}`));
  saveBlob(file.blob, file.fileName ?? `${fileStem[target]}.${format}`);
}

export async function importRows(target: TransferTarget, request: ImportRequest): Promise<ImportResult> {
  return unwrap(await apiRequest<ImportResult>('POST', `${transferBase[target]}/import`, request));
}
