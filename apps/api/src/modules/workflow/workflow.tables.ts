import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../organisation/organisation.tables';
import { users } from '../auth/auth.tables';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Groups of users (/workflow-tag), named as step assignees or escalation targets; tenant-wide like users. */
export const workflowTags = pgTable(
  'workflow_tags',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('workflow_tags_code_uq').on(t.tenantId, sql`lower(${t.code})`)],
);

export const workflowTagMembers = pgTable(
  'workflow_tag_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tagId, t.userId] }),
    index('workflow_tag_members_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.tagId], foreignColumns: [workflowTags.tenantId, workflowTags.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.userId] }),
  ],
);

/** A user as workflow actor (/workflow-actor): who receives their tasks while they are away. */
export const workflowActors = pgTable(
  'workflow_actors',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    delegateUserId: uuid('delegate_user_id'),
    delegateFrom: date('delegate_from', { mode: 'string' }),
    delegateTo: date('delegate_to', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('workflow_actors_delegate_idx').on(t.tenantId, t.delegateUserId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.userId] }),
    foreignKey({ name: 'workflow_actors_delegate_fk', columns: [t.tenantId, t.delegateUserId], foreignColumns: [users.tenantId, users.userId] }),
    check('workflow_actors_not_self', sql`${t.delegateUserId} is distinct from ${t.userId}`),
  ],
);

/** A workflow per approval type and company; at most one active per (company, type). */
export const workflows = pgTable(
  'workflows',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    approvalType: text('approval_type').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    allowSelfApproval: boolean('allow_self_approval').notNull().default(false),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('workflows_active_type_uq').on(t.tenantId, t.companyId, t.approvalType).where(sql`${t.active}`),
    index('workflows_company_idx').on(t.tenantId, t.companyId, t.approvalType),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
  ],
);

/** Ordered steps; amounts are minor units of the company's base currency. */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workflowId: uuid('workflow_id').notNull(),
    stepNo: integer('step_no').notNull(),
    name: text('name').notNull(),
    operation: text('operation'),
    rule: text('rule').notNull().default('Any'),
    minAmountMinor: bigint('min_amount_minor', { mode: 'bigint' }),
    maxAmountMinor: bigint('max_amount_minor', { mode: 'bigint' }),
    deadlineHours: integer('deadline_hours'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('workflow_steps_workflow_idx').on(t.tenantId, t.workflowId, t.stepNo),
    foreignKey({ columns: [t.tenantId, t.workflowId], foreignColumns: [workflows.tenantId, workflows.id] }).onDelete('cascade'),
  ],
);

/** A step's assignees: a user or a tag each. */
export const workflowStepAssignees = pgTable(
  'workflow_step_assignees',
  {
    tenantId: uuid('tenant_id').notNull(),
    stepId: uuid('step_id').notNull(),
    position: integer('position').notNull(),
    userId: uuid('user_id'),
    tagId: uuid('tag_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.stepId, t.position] }),
    index('workflow_step_assignees_tag_idx').on(t.tenantId, t.tagId),
    foreignKey({ columns: [t.tenantId, t.stepId], foreignColumns: [workflowSteps.tenantId, workflowSteps.id] }).onDelete('cascade'),
    foreignKey({ name: 'workflow_step_assignees_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.userId] }),
    foreignKey({ name: 'workflow_step_assignees_tag_fk', columns: [t.tenantId, t.tagId], foreignColumns: [workflowTags.tenantId, workflowTags.id] }),
    check('workflow_step_assignees_one', sql`(${t.userId} is null) <> (${t.tagId} is null)`),
  ],
);

/** /escalation: after a step's deadline, escalate to a user or tag, or remind; repeated at most maxTimes. */
export const escalationRules = pgTable(
  'workflow_escalation_rules',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    workflowId: uuid('workflow_id').notNull(),
    stepId: uuid('step_id'),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    targetTagId: uuid('target_tag_id'),
    afterHours: integer('after_hours').notNull().default(0),
    repeatEveryHours: integer('repeat_every_hours'),
    maxTimes: integer('max_times').notNull().default(1),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('workflow_escalation_rules_workflow_idx').on(t.tenantId, t.workflowId),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.workflowId], foreignColumns: [workflows.tenantId, workflows.id] }).onDelete('cascade'),
    foreignKey({ name: 'workflow_escalation_rules_step_fk', columns: [t.tenantId, t.stepId], foreignColumns: [workflowSteps.tenantId, workflowSteps.id] }).onDelete('cascade'),
    foreignKey({ name: 'workflow_escalation_rules_user_fk', columns: [t.tenantId, t.targetUserId], foreignColumns: [users.tenantId, users.userId] }),
    foreignKey({ name: 'workflow_escalation_rules_tag_fk', columns: [t.tenantId, t.targetTagId], foreignColumns: [workflowTags.tenantId, workflowTags.id] }),
  ],
);

/** /message-setting: a company's templates per event; the built-in default applies until saved. */
export const messageSettings = pgTable(
  'workflow_message_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    event: text('event').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    mail: boolean('mail').notNull().default(true),
    inApp: boolean('in_app').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.companyId, t.event] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
  ],
);

/**
 * One submission of a document: a snapshot of the document (number, amount) and of the workflow
 * (its applicable steps), so editing a workflow never changes an approval under way. A document
 * has at most one Running instance.
 */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    approvalType: text('approval_type').notNull(),
    documentId: uuid('document_id').notNull(),
    documentNumber: text('document_number'),
    description: text('description').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    amountScale: smallint('amount_scale').notNull(),
    workflowId: uuid('workflow_id'),
    workflowName: text('workflow_name'),
    allowSelfApproval: boolean('allow_self_approval').notNull().default(false),
    ownerUserId: uuid('owner_user_id'),
    submittedBy: uuid('submitted_by').notNull(),
    status: text('status').notNull().default('Running'),
    currentStep: integer('current_step'),
    performed: text('performed').array().notNull().default(sql`'{}'::text[]`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('workflow_instances_running_uq').on(t.tenantId, t.approvalType, t.documentId).where(sql`${t.status} = 'Running'`),
    index('workflow_instances_document_idx').on(t.tenantId, t.approvalType, t.documentId, t.submittedAt),
    index('workflow_instances_workflow_idx').on(t.tenantId, t.workflowId, t.status),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.submittedBy], foreignColumns: [users.tenantId, users.userId] }),
  ],
);

export const workflowInstanceSteps = pgTable(
  'workflow_instance_steps',
  {
    tenantId: uuid('tenant_id').notNull(),
    instanceId: uuid('instance_id').notNull(),
    stepNo: integer('step_no').notNull(),
    /** The definition's step, for its escalation rules. */
    stepId: uuid('step_id'),
    name: text('name').notNull(),
    operation: text('operation'),
    rule: text('rule').notNull(),
    deadlineHours: integer('deadline_hours'),
    status: text('status').notNull().default('Waiting'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.instanceId, t.stepNo] }),
    foreignKey({ columns: [t.tenantId, t.instanceId], foreignColumns: [workflowInstances.tenantId, workflowInstances.id] }).onDelete('cascade'),
  ],
);

/**
 * An approval task of one user. `slotId` ties an escalated task to the task it escalates: either
 * settles the slot. `delegateUserId`: the delegate the task went to when it was created.
 */
export const workflowTasks = pgTable(
  'workflow_tasks',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    instanceId: uuid('instance_id').notNull(),
    stepNo: integer('step_no').notNull(),
    slotId: uuid('slot_id').notNull(),
    assigneeUserId: uuid('assignee_user_id').notNull(),
    delegateUserId: uuid('delegate_user_id'),
    origin: text('origin').notNull().default('Assigned'),
    status: text('status').notNull().default('Open'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    actedBy: uuid('acted_by'),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('workflow_tasks_assignee_idx').on(t.tenantId, t.assigneeUserId, t.status),
    index('workflow_tasks_delegate_idx').on(t.tenantId, t.delegateUserId, t.status),
    index('workflow_tasks_due_idx').on(t.tenantId, t.status, t.dueAt),
    index('workflow_tasks_instance_idx').on(t.tenantId, t.instanceId, t.stepNo),
    foreignKey({ columns: [t.tenantId, t.instanceId, t.stepNo], foreignColumns: [workflowInstanceSteps.tenantId, workflowInstanceSteps.instanceId, workflowInstanceSteps.stepNo] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.assigneeUserId], foreignColumns: [users.tenantId, users.userId] }),
  ],
);

/** One row per escalation action taken: the key makes the job idempotent (once per task, rule and repeat). */
export const escalationRuns = pgTable(
  'workflow_escalation_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    taskId: uuid('task_id').notNull(),
    ruleId: uuid('rule_id').notNull(),
    runNo: integer('run_no').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.taskId, t.ruleId, t.runNo] }),
    foreignKey({ columns: [t.tenantId, t.taskId], foreignColumns: [workflowTasks.tenantId, workflowTasks.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.ruleId], foreignColumns: [escalationRules.tenantId, escalationRules.id] }).onDelete('cascade'),
  ],
);

/** Every action on a document's approval, append-only. */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    instanceId: uuid('instance_id').notNull(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    onBehalfOfUserId: uuid('on_behalf_of_user_id'),
    targetUserId: uuid('target_user_id'),
    stepNo: integer('step_no'),
    operation: text('operation'),
    comment: text('comment'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('workflow_history_instance_idx').on(t.tenantId, t.instanceId, t.seq),
    foreignKey({ columns: [t.tenantId, t.instanceId], foreignColumns: [workflowInstances.tenantId, workflowInstances.id] }).onDelete('cascade'),
  ],
);

/** In-app messages (the bell and the message list). */
export const workflowMessages = pgTable(
  'workflow_messages',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('workflow_messages_user_idx').on(t.tenantId, t.userId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.userId] }),
  ],
);
