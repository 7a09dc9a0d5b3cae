// Proves the recurring form: the end the user chose is the one sent, the contract's messages stop a bad schedule, and the preview lists the dates the server's calendar will generate (month ends clamped, occurrences left honoured).
import { describe, expect, it } from 'vitest';
import type { RecurringJournalView } from '@erp/contracts';
import { blankRecurringForm, buildRecurringInput, formFromRecurring, frequencyText, previewDates, recurringProblems, type RecurringForm } from '../recurring-form';

const template = '30000000-0000-4000-8000-000000000001';
const form = (patch: Partial<RecurringForm> = {}): RecurringForm => ({ ...blankRecurringForm('2026-01-31'), code: 'RENT-M', description: 'Monthly rent', template, templateLabel: 'RENT · Rent', ...patch });

describe('recurring body', () => {
  it('sends only the chosen end and leaves the next date out until one is set', () => {
    expect(buildRecurringInput(form({ endKind: 'count', occurrences: 12, endDate: '2026-12-31' }))).toEqual({
      code: 'RENT-M', description: 'Monthly rent', template, frequency: 'Monthly', interval: 1, startDate: '2026-01-31', endDate: null, occurrences: 12, mode: 'Draft', active: true,
    });
    expect(buildRecurringInput(form({ endKind: 'date', endDate: '2026-12-31', occurrences: 3, nextDate: '2026-03-31' }))).toMatchObject({ nextDate: '2026-03-31', endDate: '2026-12-31', occurrences: null });
    expect(buildRecurringInput(form({ endKind: 'never', endDate: '2026-12-31', occurrences: 3 }))).toMatchObject({ endDate: null, occurrences: null });
  });

  it('reads a saved schedule back with the end it has', () => {
    const view = { code: 'Q', description: 'Quarterly', template, templateCode: 'RENT', templateName: 'Rent', frequency: 'Quarterly', interval: 2, startDate: '2026-01-01', nextDate: null, endDate: null, occurrences: 4, mode: 'Post', active: false } as RecurringJournalView;
    expect(formFromRecurring(view)).toMatchObject({ templateLabel: 'RENT · Rent', nextDate: '', endKind: 'count', occurrences: 4, mode: 'Post', active: false });
  });
});

describe('recurring checks', () => {
  it('uses the contract messages', () => {
    expect(recurringProblems(form({ code: '', template: null }))).toEqual(['Please supply a code', 'Please choose a template']);
    expect(recurringProblems(form({ endKind: 'date', endDate: '2025-12-31' }))).toEqual(['The end date is before the start date']);
    expect(recurringProblems(form({ nextDate: '2026-01-01' }))).toEqual(['The next date is before the start date']);
  });

  it('asks for the end the user picked', () => {
    expect(recurringProblems(form({ endKind: 'date' }))).toEqual(['Please supply the end date']);
    expect(recurringProblems(form({ endKind: 'count', occurrences: null }))).toEqual(['Please supply the number of journals']);
    expect(recurringProblems(form())).toEqual([]);
  });
});

describe('schedule preview', () => {
  it('keeps the 31st, clamped to each month end', () => {
    expect(previewDates(form(), 0, 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('starts from the next date and stops at the occurrences left or the end date', () => {
    expect(previewDates(form({ nextDate: '2026-03-31', endKind: 'count', occurrences: 4 }), 2, 6)).toEqual(['2026-03-31', '2026-04-30']);
    expect(previewDates(form({ frequency: 'Weekly', interval: 2, startDate: '2026-01-05', endKind: 'date', endDate: '2026-02-15' }), 0, 6)).toEqual(['2026-01-05', '2026-01-19', '2026-02-02']);
    expect(previewDates(form({ active: false }), 0, 3)).toEqual([]);
  });

  it('says how often in words', () => {
    expect(frequencyText('Monthly', 1)).toBe('Monthly');
    expect(frequencyText('Quarterly', 2)).toBe('Every 2 quarters');
  });
});
