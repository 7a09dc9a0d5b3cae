// Proves GET /workflow/gate through the API and the database: without a workflow nothing is governed; an active JournalApproval workflow of the company governs its journals, a submitted journal is under approval with its running instance named (to any signed-in user of the company), and cancelling or deactivating lifts it; a workflow of another type governs nothing here; bad queries answer 400 and a caller who is not signed in 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalGateView, InstanceView } from '@erp/contracts';
import { call, createTestApp, type TestApp } from '../helpers/test-app';
import { approvalWorld, draft, ok, submitJournal, users, workflow, type Person, type World } from './running-setup';

let t: TestApp;
let w: World;

const gate = (who: Person, approvalType: string, documentId?: string) =>
  ok<ApprovalGateView>(w, who, 'GET', `/workflow/gate?approvalType=${approvalType}${documentId ? `&documentId=${documentId}` : ''}`);
const none = { workflowActive: false, underApproval: false, instanceId: null };

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'WFGATE');
});
afterAll(() => t.close());

describe('GET /workflow/gate', () => {
  it('answers that nothing is governed without a workflow', async () => {
    const id = await draft(w, 'Alice', '100');
    expect(await gate('Alice', 'JournalApproval')).toEqual(none);
    expect(await gate('Alice', 'JournalApproval', id)).toEqual(none);
    expect(await gate('Viewer', 'PeriodClosing', w.books.periods[0]!.id)).toEqual(none);
  });

  it('names the running approval of a submitted journal while the workflow is active, and lifts it on cancel and deactivation', async () => {
    const flow = await workflow(w, { approvalType: 'JournalApproval', name: 'Check', steps: [{ name: 'Check', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const id = await draft(w, 'Alice', '250');
    expect(await gate('Alice', 'JournalApproval')).toEqual({ workflowActive: true, underApproval: false, instanceId: null });
    expect(await gate('Alice', 'JournalApproval', id)).toEqual({ workflowActive: true, underApproval: false, instanceId: null });
    // Another type stays ungoverned.
    expect(await gate('Alice', 'PeriodClosing', w.books.periods[0]!.id)).toEqual(none);

    const submitted = await submitJournal(w, 'Alice', id);
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(submitted.body.status).toBe('Running');
    const running = { workflowActive: true, underApproval: true, instanceId: submitted.body.id };
    expect(await gate('Alice', 'JournalApproval', id)).toEqual(running);
    // Any signed-in user of the company may ask (the Viewer holds no ledger operation).
    expect(await gate('Viewer', 'JournalApproval', id)).toEqual(running);
    // Another document, or the same id under another type, is not under approval.
    expect(await gate('Alice', 'JournalApproval', await draft(w, 'Alice', '5'))).toEqual({ workflowActive: true, underApproval: false, instanceId: null });
    expect(await gate('Alice', 'AdjustmentJournal', id)).toEqual(none);

    await ok<InstanceView>(w, 'Alice', 'POST', `/workflow/instances/${submitted.body.id}/cancel`);
    expect(await gate('Alice', 'JournalApproval', id)).toEqual({ workflowActive: true, underApproval: false, instanceId: null });

    const again = await submitJournal(w, 'Alice', id);
    expect(again.body.status).toBe('Running');
    expect(await gate('Alice', 'JournalApproval', id)).toEqual({ workflowActive: true, underApproval: true, instanceId: again.body.id });
    await ok(w, 'Admin', 'PUT', `/workflow/workflows/${flow.id}`, { approvalType: 'JournalApproval', name: 'Check', active: false, steps: flow.steps.map((s) => ({ id: s.id, name: s.name, operation: 'Post', assignees: users([w.id.Bob]) })) });
    // Deactivating lifts the gate of new documents; the approval already running goes on.
    expect(await gate('Alice', 'JournalApproval', id)).toEqual({ workflowActive: false, underApproval: true, instanceId: again.body.id });
    expect(await gate('Alice', 'JournalApproval')).toEqual(none);
  });

  it('says, for an amount, whether a step applies: the editor labels its button for what submitting will do', async () => {
    const needed = (amount: string) => ok<ApprovalGateView>(w, 'Alice', 'GET', `/workflow/gate?approvalType=PeriodClosing&amount=${amount}`);
    // No workflow: nothing applies.
    expect(await needed('5000.00')).toEqual({ ...none, approvalNeeded: false });
    const flow = await workflow(w, { approvalType: 'PeriodClosing', name: 'Big closings', steps: [{ name: 'Controller', operation: 'Approve', minAmount: '1000', assignees: users([w.id.Bob]) }] });
    expect(await needed('999.99')).toEqual({ workflowActive: true, underApproval: false, instanceId: null, approvalNeeded: false });
    expect(await needed('1000.00')).toMatchObject({ workflowActive: true, approvalNeeded: true });
    expect(await needed('1000.0049')).toMatchObject({ approvalNeeded: true });
    // Without an amount the answer is as before, with nothing said of steps.
    expect(await gate('Alice', 'PeriodClosing')).toEqual({ workflowActive: true, underApproval: false, instanceId: null });
    expect((await w.as('Alice')('GET', '/workflow/gate?approvalType=PeriodClosing&amount=lots')).status).toBe(400);
    await ok(w, 'Admin', 'PUT', `/workflow/workflows/${flow.id}`, { approvalType: 'PeriodClosing', name: 'Big closings', active: false, steps: flow.steps.map((s) => ({ id: s.id, name: s.name, operation: 'Approve', minAmount: '1000', assignees: users([w.id.Bob]) })) });
  });

  it('answers 400 to a bad query and 401 to a caller who is not signed in', async () => {
    expect((await w.as('Alice')('GET', '/workflow/gate')).status).toBe(400);
    expect((await w.as('Alice')('GET', '/workflow/gate?approvalType=Nonsense')).status).toBe(400);
    expect((await w.as('Alice')('GET', '/workflow/gate?approvalType=JournalApproval&documentId=not-a-uuid')).status).toBe(400);
    expect((await call(t.app, w.tenant.host, 'GET', '/workflow/gate?approvalType=JournalApproval')).status).toBe(401);
  });
});
