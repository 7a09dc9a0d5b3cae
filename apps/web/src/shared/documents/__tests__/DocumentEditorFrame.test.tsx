// Proves the documents kit's editor parts from a definition alone: the actions its state allows (blocked ones disabled with their reason), Submit in place of what a workflow governs and labelled for what it will do, the header form with refusals on their fields, refusals read for their place, and the history oldest first.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@erp/contracts';
import { renderWithProviders } from '../../../test/render';
import { DocumentActionBar, DocumentHeaderForm, historyText, oldestFirst, refusalsOf, type ApprovalOffer } from '../index';
import { admin, invoiceDocument, type InvoiceState } from './fixtures';

const can = { save: true, edit: true, delete: true };
const bar = (status: InvoiceState | undefined, approval: ApprovalOffer = { mode: 'direct' }, extra: Partial<Parameters<typeof DocumentActionBar>[0]> = {}) => {
  const on = { check: vi.fn(), post: vi.fn() };
  renderWithProviders(
    <DocumentActionBar def={invoiceDocument} status={status} can={can} busy={undefined} on={on} onSave={vi.fn()} onDelete={vi.fn()} approval={approval} underApproval={false} {...extra} />,
    { user: admin },
  );
  return on;
};
const buttons = () => screen.getAllByRole('button').map((b) => b.textContent?.trim());

describe('DocumentActionBar', () => {
  it('offers what the state allows from Open: Save, Check, Post, Delete', () => {
    bar('Open');
    expect(buttons()).toEqual(['Save draft', 'Check', 'Post', 'Delete']);
  });

  it('offers only Post once checked', () => {
    bar('Checked');
    expect(buttons()).toEqual(['Save draft', 'Post', 'Delete']);
  });

  it('offers no change of a posted document', () => {
    bar('Posted');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('disables a blocked action and says why, and runs an allowed one', async () => {
    const user = userEvent.setup();
    const on = bar('Open', { mode: 'direct' }, { blocked: { post: 'Debits and credits differ by 0.01 USD' } });
    const post = screen.getByRole('button', { name: /Post/ });
    expect((post as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('blocked-reason').textContent).toBe('Debits and credits differ by 0.01 USD');
    await user.click(screen.getByRole('button', { name: /Check/ }));
    expect(on.check).toHaveBeenCalledTimes(1);
  });

  it('replaces what the workflow governs by Submit, labelled for what happens when no step applies', () => {
    const onSubmit = vi.fn();
    bar('Open', { mode: 'submit', needed: false, onSubmit });
    expect(buttons()).toEqual(['Save draft', 'Check and Post (no approval needed)', 'Delete']);
  });

  it('says Submit for approval when a step applies or the gate cannot tell', () => {
    bar(undefined, { mode: 'submit', needed: undefined, onSubmit: vi.fn() });
    expect(buttons()).toEqual(['Save draft', 'Submit for approval']);
  });

  it('offers nothing but Save and Delete while the gate is asked', () => {
    bar('Open', { mode: 'pending' });
    expect(buttons()).toEqual(['Save draft', 'Delete']);
  });

  it('offers nothing under approval', () => {
    bar('Open', { mode: 'submit', needed: true, onSubmit: vi.fn() }, { underApproval: true });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('DocumentHeaderForm', () => {
  it('lays the definition header out and shows a refusal under its field', () => {
    renderWithProviders(<DocumentHeaderForm def={invoiceDocument} values={{ invoiceDate: '2026-03-15', supplierNumber: '', note: '' }} onChange={vi.fn()} errors={{ supplierNumber: 'Please supply the supplier number' }} dateFormat="dd/mm/yyyy" />, { user: admin });
    expect(screen.getByLabelText('Invoice date')).toBeTruthy();
    expect(screen.getByLabelText('Note')).toBeTruthy();
    expect(screen.getByText('Please supply the supplier number')).toBeTruthy();
    expect(screen.getByLabelText('Supplier number').closest('.ant-form-item-has-error')).toBeTruthy();
  });

  it('reads as text, not greyed inputs, when nothing may change', () => {
    renderWithProviders(<DocumentHeaderForm def={invoiceDocument} values={{ invoiceDate: '2026-03-15', supplierNumber: 'S-77', note: '' }} onChange={vi.fn()} dateFormat="dd/mm/yyyy" readOnly />, { user: admin });
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.getByText('S-77')).toBeTruthy();
    expect(screen.getByText('15/03/2026')).toBeTruthy();
  });
});

describe('refusals and history', () => {
  it('files each refusal under its field or grid line, renumbered to the grid', () => {
    const refusals = refusalsOf(['lines[1].debit: Too many decimals', 'supplierNumber: Please supply it', 'The period is closed'], [1, 3]);
    expect(refusals.lines.get(3)).toEqual({ text: 'Too many decimals', field: 'debit' });
    expect(refusals.fields).toEqual({ supplierNumber: 'Please supply it' });
    expect(refusals.all).toHaveLength(3);
  });

  const entry = (id: string, at: string, before: object | null, after: object | null, action = 'edit'): AuditEntry => ({ id, at, user: null, entity: 'vendorInvoice', recordId: 'x', recordLabel: null, action, before, after, changedFields: ['status'] });
  it('lists the steps oldest first, a step of the same instant in the order written (Check before Post)', () => {
    const at = '2026-03-15T10:00:00.000Z';
    const items = oldestFirst([entry('12', at, { status: 'Checked' }, { status: 'Posted' }), entry('11', at, { status: 'Open' }, { status: 'Checked' }), entry('9', '2026-03-14T09:00:00.000Z', null, { status: 'Open' }, 'create')]);
    expect(items.map(historyText)).toEqual(['Created', 'Open → Checked', 'Checked → Posted']);
  });
});
