import { Alert, Button, Card, Descriptions, Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Link } from 'react-router';
import type { ApprovalType } from '@erp/contracts';
import { journalTaskSubjects } from '../../../../app/journal-subjects';
import type { TaskSubjectProps, TaskSubjects } from '../../../../shared/documents/task-subjects';
import { PageHeading } from '../../../../shared/documents/shell-adapter';
import { useDisplay } from '../../../../shared/useDisplay';
import { DocumentApproval, useDocumentApproval } from '../../../workflow/index';

const Waiting = () => <Spin style={{ display: 'block', margin: '48px auto' }} />;

/** 'VendorInvoiceReversalApproval' -> 'Vendor Invoice Reversal Approval'. */
const typeLabel = (type: string) => type.replace(/([a-z])([A-Z])/g, '$1 $2');

// One lazy screen per approval type, made once (a lazy component made in render would load again each time).
const screens = new Map<ApprovalType, LazyExoticComponent<ComponentType<TaskSubjectProps>>>();
function screenOf(subjects: TaskSubjects, type: ApprovalType): LazyExoticComponent<ComponentType<TaskSubjectProps>> | undefined {
  const loader = subjects[type];
  if (!loader) return undefined;
  let screen = screens.get(type);
  if (!screen) screens.set(type, (screen = lazy(loader)));
  return screen;
}

/**
 * A document no module shows on /journal yet: what its task says of it (description, amount) and
 * its approval with the approver's decision, so the task can still be decided from its link.
 */
function TaskFallback({ approvalType, id }: TaskSubjectProps) {
  const display = useDisplay();
  const approval = useDocumentApproval(approvalType, id);
  if (approval.current === undefined) return <Waiting />;
  const current = approval.current;
  return (
    <>
      <PageHeading title={`${typeLabel(approvalType)} ${current?.documentNumber ?? ''}`.trim()} />
      {current ? (
        <Card size="small" role="region" aria-label="Task document" style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={1} items={[
            { key: 'description', label: 'Description', children: current.description },
            { key: 'amount', label: 'Amount', children: `${display.amount(current.amount)} ${current.currency}` },
          ]} />
        </Card>
      ) : (
        <Alert type="info" showIcon title="No approval of this document was found." action={<Link to="/workflow-task"><Button size="small">Back to the tasks</Button></Link>} />
      )}
      <DocumentApproval state={approval} />
    </>
  );
}

/**
 * /journal?id=…&approval=<type>: the document of a task of an approval type that links to /journal
 * and is not a journal. The module that owns the type shows it (its registry in
 * app/journal-subjects.ts); otherwise the task's own words and its approval.
 */
export function TaskSubjectPage({ approvalType, id, subjects = journalTaskSubjects }: TaskSubjectProps & { subjects?: TaskSubjects }) {
  const Screen = screenOf(subjects, approvalType);
  if (!Screen) return <TaskFallback approvalType={approvalType} id={id} />;
  return (
    <Suspense fallback={<Waiting />}>
      <Screen approvalType={approvalType} id={id} />
    </Suspense>
  );
}
