/* Calls of the ageing routes of a face (issue 16): GET /{ap,ar}/{vendor,customer}-ageing and …/items. */
import type { AgeingItemsPage, AgeingQueryInput, AgeingReport, EntityRecord, Face } from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const base = (face: Face) => `/${face.service}/${face.partyWord}-ageing`;

/** The query string of an ageing request: only the filters that are set. */
export function ageingParams(q: AgeingQueryInput): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
}

export async function fetchAgeing(face: Face, q: AgeingQueryInput, signal?: AbortSignal): Promise<AgeingReport> {
  return unwrap(await apiRequest<AgeingReport>('GET', `${base(face)}?${ageingParams(q)}`, undefined, withSignal(signal)));
}

export async function fetchAgeingItems(face: Face, q: AgeingQueryInput & { party: string }, signal?: AbortSignal): Promise<AgeingItemsPage> {
  return unwrap(await apiRequest<AgeingItemsPage>('GET', `${base(face)}/items?${ageingParams(q)}`, undefined, withSignal(signal)));
}

/** The face's party groups (the group filter). */
export async function fetchPartyGroups(face: Face, signal?: AbortSignal): Promise<EntityRecord[]> {
  return unwrap(await apiRequest<{ items: EntityRecord[] }>('GET', `/${face.service}/${face.partyWord}-groups?limit=200`, undefined, withSignal(signal))).items;
}
