/*
 * Calls of the kit's generic routes. They reject with the shell's ApiError (the SPEC.md section 8
 * error object) so TanStack Query sees failures.
 */
import type { EntityDef, EntityImportResult, EntityList, EntityRecord, ImportRequest, LookupItem, MessageResult } from '@erp/contracts';
import { entityBasePath, exportPath, initialListState, listPath, LOOKUP_LIMIT, lookupPath, type EntityRef, type ListState } from './list-query';
import { apiDownload, apiRequest, unwrap } from './shell-adapter';

export type { EntityList, RefLabels } from '@erp/contracts';
/** A picker's option: the lookup route's item. */
export type LookupOption = LookupItem;
export type EntityInput = Record<string, unknown>;

/** The query keys of one entity start with this, so one invalidation refreshes its lists and pickers. */
export const entityKey = (def: Pick<EntityDef, 'name'>) => ['kit', def.name] as const;

export async function fetchEntityList(def: EntityRef, state: ListState, signal?: AbortSignal): Promise<EntityList> {
  return unwrap(await apiRequest<EntityList>('GET', listPath(def, state), undefined, signal ? { signal } : {}));
}

export async function fetchLookup(def: EntityRef, search: string, signal?: AbortSignal): Promise<LookupOption[]> {
  return unwrap(await apiRequest<LookupOption[]>('GET', lookupPath(def, search), undefined, signal ? { signal } : {}));
}

/** 'CODE · Name' of a record as the server's lookup labels it (the code alone when both are the same). */
export function recordLabel(def: Pick<EntityDef, 'key' | 'display'>, record: EntityRecord): string {
  const key = String(record[def.key[0]!] ?? '');
  const display = String(record[def.display] ?? '');
  return key === display || !display ? key : `${key} · ${display}`;
}

/**
 * Lookup limited by a filter (e.g. posting accounts only): the lookup route takes no filter, so
 * this asks the list route for the first matches and labels them as the lookup would.
 */
export async function fetchFilteredLookup(
  def: EntityRef & Pick<EntityDef, 'key' | 'display'>,
  search: string,
  filter: ListState['filter'],
  signal?: AbortSignal,
): Promise<LookupOption[]> {
  const list = await fetchEntityList(def, { ...initialListState(filter), search, pageSize: LOOKUP_LIMIT }, signal);
  return list.items.map((record) => ({ id: record.id, label: recordLabel(def, record) }));
}

/** POST base for a new record, PUT base/:id with the whole record for an edit. */
export async function saveEntity(def: EntityRef, id: string | undefined, input: EntityInput): Promise<EntityRecord> {
  const base = entityBasePath(def);
  return unwrap(await (id ? apiRequest<EntityRecord>('PUT', `${base}/${id}`, input) : apiRequest<EntityRecord>('POST', base, input)));
}

export async function deleteEntity(def: EntityRef, id: string): Promise<void> {
  unwrap(await apiRequest<MessageResult>('DELETE', `${entityBasePath(def)}/${id}`));
}

export async function importEntities(def: EntityRef, request: ImportRequest): Promise<EntityImportResult> {
  return unwrap(await apiRequest<EntityImportResult>('POST', `${entityBasePath(def)}/import`, request));
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads every row of the current filter as CSV or XLSX (the server builds the file). */
export async function downloadExport(def: EntityRef, state: ListState, format: 'csv' | 'xlsx'): Promise<void> {
  const file = unwrap(await apiDownload(exportPath(def, state, format)));
  saveBlob(file.blob, file.fileName ?? `${def.resource}.${format}`);
}
