import { z } from 'zod';
import { approvalOperationSchema, approvalTypeSchema } from '../navigation/approvals';
import { approvalRules, messageEvents } from './definitions';
import { amountSchema } from '../common/scalars';

/*
 * Running approvals: submissions, instances (one per submission of a document), tasks (the
 * approval inbox of /workflow-task and the bell), the document's history and in-app messages.
 */

export const submissionInputSchema = z.object({
  approvalType: approvalTypeSchema,
  documentId: z.uuid({ error: 'Please choose the document to submit' }),
  comment: z.string().trim().max(1000).optional(),
});
export type SubmissionInput = z.input<typeof submissionInputSchema>;

/** The body of a document's own submit route (POST /gl/journals/:id/submit). */
export const submitDocumentSchema = z.object({ comment: z.string().trim().max(1000).optional() });

export const instanceStatuses = ['Running', 'Approved', 'Rejected', 'Cancelled'] as const;
export type InstanceStatus = (typeof instanceStatuses)[number];
export const instanceStepStatuses = ['Waiting', 'Open', 'Approved', 'Rejected', 'Cancelled'] as const;
/**
 * Open: waiting for its assignee. Approved / Rejected: the assignee (or a delegate, or an
 * escalation target of the same slot) acted. Closed: another task settled the step or the instance ended.
 */
export const taskStatuses = ['Open', 'Approved', 'Rejected', 'Closed'] as const;
export type TaskStatus = (typeof taskStatuses)[number];
/** How a task came to be: the step's assignees, or an escalation rule. */
export const taskOrigins = ['Assigned', 'Escalated'] as const;

export const taskBriefSchema = z.object({
  id: z.uuid(),
  assignee: z.object({ id: z.uuid(), name: z.string() }),
  /** The delegate the task went to (or who acted) on the assignee's behalf. */
  delegate: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  origin: z.enum(taskOrigins),
  status: z.enum(taskStatuses),
  dueAt: z.string().nullable(),
  actedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  actedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type TaskBrief = z.infer<typeof taskBriefSchema>;

export const instanceStepViewSchema = z.object({
  stepNo: z.number().int(),
  name: z.string(),
  operation: approvalOperationSchema.nullable(),
  rule: z.enum(approvalRules),
  deadlineHours: z.number().int().nullable(),
  status: z.enum(instanceStepStatuses),
  tasks: z.array(taskBriefSchema),
});

/** One submission of a document and where it stands. */
export const instanceViewSchema = z.object({
  id: z.uuid(),
  approvalType: approvalTypeSchema,
  documentId: z.uuid(),
  documentNumber: z.string().nullable(),
  description: z.string(),
  amount: z.string(),
  currency: z.string(),
  /** Null when no workflow applied and the operations ran at once. */
  workflowId: z.uuid().nullable(),
  workflowName: z.string().nullable(),
  status: z.enum(instanceStatuses),
  /** The open step's number, null when finished. */
  currentStep: z.number().int().nullable(),
  /** Operations performed so far, in order. */
  performed: z.array(approvalOperationSchema),
  submittedBy: z.object({ id: z.uuid(), name: z.string() }),
  submittedAt: z.string(),
  finishedAt: z.string().nullable(),
  steps: z.array(instanceStepViewSchema),
});
export type InstanceView = z.infer<typeof instanceViewSchema>;

/** One row of the approval inbox (and of the bell's newest tasks). */
export const inboxItemSchema = z.object({
  taskId: z.uuid(),
  instanceId: z.uuid(),
  approvalType: approvalTypeSchema,
  documentId: z.uuid(),
  documentNumber: z.string().nullable(),
  description: z.string(),
  amount: z.string(),
  currency: z.string(),
  stepNo: z.number().int(),
  stepName: z.string(),
  /** The operation the step performs when it completes, if any. */
  operation: approvalOperationSchema.nullable(),
  status: z.enum(taskStatuses),
  origin: z.enum(taskOrigins),
  /** Set when the signed-in user holds the task for someone else (delegation). */
  onBehalfOf: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  submittedBy: z.object({ id: z.uuid(), name: z.string() }),
  createdAt: z.string(),
  /** Whole hours since the task was created. */
  ageHours: z.number().int(),
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  /** SPEC.md section 2 approval link target, e.g. /journal; null for None. */
  linkTarget: z.string().nullable(),
  /** The link that opens the document: `${linkTarget}?id=${documentId}`. */
  link: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxQuerySchema = z.object({
  /** Open (default): what waits for me. Done: what I acted on. */
  status: z.enum(['Open', 'Done']).default('Open'),
  approvalType: approvalTypeSchema.optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export type InboxQuery = Partial<z.infer<typeof inboxQuerySchema>>;

export const inboxSchema = z.object({ items: z.array(inboxItemSchema), total: z.number().int() });
export type Inbox = z.infer<typeof inboxSchema>;

/** The bell of the top bar. */
export const taskSummarySchema = z.object({
  count: z.number().int(),
  newest: z.array(inboxItemSchema),
  unreadMessages: z.number().int(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const taskDetailSchema = z.object({ task: inboxItemSchema, instance: instanceViewSchema, canAct: z.boolean() });
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const approveInputSchema = z.object({ comment: z.string().trim().max(1000).optional() });
export const rejectInputSchema = z.object({ comment: z.string({ error: 'Please give the reason for the rejection' }).trim().min(1, 'Please give the reason for the rejection').max(1000) });
export type ApproveInput = z.input<typeof approveInputSchema>;
export type RejectInput = z.input<typeof rejectInputSchema>;

export const taskActionResultSchema = z.object({ instance: instanceViewSchema });
export type TaskActionResult = z.infer<typeof taskActionResultSchema>;

export const historyActions = ['submitted', 'delegated', 'approved', 'rejected', 'escalated', 'reminded', 'performed', 'completed', 'cancelled'] as const;
export type HistoryAction = (typeof historyActions)[number];

export const historyItemSchema = z.object({
  id: z.uuid(),
  instanceId: z.uuid(),
  action: z.enum(historyActions),
  /** Null for the escalation job. */
  actor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  onBehalfOf: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Delegated or escalated to this user. */
  target: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  stepNo: z.number().int().nullable(),
  operation: approvalOperationSchema.nullable(),
  comment: z.string().nullable(),
  at: z.string(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyQuerySchema = z.object({ approvalType: approvalTypeSchema, documentId: z.uuid() });
/** A document's approvals: the latest instance, and every action of every submission, oldest first. */
export const documentHistorySchema = z.object({ current: instanceViewSchema.nullable(), items: z.array(historyItemSchema) });
export type DocumentHistory = z.infer<typeof documentHistorySchema>;

/** GET /workflow/gate: whether an active workflow governs the type in my company (its direct operations are refused), and whether this document is under approval. */
export const gateQuerySchema = z.object({
  approvalType: approvalTypeSchema,
  documentId: z.uuid().optional(),
  /** The document's amount in base currency as it stands in the editor (issue 14 edge 2): the gate then says whether a step applies to it. */
  amount: amountSchema().optional(),
});
export const approvalGateSchema = z.object({
  workflowActive: z.boolean(),
  underApproval: z.boolean(),
  instanceId: z.uuid().nullable(),
  /**
   * With `amount`: whether a step of the active workflow applies to a document of that amount
   * (false: submitting performs the operations at once, "No approval needed"). Absent when not asked
   * or not known; the editor then offers "Submit for approval" as before.
   */
  approvalNeeded: z.boolean().optional(),
});
export type ApprovalGateView = z.infer<typeof approvalGateSchema>;

export const messageViewSchema = z.object({
  id: z.uuid(),
  event: z.enum(messageEvents),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const messageQuerySchema = z.object({
  unread: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export const messageListSchema = z.object({ items: z.array(messageViewSchema), total: z.number().int(), unread: z.number().int() });
export type MessageList = z.infer<typeof messageListSchema>;
