// Recurring payments under approval (issue 16): with a RecurringCustomerPaymentApproval workflow a schedule is
// refused direct activation, submitted, and activated by the approver's Post inside the approval (our choice of
// operation); its task links to /journal and names the schedule. While the CustomerPaymentApproval workflow is
// active, a schedule in Post mode makes drafts to submit, never a posted receipt that skipped its approval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EntityRecord, type InstanceView, type RecurringPaymentRunResult, type RecurringPaymentView, type TaskDetail } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { approvalWorld, ok, taskOf, users, workflow, type World } from '../workflow/running-setup';

let t: TestApp;
let w: World;
let bank: string;
let customer: string;
const BASE = '/ar/customer-recurring-payments';

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'RECAPPROVE');
  const acct = (code: string) => w.books.accounts.get(code)!.id;
  const usd = (await ok<{ items: EntityRecord[] }>(w, 'Admin', 'GET', '/gl/currencies?limit=100')).items.find((c) => c.code === 'USD')!;
  const group = await ok<EntityRecord>(w, 'Admin', 'POST', '/cm/bank-groups', { code: 'OPS', name: 'Operating' });
  bank = (await ok<EntityRecord>(w, 'Admin', 'POST', '/cm/banks', { code: 'MAIN', name: 'Main', bankGroup: group.id, account: acct('1020'), currency: usd.id, accountNumber: '0123456789' })).id;
  const groups = await ok<{ items: EntityRecord[] }>(w, 'Admin', 'GET', '/ar/customer-groups?limit=50');
  customer = (await ok<EntityRecord>(w, 'Admin', 'POST', '/ar/customers', { code: 'C-REC', name: 'Tenant Ltd', group: groups.items.find((g) => g.code === 'LOCAL')!.id })).id;
});
afterAll(() => t.close());

describe('RecurringCustomerPaymentApproval', () => {
  it('activates a submitted schedule when the approver approves (Post); a payment approval workflow turns its receipts into drafts', async () => {
    await workflow(w, { approvalType: 'RecurringCustomerPaymentApproval', name: 'Schedules', steps: [{ name: 'Bob activates', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const draft = await ok<RecurringPaymentView>(w, 'Admin', 'POST', BASE, { code: 'RENT', description: 'Rent', party: customer, bank, amount: '50.00', frequency: 'Monthly', startDate: '2026-01-15', occurrences: 2, mode: 'Post' });
    expect(await w.as('Admin')('POST', `${BASE}/${draft.id}/post`)).toMatchObject({ status: 422, body: { message: 'This customer recurring receipt needs approval: submit it' } });
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `${BASE}/${draft.id}/submit`, { comment: 'Please' });
    const task = taskOf(instance, w.id.Bob);
    const detail = await ok<TaskDetail>(w, 'Bob', 'GET', `/workflow/tasks/${task}`);
    expect(detail.task.link).toBe(`/journal?id=${draft.id}&approval=RecurringCustomerPaymentApproval`);
    expect((await ok<RecurringPaymentView>(w, 'Admin', 'GET', `${BASE}/${draft.id}`)).status).toBe('Draft');
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${task}/approve`, { comment: 'Fine' });
    expect(await ok<RecurringPaymentView>(w, 'Admin', 'GET', `${BASE}/${draft.id}`)).toMatchObject({ status: 'Active', nextDate: '2026-01-15' });
    // The receipts' own approval governs: the schedule makes drafts to submit.
    await workflow(w, { approvalType: 'CustomerPaymentApproval', name: 'Receipts', steps: [{ name: 'Bob posts', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const run = await ok<RecurringPaymentRunResult>(w, 'Admin', 'POST', `${BASE}/${draft.id}/run`, { upTo: '2026-03-31' });
    expect(run.made.map((m) => [m.occurrenceDate, m.status, m.number])).toEqual([['2026-01-15', 'Draft', null], ['2026-02-15', 'Draft', null]]);
    expect(run.schedule.status).toBe('Completed');
  });
});
