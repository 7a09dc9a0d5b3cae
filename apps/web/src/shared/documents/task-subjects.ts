/*
 * What /journal shows of a task whose document is not a journal. SPEC.md section 2 sends many
 * approval types to /journal (the reversal approvals, payments, fund transfers, the fixed asset and
 * salary schedules, period closing...): their task links name the approval type
 * (`/journal?id=…&approval=VendorInvoiceReversalApproval`, contracts' approvalLink), and each module
 * gives, per approval type, the screen of its document as an approver needs it: what it is, its
 * lines and amounts, the entry it posts (or posted), and the approval with the decision. The app
 * composes the modules' registries (app/journal-subjects.ts); a type no module registers yet is
 * named and described from its task.
 */
import type { ComponentType } from 'react';
import type { ApprovalType } from '@erp/contracts';

export type TaskSubjectProps = { approvalType: ApprovalType; id: string };
export type TaskSubjectLoader = () => Promise<{ default: ComponentType<TaskSubjectProps> }>;
/** A module's subjects: the screen of each approval type whose documents it owns and whose tasks link to /journal. */
export type TaskSubjects = Partial<Readonly<Record<ApprovalType, TaskSubjectLoader>>>;
