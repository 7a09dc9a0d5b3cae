/*
 * Calls of the workflow routes (packages/contracts/src/workflow/README-routes.md) as TanStack Query
 * hooks. Failures reject with the shell's ApiError carrying the SPEC.md section 8 object.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActorInput,
  ActorView,
  ApprovalTypeInfo,
  ApproveInput,
  DocumentHistory,
  EscalationRuleInput,
  EscalationRuleView,
  Inbox,
  InboxQuery,
  InstanceView,
  MessageResult,
  MessageEvent,
  MessageList,
  MessageView,
  MessageSettingInput,
  MessageSettingView,
  RejectInput,
  TagInput,
  TagView,
  TaskActionResult,
  TaskDetail,
  TaskSummary,
  UserLookupItem,
  WorkflowInput,
  WorkflowListItem,
  WorkflowListQuery,
  Page,
  SearchPageQuery,
  WorkflowView,
} from '@erp/contracts';
import { apiRequest, unwrap } from './shell-adapter';

export type { Page } from '@erp/contracts';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const workflowKey = ['workflow'] as const;

/** A path with its query; empty and undefined values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function call<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return unwrap(await apiRequest<T>(method, path, body, signal ? { signal } : {}));
}

/** Invalidates every workflow query after a write. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: workflowKey });
}

function useWrite<V, R>(write: (vars: V) => Promise<R>) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: write, onSuccess: () => refresh() });
}

// Definitions

export const useApprovalTypes = () =>
  useQuery({ queryKey: [...workflowKey, 'approval-types'], queryFn: ({ signal }) => call<ApprovalTypeInfo[]>('GET', '/workflow/approval-types', undefined, signal), staleTime: 5 * 60_000 });

export const useWorkflows = (query: WorkflowListQuery) =>
  useQuery({
    queryKey: [...workflowKey, 'workflows', query],
    queryFn: ({ signal }) => call<Page<WorkflowListItem>>('GET', withQuery('/workflow/workflows', { ...query }), undefined, signal),
    placeholderData: keepPreviousData,
  });

export const useWorkflow = (id: string | undefined) =>
  useQuery({ queryKey: [...workflowKey, 'workflow', id], queryFn: ({ signal }) => call<WorkflowView>('GET', `/workflow/workflows/${id}`, undefined, signal), enabled: id !== undefined });

export const useSaveWorkflow = () =>
  useWrite(({ id, input }: { id: string | undefined; input: WorkflowInput }) =>
    id ? call<WorkflowView>('PUT', `/workflow/workflows/${id}`, input) : call<WorkflowView>('POST', '/workflow/workflows', input),
  );

export const useDeleteWorkflow = () => useWrite((id: string) => call<MessageResult>('DELETE', `/workflow/workflows/${id}`));

export const useUserLookup = (search: string) =>
  useQuery({
    queryKey: [...workflowKey, 'users', search],
    queryFn: ({ signal }) => call<UserLookupItem[]>('GET', withQuery('/workflow/users/lookup', { search, limit: 20 }), undefined, signal),
    placeholderData: keepPreviousData,
  });

export type ListQuery = SearchPageQuery;

export const useTags = (query: ListQuery) =>
  useQuery({
    queryKey: [...workflowKey, 'tags', query],
    queryFn: ({ signal }) => call<Page<TagView>>('GET', withQuery('/workflow/tags', query), undefined, signal),
    placeholderData: keepPreviousData,
  });

export const useSaveTag = () =>
  useWrite(({ id, input }: { id: string | undefined; input: TagInput }) =>
    id ? call<TagView>('PUT', `/workflow/tags/${id}`, input) : call<TagView>('POST', '/workflow/tags', input),
  );

export const useDeleteTag = () => useWrite((id: string) => call<MessageResult>('DELETE', `/workflow/tags/${id}`));

export const useActors = (query: ListQuery) =>
  useQuery({
    queryKey: [...workflowKey, 'actors', query],
    queryFn: ({ signal }) => call<Page<ActorView>>('GET', withQuery('/workflow/actors', query), undefined, signal),
    placeholderData: keepPreviousData,
  });

export const useSaveActor = () => useWrite(({ userId, input }: { userId: string; input: ActorInput }) => call<ActorView>('PUT', `/workflow/actors/${userId}`, input));

export const useEscalations = (workflowId: string | undefined) =>
  useQuery({
    queryKey: [...workflowKey, 'escalations', workflowId],
    queryFn: ({ signal }) => call<Page<EscalationRuleView>>('GET', withQuery('/workflow/escalations', { workflowId }), undefined, signal),
  });

export const useSaveEscalation = () =>
  useWrite(({ id, input }: { id: string | undefined; input: EscalationRuleInput }) =>
    id ? call<EscalationRuleView>('PUT', `/workflow/escalations/${id}`, input) : call<EscalationRuleView>('POST', '/workflow/escalations', input),
  );

export const useDeleteEscalation = () => useWrite((id: string) => call<MessageResult>('DELETE', `/workflow/escalations/${id}`));

export const useMessageSettings = () =>
  useQuery({ queryKey: [...workflowKey, 'message-settings'], queryFn: ({ signal }) => call<MessageSettingView[]>('GET', '/workflow/message-settings', undefined, signal) });

export const useSaveMessageSetting = () =>
  useWrite(({ event, input }: { event: MessageEvent; input: MessageSettingInput }) => call<MessageSettingView>('PUT', `/workflow/message-settings/${event}`, input));

// Running

export const TASK_SUMMARY_REFRESH_MS = 60_000;

export const useInbox = (query: InboxQuery) =>
  useQuery({
    queryKey: [...workflowKey, 'tasks', query],
    queryFn: ({ signal }) => call<Inbox>('GET', withQuery('/workflow/tasks', { ...query }), undefined, signal),
    placeholderData: keepPreviousData,
  });

/** The bell: every minute and whenever the window regains focus. */
export const useTaskSummary = () =>
  useQuery({
    queryKey: [...workflowKey, 'tasks', 'summary'],
    queryFn: ({ signal }) => call<TaskSummary>('GET', '/workflow/tasks/summary', undefined, signal),
    refetchInterval: TASK_SUMMARY_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export const useTaskDetail = (id: string | undefined) =>
  useQuery({ queryKey: [...workflowKey, 'tasks', 'one', id], queryFn: ({ signal }) => call<TaskDetail>('GET', `/workflow/tasks/${id}`, undefined, signal), enabled: id !== undefined });

export const useApproveTask = () => useWrite(({ id, input }: { id: string; input: ApproveInput }) => call<TaskActionResult>('POST', `/workflow/tasks/${id}/approve`, input));
export const useRejectTask = () => useWrite(({ id, input }: { id: string; input: RejectInput }) => call<TaskActionResult>('POST', `/workflow/tasks/${id}/reject`, input));

export const historyKey = (approvalType: string, documentId: string | undefined) => [...workflowKey, 'history', approvalType, documentId] as const;

export const useDocumentHistory = (approvalType: string, documentId: string | undefined) =>
  useQuery({
    queryKey: historyKey(approvalType, documentId),
    queryFn: ({ signal }) => call<DocumentHistory>('GET', withQuery('/workflow/history', { approvalType, documentId }), undefined, signal),
    enabled: documentId !== undefined,
  });

/** The signed-in user's in-app messages, newest first (the bell's second tab). */
export const useMessages = (enabled: boolean, limit = 10) =>
  useQuery({
    queryKey: [...workflowKey, 'messages', limit],
    queryFn: ({ signal }) => call<MessageList>('GET', withQuery('/workflow/messages', { limit, page: 1 }), undefined, signal),
    enabled,
  });

export const useMarkMessageRead = () => useWrite((id: string) => call<MessageView>('POST', `/workflow/messages/${id}/read`));

export const cancelInstance = (id: string) => call<InstanceView>('POST', `/workflow/instances/${id}/cancel`);
