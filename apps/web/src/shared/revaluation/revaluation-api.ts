/* Calls of a revaluation's routes (a face's …/{vendor,customer}-revaluations, /cm/bank-revaluations): GET the list, POST …/check and POST. */
import type { RevaluationList, RevaluationRequest, RevaluationView } from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';

export async function fetchRevaluations(path: string, page: number, signal?: AbortSignal): Promise<RevaluationList> {
  return unwrap(await apiRequest<RevaluationList>('GET', `${path}?limit=20&page=${page}`, undefined, signal ? { signal } : {}));
}

export async function previewRevaluation(path: string, body: RevaluationRequest): Promise<RevaluationView> {
  return unwrap(await apiRequest<RevaluationView>('POST', `${path}/check`, body));
}

export async function postRevaluation(path: string, body: RevaluationRequest): Promise<RevaluationView> {
  return unwrap(await apiRequest<RevaluationView>('POST', path, body));
}
