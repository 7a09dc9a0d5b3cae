// Proves the workflow screens' plain logic: the chart layout (boxes, arrows, skip arrows for amount conditions), templates, editor drafts, forms, formats, sorting and paged export.
import { describe, expect, it } from 'vitest';
import type { EscalationRuleView } from '@erp/contracts';
import { chartLayout, clip, LINE_CHARS, remainingOperations, wrap } from '../chart-layout';
import { myOpenTask } from '../components/DocumentApproval';
import { ruleDraft, ruleInput, ruleProblems } from '../escalation-form';
import { fillTemplate, insertAt, unknownPlaceholders } from '../message-template';
import { actorInput, actorProblems } from '../pages/WorkflowActorPage';
import { tagProblems } from '../pages/WorkflowTagPage';
import { fetchAllPages, EXPORT_PAGE_SIZE } from '../workflow-export';
import { blankStep, draftFromView, draftProblems, inputFromDraft, moveStep } from '../workflow-form';
import { ageLabel, approvalTypeLabel, thresholdLabel } from '../workflow-format';
import { displayOf } from '../../../shared/useDisplay';

const display = displayOf({ dateFormat: 'dd/mm/yy', locale: 'en-US' });
import { sortRows } from '../workflow-sort';
import { ids, instanceView, workflowView } from './workflow-server';

const rule = (patch: Partial<EscalationRuleView> = {}): EscalationRuleView => ({
  id: '90000000-0000-4000-8000-000000000001', workflowId: ids.workflow, workflowName: 'Journals', approvalType: 'JournalApproval', stepId: ids.step1, stepName: 'Finance review',
  action: 'Escalate', target: { kind: 'User', id: ids.clerk, label: 'Carl Clerk' }, afterHours: 4, repeatEveryHours: null, maxTimes: 1, active: true,
  createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', ...patch,
});

describe('workflow chart layout', () => {
  it('draws start, one box per step and the end, joined top to bottom without overlap', () => {
    const layout = chartLayout(workflowView(), display);
    expect(layout.nodes.map((n) => n.kind)).toEqual(['start', 'step', 'step', 'end']);
    expect(layout.nodes.map((n) => n.title)).toEqual(['Document submitted', '1. Finance review', '2. CFO sign-off', 'Approved']);
    for (let i = 1; i < layout.nodes.length; i++) expect(layout.nodes[i]!.y).toBeGreaterThan(layout.nodes[i - 1]!.y + layout.nodes[i - 1]!.height);
    const solid = layout.edges.filter((e) => !e.dashed);
    expect(solid).toHaveLength(3);
    expect(layout.height).toBeGreaterThan(layout.nodes.at(-1)!.y + layout.nodes.at(-1)!.height);
  });

  it('writes approvers, the amount condition, the deadline, escalations and the operation in the step box', () => {
    const layout = chartLayout(workflowView(), display, [rule(), rule({ id: '90000000-0000-4000-8000-000000000002', stepId: null, action: 'Remind', target: null, afterHours: 0 })]);
    const first = layout.nodes[1]!.lines.map((l) => l.text);
    expect(first).toEqual(['Any of: Ada', 'Every document', 'Deadline 24 h', 'Escalates to Carl Clerk 4 h late', 'Reminds at the deadline', 'Then performs Validate']);
    expect(layout.nodes[0]!.lines[0]!.text).toBe('Journal Approval · no self-approval');
    const second = layout.nodes[2]!.lines.map((l) => l.text);
    // The second step has no deadline: the every-step reminder does not apply to it.
    expect(second).toEqual(['All of: CFO · Chief financial officers', 'Only when amount ≥ 10,000.00 USD', 'No deadline']);
    expect(layout.nodes.at(-1)!.lines[0]!.text).toBe('Runs Post');
  });

  it('adds a dashed skip arrow around each step with an amount condition, labelled', () => {
    const layout = chartLayout(workflowView(), display);
    const skips = layout.edges.filter((e) => e.dashed);
    expect(skips).toHaveLength(1);
    expect(skips[0]!.key).toBe(`skip-${ids.step2}`);
    expect(skips[0]!.label?.text).toBe('outside the range: skip');
  });

  it('says what is left to run once every step is done, and clips long lines', () => {
    expect(remainingOperations({ steps: workflowView().steps, completion: ['Validate', 'Post'] })).toEqual(['Post']);
    expect(remainingOperations({ steps: [], completion: ['Validate', 'Post'] })).toEqual(['Validate', 'Post']);
    const long = 'x'.repeat(80);
    expect(clip(long)).toHaveLength(LINE_CHARS);
    expect(clip(long).endsWith('…')).toBe(true);
    expect(clip('short')).toBe('short');
    expect(wrap('Escalates to CFO · Chief financial officers of the group 4 h late', 30)).toEqual(['Escalates to CFO · Chief', 'financial officers of the', 'group 4 h late']);
    expect(wrap('a b c d e f', 3, 2)).toEqual(['a b', 'c d e f'.slice(0, 2) + '…']);
  });
});

describe('message templates', () => {
  it('fills the known placeholders and names the unknown ones once', () => {
    expect(fillTemplate('{approvalType} {documentNumber} for {amount}', { '{approvalType}': 'Journal Approval', '{documentNumber}': 'JV-1', '{amount}': '5.00 USD' })).toBe('Journal Approval JV-1 for 5.00 USD');
    expect(fillTemplate('{nope} stays')).toBe('{nope} stays');
    expect(unknownPlaceholders('{amount} {ammount} {link} {ammount}')).toEqual(['{ammount}']);
  });

  it('inserts a placeholder at the caret, or at the end without one', () => {
    expect(insertAt('Pay now', '{amount} ', 4)).toEqual({ text: 'Pay {amount} now', caret: 13 });
    expect(insertAt('Pay', ' {link}', null)).toEqual({ text: 'Pay {link}', caret: 10 });
  });
});

describe('workflow editor draft', () => {
  it('keeps saved step ids, turns blank thresholds into null and moves steps', () => {
    const draft = draftFromView(workflowView());
    const input = inputFromDraft(draft);
    expect(input.steps.map((s) => s.id)).toEqual([ids.step1, ids.step2]);
    expect(input.steps[0]!.minAmount).toBeNull();
    expect(input.steps[1]!.minAmount).toBe('10000');
    const moved = moveStep(draft.steps, 1, -1);
    expect(moved.map((s) => s.id)).toEqual([ids.step2, ids.step1]);
    expect(moveStep(draft.steps, 0, -1).map((s) => s.id)).toEqual([ids.step1, ids.step2]);
  });

  it('reports the contract problems by path: type, name, assignees, min above max', () => {
    const blank = draftFromView(undefined);
    const problems = draftProblems({ ...blank, steps: [{ ...blankStep(1), minAmount: '500', maxAmount: '100' }] });
    expect(problems.approvalType).toBe('Please choose the approval type');
    expect(problems.name).toBe('Please supply the workflow name');
    expect(problems['steps.0.assignees']).toBe('A step needs at least one user or tag');
    expect(problems['steps.0.minAmount']).toBe('The minimum amount is above the maximum');
    expect(draftProblems(draftFromView(workflowView()))).toEqual({});
  });
});

describe('escalation, tag and actor forms', () => {
  it('an escalation needs a target, a reminder sends none', () => {
    const draft = ruleDraft(undefined, ids.workflow);
    expect(ruleProblems(draft).target).toBe('Escalate needs a user or tag to escalate to; Remind takes none');
    expect(ruleInput({ ...draft, action: 'Remind', target: { kind: 'User', id: ids.clerk } }).target).toBeNull();
    expect(ruleProblems({ ...draft, target: { kind: 'Tag', id: ids.tag } })).toEqual({});
  });

  it('a tag needs code and name', () => {
    expect(tagProblems({ code: '', name: 'x', members: [] }).code).toBe('Please supply the tag code');
    expect(tagProblems({ code: 'AP', name: 'Payables', members: [ids.me] })).toEqual({});
  });

  it('a delegation needs both dates in order; without a delegate no dates are sent', () => {
    expect(actorProblems({ tags: [], delegateUserId: ids.clerk, delegateFrom: null, delegateTo: null }).delegateFrom).toBe('A delegation needs its from and to dates');
    expect(actorProblems({ tags: [], delegateUserId: ids.clerk, delegateFrom: '2026-04-10', delegateTo: '2026-04-01' }).delegateTo).toBe('The delegation ends before it starts');
    expect(actorInput({ tags: [ids.tag], delegateUserId: null, delegateFrom: '2026-04-01', delegateTo: '2026-04-10' })).toEqual({ tags: [ids.tag], delegateUserId: null, delegateFrom: null, delegateTo: null });
  });
});

describe('formats, sorting, export and my task', () => {
  it('formats ages and thresholds (amounts in the display locale)', () => {
    expect(thresholdLabel('1000', null, 'EUR', displayOf({ dateFormat: 'dd/mm/yy', locale: 'de-DE' }))).toBe('≥ 1.000,00 EUR');
    expect(ageLabel(0)).toBe('< 1 h');
    expect(ageLabel(5)).toBe('5 h');
    expect(ageLabel(48)).toBe('2 d');
    expect(ageLabel(76)).toBe('3 d 4 h');
    expect(thresholdLabel(null, null, 'USD', display)).toBe('');
    expect(approvalTypeLabel('VendorPaymentScheduleApproval')).toBe('Vendor Payment Schedule Approval');
  });

  it('sorts a page by a column either way', () => {
    const rows = [{ name: 'b', n: 2 }, { name: 'a', n: 10 }];
    expect(sortRows(rows, { key: 'name', order: 'ascend' }).map((r) => r.name)).toEqual(['a', 'b']);
    expect(sortRows(rows, { key: 'n', order: 'descend' }).map((r) => r.n)).toEqual([10, 2]);
    expect(sortRows(rows, undefined)).toEqual(rows);
  });

  it('fetches every page for an export until the total is reached', async () => {
    const asked: number[] = [];
    const total = EXPORT_PAGE_SIZE + 3;
    const rows = await fetchAllPages(async (page, limit) => {
      asked.push(page);
      const start = (page - 1) * limit;
      return { items: Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => start + i), total };
    });
    expect(asked).toEqual([1, 2]);
    expect(rows).toHaveLength(total);
  });

  it('finds the open task I hold, as assignee or delegate, only while the instance runs', () => {
    expect(myOpenTask(instanceView(), ids.me)).toBe(ids.task);
    expect(myOpenTask(instanceView(), ids.clerk)).toBeUndefined();
    const delegated = instanceView();
    delegated.steps[0]!.tasks[0]!.delegate = { id: ids.clerk, name: 'Carl Clerk' };
    expect(myOpenTask(delegated, ids.clerk)).toBe(ids.task);
    expect(myOpenTask(instanceView({ status: 'Approved' }), ids.me)).toBeUndefined();
  });
});
