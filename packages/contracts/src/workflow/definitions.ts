import { z } from 'zod';
import { approvalOperationSchema, approvalTypeSchema, approvalTypes, type ApprovalOperation, type ApprovalType } from '../navigation/approvals';
import { amountSchema, dateSchema } from '../common/scalars';
import { pageSchema } from '../common/routes';

/*
 * Workflow definitions (Admin > Workflow of SPEC.md section 2): workflows per approval type and
 * company with ordered steps, tags (groups of users), actors (a user's tags and delegation),
 * escalation rules and message settings. The routes are listed in README-routes.md beside this file.
 */

/**
 * What an approved document goes through, in order, per approval type. A step may perform one of
 * these when it completes (in this order across the steps); whatever is not done yet when the
 * last applicable step completes runs then. SPEC.md section 4 names the allowed operations; this
 * list is the subset an approval leads to (a stock transfer's approval approves it; releasing,
 * receiving, returning or cancelling it are later operations of its own module).
 */
export const approvalCompletion: Readonly<Record<ApprovalType, readonly ApprovalOperation[]>> = Object.fromEntries(
  approvalTypes.map((type) => [type, completionOf(type)]),
) as Record<ApprovalType, readonly ApprovalOperation[]>;

function completionOf(type: ApprovalType): readonly ApprovalOperation[] {
  switch (type) {
    case 'JournalApproval':
      return ['Validate', 'Post'];
    case 'FundTransfer':
    case 'CustomerInvoiceApproval':
    case 'VendorInvoiceApproval':
    case 'VendorPaymentScheduleApproval':
    case 'CustomerPaymentScheduleApproval':
      return ['Post'];
    case 'VendorInvoiceReversalApproval':
    case 'CustomerInvoiceReversalApproval':
    case 'VendorPaymentScheduleReversalApproval':
    case 'CustomerPaymentScheduleReversalApproval':
      return ['Reverse'];
    default:
      return ['Approve'];
  }
}

/** Any one assignee's approval completes the step, or every assignee's. */
export const approvalRules = ['Any', 'All'] as const;
export type ApprovalRule = (typeof approvalRules)[number];

export const assigneeKinds = ['User', 'Tag'] as const;
export type AssigneeKind = (typeof assigneeKinds)[number];

/** A decimal amount in the company's base currency (thresholds of a step's condition). */
export const thresholdSchema = amountSchema('must be an amount of at most 4 decimals');

export const assigneeSchema = z.object({ kind: z.enum(assigneeKinds), id: z.uuid({ error: 'Please choose a user or a tag' }) });
export type Assignee = z.infer<typeof assigneeSchema>;
/** `label`: the user's name or the tag's code and name. */
export const assigneeViewSchema = assigneeSchema.extend({ label: z.string() });
export type AssigneeView = z.infer<typeof assigneeViewSchema>;

export const workflowStepInputSchema = z
  .object({
    /** Keeps the step (and its escalation rules) when a workflow is edited; absent for a new step. */
    id: z.uuid().optional(),
    name: z.string().trim().min(1, 'Please supply the step name').max(100),
    /** Performed when the step completes; one of the type's completion operations. */
    operation: approvalOperationSchema.nullable().default(null),
    rule: z.enum(approvalRules).default('Any'),
    /** The step applies only when the document amount is at least this (inclusive)... */
    minAmount: thresholdSchema.nullable().default(null),
    /** ...and at most this (inclusive). */
    maxAmount: thresholdSchema.nullable().default(null),
    /** Hours an assignee has before the step is overdue (escalation rules act then). */
    deadlineHours: z.number().int().min(1).max(8760).nullable().default(null),
    assignees: z.array(assigneeSchema).min(1, 'A step needs at least one user or tag').max(50),
  })
  .refine((s) => s.minAmount === null || s.maxAmount === null || Number(s.minAmount) <= Number(s.maxAmount), { message: 'The minimum amount is above the maximum', path: ['minAmount'] });
export type WorkflowStepInput = z.input<typeof workflowStepInputSchema>;

export const workflowInputSchema = z.object({
  approvalType: approvalTypeSchema,
  name: z.string().trim().min(1, 'Please supply the workflow name').max(100),
  description: z.string().trim().max(500).nullable().default(null),
  /** One active workflow per approval type and company. */
  active: z.boolean().default(true),
  /** May the document's owner (creator or submitter) approve it? */
  allowSelfApproval: z.boolean().default(false),
  steps: z.array(workflowStepInputSchema).min(1, 'A workflow needs at least one step').max(20),
});
export type WorkflowInput = z.input<typeof workflowInputSchema>;

export const workflowStepViewSchema = z.object({
  id: z.uuid(),
  stepNo: z.number().int(),
  name: z.string(),
  operation: approvalOperationSchema.nullable(),
  rule: z.enum(approvalRules),
  minAmount: z.string().nullable(),
  maxAmount: z.string().nullable(),
  deadlineHours: z.number().int().nullable(),
  assignees: z.array(assigneeViewSchema),
});
export type WorkflowStepView = z.infer<typeof workflowStepViewSchema>;

export const workflowViewSchema = z.object({
  id: z.uuid(),
  approvalType: approvalTypeSchema,
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  allowSelfApproval: z.boolean(),
  /** The company's base currency: the thresholds' currency. */
  currency: z.string(),
  steps: z.array(workflowStepViewSchema),
  /** The operations the last step's completion runs if no step did (approvalCompletion). */
  completion: z.array(approvalOperationSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkflowView = z.infer<typeof workflowViewSchema>;

export const workflowListItemSchema = z.object({
  id: z.uuid(),
  approvalType: approvalTypeSchema,
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  allowSelfApproval: z.boolean(),
  stepCount: z.number().int(),
  runningCount: z.number().int(),
  updatedAt: z.string(),
});
export type WorkflowListItem = z.infer<typeof workflowListItemSchema>;

/** Sort keys of the workflow list; a leading '-' sorts descending. The default is approvalType (then name). */
export const workflowSortKeys = ['approvalType', '-approvalType', 'name', '-name', 'active', '-active', 'updatedAt', '-updatedAt'] as const;
export type WorkflowSortKey = (typeof workflowSortKeys)[number];

export const workflowListQuerySchema = z.object({
  approvalType: approvalTypeSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
  search: z.string().max(200).optional(),
  sort: z.enum(workflowSortKeys).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export type WorkflowListQuery = Partial<z.infer<typeof workflowListQuerySchema>>;

/** An approval type as the definition screens show it. */
export const approvalTypeInfoSchema = z.object({
  type: approvalTypeSchema,
  /** SPEC.md section 4's allowed operations (approvalOperations). */
  operations: z.array(approvalOperationSchema),
  /** Operations a step may perform, in their order (approvalCompletion). */
  completion: z.array(approvalOperationSchema),
  linkTarget: z.string().nullable(),
  /** Its module has registered the document: it can be submitted. */
  available: z.boolean(),
  /** When not available: the module it waits for. */
  awaiting: z.string().nullable(),
});
export type ApprovalTypeInfo = z.infer<typeof approvalTypeInfoSchema>;

// Tags (/workflow-tag): groups of users named as step assignees or escalation targets.

export const tagInputSchema = z.object({
  code: z.string().trim().min(1, 'Please supply the tag code').max(30),
  name: z.string().trim().min(1, 'Please supply the tag name').max(100),
  members: z.array(z.uuid()).max(500).default([]),
});
export type TagInput = z.input<typeof tagInputSchema>;

export const userRefSchema = z.object({ id: z.uuid(), name: z.string(), mailAddress: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

export const tagViewSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  members: z.array(userRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TagView = z.infer<typeof tagViewSchema>;

// Actors (/workflow-actor): a user as workflow actor, with tags and a delegate for a date range.

export const actorInputSchema = z
  .object({
    tags: z.array(z.uuid()).max(200).default([]),
    /** Receives (and may act on) the actor's tasks from delegateFrom to delegateTo, inclusive. */
    delegateUserId: z.uuid().nullable().default(null),
    delegateFrom: dateSchema().nullable().default(null),
    delegateTo: dateSchema().nullable().default(null),
  })
  .refine((a) => a.delegateUserId === null || (a.delegateFrom !== null && a.delegateTo !== null), { message: 'A delegation needs its from and to dates', path: ['delegateFrom'] })
  .refine((a) => a.delegateFrom === null || a.delegateTo === null || a.delegateFrom <= a.delegateTo, { message: 'The delegation ends before it starts', path: ['delegateTo'] });
export type ActorInput = z.input<typeof actorInputSchema>;

export const actorViewSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  mailAddress: z.string(),
  status: z.string(),
  tags: z.array(z.object({ id: z.uuid(), code: z.string(), name: z.string() })),
  delegate: userRefSchema.nullable(),
  delegateFrom: z.string().nullable(),
  delegateTo: z.string().nullable(),
  /** The delegation covers today. */
  delegating: z.boolean(),
});
export type ActorView = z.infer<typeof actorViewSchema>;

// Escalation rules (/escalation): what happens when a step's task passes its deadline.

export const escalationActions = ['Escalate', 'Remind'] as const;
export type EscalationAction = (typeof escalationActions)[number];

export const escalationRuleInputSchema = z
  .object({
    workflowId: z.uuid({ error: 'Please choose a workflow' }),
    /** A step of the workflow, or null for every step that has a deadline. */
    stepId: z.uuid().nullable().default(null),
    action: z.enum(escalationActions),
    /** Escalate: the user or tag that gets a task too. Remind: none. */
    target: assigneeSchema.nullable().default(null),
    /** Hours after the deadline before the first action. */
    afterHours: z.number().int().min(0).max(8760).default(0),
    /** Repeat every N hours while the task stays open; null: once. */
    repeatEveryHours: z.number().int().min(1).max(8760).nullable().default(null),
    /** At most this many actions per task. */
    maxTimes: z.number().int().min(1).max(100).default(1),
    active: z.boolean().default(true),
  })
  .refine((r) => (r.action === 'Escalate') === (r.target !== null), { message: 'Escalate needs a user or tag to escalate to; Remind takes none', path: ['target'] });
export type EscalationRuleInput = z.input<typeof escalationRuleInputSchema>;

export const escalationRuleViewSchema = z.object({
  id: z.uuid(),
  workflowId: z.uuid(),
  workflowName: z.string(),
  approvalType: approvalTypeSchema,
  stepId: z.uuid().nullable(),
  stepName: z.string().nullable(),
  action: z.enum(escalationActions),
  target: assigneeViewSchema.nullable(),
  afterHours: z.number().int(),
  repeatEveryHours: z.number().int().nullable(),
  maxTimes: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EscalationRuleView = z.infer<typeof escalationRuleViewSchema>;

// Message settings (/message-setting): mail and in-app templates per event.

export const messageEvents = ['TaskAssigned', 'Approved', 'Rejected', 'Escalated'] as const;
export type MessageEvent = (typeof messageEvents)[number];
export const messagePlaceholders = ['{documentNumber}', '{amount}', '{actor}', '{link}', '{approvalType}', '{comment}'] as const;

export const messageSettingInputSchema = z.object({
  subject: z.string().trim().min(1, 'Please supply the subject').max(200),
  body: z.string().trim().min(1, 'Please supply the body').max(4000),
  mail: z.boolean().default(true),
  inApp: z.boolean().default(true),
});
export type MessageSettingInput = z.input<typeof messageSettingInputSchema>;

export const messageSettingViewSchema = z.object({
  event: z.enum(messageEvents),
  subject: z.string(),
  body: z.string(),
  mail: z.boolean(),
  inApp: z.boolean(),
  /** Not saved yet: the built-in default template. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type MessageSettingView = z.infer<typeof messageSettingViewSchema>;

/** The built-in templates, used until a company saves its own. */
export const defaultMessageTemplates: Readonly<Record<MessageEvent, { subject: string; body: string }>> = {
  TaskAssigned: {
    subject: 'Approval needed: {approvalType} {documentNumber}',
    body: '{actor} submitted {approvalType} {documentNumber} for {amount}. Please approve or reject it: {link}',
  },
  Approved: {
    subject: 'Approved: {approvalType} {documentNumber}',
    body: '{approvalType} {documentNumber} for {amount} was approved by {actor}. {comment} {link}',
  },
  Rejected: {
    subject: 'Rejected: {approvalType} {documentNumber}',
    body: '{approvalType} {documentNumber} for {amount} was rejected by {actor}: {comment} {link}',
  },
  Escalated: {
    subject: 'Escalated to you: {approvalType} {documentNumber}',
    body: '{approvalType} {documentNumber} for {amount} is overdue with {actor} and was escalated to you: {link}',
  },
};

export const userLookupItemSchema = z.object({ id: z.uuid(), label: z.string() });
export type UserLookupItem = z.infer<typeof userLookupItemSchema>;

/** Route shapes of the definition screens beyond their records. */
export const approvalTypeInfoListSchema = z.array(approvalTypeInfoSchema);
export const workflowListSchema = pageSchema(workflowListItemSchema);
export const tagListSchema = pageSchema(tagViewSchema);
export const actorListSchema = pageSchema(actorViewSchema);
export const escalationRuleListSchema = pageSchema(escalationRuleViewSchema);
export const escalationRuleListQuerySchema = z.object({ workflowId: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(500).default(100), page: z.coerce.number().int().min(1).default(1) });
export const userLookupListSchema = z.array(userLookupItemSchema);
export const messageSettingListSchema = z.array(messageSettingViewSchema);
export const userIdParamSchema = z.object({ userId: z.uuid() });
export const messageEventParamSchema = z.object({ event: z.enum(messageEvents) });
