/*
 * Calls of the recurring payment routes of a face (the documents kit's, from contracts'
 * ap-ar/recurring-payments.ts) and of its own: Run now and the payments a schedule made.
 */
import {
  recurringPaymentDocuments,
  type InstanceView,
  type RecurringOccurrenceList,
  type RecurringPaymentFace,
  type RecurringPaymentInput,
  type RecurringPaymentRunResult,
  type RecurringPaymentView,
} from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';
import { documentBase, documentKey } from '../../../shared/documents';

export const recurringDefOf = (rf: RecurringPaymentFace) => recurringPaymentDocuments[rf.pf.face.side];
const base = (rf: RecurringPaymentFace) => documentBase(recurringDefOf(rf));
export const recurringListKey = (rf: RecurringPaymentFace) => documentKey(recurringDefOf(rf));
export const recurringKey = (rf: RecurringPaymentFace, id: string | undefined) => [...recurringListKey(rf), 'one', id] as const;
export const recurringHistoryKey = (rf: RecurringPaymentFace, id: string | undefined) => [...recurringListKey(rf), 'history', id] as const;

export async function fetchRecurring(rf: RecurringPaymentFace, id: string, signal?: AbortSignal): Promise<RecurringPaymentView> {
  return unwrap(await apiRequest<RecurringPaymentView>('GET', `${base(rf)}/${id}`, undefined, signal ? { signal } : {}));
}

export async function saveRecurring(rf: RecurringPaymentFace, id: string | undefined, input: RecurringPaymentInput): Promise<RecurringPaymentView> {
  return unwrap(await (id ? apiRequest<RecurringPaymentView>('PUT', `${base(rf)}/${id}`, input) : apiRequest<RecurringPaymentView>('POST', base(rf), input)));
}

export async function deleteRecurring(rf: RecurringPaymentFace, id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${base(rf)}/${id}`));
}

/** Activate (the kit's `post`) or Stop a saved schedule. */
export async function recurringAction(rf: RecurringPaymentFace, id: string, action: 'post' | 'stop'): Promise<RecurringPaymentView> {
  return unwrap(await apiRequest<RecurringPaymentView>('POST', `${base(rf)}/${id}/${action}`));
}

/** Submits a draft schedule to its approval (RecurringVendorPaymentApproval / RecurringCustomerPaymentApproval: Post activates it). */
export async function submitRecurring(rf: RecurringPaymentFace, id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${base(rf)}/${id}/submit`, {}));
}

/** Run now: every occurrence due up to the date (today when none), each once. */
export async function runRecurring(rf: RecurringPaymentFace, id: string, upTo?: string): Promise<RecurringPaymentRunResult> {
  return unwrap(await apiRequest<RecurringPaymentRunResult>('POST', `${base(rf)}/${id}/run`, upTo ? { upTo } : {}));
}

export async function fetchRecurringHistory(rf: RecurringPaymentFace, id: string, signal?: AbortSignal): Promise<RecurringOccurrenceList> {
  return unwrap(await apiRequest<RecurringOccurrenceList>('GET', `${base(rf)}/${id}/payments?limit=100`, undefined, signal ? { signal } : {}));
}
