/* Calls of a face's revaluation routes (issue 16): GET …/{vendor,customer}-revaluations, POST …/check and POST …. */
import { revaluationPath, type Face, type RevaluationList, type RevaluationRequest, type RevaluationView } from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';

export async function fetchRevaluations(face: Face, page: number, signal?: AbortSignal): Promise<RevaluationList> {
  return unwrap(await apiRequest<RevaluationList>('GET', `${revaluationPath(face)}?limit=20&page=${page}`, undefined, signal ? { signal } : {}));
}

export async function previewRevaluation(face: Face, body: RevaluationRequest): Promise<RevaluationView> {
  return unwrap(await apiRequest<RevaluationView>('POST', `${revaluationPath(face)}/check`, body));
}

export async function postRevaluation(face: Face, body: RevaluationRequest): Promise<RevaluationView> {
  return unwrap(await apiRequest<RevaluationView>('POST', revaluationPath(face), body));
}
