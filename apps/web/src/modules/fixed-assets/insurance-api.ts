/* Calls of the insurance schedules (the documents kit's routes under /fa/insurance-schedules, and their own: renew, instalments paid or made a draft vendor invoice). */
import { insuranceScheduleDocument, type InstalmentInvoiceInput, type InstalmentPaymentInput, type InsuranceScheduleAction, type InsuranceScheduleInput, type InsuranceScheduleView } from '@erp/contracts';
import { apiRequest, unwrap } from '../../app/api';
import { documentBase, documentKey } from '../../shared/documents';

const policies = documentBase(insuranceScheduleDocument);
export const policiesKey = documentKey(insuranceScheduleDocument);
export const policyKey = (id: string | undefined) => [...policiesKey, 'one', id] as const;

export async function fetchPolicy(id: string, signal?: AbortSignal): Promise<InsuranceScheduleView> {
  return unwrap(await apiRequest<InsuranceScheduleView>('GET', `${policies}/${id}`, undefined, signal ? { signal } : {}));
}
export async function savePolicy(id: string | undefined, input: InsuranceScheduleInput): Promise<InsuranceScheduleView> {
  return unwrap(await (id ? apiRequest<InsuranceScheduleView>('PUT', `${policies}/${id}`, input) : apiRequest<InsuranceScheduleView>('POST', policies, input)));
}
export async function deletePolicy(id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${policies}/${id}`));
}
export async function policyAction(id: string, action: InsuranceScheduleAction): Promise<InsuranceScheduleView> {
  return unwrap(await apiRequest<InsuranceScheduleView>('POST', `${policies}/${id}/${action}`));
}
export async function renewPolicy(id: string): Promise<InsuranceScheduleView> {
  return unwrap(await apiRequest<InsuranceScheduleView>('POST', `${policies}/${id}/renew`, {}));
}
export async function payInstalment(id: string, no: number, input: InstalmentPaymentInput): Promise<InsuranceScheduleView> {
  return unwrap(await apiRequest<InsuranceScheduleView>('POST', `${policies}/${id}/instalments/${no}/pay`, input));
}
export async function unpayInstalment(id: string, no: number): Promise<InsuranceScheduleView> {
  return unwrap(await apiRequest<InsuranceScheduleView>('POST', `${policies}/${id}/instalments/${no}/unpay`));
}
export async function invoiceInstalment(id: string, no: number, input: InstalmentInvoiceInput): Promise<InsuranceScheduleView> {
  return unwrap(await apiRequest<InsuranceScheduleView>('POST', `${policies}/${id}/instalments/${no}/invoice`, input));
}
