// Fixtures of the template, recurring and reversal screens' tests: a saved template, a schedule and what the server answers about them.
import { useLocation } from 'react-router';
import type { GeneratedJournal, JournalTemplateListItem, JournalTemplateView, RecurringJournalView } from '@erp/contracts';
import { ids } from '../../journals/__tests__/ledger-server';

export const tids = {
  template: '30000000-0000-4000-8000-000000000001',
  recurring: '30000000-0000-4000-8000-000000000002',
  newJournal: '40000000-0000-4000-8000-000000000009',
  generated: '40000000-0000-4000-8000-000000000010',
};

export function templateView(patch: Partial<JournalTemplateView> = {}): JournalTemplateView {
  const line = (lineNo: number, account: string, code: string, name: string, debit: string, credit: string) => ({
    lineNo, account, accountCode: code, accountName: name, description: null, currency: 'USD', debit, credit, dimensions: {}, tax: null,
  });
  return {
    id: tids.template, code: 'RENT', name: 'Monthly rent', description: 'Office rent', kind: 'Standard', active: true, hasBlankAmounts: false, usedBy: 1,
    createdAt: '2026-01-02T10:00:00.000Z', updatedAt: '2026-01-02T10:00:00.000Z',
    lines: [line(1, ids.rent, '6100', 'Rent', '1200.00', ''), line(2, ids.petty, '1010', 'Petty Cash', '', '1200.00')],
    ...patch,
  };
}

export function templateListItem(patch: Partial<JournalTemplateListItem> = {}): JournalTemplateListItem {
  const { lines, ...rest } = templateView();
  return { ...rest, lineCount: lines.length, ...patch };
}

export function recurringView(patch: Partial<RecurringJournalView> = {}): RecurringJournalView {
  return {
    id: tids.recurring, code: 'RENT-M', description: 'Monthly office rent', template: tids.template, templateCode: 'RENT', templateName: 'Monthly rent',
    frequency: 'Monthly', interval: 1, startDate: '2026-09-30', nextDate: '2026-09-30', endDate: null, occurrences: 12, mode: 'Post', active: true, state: 'Active',
    occurrencesGenerated: 0, lastRunAt: null, lastOccurrenceDate: null, lastJournalId: null, lastError: null, lastErrorAt: null,
    createdAt: '2026-01-02T10:00:00.000Z', updatedAt: '2026-01-02T10:00:00.000Z',
    ...patch,
  };
}

export const generated = (occurrenceDate: string, number: string): GeneratedJournal => ({ occurrenceDate, journalId: tids.generated, number, status: 'Posted', total: '1200.00', createdAt: '2026-11-23T10:00:00.000Z' });

/** Shows where the app navigated to, for the tests to read. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}
