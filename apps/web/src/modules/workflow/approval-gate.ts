import { useQueries, useQuery } from '@tanstack/react-query';
import type { ApprovalGateView, ApprovalType } from '@erp/contracts';
import { call, withQuery, workflowKey } from './workflow-api';

export const gateKey = (approvalType: ApprovalType, documentId: string | undefined) => [...workflowKey, 'gate', approvalType, documentId] as const;

/**
 * GET /workflow/gate: whether an active workflow of the type governs the company's documents (a
 * document screen then offers "Submit for approval" instead of its direct operations) and whether
 * this document is under approval. Under the workflow key, so every approval write refreshes it.
 */
export const useApprovalGate = (approvalType: ApprovalType, documentId?: string) =>
  useQuery({
    queryKey: gateKey(approvalType, documentId),
    queryFn: ({ signal }) => call<ApprovalGateView>('GET', withQuery('/workflow/gate', { approvalType, documentId }), undefined, signal),
  });

/**
 * What the screen offers: 'submit' with an active workflow, 'direct' without one (or when the gate
 * could not be asked: the server still refuses a direct operation a workflow governs), undefined
 * while it is being asked.
 */
export type ApprovalMode = 'submit' | 'direct' | undefined;

export function approvalMode(gate: { data?: ApprovalGateView | undefined; isError: boolean }): ApprovalMode {
  if (gate.data) return gate.data.workflowActive ? 'submit' : 'direct';
  return gate.isError ? 'direct' : undefined;
}

/** The documents of a list that are under approval (one gate per document, shared with useApprovalGate's cache). */
export function useDocumentsUnderApproval(approvalType: ApprovalType, documentIds: readonly string[]): ReadonlySet<string> {
  return useQueries({
    queries: documentIds.map((documentId) => ({
      queryKey: gateKey(approvalType, documentId),
      queryFn: ({ signal }: { signal: AbortSignal }) => call<ApprovalGateView>('GET', withQuery('/workflow/gate', { approvalType, documentId }), undefined, signal),
    })),
    combine: (results) => new Set(documentIds.filter((_, index) => results[index]?.data?.underApproval === true)),
  });
}

/**
 * Whether submitting a document of this amount needs an approver (issue 14 edge 2): the gate asked
 * with the amount answers `approvalNeeded`; undefined while asking, without a governing workflow,
 * or while the server does not answer it (the screen then says "Submit for approval" as before).
 */
export function useApprovalNeeded(approvalType: ApprovalType, documentId: string | undefined, amount: string | undefined, governed: boolean): boolean | undefined {
  const gate = useQuery({
    queryKey: [...gateKey(approvalType, documentId), 'amount', amount],
    queryFn: ({ signal }) => call<ApprovalGateView>('GET', withQuery('/workflow/gate', { approvalType, documentId, amount }), undefined, signal),
    enabled: governed && amount !== undefined,
    staleTime: 30_000,
  });
  return gate.data?.approvalNeeded;
}
