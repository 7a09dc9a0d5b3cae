// The depreciation run under the DepreciationSchedule approval (issue 18): with a workflow the run
// is submitted, refused direct posting, and posted by the approver's Post; its task links to
// /journal (SPEC.md section 2) and names the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalLinkTargets, type DepreciationRunView, type DocumentEntry, type EntityRecord, type InstanceView, type JournalView } from '@erp/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { approvalWorld, ok, taskOf, users, workflow, type World } from '../workflow/running-setup';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await approvalWorld(t, 'FAAPPROVE');
});
afterAll(() => t.close());

describe('DepreciationSchedule', () => {
  it('posts a submitted run when the approver approves; direct posting is refused while the workflow governs it', async () => {
    const cls = await ok<EntityRecord>(w, 'Admin', 'POST', '/fa/asset-classes', { code: 'VEH', name: 'Vehicles', method: 'Straight line', lifeMonths: 12, residualKind: 'Amount', convention: 'Full month' });
    const asset = await ok<EntityRecord>(w, 'Admin', 'POST', '/fa/assets', { description: 'Van', assetClass: cls.id, acquisitionDate: '2026-01-05', cost: '1200' });
    await ok(w, 'Admin', 'POST', `/fa/assets/${asset.id}/activate`);
    await workflow(w, { approvalType: 'DepreciationSchedule', name: 'Depreciation', steps: [{ name: 'Bob posts', operation: 'Post', assignees: users([w.id.Bob]) }] });
    const draft = await ok<DepreciationRunView>(w, 'Admin', 'POST', '/fa/depreciation-runs', { period: '2026-02-28' });
    const direct = await w.as('Admin')('POST', `/fa/depreciation-runs/${draft.id}/post`);
    expect(direct).toMatchObject({ status: 422, body: { message: 'This depreciation run needs approval: submit it' } });
    const instance = await ok<InstanceView>(w, 'Admin', 'POST', `/fa/depreciation-runs/${draft.id}/submit`, { comment: 'February' });
    expect(instance.status).toBe('Running');
    expect(approvalLinkTargets.DepreciationSchedule).toBe('/journal');
    // What /journal shows Bob: the entry posting will write (the run's own posting staged and rolled back: nothing claimed or posted).
    const rows = (e: DocumentEntry) => e.lines.map((l) => [l.accountCode, l.debit, l.credit]);
    const preview = await ok<DocumentEntry>(w, 'Bob', 'GET', `/fa/depreciation-runs/${draft.id}/entry`);
    expect(preview).toMatchObject({ posted: false, journal: null, journalNumber: null, date: '2026-02-28' });
    expect(rows(preview)).toEqual([['6300', '200.00', '0.00'], ['1510', '0.00', '200.00']]);
    expect(await ok<DepreciationRunView>(w, 'Admin', 'GET', `/fa/depreciation-runs/${draft.id}`)).toMatchObject({ status: draft.status, number: draft.number, journalId: null, assets: 1, rows: 2, amount: '200.00' });
    await ok(w, 'Bob', 'POST', `/workflow/tasks/${taskOf(instance, w.id.Bob)}/approve`, { comment: 'Fine' });
    const posted = await ok<DepreciationRunView>(w, 'Admin', 'GET', `/fa/depreciation-runs/${draft.id}`);
    expect(posted).toMatchObject({ status: 'Posted', assets: 1, rows: 2, amount: '200.00' });
    const journal = await ok<JournalView>(w, 'Admin', 'GET', `/gl/journals/${posted.journalId}`);
    expect(journal.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([['6300', '200.00', '0.00'], ['1510', '0.00', '200.00']]);
    const entry = await ok<DocumentEntry>(w, 'Bob', 'GET', `/fa/depreciation-runs/${draft.id}/entry`);
    expect(entry).toMatchObject({ posted: true, journal: posted.journalId, journalNumber: posted.journalNumber, date: '2026-02-28' });
    expect(rows(entry)).toEqual(rows(preview));
  });
});
