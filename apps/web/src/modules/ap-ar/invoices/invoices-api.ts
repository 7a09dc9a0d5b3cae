/*
 * Calls of the invoice and credit note routes of a face (the documents kit's, from the definitions
 * in contracts ap-ar/invoices.ts), the list's sums, the party's payment term and the tax report.
 */
import {
  invoiceDocuments,
  paymentTermRuleSchema,
  type CreditNoteInput,
  type CreditNoteView,
  type DocumentCheck,
  type Face,
  type InstanceView,
  type InvoiceInput,
  type InvoiceSums,
  type InvoiceView,
  type PaymentTermRule,
  type TaxReport,
} from '@erp/contracts';
import { apiRequest, unwrap } from '../../../app/api';
import { apiDownload, saveBlob } from '../../../shared/documents/shell-adapter';
import { documentBase, documentKey, documentListQuery, type DocumentListState, type ExtraListQuery } from '../../../shared/documents';

export type Which = 'invoice' | 'creditNote';
export type AnyInput = InvoiceInput | CreditNoteInput;
export type AnyView = InvoiceView | CreditNoteView;

export const defOf = <W extends Which>(face: Face, which: W): (typeof invoiceDocuments)['payables'][W] => invoiceDocuments[face.side][which];
const base = (face: Face, which: Which) => documentBase(defOf(face, which));

export const invoicesKey = (face: Face, which: Which) => documentKey(defOf(face, which));
export const documentQueryKey = (face: Face, which: Which, id: string | undefined) => [...invoicesKey(face, which), 'one', id] as const;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export async function fetchDocument<V extends AnyView>(face: Face, which: Which, id: string, signal?: AbortSignal): Promise<V> {
  return unwrap(await apiRequest<V>('GET', `${base(face, which)}/${id}`, undefined, withSignal(signal)));
}

export async function saveDocument<V extends AnyView>(face: Face, which: Which, id: string | undefined, input: AnyInput): Promise<V> {
  return unwrap(await (id ? apiRequest<V>('PUT', `${base(face, which)}/${id}`, input) : apiRequest<V>('POST', base(face, which), input)));
}

export async function deleteDocument(face: Face, which: Which, id: string): Promise<void> {
  unwrap(await apiRequest<{ message: string }>('DELETE', `${base(face, which)}/${id}`));
}

/**
 * Every rule of posting, nothing written (the kit's direct path): for a direct Post (the approval gate
 * included) or a submission (as its approval will post it); `id`: the saved draft the input replaces.
 */
export async function checkDocument(face: Face, which: Which, input: AnyInput, purpose: 'post' | 'submit' = 'post', id?: string): Promise<void> {
  const query = new URLSearchParams({ for: purpose, ...(id ? { id } : {}) });
  unwrap(await apiRequest<DocumentCheck>('POST', `${base(face, which)}/check?${query.toString()}`, input));
}

/** Posts a saved draft (`id`), or creates and posts in one call; keyed, so a repeated click posts once. */
export async function postDocument<V extends AnyView>(face: Face, which: Which, id: string | undefined, input: AnyInput | undefined, idempotencyKey: string): Promise<V> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  return unwrap(id ? await apiRequest<V>('POST', `${base(face, which)}/${id}/post`, undefined, { headers }) : await apiRequest<V>('POST', `${base(face, which)}/post`, input, { headers }));
}

export async function submitDocument(face: Face, which: Which, id: string): Promise<InstanceView> {
  return unwrap(await apiRequest<InstanceView>('POST', `${base(face, which)}/${id}/submit`, {}));
}

/** GET …/sums: the list filter's documents, gross and remaining per currency (the footer). */
export async function fetchSums(face: Face, which: Which, state: DocumentListState, extra: ExtraListQuery, signal?: AbortSignal): Promise<InvoiceSums> {
  const query = documentListQuery(state, false, ['kind', 'status', 'from', 'to', 'search'], extra);
  return unwrap(await apiRequest<InvoiceSums>('GET', `${base(face, which)}/sums?${query.toString()}`, undefined, withSignal(signal)));
}

type PartyRecord = { id: string; code: string; name: string; group: string; currency: string | null; paymentTerm: string | null };
type GroupRecord = { id: string; paymentTerm: string | null; currency: string | null };

/** What an invoice takes from its party: its payment term (the party's, else its group's) and currency id (likewise). */
export async function fetchPartyTerms(face: Face, partyId: string, signal?: AbortSignal): Promise<{ term: PaymentTermRule | undefined; currencyId: string | null }> {
  const party = unwrap(await apiRequest<PartyRecord>('GET', `/${face.service}/${face.partyWord}s/${partyId}`, undefined, withSignal(signal)));
  const group = unwrap(await apiRequest<GroupRecord>('GET', `/${face.service}/${face.partyWord}-groups/${party.group}`, undefined, withSignal(signal)));
  const termId = party.paymentTerm ?? group.paymentTerm;
  const currencyId = party.currency ?? group.currency;
  if (!termId) return { term: undefined, currencyId };
  const record = unwrap(await apiRequest<unknown>('GET', `/${face.service}/payment-terms/${termId}`, undefined, withSignal(signal)));
  const term = paymentTermRuleSchema.safeParse(record);
  return { term: term.success ? term.data : undefined, currencyId };
}

/** GET /gl/tax-report?from=&to=. */
export async function fetchTaxReport(from: string, to: string, signal?: AbortSignal): Promise<TaxReport> {
  return unwrap(await apiRequest<TaxReport>('GET', `/gl/tax-report?${new URLSearchParams({ from, to }).toString()}`, undefined, withSignal(signal)));
}

/** GET …/:id/pdf: the printable invoice (company header, lines, tax summary, terms, remittance details), downloaded. */
export async function downloadInvoicePdf(face: Face, id: string, number: string | null): Promise<void> {
  const file = unwrap(await apiDownload(`${base(face, 'invoice')}/${id}/pdf`));
  saveBlob(file.blob, file.fileName ?? `${number ?? 'invoice'}.pdf`);
}
