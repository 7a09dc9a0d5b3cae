// Proves every document definition is whole: its states and transitions close, its approval operations are its type's (SPEC.md section 4), each kind's pages exist and offer the labels the kit requires, and the helpers the API and the web share answer from the definition.
import { describe, expect, it } from 'vitest';
import {
  actionsFrom,
  approvalOperations,
  canPerform,
  documentLabel,
  documentLabels,
  documentListQuerySchema,
  documentPages,
  findMenuItemByLink,
  intercompanyJournalDocument,
  isEditable,
  journalDocument,
  depreciationRunDocument,
  stateOf,
  vendorInvoiceDocument,
  customerInvoiceDocument,
  vendorCreditNoteDocument,
  vendorPaymentDocument,
  fundTransferDocument,
  customerPaymentDocument,
  customerRecurringPaymentDocument,
  vendorRecurringPaymentDocument,
  vendorPaymentRunDocument,
  customerPaymentRunDocument,
  customerCreditNoteDocument,
  type DocumentDef,
} from '../../index';

const documents: readonly DocumentDef[] = [journalDocument, intercompanyJournalDocument, vendorInvoiceDocument, customerInvoiceDocument, vendorCreditNoteDocument, customerCreditNoteDocument, depreciationRunDocument, vendorPaymentDocument, customerPaymentDocument, vendorRecurringPaymentDocument, customerRecurringPaymentDocument, fundTransferDocument, vendorPaymentRunDocument, customerPaymentRunDocument];

describe.each(documents.map((d) => [d.name, d] as const))('document %s', (_, def) => {
  it('moves only between its own states', () => {
    expect(def.states).toContain(def.initial);
    for (const s of [...def.editable, ...def.posted]) expect(def.states).toContain(s);
    expect(def.editable).toContain(def.initial);
    for (const a of Object.values(def.actions)) {
      expect(def.states).toContain(a.to);
      for (const s of a.from) expect(def.states).toContain(s);
    }
    // A posted document is never editable: it is reversed, not changed.
    expect(def.editable.filter((s) => def.posted.includes(s))).toEqual([]);
  });

  it('performs only operations of its approval type, each an action of its own', () => {
    if (!def.approval) return;
    for (const [operation, action] of Object.entries(def.approval.operations)) {
      expect(approvalOperations[def.approval.type]).toContain(operation);
      expect(Object.keys(def.actions)).toContain(action);
    }
  });

  it("has pages that exist and offer every label the kit requires of each kind", () => {
    for (const kind of Object.values(def.kinds)) {
      for (const page of [kind.listPage, kind.editorPage].filter((p): p is string => p !== null)) {
        const item = findMenuItemByLink(page);
        expect(item?.link, page).toBe(page);
        for (const verb of ['Save', 'Edit', 'Delete', 'Export'] as const) expect(item?.operations, `${page} ${verb}`).toContain(`${verb}${kind.permission}`);
      }
    }
    for (const page of def.readPages) expect(findMenuItemByLink(page)?.link, page).toBe(page);
  });

  it('lists with its own sort keys and states, and nothing else', () => {
    const q = documentListQuerySchema(def);
    expect(q.safeParse({ sort: def.defaultSort, status: def.initial }).success).toBe(true);
    expect(q.safeParse({ sort: 'tenantId' }).success).toBe(false);
    expect(q.safeParse({ status: 'Approved-ish' }).success).toBe(false);
  });
});

describe('the journal document', () => {
  it('takes the label of the kind: an opening-balance journal is edited with EditOpeningBalanceJournal', () => {
    expect(documentLabel(journalDocument, 'Edit', 'OpeningBalance')).toBe('EditOpeningBalanceJournal');
    expect(documentLabel(journalDocument, 'Save', 'Reversal')).toBe('SaveJournal');
    expect(documentLabels(journalDocument, 'Delete')).toEqual(['DeleteJournal', 'DeleteOpeningBalanceJournal', 'DeleteAdjustmentJournal', 'DeleteIntercompanyJournal', 'DeleteRecurringJournal']);
  });

  it('is read from its kinds’ pages and the transaction history', () => {
    expect(documentPages(journalDocument)).toEqual(expect.arrayContaining(['/journals', '/journal', '/opening-balance-journal', '/adjustment-journals', '/transaction-history']));
  });

  it('validates a draft, posts a draft or a validated journal, reverses a posted one, and nothing more', () => {
    expect(actionsFrom(journalDocument, 'Draft')).toEqual(['validate', 'post']);
    expect(actionsFrom(journalDocument, 'Validated')).toEqual(['post']);
    expect(actionsFrom(journalDocument, 'Posted')).toEqual(['reverse']);
    expect(actionsFrom(journalDocument, 'Reversed')).toEqual([]);
    expect(canPerform(journalDocument, 'Posted', 'post')).toBe(false);
    expect(isEditable(journalDocument, 'Validated')).toBe(true);
    expect(isEditable(journalDocument, 'Posted')).toBe(false);
  });

  it('reads a stored state back as its union, and refuses anything else', () => {
    expect(stateOf(journalDocument, 'Posted')).toBe('Posted');
    expect(() => stateOf(journalDocument, 'posted')).toThrow(/not a state of journal/);
  });
});
